#include "terranav/nav/steering.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "terranav/nav/limits.hpp"

namespace terranav::nav {

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kInfinity = std::numeric_limits<double>::infinity();
// A stop closer than this is reached, by a snap no one sees (metres).
constexpr double kArrivalEpsilonM = 1e-6;
// Share of the corridor a corner may be cut by; the rest is room for the
// turn-rate lag.
constexpr double kCornerCut = 0.5;
// Shortest look-ahead, as a share of lookahead_m, for a unit far off its path.
constexpr double kMinReach = 0.1;
// Vertices looked at per look-ahead: a look-ahead over a denser path stops
// at the last of them.
constexpr std::size_t kMaxCarrotVertices = 32;

double wrap_angle(double a) noexcept {
  a = std::remainder(a, 2.0 * kPi);
  return a <= -kPi ? a + 2.0 * kPi : a;
}

// Highest speed at the end of a substep of h seconds with constant
// acceleration such that braking at `accel` afterwards still gets down to
// v_end within the distance left: v'^2 - v_end^2 <= 2 a (d - (v + v') h / 2).
// -infinity when no speed can (the caller then brakes at `accel`).
double braking_bound(double v, double v_end, double d, double accel, double h) noexcept {
  const double ah = accel * h;
  const double discriminant = ah * ah + 4.0 * (v_end * v_end + 2.0 * accel * d - ah * v);
  return discriminant < 0.0 ? -kInfinity : (-ah + std::sqrt(discriminant)) / 2.0;
}

}  // namespace

void validate(const SteeringParams& params) {
  check_limit(kSpeedLimit, params.max_speed_mps, "steering: max_speed_mps");
  check_limit(kAccelLimit, params.max_accel_mps2, "steering: max_accel_mps2");
  check_limit(kTurnRateLimit, params.max_turn_rate_radps, "steering: max_turn_rate_radps");
  check_limit(kLookaheadLimit, params.lookahead_m, "steering: lookahead_m");
  check_limit(kCorridorLimit, params.corridor_m, "steering: corridor_m");
}

PathFollower::PathFollower(Vec3 position, double heading_rad, const SteeringParams& params)
    : params_(params) {
  validate(params);
  committed_.x = position.x;
  committed_.z = position.z;
  committed_.heading = wrap_angle(heading_rad);
  shown_ = committed_;
}

Vec3 PathFollower::heading() const noexcept {
  return {std::cos(shown_.heading), 0.0, std::sin(shown_.heading)};
}

Vec3 PathFollower::velocity() const noexcept {
  const Vec3 h = heading();
  return {h.x * shown_.speed, 0.0, h.z * shown_.speed};
}

std::size_t PathFollower::next_point() const noexcept {
  if (shown_.done || path_.size() < 2) return path_.size();
  return shown_.segment + 1;
}

void PathFollower::set_params(const SteeringParams& params) {
  validate(params);
  params_ = params;
  committed_ = shown_;
  residual_s_ = 0.0;
  prepare_corners();
  // The stops depend on the corridor and look-ahead: the next one is the
  // first still ahead.
  if (!committed_.done) {
    std::size_t slot = 0;
    while (slot + 1 < stops_.size() && arc_[stops_[slot]] <= committed_.progress) ++slot;
    committed_.stop_slot = slot;
  }
  shown_ = committed_;
}

void PathFollower::set_path(std::span<const Vec3> points) {
  // Continue from what is shown: the remainder of a substep becomes a whole one.
  committed_ = shown_;
  residual_s_ = 0.0;
  path_.assign(points.begin(), points.end());
  arc_.assign(path_.size(), 0.0);
  for (std::size_t k = 1; k < path_.size(); ++k) {
    arc_[k] = arc_[k - 1] + std::hypot(path_[k].x - path_[k - 1].x, path_[k].z - path_[k - 1].z);
  }
  prepare_corners();
  committed_.stop_slot = 0;
  committed_.done = path_.empty();
  committed_.progress = 0.0;
  committed_.segment = 0;
  committed_.off_path = 0.0;
  if (!path_.empty()) {
    const Nearest start =
        nearest(committed_.x, committed_.z, 0.0, std::min(projection_window(), arc_[stops_[0]]), 0);
    committed_.progress = start.arc;
    committed_.segment = start.segment;
    committed_.off_path = start.distance;
  }
  shown_ = committed_;
}

void PathFollower::displace(double dx, double dz) noexcept {
  committed_.x += dx;
  committed_.z += dz;
  if (!committed_.done) {
    // Re-projected ahead of where it was on the path, as a step does.
    const double stop_arc = arc_[stops_[committed_.stop_slot]];
    const Nearest on_path =
        nearest(committed_.x, committed_.z, committed_.progress,
                std::min(committed_.progress + projection_window(), stop_arc), committed_.segment);
    committed_.progress = on_path.arc;
    committed_.segment = on_path.segment;
    committed_.off_path = on_path.distance;
  }
  shown_ = residual_s_ > 0.0 ? step(committed_, residual_s_) : committed_;
}

void PathFollower::halt() {
  set_path({});
  committed_.speed = 0.0;
  shown_ = committed_;
}

void PathFollower::prepare_corners() {
  const std::size_t n = path_.size();
  corner_speed_.assign(n, kInfinity);
  stops_.clear();
  const double lookahead = params_.lookahead_m;
  const double corridor = params_.corridor_m;
  // The point at arc length s, its segment found by bisection.
  const auto at = [&](double s) {
    const auto above = std::upper_bound(arc_.begin(), arc_.end(), s);
    const auto segment =
        static_cast<std::size_t>(std::max<std::ptrdiff_t>(0, above - arc_.begin() - 1));
    return point_at(s, segment);
  };
  const double omega = params_.max_turn_rate_radps;
  for (std::size_t k = 1; k + 1 < n; ++k) {
    // The turn at vertex k seen over `scale` either side (the chords
    // meeting there), from twice the corridor (a kink much smaller than the
    // corridor is no corner) up to the look-ahead, doubling: several close
    // vertices can make one sharp bend.
    for (double scale = std::min(lookahead, 2.0 * corridor);;
         scale = std::min(2.0 * scale, lookahead)) {
      const Vec3 before = at(arc_[k] - scale);
      const Vec3 after = at(arc_[k] + scale);
      const double ix = path_[k].x - before.x;
      const double iz = path_[k].z - before.z;
      const double ox = after.x - path_[k].x;
      const double oz = after.z - path_[k].z;
      const double turn = std::atan2(std::abs(ix * oz - iz * ox), ix * ox + iz * oz);
      if (turn > kPi / 2.0) {
        // Close up, the look-ahead point would come back toward the unit:
        // stop on the vertex and turn on the spot instead. Further out, a
        // U-bend is taken as its tighter parts, at the smaller scales.
        if (scale == std::min(lookahead, 2.0 * corridor)) stops_.push_back(k);
        break;
      }
      if (turn > 0.0) {
        // The look-ahead point is kept where the line to it passes within
        // kCornerCut * corridor of the vertex: about `reach` from reach / 2
        // before the vertex to reach / 2 past it, a turn of radius
        // reach / (2 tan(turn / 2)).
        // Also, the unit may face up to the whole turn away from the
        // look-ahead point once it has passed the vertex, and turning
        // through it must fit in the corridor beside the line to it (the
        // sideways rule of step()).
        const double reach =
            std::min(lookahead, 2.0 * kCornerCut * corridor / std::sin(turn / 2.0));
        corner_speed_[k] =
            std::min({corner_speed_[k], omega * reach / (2.0 * std::tan(turn / 2.0)),
                      omega * (1.0 - kCornerCut) * corridor / (1.0 - std::cos(turn))});
      }
      if (scale >= lookahead) break;
    }
  }
  if (n > 0) stops_.push_back(n - 1);
}

PathFollower::Nearest PathFollower::nearest(double x, double z, double lo, double hi,
                                            std::size_t hint) const noexcept {
  if (path_.size() < 2) return {std::hypot(path_[0].x - x, path_[0].z - z), 0.0, 0};
  std::size_t j = std::min(hint, path_.size() - 2);
  while (j > 0 && arc_[j] > lo) --j;
  Nearest best{kInfinity, lo, j};
  for (; j + 1 < path_.size() && arc_[j] <= hi; ++j) {
    const double length = arc_[j + 1] - arc_[j];
    const double from = std::max(lo, arc_[j]);
    const double to = std::min(hi, arc_[j + 1]);
    if (length == 0.0 || from > to) continue;
    const double dx = path_[j + 1].x - path_[j].x;
    const double dz = path_[j + 1].z - path_[j].z;
    const double along = ((x - path_[j].x) * dx + (z - path_[j].z) * dz) / length;
    const double at = std::clamp(arc_[j] + along, from, to);
    const double t = (at - arc_[j]) / length;
    const double d = std::hypot(path_[j].x + t * dx - x, path_[j].z + t * dz - z);
    // On a tie the later point: a path folding back on itself is followed past the fold.
    if (d <= best.distance + 1e-12) best = {std::min(d, best.distance), at, j};
  }
  if (best.distance == kInfinity) {  // only zero-length segments in [lo, hi]
    const Vec3 p = point_at(lo, best.segment);
    best.distance = std::hypot(p.x - x, p.z - z);
  }
  return best;
}

Vec3 PathFollower::point_at(double at, std::size_t hint) const noexcept {
  if (path_.size() < 2) return path_[0];
  std::size_t j = std::min(hint, path_.size() - 2);
  while (j + 2 < path_.size() && arc_[j + 1] < at) ++j;
  const double length = arc_[j + 1] - arc_[j];
  if (length == 0.0) return path_[j + 1];
  const double t = std::clamp((at - arc_[j]) / length, 0.0, 1.0);
  return {path_[j].x + t * (path_[j + 1].x - path_[j].x), 0.0,
          path_[j].z + t * (path_[j + 1].z - path_[j].z)};
}

double PathFollower::substep(const State& s) const noexcept {
  // Move at most a quarter of the corridor or look-ahead per substep:
  // (v + a h) h <= step.
  const double step = std::min(params_.corridor_m, params_.lookahead_m) / 4.0;
  const double a = params_.max_accel_mps2;
  const double v = s.speed;
  const double h = 2.0 * step / (v + std::sqrt(v * v + 4.0 * a * step));
  return std::min(kMaxSubstepS, h);
}

void PathFollower::advance(double dt_s) {
  if (!(dt_s > 0.0)) return;
  if (committed_.done && committed_.speed == 0.0) {
    residual_s_ = 0.0;
    shown_ = committed_;
    return;
  }
  residual_s_ += dt_s;
  for (;;) {
    const double h = substep(committed_);
    // A caller stepping exactly one substep at a time must not lose one to rounding.
    if (residual_s_ < h * (1.0 - 1e-12)) break;
    committed_ = step(committed_, h);
    residual_s_ = std::max(0.0, residual_s_ - h);
    if (committed_.done && committed_.speed == 0.0) {
      residual_s_ = 0.0;
      break;
    }
  }
  shown_ = residual_s_ > 0.0 ? step(committed_, residual_s_) : committed_;
}

PathFollower::State PathFollower::step(State s, double h) const noexcept {
  const double a = params_.max_accel_mps2;
  const double omega = params_.max_turn_rate_radps;
  const double lookahead = params_.lookahead_m;
  const double corridor = params_.corridor_m;
  const double v = s.speed;
  const double slowest = std::max(0.0, v - a * h);
  const double fastest = std::max(slowest, std::min(params_.max_speed_mps, v + a * h));
  // Constant acceleration from v to v_end over the substep.
  const auto move = [&](State& m, double heading, double v_end) {
    const double distance = (v + v_end) / 2.0 * h;
    m.x += std::cos(heading) * distance;
    m.z += std::sin(heading) * distance;
  };

  if (s.done) {  // halting without a path: brake straight ahead
    move(s, s.heading, slowest);
    s.speed = slowest;
    return s;
  }
  const std::size_t stop = stops_[s.stop_slot];
  const double stop_arc = arc_[stop];

  // The look-ahead point: L along the path, nearer as the unit strays
  // beyond kCornerCut * corridor (after a wide turn, or on a new path that
  // starts elsewhere) so it heads back, and no further than where every
  // vertex before it lies within kCornerCut * corridor of the line to it
  // (then that line stays within the corridor).
  const double stray = (s.off_path - kCornerCut * corridor) / ((1.0 - kCornerCut) * corridor);
  const double reach = lookahead * std::clamp(1.0 - stray, kMinReach, 1.0);
  double carrot_arc = std::min(s.progress + reach, stop_arc);
  Vec3 carrot = point_at(carrot_arc, s.segment);
  const std::size_t first = s.segment + 1;
  for (std::size_t scanned = 0; scanned < kMaxCarrotVertices; ++scanned) {
    const double lx = carrot.x - s.x;
    const double lz = carrot.z - s.z;
    const double line = std::hypot(lx, lz);
    std::size_t cut = first;
    for (; cut < stop && arc_[cut] < carrot_arc && cut - first < kMaxCarrotVertices; ++cut) {
      const double vx = path_[cut].x - s.x;
      const double vz = path_[cut].z - s.z;
      const double off = line > 0.0 ? std::abs(vx * lz - vz * lx) / line : std::hypot(vx, vz);
      if (off > kCornerCut * corridor) break;
    }
    if (cut == stop || arc_[cut] >= carrot_arc) break;
    carrot_arc = arc_[cut];
    carrot = path_[cut];
  }

  // Turn toward the look-ahead point, no further than the turn rate allows.
  const double cx = carrot.x - s.x;
  const double cz = carrot.z - s.z;
  const double carrot_distance = std::hypot(cx, cz);
  const double error =
      carrot_distance > kArrivalEpsilonM ? wrap_angle(std::atan2(cz, cx) - s.heading) : 0.0;
  const double turn = std::clamp(error, -omega * h, omega * h);
  const double heading = wrap_angle(s.heading + turn);
  const double error_left = std::abs(error - turn);

  // The speed wanted: each limit below only lowers it.
  double wanted = params_.max_speed_mps;
  if (error_left > kPi / 4.0) {
    wanted = 0.0;  // facing well away: turn (nearly) on the spot
  } else if (error_left > 0.0) {
    // The arc through the look-ahead point has curvature 2 sin(e) / d; and
    // turning at the full rate, radius v / omega, through e moves the unit
    // v / omega (1 - cos e) sideways, which must fit in what the corridor
    // leaves beside the path ahead.
    wanted =
        std::min({wanted, omega * carrot_distance / (2.0 * std::sin(error_left)),
                  omega * std::max(0.0, corridor - s.off_path) / (1.0 - std::cos(error_left))});
  }
  const double stop_distance = std::hypot(path_[stop].x - s.x, path_[stop].z - s.z);
  // Arriving: braking at v^2 / (2 d) <= a stops exactly on the stop within this substep.
  if ((stop_distance <= kArrivalEpsilonM && v <= a * h) ||
      (v * v <= 2.0 * a * stop_distance * (1.0 + 1e-9) && 2.0 * stop_distance <= v * h)) {
    s.x = path_[stop].x;
    s.z = path_[stop].z;
    s.heading = heading;
    s.speed = 0.0;
    s.progress = stop_arc;
    s.off_path = 0.0;
    s.segment = stop + 1 < path_.size() ? stop : (stop > 0 ? stop - 1 : 0);
    if (++s.stop_slot == stops_.size()) s.done = true;
    return s;
  }
  // Distances are straight lines: they shrink by at most the distance moved,
  // so braking that is possible now stays possible.
  wanted = std::min(wanted, braking_bound(v, 0.0, stop_distance, a, h));
  const double horizon = (fastest * fastest) / (2.0 * a) + fastest * h + lookahead;
  for (std::size_t k = s.segment + 1; k < stop && arc_[k] - s.progress <= horizon; ++k) {
    if (corner_speed_[k] >= wanted) continue;
    const double to_corner = std::hypot(path_[k].x - s.x, path_[k].z - s.z);
    wanted = std::min(
        wanted, braking_bound(v, corner_speed_[k], std::max(0.0, to_corner - lookahead), a, h));
  }
  // Braking too late (wanted below slowest): brake as hard as allowed.
  const double speed = wanted >= slowest ? std::min(wanted, fastest) : slowest;

  State next = s;
  next.heading = heading;
  move(next, heading, speed);
  next.speed = speed;
  const Nearest on_path = nearest(next.x, next.z, s.progress,
                                  std::min(s.progress + projection_window(), stop_arc), s.segment);
  next.progress = on_path.arc;
  next.segment = on_path.segment;
  next.off_path = on_path.distance;
  return next;
}

}  // namespace terranav::nav
