#include "terranav/nav/walking_time.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <limits>
#include <string>
#include <utility>

#include "huge_pages.hpp"
#include "number_text.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {
namespace {

using detail::number_text;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Knight's moves reach two samples away: a border of two NaN samples makes
// every neighbour an index into the padded arrays, and NaN elevation is
// never entered (section 5 of docs/rwalk.md), so no bounds checks.
constexpr std::int32_t kPad = 2;
// Most buckets BucketQueue may use (6 MiB of empty vectors).
constexpr double kMaxBuckets = 1 << 18;
// Below this |dh| (metres), dh / D may underflow; climb() divides.
constexpr double kTinyDh = 1e-290;
// How many pops ahead the search prefetches a sample's neighbourhood: the
// bucket order scatters over the grid, and the reads of a popped sample's
// and its neighbours' times, cache misses, took 35-40% of the search for
// 1025 x 1025 samples. 4 to 16 ahead measured the same; 32 worse.
constexpr std::size_t kPrefetchAhead = 8;

// A hint that `address` is read soon (a GCC/Clang builtin; elsewhere none).
inline void prefetch(const void* address) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(address);
#else
  static_cast<void>(address);
#endif
}

// r.walk's 16 moves in its visiting order [M 1097-1209]: (row, column)
// offsets and the outdir value written at the target (back towards u).
struct Move {
  std::int32_t drow;
  std::int32_t dcol;
  float back_deg;
};
constexpr std::array<Move, 16> kMoves = {{{0, -1, 360.0f},
                                          {0, 1, 180.0f},
                                          {-1, 0, 270.0f},
                                          {1, 0, 90.0f},
                                          {-1, -1, 315.0f},
                                          {-1, 1, 225.0f},
                                          {1, 1, 135.0f},
                                          {1, -1, 45.0f},
                                          {-2, -1, 292.5f},
                                          {-2, 1, 247.5f},
                                          {2, 1, 112.5f},
                                          {2, -1, 67.5f},
                                          {-1, -2, 337.5f},
                                          {-1, 2, 202.5f},
                                          {1, 2, 157.5f},
                                          {1, -2, 22.5f}}};

// One move on the padded grid: index offsets and r.walk's constants.
struct Step {
  std::ptrdiff_t offset;
  std::ptrdiff_t p1;  // knight's moves only
  std::ptrdiff_t p2;
  double dist;      // D, metres
  double inv_dist;  // 1 / D
  double dist_a;    // D * a, as r.walk computes it
  float back_deg;
};

struct Entry {
  double time;
  std::uint32_t node;
};

// The open set: a radix heap (Ahuja, Mehlhorn, Orlin & Tarjan 1990) on the
// bits of the times. Dijkstra pops non-decreasing times, and non-negative
// doubles order as their bit patterns, so an entry lives in the bucket of
// the highest bit where it differs from the last time popped: push is
// O(1), and each entry moves down at most 64 buckets. Lazy deletion (an
// entry above its node's stored time is stale). The order among equal times
// is arbitrary; with positive steps the times do not depend on it
// (docs/rwalk.md section 6).
class OpenSet {
 public:
  bool empty() const noexcept { return size_ == 0; }
  void push(Entry e) {
    buckets_[bucket(bits(e.time))].push_back(e);
    ++size_;
  }
  Entry pop() {
    if (buckets_[0].empty()) {
      std::size_t i = 1;
      while (buckets_[i].empty()) ++i;
      std::vector<Entry>& from = buckets_[i];
      std::uint64_t least = bits(from.front().time);
      for (const Entry& e : from) least = std::min(least, bits(e.time));
      last_ = least;
      for (const Entry& e : from) buckets_[bucket(bits(e.time))].push_back(e);
      from.clear();
    }
    const Entry e = buckets_[0].back();
    buckets_[0].pop_back();
    --size_;
    return e;
  }
  // The entry pop() gives `k` >= 1 pops from now, when known already.
  const Entry* ahead(std::size_t k) const noexcept {
    const std::vector<Entry>& next = buckets_[0];
    return k <= next.size() ? &next[next.size() - k] : nullptr;
  }

 private:
  static std::uint64_t bits(double time) noexcept { return std::bit_cast<std::uint64_t>(time); }
  std::size_t bucket(std::uint64_t key) const noexcept {
    return key == last_ ? 0 : static_cast<std::size_t>(64 - std::countl_zero(key ^ last_));
  }

  std::array<std::vector<Entry>, 65> buckets_;
  std::uint64_t last_ = 0;
  std::size_t size_ = 0;
};

// Dial's buckets (Dial 1969) of a width at most half the least step: a
// step from bucket k lands beyond bucket k + 1, so when bucket k is reached
// none of its entries can still be lowered and they may be taken in any
// order: the times are those of an exact-order heap, at O(1) a push and a
// pop. A cyclic window of buckets covers the largest step.
class BucketQueue {
 public:
  BucketQueue(double width, std::size_t window)
      : inv_width_(1.0 / width), buckets_(std::bit_ceil(window)), mask_(buckets_.size() - 1) {}
  bool empty() const noexcept { return size_ == 0; }
  void push(Entry e) {
    buckets_[static_cast<std::size_t>(e.time * inv_width_) & mask_].push_back(e);
    ++size_;
  }
  Entry pop() {
    while (buckets_[current_ & mask_].empty()) ++current_;
    std::vector<Entry>& bucket = buckets_[current_ & mask_];
    const Entry e = bucket.back();
    bucket.pop_back();
    --size_;
    return e;
  }
  // The entry pop() gives `k` >= 1 pops from now, when it is in the bucket
  // being emptied (no push lands there).
  const Entry* ahead(std::size_t k) const noexcept {
    const std::vector<Entry>& bucket = buckets_[current_ & mask_];
    return k <= bucket.size() ? &bucket[bucket.size() - k] : nullptr;
  }

 private:
  double inv_width_;
  std::vector<std::vector<Entry>> buckets_;
  std::size_t mask_;
  std::size_t current_ = 0;
  std::size_t size_ = 0;
};

[[noreturn]] void refuse(const std::string& problem) {
  throw Error("walking time: " + problem);
}

// What bounds the largest step: the height range and the largest friction.
struct Extent {
  double relief = 0.0;
  double max_friction = 0.0;
};

Extent check(const WalkingTimeGrid& grid, const WalkingTimeOptions& o) {
  if (grid.width < 1 || grid.depth < 1) {
    refuse("grid size " + std::to_string(grid.width) + " x " + std::to_string(grid.depth) +
           " (need at least 1 x 1)");
  }
  // The padded grid is indexed by 32-bit node numbers.
  const auto padded = static_cast<std::uint64_t>(grid.width + 2 * kPad) *
                      static_cast<std::uint64_t>(grid.depth + 2 * kPad);
  if (padded > std::numeric_limits<std::uint32_t>::max()) {
    refuse("grid " + std::to_string(grid.width) + " x " + std::to_string(grid.depth) +
           " has too many samples");
  }
  const std::size_t n = static_cast<std::size_t>(grid.width) * static_cast<std::size_t>(grid.depth);
  if (grid.elevation_m.size() != n) {
    refuse("elevation has " + std::to_string(grid.elevation_m.size()) + " samples, expected " +
           std::to_string(n) + " (width x depth)");
  }
  if (!grid.friction_s_per_m.empty() && grid.friction_s_per_m.size() != n) {
    refuse("friction has " + std::to_string(grid.friction_s_per_m.size()) + " samples, expected " +
           std::to_string(n) + " (width x depth)");
  }
  for (const auto& [name, res] :
       {std::pair{"ew_res_m", grid.ew_res_m}, {"ns_res_m", grid.ns_res_m}}) {
    if (!(std::isfinite(res) && res > 0.0))
      refuse(std::string(name) + " must be finite and > 0, got " + number_text(res));
  }
  double lowest = kInf;
  double highest = -kInf;
  Extent extent;
  for (std::size_t k = 0; k < n; ++k) {
    lowest = std::fmin(lowest, grid.elevation_m[k]);  // fmin/fmax skip NaN
    highest = std::fmax(highest, grid.elevation_m[k]);
    if (std::isinf(grid.elevation_m[k])) {
      refuse("elevation at sample (" + std::to_string(k % grid.width) + ", " +
             std::to_string(k / grid.width) + ") is infinite");
    }
  }
  for (std::size_t k = 0; k < grid.friction_s_per_m.size(); ++k) {
    const double f = grid.friction_s_per_m[k];
    extent.max_friction = std::fmax(extent.max_friction, f);
    if (std::isinf(f) || f < 0.0) {
      refuse("friction at sample (" + std::to_string(k % grid.width) + ", " +
             std::to_string(k / grid.width) + ") is " + number_text(f) +
             " s/m (need >= 0, or NaN for nodata)");
    }
  }
  try {
    validate(o.walk);
  } catch (const Error& e) {
    refuse(e.what());
  }
  validate_lambda(o.lambda);
  if (o.starts.empty()) refuse("no start sample");
  for (const auto& [what, samples] : {std::pair{"start", &o.starts}, {"goal", &o.goals}}) {
    for (const GridSample s : *samples) {
      if (s.column < 0 || s.column >= grid.width || s.row < 0 || s.row >= grid.depth) {
        refuse(std::string(what) + " sample (" + std::to_string(s.column) + ", " +
               std::to_string(s.row) + ") is outside the " + std::to_string(grid.width) + " x " +
               std::to_string(grid.depth) + " grid");
      }
    }
  }
  extent.relief = highest > lowest ? highest - lowest : 0.0;
  return extent;
}

}  // namespace

void validate_lambda(double lambda) {
  if (!(std::isfinite(lambda) && lambda >= 0.0)) {
    refuse("lambda must be finite and >= 0, got " + number_text(lambda));
  }
}

namespace {

// A copy of a raster inside a border of kPad NaN samples, sample k of the
// padded grid at [k * stride]; the `stride - 1` values after each are
// `between`.
std::vector<double> padded(std::span<const double> values, std::int32_t width, std::int32_t depth,
                           std::size_t stride, double between) {
  const std::size_t pw = static_cast<std::size_t>(width + 2 * kPad);
  std::vector<double> out;
  detail::assign_on_huge_pages(out, pw * static_cast<std::size_t>(depth + 2 * kPad) * stride,
                               between);
  for (std::size_t k = 0; k < out.size(); k += stride) out[k] = kNaN;
  for (std::int32_t r = 0; r < depth; ++r) {
    double* row = out.data() + (static_cast<std::size_t>(r + kPad) * pw + kPad) * stride;
    for (std::int32_t c = 0; c < width; ++c) {
      row[c * stride] = values[static_cast<std::size_t>(r) * width + c];
    }
  }
  return out;
}

// A sample's elevation and time side by side, so that a step reads both
// from one cache line: the search is bound by those reads.
constexpr std::ptrdiff_t kZ = 0;
constexpr std::ptrdiff_t kTime = 1;
constexpr std::ptrdiff_t kCell = 2;

struct Search {
  std::vector<double>& cells;    // [node * kCell + kZ] elevation, [+ kTime] time
  const std::vector<double>& f;  // empty without friction
  const WalkingTimeOptions& o;
  const std::vector<Step>& steps;
  std::vector<float>& dir;                // empty without directions
  const std::vector<std::uint8_t>& goal;  // 1 at options.goals; empty without
  std::size_t goal_count;                 // distinct goals
  std::ptrdiff_t row;                     // padded row length, in samples
  std::ptrdiff_t reach;                   // 1, or 2 with knight's moves
  // slope_factor widened by 1e-15 relative (about 4 ulps, more than the
  // error of dh * (1 / D)).
  double steep_below;
  double moderate_above;

  // r.walk's height term [M 1229-1234]: the slope dh / D picks the
  // coefficient. dh * (1 / D) decides the comparison with slope_factor
  // without a division except within a few ulps of it, where the division
  // r.walk makes decides; a tiny negative dh (dh / D may round to -0) and
  // NaN take the division too.
  double climb(double dh, const Step& s) const noexcept {
    if (dh >= 0) return dh * o.walk.b;
    if (!(dh <= -kTinyDh)) return dh / s.dist >= 0 ? dh * o.walk.b : exact_downhill(dh, s.dist);
    const double q = dh * s.inv_dist;
    if (q < steep_below) return dh * o.walk.d;
    if (q > moderate_above) return dh * o.walk.c;
    return exact_downhill(dh, s.dist);
  }
  double exact_downhill(double dh, double dist) const noexcept {
    return dh / dist < o.walk.slope_factor ? dh * o.walk.d : dh * o.walk.c;
  }

  // Returns the samples settled.
  template <bool kFriction, bool kDirections, typename Queue>
  std::size_t run(Queue& open) const {
    // Raw pointers: the pushes would otherwise make the compiler reload
    // each vector's data pointer for every step.
    double* const zt = cells.data();
    const double* const fs = f.data();
    float* const dirs = dir.data();
    const Step* const first = steps.data();
    const Step* const last = first + steps.size();
    std::size_t settled = 0;
    std::size_t goals_left = goal_count;
    while (!open.empty()) {
      const Entry e = open.pop();
      if (const Entry* next = open.ahead(kPrefetchAhead)) {
        // Each row the steps reach, from its first to its last cell: at
        // most 5 cells, 80 bytes, so two cache lines and its ends suffice.
        for (std::ptrdiff_t r = -reach; r <= reach; ++r) {
          const double* centre = zt + (static_cast<std::ptrdiff_t>(next->node) + r * row) * kCell;
          prefetch(centre - reach * kCell);
          prefetch(centre + reach * kCell);
        }
      }
      const std::uint32_t u = e.node;
      if (e.time > zt[u * kCell + kTime]) continue;  // stale
      ++settled;
      // Popped and not stale: u's time is final, as are those it came from.
      if (!goal.empty() && goal[u] != 0 && --goals_left == 0) return settled;
      const double zu = zt[u * kCell + kZ];
      if (std::isnan(zu) || (kFriction && std::isnan(fs[u]))) continue;  // a start on nodata
      for (const Step* s = first; s != last; ++s) {
        const std::size_t v = u + s->offset;
        double& time_v = zt[v * kCell + kTime];
        // Settled already: a positive step cannot improve it (r.walk prices
        // the step and finds it no lower; the result is the same).
        if (time_v <= e.time) continue;
        // NaN elevation or friction anywhere in the step makes it NaN, and
        // NaN < x is false: never entered [M 1489-1491].
        double t = (e.time + climb(zt[v * kCell + kZ] - zu, *s)) + s->dist_a;
        if constexpr (kFriction) {
          const double mean = s - first < 8
                                  ? (fs[v] + fs[u]) / 2.0
                                  : (((fs[u + s->p1] + fs[u + s->p2]) + fs[v]) + fs[u]) / 4.0;
          t = t + (o.lambda * mean) * s->dist;
        }
        if (t < time_v) {
          time_v = t;
          if constexpr (kDirections) dirs[v] = s->back_deg;
          open.push({t, static_cast<std::uint32_t>(v)});
        }
      }
    }
    return settled;
  }
};

}  // namespace

std::optional<GridSample> walking_time_back_step(float deg) {
  for (const Move& m : kMoves) {
    if (m.back_deg == deg) return GridSample{.column = -m.dcol, .row = -m.drow};
  }
  return std::nullopt;
}

WalkingTimeSurface walking_time(const WalkingTimeGrid& grid, const WalkingTimeOptions& options) {
  const Extent extent = check(grid, options);
  const WalkCoefficients& walk = options.walk;
  const std::int32_t w = grid.width;
  const std::int32_t d = grid.depth;
  const std::ptrdiff_t pw = w + 2 * kPad;
  const bool friction = !grid.friction_s_per_m.empty();

  // r.walk's step lengths [M 373-377], in its expressions.
  const double ew = grid.ew_res_m;
  const double ns = grid.ns_res_m;
  const double diag = std::sqrt(ns * ns + ew * ew);
  const double v_diag = std::sqrt(4 * ns * ns + ew * ew);
  const double h_diag = std::sqrt(ns * ns + 4 * ew * ew);
  std::vector<Step> steps;
  for (std::size_t k = 0; k < (options.knight_moves ? 16u : 8u); ++k) {
    const Move m = kMoves[k];
    const int kind = std::abs(m.drow) * 4 + std::abs(m.dcol);
    const double dist = kind == 1   ? ew
                        : kind == 4 ? ns
                        : kind == 5 ? diag
                        : kind == 9 ? v_diag
                                    : h_diag;
    // p1 is the orthogonal neighbour on the move's long axis, p2 the diagonal.
    const std::int32_t r1 = std::abs(m.drow) == 2 ? m.drow / 2 : 0;
    const std::int32_t c1 = std::abs(m.dcol) == 2 ? m.dcol / 2 : 0;
    const std::int32_t r2 = std::abs(m.drow) == 2 ? m.drow / 2 : m.drow;
    const std::int32_t c2 = std::abs(m.dcol) == 2 ? m.dcol / 2 : m.dcol;
    steps.push_back({m.drow * pw + m.dcol, r1 * pw + c1, r2 * pw + c2, dist, 1.0 / dist,
                     dist * walk.a, m.back_deg});
  }

  std::vector<double> cells = padded(grid.elevation_m, w, d, kCell, kInf);
  const std::size_t nodes = cells.size() / kCell;
  const std::vector<double> f =
      friction ? padded(grid.friction_s_per_m, w, d, 1, kNaN) : std::vector<double>();
  std::vector<float> dir;
  detail::assign_on_huge_pages(dir, options.directions ? nodes : 0, static_cast<float>(kNaN));
  std::vector<std::uint8_t> goal(options.goals.empty() ? 0 : nodes, 0);
  std::size_t goal_count = 0;
  for (const GridSample s : options.goals) {
    std::uint8_t& g = goal[static_cast<std::size_t>(s.row + kPad) * pw + (s.column + kPad)];
    goal_count += g == 0 ? 1 : 0;
    g = 1;
  }
  const double margin = std::abs(walk.slope_factor) * 1e-15;
  const Search search{cells,
                      f,
                      options,
                      steps,
                      dir,
                      goal,
                      goal_count,
                      pw,
                      options.knight_moves ? 2 : 1,
                      walk.slope_factor - margin,
                      walk.slope_factor + margin};
  std::vector<Entry> starts;
  for (const GridSample s : options.starts) {
    const std::size_t node = static_cast<std::size_t>(s.row + kPad) * pw + (s.column + kPad);
    double& time = cells[node * kCell + kTime];
    if (time == 0.0) continue;  // the same start twice
    time = 0.0;
    starts.push_back({0.0, static_cast<std::uint32_t>(node)});
  }
  std::size_t settled = 0;
  const auto solve = [&](auto& open) {
    for (const Entry e : starts) open.push(e);
    if (friction) {
      settled = options.directions ? search.run<true, true>(open) : search.run<true, false>(open);
    } else {
      settled = options.directions ? search.run<false, true>(open) : search.run<false, false>(open);
    }
  };
  // Buckets when they are few enough, and the times small enough against
  // their width that rounding cannot move a step's end into its own bucket
  // (times stay below samples * largest step); else the radix heap.
  const double per_metre = walk.a + (walk.c > 0 ? walk.c * std::fmin(walk.slope_factor, 0.0) : 0.0);
  const double width = per_metre * std::fmin(ew, ns) / 2;
  const double longest = options.knight_moves ? std::fmax(v_diag, h_diag) : diag;
  const double largest_step =
      longest * (walk.a + options.lambda * extent.max_friction) +
      extent.relief * std::fmax(walk.b, std::fmax(std::abs(walk.c), std::abs(walk.d)));
  const double window = std::ceil(largest_step / width) + 2;
  if (window <= kMaxBuckets && window * static_cast<double>(nodes) < 1e12) {
    BucketQueue open(width, static_cast<std::size_t>(window));
    solve(open);
  } else {
    OpenSet open;
    solve(open);
  }

  // The times unpadded in place: sample (c, r) moves from cell (r + kPad) *
  // pw + c + kPad down to r * w + c, never past an index still to be read.
  // A copy would fault in 8 MB of fresh pages for 1025 x 1025 samples, which
  // on a VM costs tens of milliseconds.
  for (std::int32_t r = 0; r < d; ++r) {
    for (std::int32_t c = 0; c < w; ++c) {
      const std::size_t from = static_cast<std::size_t>(r + kPad) * pw + (c + kPad);
      const std::size_t to = static_cast<std::size_t>(r) * w + c;
      const double time = cells[from * kCell + kTime];
      cells[to] = time == kInf ? kNaN : time;
      if (options.directions) dir[to] = dir[from];
    }
  }
  const std::size_t n = static_cast<std::size_t>(w) * d;
  WalkingTimeSurface out;
  out.settled = settled;
  cells.resize(n);
  out.time_s = std::move(cells);
  if (options.directions) {
    dir.resize(n);
    out.direction_deg = std::move(dir);
  }
  return out;
}

}  // namespace terranav::nav
