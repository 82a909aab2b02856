#include "terranav/nav/search.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numbers>
#include <span>
#include <string>

#include "number_text.hpp"

#include "name_table.hpp"

namespace terranav::nav {

namespace {

/// Record::slot of a tile taken from the open set in the current generation.
constexpr std::uint32_t kClosed = 0xFFFFFFFFu;
/// Generations fit in the 29 bits above the parent direction.
constexpr std::uint32_t kGenerationLimit = 1u << 29;
constexpr double kInf = std::numeric_limits<double>::infinity();
/// Open-set slots of a new AStar (a power of four, at least 16); the tree
/// grows fourfold when a query needs more.
constexpr std::uint32_t kFirstSlots = 64;
/// The key of an empty slot: larger than any (f, -g) key, below 2^63 like them.
constexpr std::uint64_t kEmptySlot = (std::uint64_t{1} << 63) - 1;

constexpr std::array<detail::Named<Heuristic>, 6> kHeuristics = {{
    {"zero", Heuristic::Zero},
    {"manhattan", Heuristic::Manhattan},
    {"chebyshev", Heuristic::Chebyshev},
    {"octile", Heuristic::Octile},
    {"euclidean", Heuristic::Euclidean},
    {"hex", Heuristic::Hex},
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
  }
  return 0.0;
}

// Estimates of the remaining cost from a displacement (x, y) to the goal,
// already scaled (and weighted). Three shapes cover the six heuristics.

/// ca * max(|x|, |y|) + cb * min(|x|, |y|): zero, Manhattan, Chebyshev, octile.
struct LinearEstimate {
  double ca;
  double cb;
  double operator()(int x, int y) const noexcept {
    const int ax = std::abs(x);
    const int ay = std::abs(y);
    return ca * std::max(ax, ay) + cb * std::min(ax, ay);
  }
};

struct HexEstimate {
  double scale;
  double operator()(int x, int y) const noexcept {
    return scale * ((std::abs(x) + std::abs(y) + std::abs(x + y)) / 2);
  }
};

struct EuclideanEstimate {
  double scale;
  double operator()(int x, int y) const noexcept {
    return scale * std::sqrt(static_cast<double>(x) * x + static_cast<double>(y) * y);
  }
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
  enum class Shape { Linear, Hex, Euclidean } shape = Shape::Linear;
  double ca = 0.0;  // Linear: ca, cb; Hex and Euclidean: ca is the scale
  double cb = 0.0;

  double operator()(int x, int y) const noexcept {
    switch (shape) {
      case Shape::Linear:
        return LinearEstimate{ca, cb}(x, y);
      case Shape::Hex:
        return HexEstimate{ca}(x, y);
      case Shape::Euclidean:
        return EuclideanEstimate{ca}(x, y);
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
  std::array<Move, 3> moves{};
  std::size_t count = 0;
  moves[count++] = {1, 0, step_cardinal};
  if (topology != Topology::Cardinal4) moves[count++] = {1, -1, step_diagonal};
  if (topology == Topology::Octile8) moves[count++] = {1, 1, step_diagonal};
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
    case Heuristic::Zero:
      break;
  }
  return {};
}

/// The climb bound's coefficients (see search.hpp), times w; 0 when off.
ClimbCost climb_estimate(const TerrainGraph& graph, const SearchOptions& options, double multiplier,
                         double w) {
  if (!options.climb_bound || options.heuristic == Heuristic::Zero) return {};
  const int longest = graph.config().topology == Topology::Cardinal4 ? 0 : 1;
  const ClimbCost climb = min_climb_cost(options.cost, graph.step_length(longest));
  return {w * multiplier * climb.up, w * multiplier * climb.down};
}

// Edge cost policies: cost of the step from u to v in direction d, whose
// height difference is dh = H(v) - H(u). Each equals TerrainGraph::edge_cost
// up to rounding; the common models are written out so they inline.

using StepLengths = std::array<double, kDirections>;

/// d + k |dh| = d (1 + k |dh| / d).
struct ReferenceCost {
  static constexpr bool kMayDrop = false;
  StepLengths length;
  double k;
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

void check_weight(double weight) {
  if (!std::isfinite(weight) || weight < 1.0) {
    throw Error("search: weight " + detail::number_text(weight) + " must be finite and >= 1");
  }
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
  }
  return "unknown";
}

std::string_view to_string(Heuristic heuristic) noexcept {
  return detail::name_of<Heuristic>(kHeuristics, heuristic);
}

Heuristic parse_heuristic(std::string_view text) {
  return detail::parse_named<Heuristic>(kHeuristics, text, "heuristic");
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

AStar::AStar(const TerrainGraph& graph, const ConnectedSets& sets)
    : graph_(graph),
      sets_(sets),
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
  if ((r.tag >> 3) != generation_) return NodeState::Unvisited;
  return r.slot == kClosed ? NodeState::Closed : NodeState::Open;
}

template <class Cost, class Estimate>
bool AStar::run(const Cost& cost, const Estimate& estimate, ClimbCost climb_cost, double g_factor,
                std::uint32_t start, std::uint32_t goal, PathResult& result) {
  Record* const rec = records_.data();

  // Open set: a 4-ary winner tree of 64-bit keys (f, -g) over slots (see
  // search.hpp). Ties on f prefer the larger g, then the tree's own
  // (deterministic) order. f is truncated (rounded down, so the order stays
  // monotone) to 40 bits: a relative error below 2e-9, far inside the
  // optimality tolerance; g keeps 12 mantissa bits, enough to order the
  // exact ties of flat ground. A pop replays one leaf-to-top path whose
  // loads follow from the slot number alone, so unlike a heap's descent they
  // need not wait for the compares.
  const float* const height = graph_.relative_heights().data();
  const std::uint8_t* const edges = graph_.edge_masks().data();
  const std::uint32_t gen = generation_;
  const std::uint32_t gen_tag = gen << 3;
  OpenKey* keys = tree_keys_.data();
  std::uint32_t* winner = tree_slots_.data();
  std::uint32_t* tile_of = slot_tiles_.data();
  std::uint32_t* free_slot = free_slots_.data();
  auto n = static_cast<std::uint32_t>(slot_tiles_.size());
  // Empty what the last query touched: its slots and every node above them.
  for (std::uint32_t lo = n, hi = n + used_slots_; lo >= 1 && lo < hi;
       lo >>= 2, hi = (hi + 3) >> 2) {
    std::fill(keys + lo, keys + hi, kEmptySlot);
  }
  // The tree in use covers slots [0, 4^levels) below node `top`, and grows
  // a level when they run out, so a small query replays short paths. The
  // node above `top` (0 above the root) holds key 0: a lift stops there.
  std::uint32_t levels = 2;
  std::uint32_t top = n >> (2 * levels);
  keys[0] = 0;
  keys[top >> 2] = 0;
  std::uint32_t fresh = 0;  // slots [0, fresh) have been used this query
  std::uint32_t free_count = 0;
  std::uint32_t size = 0;

  // f >= 0 and g >= 0 (sums of non-negative costs and estimates), so their
  // bit patterns order like the numbers and their sign bits are 0: a key is
  // 40 bits of f above 23 of ~g, below 2^63.
  const auto key = [](double f, double g) {
    const auto f_bits = std::bit_cast<std::uint64_t>(f) >> 23;
    const auto g_bits = ~(std::bit_cast<std::uint64_t>(g) >> 40) & ((std::uint64_t{1} << 23) - 1);
    return OpenKey{f_bits << 23 | g_bits};
  };
  // Four times the slots, the old ones first; the inner nodes are rebuilt
  // level by level from the leaves. Once per AStar and size.
  const auto grow = [&]() {
    const std::uint32_t m = 4 * n;
    std::vector<OpenKey> grown_keys(2 * std::size_t{m}, kEmptySlot);
    std::copy(keys + n, keys + 2 * n, grown_keys.begin() + m);
    std::vector<std::uint32_t> grown_winners(m);
    for (std::uint32_t first = m / 4; first >= 1; first /= 4) {
      for (std::uint32_t i = first; i < 2 * first; ++i) {
        const std::uint32_t c = 4 * i;
        OpenKey k = grown_keys[c];
        std::uint32_t w = c >= m ? c - m : grown_winners[c];
        for (std::uint32_t j = c + 1; j < c + 4; ++j) {
          const std::uint32_t wj = j >= m ? j - m : grown_winners[j];
          if (grown_keys[j] < k) {
            k = grown_keys[j];
            w = wj;
          }
        }
        grown_keys[i] = k;
        grown_winners[i] = w;
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
  std::array<std::int64_t, kDirections> offset{};
  for (std::size_t d = 0; d < offset.size(); ++d) {
    offset[d] = kDirDz[d] * static_cast<std::int64_t>(tw) + kDirDx[d];
  }
  const auto last_tile = static_cast<std::uint32_t>(records_.size() - 1);
  const auto goal_i = static_cast<int>(goal % tw);
  const auto goal_j = static_cast<int>(goal / tw);

  const ClimbEstimate climb{climb_cost, height[goal]};

  rec[start] = {0.0, 0, gen_tag};
  push(key(estimate(static_cast<int>(start % tw) - goal_i, static_cast<int>(start / tw) - goal_j) +
               climb(height[start]),
           0.0),
       start);
  std::uint32_t expanded = 0;
  std::uint32_t generated = 1;
  std::uint32_t heap_operations = 1;
  bool found = false;
  while (size > 0) {
    const std::uint32_t u = pop();
    ++heap_operations;
    rec[u].slot = kClosed;
    if (u == goal) {
      found = true;
      break;
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
    const double gu = rec[u].g;
    const double hu = height[u];
    const int ui = static_cast<int>(u % tw) - goal_i;
    const int uj = static_cast<int>(u / tw) - goal_j;
    for (unsigned mask = edges[u]; mask != 0; mask &= mask - 1) {
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
      if ((r.tag >> 3) != gen) {
        r.g = gv;
        r.tag = gen_tag | static_cast<std::uint32_t>(d);
        push(key(g_factor * gv + estimate(ui + kDirDx[d], uj + kDirDz[d]) + climb(hv), gv), v);
        ++generated;
        ++heap_operations;
      } else if (gv < r.g && r.slot != kClosed) {
        r.g = gv;
        r.tag = gen_tag | static_cast<std::uint32_t>(d);
        lift(r.slot, key(g_factor * gv + estimate(ui + kDirDx[d], uj + kDirDz[d]) + climb(hv), gv));
        ++heap_operations;
      }
    }
  }
  used_slots_ = fresh;
  result.expanded = expanded;
  result.generated = generated;
  result.heap_operations = heap_operations;
  if (!found) return false;

  std::size_t length = 1;
  for (std::uint32_t v = goal; v != start;) {
    v = static_cast<std::uint32_t>(v - offset[rec[v].tag & 7u]);
    ++length;
  }
  result.tiles.resize(length);
  result.waypoints.resize(length);
  std::uint32_t v = goal;
  for (std::size_t k = length; k-- > 0;) {
    result.tiles[k] = graph_.coord(TileId{v});
    result.waypoints[k] = graph_.tile_centre(TileId{v});
    if (k > 0) v = static_cast<std::uint32_t>(v - offset[rec[v].tag & 7u]);
  }
  result.cost = rec[goal].g;
  return true;
}

PathResult AStar::find_path(TileCoord start, TileCoord goal, const SearchOptions& options) {
  // A new generation first, so state() never shows an older query's sets.
  if (++generation_ == kGenerationLimit) {
    for (Record& r : records_) r.tag = 0;
    generation_ = 1;
  }
  check_weight(options.weight);
  const CostModel& model = options.cost;
  validate(model, graph_.tile_count());

  PathResult result;
  const auto unusable = [&](TileCoord c) {
    return !graph_.contains(c) || graph_.blocked(graph_.id(c));
  };
  if (unusable(start)) {
    result.status = SearchStatus::InvalidStart;
    return result;
  }
  if (unusable(goal)) {
    result.status = SearchStatus::InvalidGoal;
    return result;
  }
  const TileId start_id = graph_.id(start);
  const TileId goal_id = graph_.id(goal);
  if (start_id == goal_id) {
    result.status = SearchStatus::Found;
    result.tiles = {start};
    result.waypoints = {graph_.tile_centre(start_id)};
    return result;
  }
  if (graph_.edge_mask(start_id) == 0) {
    result.status = SearchStatus::InvalidStart;
    return result;
  }
  if (graph_.edge_mask(goal_id) == 0) {
    result.status = SearchStatus::InvalidGoal;
    return result;
  }
  if (!sets_.connected(start_id, goal_id)) {
    result.status = SearchStatus::Unreachable;
    return result;
  }

  const double w = options.greedy ? 1.0 : options.weight;
  const double multiplier = min_multiplier(model);
  const ScaledEstimate estimate = make_estimate(graph_, model, options.heuristic, multiplier, w);
  const ClimbCost climb = climb_estimate(graph_, options, multiplier, w);
  const double g_factor = options.greedy ? 0.0 : 1.0;
  StepLengths length{};
  for (std::size_t d = 0; d < length.size(); ++d)
    length[d] = graph_.step_length(static_cast<int>(d));

  // Dispatch once per query to the loop compiled for this combination.
  const auto with_estimate = [&](const auto& cost) {
    switch (estimate.shape) {
      case ScaledEstimate::Shape::Linear:
        return run(cost, LinearEstimate{estimate.ca, estimate.cb}, climb, g_factor, index(start_id),
                   index(goal_id), result);
      case ScaledEstimate::Shape::Hex:
        return run(cost, HexEstimate{estimate.ca}, climb, g_factor, index(start_id), index(goal_id),
                   result);
      case ScaledEstimate::Shape::Euclidean:
        break;
    }
    return run(cost, EuclideanEstimate{estimate.ca}, climb, g_factor, index(start_id),
               index(goal_id), result);
  };
  const auto with_multipliers = [&](const auto& base) {
    if (model.tile_multipliers.empty()) return with_estimate(base);
    using Base = std::decay_t<decltype(base)>;
    return with_estimate(MultipliedCost<Base>{base, model.tile_multipliers.data()});
  };
  bool found = false;
  switch (model.kind) {
    case CostModelKind::Reference:
      found = with_multipliers(ReferenceCost{length, model.slope_weight});
      break;
    case CostModelKind::UphillDownhill:
      found =
          with_multipliers(UphillDownhillCost{length, model.uphill_weight, model.downhill_weight});
      break;
    case CostModelKind::Seed:
    case CostModelKind::Tobler:
      found = with_multipliers(ModelCost{length, &model, graph_.config().max_slope});
      break;
  }
  // Not found: the model dropped every way (or sets_ came from another graph).
  result.status = found ? SearchStatus::Found : SearchStatus::Unreachable;
  return result;
}

}  // namespace terranav::nav
