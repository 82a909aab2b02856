#include "terranav/nav/search.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <new>
#include <numbers>
#include <span>
#include <string>

#include "name_table.hpp"
#include "number_text.hpp"
#include "terranav/nav/limits.hpp"
#include "terranav/nav/nearest_tile.hpp"
#include "terranav/nav/path_smoothing.hpp"
#include "terranav/nav/surface_cost.hpp"
#include "terranav/nav/surface_search.hpp"

namespace terranav::nav {

namespace {

/// Record::slot of a tile taken from the open set in the current generation.
constexpr std::uint32_t kClosed = 0xFFFFFFFFu;
/// Generations fit in the 28 bits above the parent direction.
constexpr std::uint32_t kGenerationLimit = 1u << 28;
/// Record::tag's bits for the direction from the parent (0..15).
constexpr int kTagShift = 4;
constexpr double kInf = std::numeric_limits<double>::infinity();
/// Open-set slots of a new AStar (a power of four, at least 16); the tree
/// grows fourfold when a query needs more.
constexpr std::uint32_t kFirstSlots = 64;
/// The key of an empty slot: larger than any (f, -g) key, below 2^63 like them.
constexpr std::uint64_t kEmptySlot = (std::uint64_t{1} << 63) - 1;
/// Expansions between two clock reads of a timed step: ~2-5 us of work on
/// the default map, against ~25 ns per read.
constexpr std::uint32_t kTimedChunk = 32;
/// Open-set keys emptied between two clock reads of a timed step (~2 us).
constexpr std::size_t kClearChunk = 8192;
constexpr std::uint32_t kNoLimit = std::numeric_limits<std::uint32_t>::max();

constexpr std::array<detail::Named<Heuristic>, 7> kHeuristics = {{
    {"zero", Heuristic::Zero},
    {"manhattan", Heuristic::Manhattan},
    {"chebyshev", Heuristic::Chebyshev},
    {"octile", Heuristic::Octile},
    {"euclidean", Heuristic::Euclidean},
    {"hex", Heuristic::Hex},
    {"knight", Heuristic::Knight},
}};

constexpr std::array<detail::Named<PathMode>, 2> kPathModes = {{
    {"grid", PathMode::Grid},
    {"any-angle", PathMode::AnyAngle},
}};

/// The unscaled metric of a displacement (di, dj), in moves.
double metric(Heuristic heuristic, int di, int dj) noexcept {
  const int a = std::max(std::abs(di), std::abs(dj));
  const int b = std::min(std::abs(di), std::abs(dj));
  switch (heuristic) {
    case Heuristic::Zero:
      return 0.0;
    case Heuristic::Manhattan:
      return a + b;
    case Heuristic::Chebyshev:
      return a;
    case Heuristic::Octile:
      return a + (std::numbers::sqrt2 - 1.0) * b;
    case Heuristic::Euclidean:
      return std::sqrt(static_cast<double>(di) * di + static_cast<double>(dj) * dj);
    case Heuristic::Hex:
      return (std::abs(di) + std::abs(dj) + std::abs(di + dj)) / 2;
    case Heuristic::Knight:
      return 2 * b <= a ? (a - 2 * b) + std::sqrt(5.0) * b
                        : std::sqrt(5.0) * (a - b) + std::numbers::sqrt2 * (2 * b - a);
  }
  return 0.0;
}

// Estimates of the remaining cost from a displacement (x, y) to the goal,
// already scaled (and weighted). Four shapes cover the seven heuristics.

/// ca * max(|x|, |y|) + cb * min(|x|, |y|): zero, Manhattan, Chebyshev, octile.
struct LinearEstimate {
  double ca;
  double cb;
  static LinearEstimate make(double a, double b) noexcept { return {a, b}; }
  double operator()(int x, int y) const noexcept {
    const int ax = std::abs(x);
    const int ay = std::abs(y);
    return ca * std::max(ax, ay) + cb * std::min(ax, ay);
  }
};

struct HexEstimate {
  double scale;
  static HexEstimate make(double a, double) noexcept { return {a}; }
  double operator()(int x, int y) const noexcept {
    return scale * ((std::abs(x) + std::abs(y) + std::abs(x + y)) / 2);
  }
};

struct EuclideanEstimate {
  double scale;
  static EuclideanEstimate make(double a, double) noexcept { return {a}; }
  double operator()(int x, int y) const noexcept {
    return scale * std::sqrt(static_cast<double>(x) * x + static_cast<double>(y) * y);
  }
};

struct KnightEstimate {
  double scale;
  static KnightEstimate make(double a, double) noexcept { return {a}; }
  double operator()(int x, int y) const noexcept { return scale * metric(Heuristic::Knight, x, y); }
};

/// up * max(H_goal - H, 0) + down * max(H - H_goal, 0): the climb bound,
/// spelt max(up * rise, -down * rise) as up, down >= 0.
struct ClimbEstimate {
  double up;
  double minus_down;
  double goal_height;
  ClimbEstimate(ClimbCost cost, double goal) noexcept
      : up(cost.up), minus_down(-cost.down), goal_height(goal) {}
  double operator()(double h) const noexcept {
    const double rise = goal_height - h;
    return std::max(up * rise, minus_down * rise);
  }
};

struct ScaledEstimate {
  enum class Shape { Linear, Hex, Euclidean, Knight } shape = Shape::Linear;
  double ca = 0.0;  // Linear: ca, cb; the others: ca is the scale
  double cb = 0.0;

  double operator()(int x, int y) const noexcept {
    switch (shape) {
      case Shape::Linear:
        return LinearEstimate{ca, cb}(x, y);
      case Shape::Hex:
        return HexEstimate{ca}(x, y);
      case Shape::Euclidean:
        return EuclideanEstimate{ca}(x, y);
      case Shape::Knight:
        return KnightEstimate{ca}(x, y);
    }
    return 0.0;
  }
};

/// heuristic_distance's scaling (see search.hpp) without the climb bound;
/// every factor times w.
ScaledEstimate make_estimate(const TerrainGraph& graph, const CostModel& model, Heuristic heuristic,
                             double multiplier, double w) {
  const double max_slope = graph.config().max_slope;
  const double step_cardinal =
      min_base_edge_cost(model, graph.step_length(0), max_slope) * multiplier;
  const double step_diagonal =
      min_base_edge_cost(model, graph.step_length(1), max_slope) * multiplier;
  const double step_knight =
      min_base_edge_cost(model, graph.step_length(kDirections), max_slope) * multiplier;
  const Topology topology = graph.config().topology;

  if (heuristic == Heuristic::Zero) return {};
  if (heuristic == Heuristic::Octile && topology == Topology::Octile8) {
    const double c1 = std::min(step_cardinal, step_diagonal);
    const double c2 = std::min(step_diagonal, 2.0 * c1);
    return {ScaledEstimate::Shape::Linear, w * c1, w * (c2 - c1)};
  }
  struct Move {
    int di, dj;
    double cost;
  };
  std::array<Move, 4> moves{};
  std::size_t count = 0;
  const bool octile = topology == Topology::Octile8 || topology == Topology::Knight16;
  moves[count++] = {1, 0, step_cardinal};
  if (topology != Topology::Cardinal4) moves[count++] = {1, -1, step_diagonal};
  if (octile) moves[count++] = {1, 1, step_diagonal};
  if (topology == Topology::Knight16) moves[count++] = {2, 1, step_knight};
  double scale = kInf;
  for (std::size_t k = 0; k < count; ++k) {
    scale = std::min(scale, moves[k].cost / metric(heuristic, moves[k].di, moves[k].dj));
  }
  scale *= w;
  switch (heuristic) {
    case Heuristic::Manhattan:
      return {ScaledEstimate::Shape::Linear, scale, scale};
    case Heuristic::Chebyshev:
      return {ScaledEstimate::Shape::Linear, scale, 0.0};
    case Heuristic::Octile:
      return {ScaledEstimate::Shape::Linear, scale, scale * (std::numbers::sqrt2 - 1.0)};
    case Heuristic::Euclidean:
      return {ScaledEstimate::Shape::Euclidean, scale, 0.0};
    case Heuristic::Hex:
      return {ScaledEstimate::Shape::Hex, scale, 0.0};
    case Heuristic::Knight:
      return {ScaledEstimate::Shape::Knight, scale, 0.0};
    case Heuristic::Zero:
      break;
  }
  return {};
}

/// The climb bound's coefficients (see search.hpp), times w; 0 when off.
ClimbCost climb_estimate(const TerrainGraph& graph, const SearchOptions& options, double multiplier,
                         double w) {
  if (!options.climb_bound || options.heuristic == Heuristic::Zero) return {};
  const Topology topology = graph.config().topology;
  const int longest = topology == Topology::Knight16    ? kDirections
                      : topology == Topology::Cardinal4 ? 0
                                                        : 1;
  const ClimbCost climb = min_climb_cost(options.cost, graph.step_length(longest));
  return {w * multiplier * climb.up, w * multiplier * climb.down};
}

// Edge cost policies: cost of the step from u to v in direction d, whose
// height difference is dh = H(v) - H(u). Each equals TerrainGraph::edge_cost
// up to rounding; the common models are written out so they inline. make()
// builds one from a query's step lengths, model and max slope.

using StepLengths = std::array<double, kKnightDirections>;

/// d + k |dh| = d (1 + k |dh| / d).
struct ReferenceCost {
  static constexpr bool kMayDrop = false;
  StepLengths length;
  double k;
  static ReferenceCost make(const StepLengths& length, const CostModel& model, double) noexcept {
    return {length, model.slope_weight};
  }
  double operator()(std::size_t d, std::uint32_t, std::uint32_t, double dh) const noexcept {
    return length[d] + k * std::abs(dh);
  }
};

/// d + k_up max(dh, 0) + k_down max(-dh, 0).
struct UphillDownhillCost {
  static constexpr bool kMayDrop = false;
  StepLengths length;
  double up;
  double down;
  static UphillDownhillCost make(const StepLengths& length, const CostModel& model,
                                 double) noexcept {
    return {length, model.uphill_weight, model.downhill_weight};
  }
  double operator()(std::size_t d, std::uint32_t, std::uint32_t, double dh) const noexcept {
    return length[d] + up * std::max(dh, 0.0) + down * std::max(-dh, 0.0);
  }
};

/// Any model through base_edge_cost; it may drop edges (+infinity).
struct ModelCost {
  static constexpr bool kMayDrop = true;
  StepLengths length;
  const CostModel* model;
  double max_slope;
  static ModelCost make(const StepLengths& length, const CostModel& model,
                        double max_slope) noexcept {
    return {length, &model, max_slope};
  }
  double operator()(std::size_t d, std::uint32_t, std::uint32_t, double dh) const noexcept {
    return base_edge_cost(*model, length[d], dh, max_slope);
  }
};

/// A base policy times the mean multiplier of the edge's two tiles.
template <class Base>
struct MultipliedCost {
  static constexpr bool kMayDrop = Base::kMayDrop;
  Base base;
  const float* multipliers;
  static MultipliedCost make(const StepLengths& length, const CostModel& model,
                             double max_slope) noexcept {
    return {Base::make(length, model, max_slope), model.tile_multipliers->values().data()};
  }
  double operator()(std::size_t d, std::uint32_t u, std::uint32_t v, double dh) const noexcept {
    return base(d, u, v, dh) *
           ((static_cast<double>(multipliers[u]) + static_cast<double>(multipliers[v])) / 2.0);
  }
};

/// (key, at) becomes (other_key, other_at) if other_key < key; ties keep
/// the first. Without a branch: which side of a tree node wins is a coin toss
/// for a branch predictor. GCC turns every portable spelling of
/// this into a branch, so x86-64 gets two conditional moves; elsewhere the
/// sign of the difference (keys are below 2^63) makes a mask.
inline void take_if_less(std::uint64_t& key, std::uint32_t& at, std::uint64_t other_key,
                         std::uint32_t other_at) noexcept {
#if defined(__x86_64__) && defined(__GNUC__)
  asm("cmpq %[other_key], %[key]\n\t"
      "cmova %[other_key], %[key]\n\t"
      "cmova %[other_at], %[at]"
      : [key] "+r"(key), [at] "+r"(at)
      : [other_key] "r"(other_key), [other_at] "r"(other_at)
      : "cc");
#else
  const std::uint64_t take = 0 - ((other_key - key) >> 63);
  key ^= (key ^ other_key) & take;
  at ^= (at ^ other_at) & static_cast<std::uint32_t>(take);
#endif
}

/// The open-set key of (f, g). f >= 0 and g >= 0 (sums of non-negative
/// costs and estimates), so their bit patterns order like the numbers and
/// their sign bits are 0: a key is 40 bits of f (truncated, so the order
/// stays monotone) above 23 of ~g, below 2^63.
std::uint64_t open_key(double f, double g) noexcept {
  const auto f_bits = std::bit_cast<std::uint64_t>(f) >> 23;
  const auto g_bits = ~(std::bit_cast<std::uint64_t>(g) >> 40) & ((std::uint64_t{1} << 23) - 1);
  return f_bits << 23 | g_bits;
}

/// Why `options` cannot run on `graph`, empty if they can.
std::string options_error(const TerrainGraph& graph, const SearchOptions& options) {
  if (!within(kWeightLimit, options.weight)) {
    return "search: weight: " + limit_problem(kWeightLimit, options.weight);
  }
  if (std::isnan(options.max_cost) || options.max_cost < 0.0) {
    return "search: max_cost " + detail::number_text(options.max_cost) + " must be >= 0";
  }
  try {
    validate(options.cost, graph.tile_count());
  } catch (const Error& e) {
    return e.what();
  }
  return {};
}

}  // namespace

std::string_view to_string(SearchStatus status) noexcept {
  switch (status) {
    case SearchStatus::Found:
      return "found";
    case SearchStatus::Unreachable:
      return "unreachable";
    case SearchStatus::InvalidStart:
      return "invalid_start";
    case SearchStatus::InvalidGoal:
      return "invalid_goal";
    case SearchStatus::InProgress:
      return "in_progress";
    case SearchStatus::Partial:
      return "partial";
    case SearchStatus::LimitReached:
      return "limit_reached";
    case SearchStatus::Cancelled:
      return "cancelled";
    case SearchStatus::InvalidOptions:
      return "invalid_options";
  }
  return "unknown";
}

std::string_view to_string(Heuristic heuristic) noexcept {
  return detail::name_of<Heuristic>(kHeuristics, heuristic);
}

Heuristic parse_heuristic(std::string_view text) {
  return detail::parse_named<Heuristic>(kHeuristics, text, "heuristic");
}

std::string_view to_string(PathMode mode) noexcept {
  return detail::name_of<PathMode>(kPathModes, mode);
}

PathMode parse_path_mode(std::string_view text) {
  return detail::parse_named<PathMode>(kPathModes, text, "path mode");
}

double octile_distance(TileCoord a, TileCoord b, double tile_metres) noexcept {
  const int di = std::abs(a.i - b.i);
  const int dj = std::abs(a.j - b.j);
  return tile_metres * (std::max(di, dj) + (std::numbers::sqrt2 - 1.0) * std::min(di, dj));
}

double heuristic_distance(const TerrainGraph& graph, const SearchOptions& options, TileCoord a,
                          TileCoord b) {
  for (const TileCoord c : {a, b}) {
    if (!graph.contains(c)) {
      throw Error("heuristic_distance: tile (" + std::to_string(c.i) + ", " + std::to_string(c.j) +
                  ") outside the " + std::to_string(graph.tiles_wide()) + "x" +
                  std::to_string(graph.tiles_deep()) + " tile grid");
    }
  }
  const double multiplier = min_multiplier(options.cost);
  const ScaledEstimate estimate =
      make_estimate(graph, options.cost, options.heuristic, multiplier, 1.0);
  const std::span<const float> height = graph.relative_heights();
  const ClimbEstimate climb{climb_estimate(graph, options, multiplier, 1.0),
                            height[index(graph.id(b))]};
  return estimate(a.i - b.i, a.j - b.j) + climb(height[index(graph.id(a))]);
}

AStar::AStar(const TerrainGraph& graph, const ConnectedSets& sets, const Heightmap* surface)
    : graph_(graph),
      sets_(sets),
      surface_(surface),
      records_(graph.tile_count(), Record{0.0, 0, 0}),
      tree_keys_(2 * kFirstSlots, kEmptySlot),
      tree_slots_(kFirstSlots),
      slot_tiles_(kFirstSlots),
      free_slots_(kFirstSlots) {}

std::size_t AStar::memory_bytes() const noexcept {
  return sizeof(*this) + records_.capacity() * sizeof(Record) +
         tree_keys_.capacity() * sizeof(OpenKey) +
         (tree_slots_.capacity() + slot_tiles_.capacity() + free_slots_.capacity()) *
             sizeof(std::uint32_t);
}

NodeState AStar::state(TileId t) const noexcept {
  const Record& r = records_[index(t)];
  if ((r.tag >> kTagShift) != generation_) return NodeState::Unvisited;
  return r.slot == kClosed ? NodeState::Closed : NodeState::Open;
}

SearchStatus AStar::start(TileCoord start, TileCoord goal, const SearchOptions& options) noexcept {
  has_start_point_ = has_goal_point_ = false;
  return open(start, goal, options);
}

SearchStatus AStar::open(TileCoord start, TileCoord goal, const SearchOptions& options) noexcept {
  status_ = begin(start, goal, options);
  if (status_ == SearchStatus::Found) finish_path();  // start == goal: no search
  return status_;
}

SearchStatus AStar::start_at(const Vec3& start_m, const Vec3& goal_m,
                             const SearchOptions& options) noexcept {
  // Outside the tiled area: a coordinate the grid lacks, which begin()
  // reports as an invalid start or goal, unless the goal is to be clamped.
  constexpr TileCoord kOutside{-1, -1};
  TileCoord goal = graph_.tile_at(goal_m.x, goal_m.z).value_or(kOutside);
  if (goal == kOutside && options.nearest_reachable_goal && std::isfinite(goal_m.x) &&
      std::isfinite(goal_m.z)) {
    const double t = graph_.tile_metres();
    goal = {static_cast<std::int32_t>(
                std::clamp(std::floor(goal_m.x / t), 0.0, graph_.tiles_wide() - 1.0)),
            static_cast<std::int32_t>(
                std::clamp(std::floor(goal_m.z / t), 0.0, graph_.tiles_deep() - 1.0))};
  }
  const TileCoord start = graph_.tile_at(start_m.x, start_m.z).value_or(kOutside);
  has_start_point_ = start != kOutside;
  has_goal_point_ = graph_.tile_at(goal_m.x, goal_m.z).has_value();
  start_point_ = start_m;
  goal_point_ = goal_m;
  return open(start, goal, options);
}

SearchStatus AStar::begin(TileCoord start, TileCoord goal, const SearchOptions& options) noexcept {
  // A new generation first, so state() never shows an older query's sets.
  ++queries_;
  if (++generation_ == kGenerationLimit) {
    for (Record& r : records_) r.tag = 0;
    generation_ = 1;
  }
  error_.clear();
  goal_adjusted_ = false;
  expanded_ = generated_ = heap_operations_ = 0;
  try {
    error_ = options_error(graph_, options);
  } catch (const std::bad_alloc&) {
    error_ = "search: out of memory checking the options";
  }
  if (!error_.empty()) return SearchStatus::InvalidOptions;
  path_mode_ = options.path_mode;
  query_.cost = options.cost;  // finish_any_angle reads it, also for start == goal
  if (path_mode_ == PathMode::AnyAngle) {
    if (surface_ == nullptr) {
      error_ = "search: path mode any-angle needs the heightmap: construct the AStar with it";
    } else if (options.cost.kind == CostModelKind::Seed) {
      error_ =
          "search: path mode any-angle: the seed model counts steps, not metres, so it has no "
          "cost on the surface";
    }
    if (!error_.empty()) return SearchStatus::InvalidOptions;
  }

  const auto usable = [&](TileCoord c) {
    return graph_.contains(c) && !graph_.blocked(graph_.id(c));
  };
  if (!usable(start)) return SearchStatus::InvalidStart;
  const TileId start_id = graph_.id(start);
  if (options.nearest_reachable_goal &&
      !(usable(goal) && (goal == start || sets_.connected(start_id, graph_.id(goal))))) {
    const TileCoord target{std::clamp(goal.i, 0, graph_.tiles_wide() - 1),
                           std::clamp(goal.j, 0, graph_.tiles_deep() - 1)};
    const std::optional<TileCoord> nearest = nearest_tile(
        graph_, target, [&](TileId t) { return t == start_id || sets_.connected(start_id, t); });
    goal = nearest.value_or(start);  // start is always accepted
    goal_adjusted_ = true;
    has_goal_point_ = false;
  }
  if (!usable(goal)) return SearchStatus::InvalidGoal;
  const TileId goal_id = graph_.id(goal);
  start_ = index(start_id);
  goal_ = index(goal_id);
  if (start_id == goal_id) return SearchStatus::Found;
  if (!graph_.walkable(start_id)) return SearchStatus::InvalidStart;
  if (!graph_.walkable(goal_id)) return SearchStatus::InvalidGoal;
  if (!sets_.connected(start_id, goal_id)) return SearchStatus::Unreachable;

  const CostModel& model = options.cost;
  const double w = options.greedy ? 1.0 : options.weight;
  const double multiplier = min_multiplier(model);
  const ScaledEstimate estimate = make_estimate(graph_, model, options.heuristic, multiplier, w);
  Query& q = query_;
  for (std::size_t d = 0; d < q.step_length.size(); ++d) {
    q.step_length[d] = graph_.step_length(static_cast<int>(d));
  }
  q.cost = model;
  const bool any_angle = path_mode_ == PathMode::AnyAngle;
  q.edges = (any_angle ? graph_.surface_masks() : graph_.edge_masks()).data();
  const std::span<const std::uint8_t> knights =
      any_angle ? graph_.knight_surface_masks() : graph_.knight_masks();
  q.knights = knights.empty() ? nullptr : knights.data();
  q.max_slope = graph_.config().max_slope;
  q.estimate_a = estimate.ca;
  q.estimate_b = estimate.cb;
  q.climb = climb_estimate(graph_, options, multiplier, w);
  q.g_factor = options.greedy ? 0.0 : 1.0;
  q.weight = w;
  q.max_cost = options.max_cost;
  q.max_expansions = options.max_expansions == 0 ? kNoLimit : options.max_expansions;
  q.track_best = options.allow_partial || options.max_cost < kInf;
  q.allow_partial = options.allow_partial;
  best_ = start_;
  best_h_ = kInf;

  // Pick the loop compiled for this combination, once per query.
  const auto with_estimate = [&]<class Cost>() {
    switch (estimate.shape) {
      case ScaledEstimate::Shape::Linear:
        return &AStar::expand<Cost, LinearEstimate>;
      case ScaledEstimate::Shape::Hex:
        return &AStar::expand<Cost, HexEstimate>;
      case ScaledEstimate::Shape::Knight:
        return &AStar::expand<Cost, KnightEstimate>;
      case ScaledEstimate::Shape::Euclidean:
        break;
    }
    return &AStar::expand<Cost, EuclideanEstimate>;
  };
  const auto with_multipliers = [&]<class Base>() {
    if (!model.tile_multipliers) return with_estimate.template operator()<Base>();
    return with_estimate.template operator()<MultipliedCost<Base>>();
  };
  switch (model.kind) {
    case CostModelKind::Reference:
      expand_ = with_multipliers.template operator()<ReferenceCost>();
      break;
    case CostModelKind::UphillDownhill:
      expand_ = with_multipliers.template operator()<UphillDownhillCost>();
      break;
    case CostModelKind::Seed:
    case CostModelKind::Tobler:
    case CostModelKind::WalkingTime:
      expand_ = with_multipliers.template operator()<ModelCost>();
      break;
  }
  // The open set of the last query is emptied by the first steps, within
  // their budget.
  phase_ = Phase::Clearing;
  clear_lo_ = slot_tiles_.size();
  clear_hi_ = clear_lo_ + used_slots_;
  clear_at_ = clear_lo_;
  return SearchStatus::InProgress;
}

void AStar::clear(std::size_t keys) noexcept {
  // Every node above the last query's slots, level by level up to the root.
  OpenKey* const key = tree_keys_.data();
  while (clear_lo_ >= 1 && clear_lo_ < clear_hi_) {
    const std::size_t end = keys >= clear_hi_ - clear_at_ ? clear_hi_ : clear_at_ + keys;
    std::fill(key + clear_at_, key + end, kEmptySlot);
    keys -= end - clear_at_;
    clear_at_ = end;
    if (end < clear_hi_) return;
    clear_lo_ >>= 2;
    clear_hi_ = (clear_hi_ + 3) >> 2;
    clear_at_ = clear_lo_;
  }
  used_slots_ = 0;

  // The tree in use covers slots [0, 4^levels) below node `top`, and grows
  // a level when they run out, so a small query replays short paths. The
  // node above `top` (0 above the root) holds key 0: a lift stops there.
  const auto n = static_cast<std::uint32_t>(slot_tiles_.size());
  levels_ = 2;
  top_ = n >> (2 * levels_);
  key[0] = 0;
  key[top_ >> 2] = 0;
  fresh_ = 0;  // the first expand() puts the start in slot 0
  free_count_ = 0;
  size_ = 0;
  phase_ = Phase::Searching;
}
template <class Cost, class Estimate>
void AStar::expand(std::uint32_t expansions) {
  const Query& q = query_;
  const Cost cost = Cost::make(q.step_length, q.cost, q.max_slope);
  const Estimate estimate = Estimate::make(q.estimate_a, q.estimate_b);
  const double g_factor = q.g_factor;
  const std::uint32_t start = start_;
  const std::uint32_t goal = goal_;
  Record* const rec = records_.data();

  // Open set: a 4-ary winner tree of 64-bit keys (f, -g) over slots (see
  // search.hpp). Ties on f prefer the larger g, then the tree's own
  // (deterministic) order. f is truncated to 40 bits: a relative error
  // below 2e-9, far inside the optimality tolerance; g keeps 12 mantissa
  // bits, enough to order the exact ties of flat ground. A pop replays one
  // leaf-to-top path whose loads follow from the slot number alone, so
  // unlike a heap's descent they need not wait for the compares. Its state
  // lives in members between steps and in locals here.
  const float* const height = graph_.relative_heights().data();
  const std::uint8_t* const edges = q.edges;
  const std::uint8_t* const knights = q.knights;
  const std::uint32_t gen = generation_;
  const std::uint32_t gen_tag = gen << kTagShift;
  OpenKey* keys = tree_keys_.data();
  std::uint32_t* winner = tree_slots_.data();
  std::uint32_t* tile_of = slot_tiles_.data();
  std::uint32_t* free_slot = free_slots_.data();
  auto n = static_cast<std::uint32_t>(slot_tiles_.size());
  std::uint32_t levels = levels_;
  std::uint32_t top = top_;
  std::uint32_t fresh = fresh_;  // slots [0, fresh) have been used this query
  std::uint32_t free_count = free_count_;
  std::uint32_t size = size_;

  // Four times the slots, the old ones first. Every node keeps its key and
  // winner, moved to where the bigger tree has it (node i of the level whose
  // first node is f goes to i + 3f), so a query that grows the tree breaks
  // ties exactly as one that found it grown: a result never depends on the
  // AStar's earlier queries. Once per AStar and size.
  const auto grow = [&]() {
    const std::uint32_t m = 4 * n;
    std::vector<OpenKey> grown_keys(2 * std::size_t{m}, kEmptySlot);
    std::vector<std::uint32_t> grown_winners(m);
    for (std::uint32_t first = n; first >= 1; first /= 4) {
      std::copy(keys + first, keys + 2 * first, grown_keys.begin() + 4 * first);
      if (first < n) {
        std::copy(winner + first, winner + 2 * first, grown_winners.begin() + 4 * first);
      }
    }
    grown_keys[0] = 0;
    tree_keys_.swap(grown_keys);
    tree_slots_.swap(grown_winners);
    slot_tiles_.resize(m);
    free_slots_.resize(m);
    keys = tree_keys_.data();
    winner = tree_slots_.data();
    tile_of = slot_tiles_.data();
    free_slot = free_slots_.data();
    n = m;
    top = n >> (2 * levels);
  };
  // One level more: the new top's other three children are empty, so it
  // takes the old top's winner. Rare, so out of line: GCC otherwise leaves
  // all of push out of line, and the call spills the relaxation's registers
  // (~3 % slower).
  const auto add_level = [&]() __attribute__((noinline)) {
    used_slots_ = fresh;  // what the next query must empty, should grow throw
    if (top == 1) grow();
    ++levels;
    const std::uint32_t below = top;
    top >>= 2;
    keys[top] = keys[below];
    winner[top] = winner[below];
    keys[top >> 2] = 0;
  };
  // Slot s now holds the smaller key k: it wins upwards until an ancestor's
  // winner is no larger (and no larger above it). Empty slots hold the
  // largest key, so a push lifts too.
  const auto lift = [&](std::uint32_t s, OpenKey k) {
    std::uint32_t i = n + s;
    keys[i] = k;
    for (i >>= 2; k < keys[i]; i >>= 2) {
      keys[i] = k;
      winner[i] = s;
    }
  };
  const auto push = [&](OpenKey k, std::uint32_t tile) __attribute__((always_inline)) {
    if (free_count == 0 && fresh == (1u << (2 * levels))) add_level();
    const std::uint32_t s = free_count > 0 ? free_slot[--free_count] : fresh++;
    tile_of[s] = tile;
    rec[tile].slot = s;
    ++size;
    lift(s, k);
  };
  // The three nodes beside node i, the four children of one parent.
  const auto siblings = [](std::uint32_t i) {
    const std::uint32_t first = i & ~3u;
    return std::array<std::uint32_t, 3>{first | ((i + 1) & 3u), first | ((i + 2) & 3u),
                                        first | ((i + 3) & 3u)};
  };
  // Empties the winner's slot and replays its path: each node takes the
  // least of the path's key so far and its three siblings' winners. The
  // siblings' loads and their own match need not wait for the path, so one
  // compare per level is on the dependency chain. Branch-free, as which
  // side wins defeats a branch predictor.
  const auto pop = [&]() {
    const std::uint32_t s = winner[top];
    --size;
    free_slot[free_count++] = s;
    std::uint32_t i = n + s;
    keys[i] = kEmptySlot;
    const auto leaves = siblings(i);
    OpenKey k = keys[leaves[0]];
    std::uint32_t w = leaves[0] - n;
    take_if_less(k, w, keys[leaves[1]], leaves[1] - n);
    take_if_less(k, w, keys[leaves[2]], leaves[2] - n);
#pragma GCC unroll 2
    for (i >>= 2; i > top; i >>= 2) {
      keys[i] = k;
      winner[i] = w;
      const auto near = siblings(i);
      OpenKey near_key = keys[near[0]];
      std::uint32_t near_winner = winner[near[0]];
      take_if_less(near_key, near_winner, keys[near[1]], winner[near[1]]);
      take_if_less(near_key, near_winner, keys[near[2]], winner[near[2]]);
      take_if_less(k, w, near_key, near_winner);
    }
    keys[top] = k;
    winner[top] = w;
    return tile_of[s];
  };

  const auto tw = static_cast<std::uint32_t>(graph_.tiles_wide());
  std::array<std::int64_t, kKnightDirections> offset{};
  for (std::size_t d = 0; d < offset.size(); ++d) {
    offset[d] = kDirDz[d] * static_cast<std::int64_t>(tw) + kDirDx[d];
  }
  const auto last_tile = static_cast<std::uint32_t>(records_.size() - 1);
  const auto goal_i = static_cast<int>(goal % tw);
  const auto goal_j = static_cast<int>(goal / tw);
  const ClimbEstimate climb{q.climb, height[goal]};

  if (fresh == 0) {  // the query's first expand(): the start
    rec[start] = {0.0, 0, gen_tag};
    push(open_key(estimate(static_cast<int>(start % tw) - goal_i,
                           static_cast<int>(start / tw) - goal_j) +
                      climb(height[start]),
                  0.0),
         start);
    generated_ = 1;
    heap_operations_ = 1;
  }
  std::uint32_t expanded = expanded_;
  std::uint32_t generated = generated_;
  std::uint32_t heap_operations = heap_operations_;
  const bool track_best = q.track_best;
  std::uint32_t best = best_;
  double best_h = best_h_;
  SearchStatus outcome = SearchStatus::InProgress;
  while (true) {
    if (size == 0) {
      // No open tile left: the model dropped every way (or sets_ came from
      // another graph).
      outcome = SearchStatus::Unreachable;
      break;
    }
    if (expanded == expansions) break;
    const std::uint32_t u = pop();
    ++heap_operations;
    rec[u].slot = kClosed;
    if (u == goal) {
      outcome = SearchStatus::Found;
      break;
    }
    const double gu = rec[u].g;
    const double hu = height[u];
    const int ui = static_cast<int>(u % tw) - goal_i;
    const int uj = static_cast<int>(u / tw) - goal_j;
    if (track_best) {
      // h as the open set weighs it; divided by w, a lower bound.
      const double h = estimate(ui, uj) + climb(hu);
      if (gu + h / q.weight > q.max_cost) {
        outcome = SearchStatus::LimitReached;
        break;
      }
      if (h < best_h) {
        best_h = h;
        best = u;
      }
    }
    ++expanded;
    if (size > 0) {
      // The new top is most likely expanded next: start loading the rows of
      // records and heights around it while this tile is processed.
      const std::uint32_t next = tile_of[winner[top]];
      const std::uint32_t above = next > tw ? next - tw - 1 : 0;
      const std::uint32_t below = std::min(next + tw + 1, last_tile);
      __builtin_prefetch(rec + above);
      __builtin_prefetch(rec + above + 2);
      __builtin_prefetch(rec + below - 2);
      __builtin_prefetch(rec + below);
      __builtin_prefetch(height + above);
      __builtin_prefetch(height + below);
      __builtin_prefetch(rec + next - (next > 0 ? 1 : 0));
      __builtin_prefetch(rec + next + 1);
      __builtin_prefetch(edges + next);
    }
    unsigned moves = edges[u];
    if (knights != nullptr) moves |= unsigned{knights[u]} << kDirections;
    for (unsigned mask = moves; mask != 0; mask &= mask - 1) {
      const auto d = static_cast<std::size_t>(std::countr_zero(mask));
      const auto v = static_cast<std::uint32_t>(u + offset[d]);
      const double hv = height[v];
      const double c = cost(d, u, v, hv - hu);
      if constexpr (Cost::kMayDrop) {
        if (c == kInf) continue;
      }
      const double gv = gu + c;
      Record& r = rec[v];
      // A new tile is pushed; an open one reached more cheaply moves up. g is
      // tested before the closed mark: most neighbours, closed ones included,
      // are reached no more cheaply, so one test rejects them.
      if ((r.tag >> kTagShift) != gen) {
        r.g = gv;
        r.tag = gen_tag | static_cast<std::uint32_t>(d);
        push(open_key(g_factor * gv + estimate(ui + kDirDx[d], uj + kDirDz[d]) + climb(hv), gv), v);
        ++generated;
        ++heap_operations;
      } else if (gv < r.g && r.slot != kClosed) {
        r.g = gv;
        r.tag = gen_tag | static_cast<std::uint32_t>(d);
        lift(r.slot,
             open_key(g_factor * gv + estimate(ui + kDirDx[d], uj + kDirDz[d]) + climb(hv), gv));
        ++heap_operations;
      }
    }
  }
  used_slots_ = fresh;
  levels_ = levels;
  top_ = top;
  fresh_ = fresh;
  free_count_ = free_count;
  size_ = size;
  expanded_ = expanded;
  generated_ = generated;
  heap_operations_ = heap_operations;
  best_ = best;
  best_h_ = best_h;
  if (outcome == SearchStatus::LimitReached) {
    end_at_limit();
  } else {
    status_ = outcome;
  }
}

void AStar::end_at_limit() noexcept {
  status_ = query_.allow_partial ? SearchStatus::Partial : SearchStatus::LimitReached;
}

SearchStatus AStar::step(const StepBudget& budget) noexcept {
  using Clock = std::chrono::steady_clock;
  if (status_ != SearchStatus::InProgress) return status_;
  // Beyond ~30 years a deadline would overflow the clock: untimed.
  const bool timed = budget.max_microseconds < 1e15;
  const Clock::time_point deadline =
      timed ? Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                 std::chrono::duration<double, std::micro>(
                                     std::max(budget.max_microseconds, 0.0)))
            : Clock::time_point::max();
  std::uint32_t left = std::max(budget.max_expansions, std::uint32_t{1});
  // Expansions between clock reads: kTimedChunk, fewer near the deadline,
  // sized by the time the last chunk took per expansion, so a step ends
  // within about one expansion of its deadline.
  std::uint32_t timed_chunk = kTimedChunk;
  Clock::time_point chunk_start = timed ? Clock::now() : Clock::time_point{};
  try {
    while (true) {
      std::uint32_t done = 0;
      if (phase_ == Phase::Clearing) {
        clear(timed ? kClearChunk : std::numeric_limits<std::size_t>::max());
      } else {
        // This chunk ends at the step's budget, the query's limit, or the
        // next clock read.
        const std::uint32_t before = expanded_;
        std::uint32_t chunk = std::min(left, query_.max_expansions - before);
        if (timed) chunk = std::min(chunk, timed_chunk);
        if (chunk == 0) {
          // At the query's limit. The goal may be next: taking it is no
          // expansion, so the query is found, not limited.
          if (size_ > 0 && slot_tiles_[tree_slots_[top_]] == goal_) {
            (this->*expand_)(kNoLimit);
          } else {
            end_at_limit();
          }
          break;
        }
        (this->*expand_)(before + chunk);
        done = expanded_ - before;
        left -= done;
        if (status_ != SearchStatus::InProgress || left == 0) break;
      }
      if (timed) {
        const Clock::time_point now = Clock::now();
        if (now >= deadline) break;
        if (done > 0) {
          const auto per_expansion = (now - chunk_start) / done;
          const auto fit =
              per_expansion.count() > 0 ? (deadline - now) / per_expansion : kTimedChunk;
          timed_chunk = static_cast<std::uint32_t>(std::clamp<decltype(fit)>(fit, 1, kTimedChunk));
        }
        chunk_start = now;
      }
    }
  } catch (const std::bad_alloc&) {
    end_at_limit();  // the open set could not grow
  }
  if (status_ == SearchStatus::Found || status_ == SearchStatus::Partial ||
      status_ == SearchStatus::Unreachable) {
    finish_path();
  }
  return status_;
}

void AStar::finish_path() noexcept {
  if (path_mode_ != PathMode::AnyAngle) return;
  try {
    finish_any_angle();
  } catch (const std::bad_alloc&) {
    status_ = SearchStatus::LimitReached;
  }
}

void AStar::cancel() noexcept {
  if (status_ == SearchStatus::InProgress) status_ = SearchStatus::Cancelled;
}

void AStar::trace(std::uint32_t end, std::vector<TileCoord>& tiles) const {
  const auto tw = static_cast<std::int64_t>(graph_.tiles_wide());
  const auto parent = [&](std::uint32_t v) {
    const std::size_t d = records_[v].tag & ((1u << kTagShift) - 1);
    return static_cast<std::uint32_t>(v - (kDirDz[d] * tw + kDirDx[d]));
  };
  std::size_t length = 1;
  for (std::uint32_t v = end; v != start_; v = parent(v)) ++length;
  tiles.resize(length);
  std::uint32_t v = end;
  for (std::size_t k = length; k-- > 0;) {
    tiles[k] = graph_.coord(TileId{v});
    if (k > 0) v = parent(v);
  }
}

void AStar::finish_any_angle() {
  const SurfaceCost ruler(*surface_, graph_, query_.cost);
  if (status_ == SearchStatus::Unreachable) {
    // The surface edges of the 8 neighbours join the same set only through
    // other directions: the dense search of radius 2 (the 16 directions
    // with the knight's moves) looks for a way. Rare, and as slow as it is.
    SurfaceSearch dense(*surface_, graph_);
    SurfacePath path =
        dense.find_path(graph_.coord(TileId{start_}), graph_.coord(TileId{goal_}), query_.cost, 2);
    if (path.status != SearchStatus::Found) return;
    status_ = SearchStatus::Found;
    any_tiles_ = std::move(path.tiles);
  } else {
    trace(status_ == SearchStatus::Found ? goal_ : best_, any_tiles_);
  }
  const bool found = status_ == SearchStatus::Found;
  std::vector<Vec3> points;
  points.reserve(any_tiles_.size() + 2);
  for (const TileCoord t : any_tiles_) points.push_back(graph_.tile_centre(graph_.id(t)));
  // Positions given in metres, where the way to their tile centre is open.
  if (has_start_point_ && ruler.segment_cost(start_point_, points.front()) < kInf) {
    points.insert(points.begin(), start_point_);
  }
  if (found && has_goal_point_ && ruler.segment_cost(points.back(), goal_point_) < kInf) {
    points.push_back(goal_point_);
  }
  smooth_path(ruler, points, any_path_);
  any_cost_ = ruler.polyline(any_path_).cost;
}

void AStar::result(PathResult& out) const {
  out.status = status_;
  out.expanded = expanded_;
  out.generated = generated_;
  out.heap_operations = heap_operations_;
  out.goal_adjusted = goal_adjusted_;
  out.cost = 0.0;
  out.tiles.clear();
  out.waypoints.clear();
  std::uint32_t end = goal_;
  if (status_ == SearchStatus::Partial) {
    end = best_;
  } else if (status_ != SearchStatus::Found) {
    return;
  }
  if (path_mode_ == PathMode::AnyAngle) {
    out.tiles.assign(any_tiles_.begin(), any_tiles_.end());
    out.waypoints.assign(any_path_.begin(), any_path_.end());
    out.cost = any_cost_;
    return;
  }
  trace(end, out.tiles);
  out.waypoints.resize(out.tiles.size());
  for (std::size_t k = 0; k < out.tiles.size(); ++k) {
    out.waypoints[k] = graph_.tile_centre(graph_.id(out.tiles[k]));
  }
  // start == goal is found without a search: one tile, cost 0.
  out.cost = end != start_ ? records_[end].g : 0.0;
}

PathResult AStar::find_path(TileCoord start, TileCoord goal, const SearchOptions& options) {
  if (this->start(start, goal, options) == SearchStatus::InvalidOptions) throw Error(error_);
  step();
  PathResult result;
  this->result(result);
  return result;
}

}  // namespace terranav::nav
