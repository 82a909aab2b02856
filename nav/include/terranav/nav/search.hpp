// A*, weighted A* and greedy best-first search over the terrain graph (Hart,
// Nilsson & Raphael, "A Formal Basis for the Heuristic Determination of
// Minimum Cost Paths", IEEE TSSC 4(2), 1968; weighted: Pohl, "Heuristic
// search viewed as path finding in a graph", Artificial Intelligence 1, 1970).
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "terranav/nav/connected_sets.hpp"
#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/terrain_graph.hpp"

namespace terranav::nav {

/// What a query ended with, or that it is still running (Detour's dtStatus
/// detail, as one value).
enum class SearchStatus {
  Found,  ///< path holds a path (optimal for A* with weight 1)
  /// No path: start and goal are in different connected sets (nothing
  /// searched, expanded == 0), or the cost model drops every way between them
  /// (the search ran out of open tiles).
  Unreachable,
  InvalidStart,  ///< start outside the grid, blocked, or without edges (and != goal)
  InvalidGoal,   ///< goal outside the grid, blocked, or without edges (and != start)
  InProgress,    ///< started and not finished: step() again
  /// A limit (max_expansions, max_cost, or an open set that could not
  /// grow) ended the search and allow_partial is set: path leads to the
  /// expanded tile of least h, the best tile reached.
  Partial,
  LimitReached,    ///< as Partial, without a path (allow_partial not set)
  Cancelled,       ///< cancel() ended the search
  InvalidOptions,  ///< start() rejected the options; AStar::error() says which and why
};

/// "found", "unreachable", "invalid_start", "invalid_goal", "in_progress",
/// "partial", "limit_reached", "cancelled", "invalid_options".
std::string_view to_string(SearchStatus status) noexcept;

/// Distance estimates between tiles, (di, dj) apart, a = max(|di|, |dj|),
/// b = min(|di|, |dj|). Each is scaled per query (heuristic_distance) so
/// that with weight 1 it never overestimates and is consistent.
enum class Heuristic {
  Zero,       ///< 0: Dijkstra's algorithm
  Manhattan,  ///< a + b
  Chebyshev,  ///< a ("diagonal")
  Octile,     ///< a + (sqrt2 - 1) b ("diagonal 2"; the default)
  Euclidean,  ///< sqrt(di^2 + dj^2)
  Hex,        ///< (|di| + |dj| + |di + dj|) / 2 in axial coordinates
  /// The shortest way with Knight16's moves on flat ground: (a - 2b) +
  /// sqrt5 b when 2b <= a, else sqrt5 (a - b) + sqrt2 (2b - a). The one to
  /// use with Knight16: octile rates a knight's move 1 + sqrt2 > sqrt5, so
  /// its scale there drops to sqrt5 / (1 + sqrt2) = 0.93.
  Knight,
};

/// "zero", "manhattan", "chebyshev", "octile", "euclidean", "hex", "knight".
std::string_view to_string(Heuristic heuristic) noexcept;
/// Inverse of to_string; throws Error naming the text and the valid names.
Heuristic parse_heuristic(std::string_view text);

/// What shape of path a query returns.
enum class PathMode {
  /// Through tile centres along the graph's edges (45-degree steps on
  /// Octile8); PathResult::cost is the graph's cost.
  Grid,
  /// A polyline in any direction on the surface (docs/continuous-model.md):
  /// the grid path over the edges that are feasible on the surface
  /// (TerrainGraph::surface_mask), shortened and relaxed by smooth_path.
  /// Every segment is feasible; PathResult::cost is the polyline's cost on
  /// the surface, at most that of the grid path it came from. (When the
  /// plain grid path is feasible on the surface, the search over the surface
  /// edges finds one of the same graph cost: the same path, barring exact
  /// ties.) When those edges do not join start and goal (rough terrain,
  /// where the way runs along contours between the 8 directions), the dense
  /// search of radius 2 (SurfaceSearch, 16 directions) looks for the path,
  /// after the start's whole set was searched: slow, and rare; Unreachable
  /// when it finds none either.
  /// Needs an AStar that has the heightmap; not for the seed model.
  AnyAngle,
};

/// "grid", "any-angle".
std::string_view to_string(PathMode mode) noexcept;
/// Inverse of to_string; throws Error naming the text and the valid names.
PathMode parse_path_mode(std::string_view text);

/// What one query optimises and how.
struct SearchOptions {
  Heuristic heuristic = Heuristic::Octile;
  /// w in f = g + w h (weighted A*: cost <= w * optimal).
  /// [Limits: kWeightLimit, 1..1e6] [Units: none]
  double weight = 1.0;
  /// Greedy best-first: f = h (weight ignored); finds a path, not the best.
  bool greedy = false;
  /// Edge costs; the default is the reference model with k = 1.
  CostModel cost{};
  /// Adds to every heuristic but Zero the least cost of the height change
  /// still ahead: w * min_multiplier * (up * max(H_goal - H, 0) + down *
  /// max(H - H_goal, 0)) from min_climb_cost. Still consistent (see
  /// heuristic_distance), so paths stay optimal. How much it prunes depends
  /// on the height change between start and goal: a quarter of the median
  /// query's expansions on the procedural benchmark, 5 % on one long query
  /// across the sample DEM (docs/benchmarks.md). With weight > 1 it can
  /// expand more, as it weights climbing too.
  bool climb_bound = true;
  /// The search ends (LimitReached, or Partial with allow_partial) when it
  /// would expand one tile more than this; 0 = no limit. [Units: tiles]
  std::uint32_t max_expansions = 0;
  /// The search ends (LimitReached or Partial) when it takes from the open
  /// set a tile whose g + h (h unweighted: a lower bound of every path
  /// through it) exceeds this. With weight 1 that proves no path costs
  /// max_cost or less. [Limits: >= 0, not NaN] [Units: the cost model's]
  double max_cost = std::numeric_limits<double>::infinity();
  /// When a limit ends the search, return a Partial path to the expanded tile
  /// of least h (Detour's lastBestNode) instead of LimitReached.
  bool allow_partial = false;
  /// When the goal is outside the grid, unwalkable or in another connected
  /// set than the start, plan to the tile nearest it (nearest_tile) in the
  /// start's set instead, and set PathResult::goal_adjusted: what a player
  /// expects from a click on a cliff.
  bool nearest_reachable_goal = false;
  /// Grid path or any-angle polyline.
  PathMode path_mode = PathMode::Grid;
};

/// How much one AStar::step may do before it returns; the first limit hit
/// ends the step.
struct StepBudget {
  /// [Limits: >= 1; 0 counts as 1] [Units: tiles expanded]
  std::uint32_t max_expansions = std::numeric_limits<std::uint32_t>::max();
  /// Wall-clock time (std::chrono::steady_clock), read every 32
  /// expansions, and more often near the deadline (sized by the time per
  /// expansion so far), so a step ends within about one expansion of it,
  /// plus whatever the machine adds (docs/benchmarks.md). [Units:
  /// microseconds]
  double max_microseconds = std::numeric_limits<double>::infinity();
};

struct PathResult {
  SearchStatus status = SearchStatus::InvalidStart;
  /// Tiles from start to goal inclusive (Found), or to the best tile reached
  /// (Partial); empty otherwise.
  std::vector<TileCoord> tiles;
  /// The path in nav metres: the tile centres (TerrainGraph::tile_centre)
  /// of `tiles` (PathMode::Grid), or the any-angle polyline, y on the surface
  /// (PathMode::AnyAngle; it starts and ends at the positions given to
  /// start_at, else at the tile centres).
  std::vector<Vec3> waypoints;
  /// Grid: the sum of edge costs along the path (g of the goal),
  /// accumulated in double. AnyAngle: the polyline's cost on the surface
  /// (SurfaceCost). Units of the cost model (metres for reference, seconds
  /// for tobler).
  double cost = 0.0;
  /// Tiles taken from the open set and expanded (the goal not counted).
  std::uint32_t expanded = 0;
  /// Distinct tiles put on the open set, the start included.
  std::uint32_t generated = 0;
  /// Open-set pushes + pops + decrease-keys ("heap operations").
  std::uint32_t heap_operations = 0;
  /// The goal was replaced by the nearest reachable tile
  /// (SearchOptions::nearest_reachable_goal); tiles.back() is that tile.
  bool goal_adjusted = false;
};

/// A tile's place in the last query of an AStar.
enum class NodeState : std::uint8_t { Unvisited, Open, Closed };

/// Octile distance between tiles, in metres of the reference model:
/// tile_metres * (max(|di|,|dj|) + (sqrt2 - 1) * min(|di|,|dj|)).
double octile_distance(TileCoord a, TileCoord b, double tile_metres) noexcept;

/// The heuristic value A* with weight 1 uses for the way from a to b on
/// `graph` under options.cost (valid for it), options.heuristic and
/// options.climb_bound (weight and greedy ignored): metric(di, dj) * scale
/// plus the climb bound, where scale
/// = min over the topology's moves m of min_step(m) / metric(m), and
/// min_step(m) = min_base_edge_cost(model, step_length(m), max_slope) *
/// min_multiplier(model). Each metric is a norm and every edge costs at
/// least min_step of its move, so h(u) <= cost(u, v) + h(v): consistent,
/// hence admissible (Pearl, "Heuristics", 1984, ch. 3).
/// One refinement: Octile on Octile8 is the cheapest 8-connected step path,
/// c1 * (a - b) + c2 * b with c1 = min(min_step(cardinal), min_step(diagonal))
/// and c2 = min(min_step(diagonal), 2 c1): consistent by the same argument,
/// equal to the scaled octile when diagonal steps cost sqrt2 cardinal ones,
/// and exact in double on flat ground (exact ties).
/// The climb bound, min_multiplier(model) * (up * max(H_b - H_a, 0) + down *
/// max(H_a - H_b, 0)) with (up, down) = min_climb_cost(model, longest step of
/// the topology), is consistent on its own: every edge costs at least its
/// move's min_step plus min_multiplier * (up * max(dh, 0) + down *
/// max(-dh, 0)), and the 1-D cost of a height change obeys the triangle
/// inequality. A sum of consistent parts each bounded by its own share of
/// the edge cost is consistent. Throws Error naming a tile outside the grid. O(tiles) for
/// the minimum multiplier, O(1) otherwise.
double heuristic_distance(const TerrainGraph& graph, const SearchOptions& options, TileCoord a,
                          TileCoord b);

/// Best-first search; the open set is a 4-ary winner tree (tournament tree,
/// Knuth, TAOCP vol. 3, 5.4.1): push, pop and decrease-key in O(log n).
/// The graph and sets are shared read-only; an AStar owns its search memory
/// (16 bytes per tile: g, open-set slot, generation and the direction to the
/// parent), allocated once and reset lazily by a generation counter, so one
/// object per thread answers any number of queries without clearing every
/// tile; the tree grows to the largest open set seen and is kept.
/// The open set orders f rounded down to a relative 2e-9, far below the 1e-6
/// relative tolerance on optimal costs. The error does not accumulate: when
/// the goal is taken, its rounded g is at most the rounded f of an open node
/// on an optimal path, which is at most the optimum, so the returned cost
/// exceeds the optimum by at most a relative 2e-9. Ties break towards larger g (deeper
/// nodes first), then in the tree's own order (the same for the same
/// queries). Closed tiles are never reopened (the heuristic is consistent).
///
/// A query is resumable, as Detour's sliced queries (initSlicedFindPath /
/// updateSlicedFindPath / finalizeSlicedFindPath): start() checks and sets
/// it up, step() runs it within a budget as often as needed, result()
/// writes it into a caller-owned PathResult. The search state lives in the
/// AStar between steps, so a sliced query returns exactly the cost, path and
/// counters of an unsliced one, and once the open set and the caller's
/// result have grown, a query allocates nothing. find_path() is the same in
/// one call.
class AStar {
 public:
  /// Keeps references: graph, sets and the heightmap the graph was built
  /// from (optional: without it, PathMode::AnyAngle is an InvalidOptions)
  /// must outlive the AStar. O(tiles).
  AStar(const TerrainGraph& graph, const ConnectedSets& sets, const Heightmap* surface = nullptr);

  /// Starts a query from start to goal under `options` (ending any query in
  /// progress) and returns its status: InProgress when there is a search to
  /// run; otherwise the query is already over: InvalidOptions (a weight < 1
  /// or not finite, a cost model invalid for the graph (validate()), a
  /// max_cost < 0 or NaN; error() names it), InvalidStart, InvalidGoal,
  /// Unreachable (different sets; nothing searched) or Found (start ==
  /// goal: cost 0 and one tile). Never throws. O(1), plus O(r^2) for a goal
  /// adjusted to the nearest reachable tile r tiles away.
  SearchStatus start(TileCoord start, TileCoord goal, const SearchOptions& options = {}) noexcept;
  /// start() with positions in nav metres (y ignored), each snapped to the
  /// tile containing it (TerrainGraph::tile_at); a position outside the
  /// tiled area is an InvalidStart / InvalidGoal, or with
  /// nearest_reachable_goal the goal is clamped into it first. An any-angle
  /// path starts and ends at the positions themselves (a goal moved to the
  /// nearest reachable tile ends at its centre), unless the straight way
  /// from one to its tile centre is infeasible: then at the centre.
  SearchStatus start_at(const Vec3& start_m, const Vec3& goal_m,
                        const SearchOptions& options = {}) noexcept;

  /// Runs the query until it ends or `budget` is spent, and returns its
  /// status (InProgress: step again). A query that is not in progress
  /// returns its status and does nothing. Never throws. O(budget); for
  /// PathMode::AnyAngle the step that finds the goal also smooths the path
  /// (smooth_path, a fraction of the search's time on long paths), which
  /// that step's budget does not bound.
  SearchStatus step(const StepBudget& budget = {}) noexcept;

  /// Ends the query in progress with status Cancelled (no-op otherwise).
  void cancel() noexcept;

  /// The status of the last query: what start() or step() last returned.
  SearchStatus status() const noexcept { return status_; }
  /// Why start() returned InvalidOptions; empty otherwise.
  const std::string& error() const noexcept { return error_; }

  /// Writes the last query's status, counters and (Found, Partial) path
  /// into `out`, reusing its vectors' capacity: no allocation once they have
  /// grown. O(path length).
  void result(PathResult& out) const;

  /// start(), step() to the end and result() in one call: optimal for
  /// weight 1, at most weight * optimal otherwise. Throws Error with
  /// error()'s message for InvalidOptions; never otherwise. O((V + E) log V)
  /// worst case.
  PathResult find_path(TileCoord start, TileCoord goal, const SearchOptions& options = {});

  /// Whether t was unvisited, open or closed in the last query (all
  /// Unvisited before the first query or for a query that searched
  /// nothing). For drawing the sets; O(1).
  NodeState state(TileId t) const noexcept;
  /// Number of queries started so far (start(), start_at(), find_path()):
  /// state() changes only when this does or the query in progress steps.
  /// O(1).
  std::uint64_t queries() const noexcept { return queries_; }

  /// Bytes held by the search memory (per-tile records and open-set capacity).
  std::size_t memory_bytes() const noexcept;

 private:
  struct Record {
    double g;
    std::uint32_t slot;  // in the open set; kClosed once expanded
    std::uint32_t tag;   // generation << 4 | direction from the parent
  };
  /// Open-set key: f truncated to 40 bits (relative error < 2e-9), then the
  /// complement of g truncated to 23 bits, compared as one integer.
  using OpenKey = std::uint64_t;

  /// What the search loop needs of a query's options, set by start().
  struct Query {
    const std::uint8_t* edges;  // the graph's edge masks, or its surface masks
    // Knight16: the knight masks, or their surface masks; else null.
    const std::uint8_t* knights;
    std::array<double, kKnightDirections> step_length;
    CostModel cost;
    double max_slope;
    // The scaled estimate (search.cpp ScaledEstimate): linear ca, cb, or a
    // scale for hex and Euclidean; times the weight.
    double estimate_a;
    double estimate_b;
    ClimbCost climb;  // times the weight
    double g_factor;  // 0 for greedy
    double weight;    // divides a weighted h back for the max_cost test
    double max_cost;
    std::uint32_t max_expansions;  // UINT32_MAX when unlimited
    bool track_best;               // partial results or a cost limit need h per expansion
    bool allow_partial;
  };
  /// Where the query in progress stands: emptying the open set the last
  /// query left, or searching.
  enum class Phase : std::uint8_t { Clearing, Searching };

  /// begin(), then finish_path() for a query found without a search.
  SearchStatus open(TileCoord start, TileCoord goal, const SearchOptions& options) noexcept;
  /// Checks options and tiles; InProgress when a search is to run.
  SearchStatus begin(TileCoord start, TileCoord goal, const SearchOptions& options) noexcept;
  /// Empties up to `keys` open-set keys of the last query; once none is
  /// left, sets up the empty tree and switches to Searching (the first
  /// expand() puts the start on it).
  void clear(std::size_t keys) noexcept;
  /// The search loop, compiled once per cost policy and estimate shape so
  /// the default query has no per-edge branch on its options. Runs until
  /// the query ends or `expansions` tiles have been expanded in all.
  template <class Cost, class Estimate>
  void expand(std::uint32_t expansions);
  /// Ends the query at a limit: Partial or LimitReached.
  void end_at_limit() noexcept;
  /// The tiles from start_ to `end` along the parent directions.
  void trace(std::uint32_t end, std::vector<TileCoord>& tiles) const;
  /// finish_any_angle() for PathMode::AnyAngle (nothing otherwise); out
  /// of memory ends the query with LimitReached.
  void finish_path() noexcept;
  /// For PathMode::AnyAngle, once Found, Partial or Unreachable after a
  /// search: the polyline and its cost on the surface (Unreachable: from the
  /// dense search, when it finds a path).
  void finish_any_angle();

  const TerrainGraph& graph_;
  const ConnectedSets& sets_;
  const Heightmap* surface_;
  std::vector<Record> records_;
  // 4-ary winner tree over n = 4^L slots: node i has children 4i .. 4i + 3,
  // slot s is leaf n + s, nodes [4^l, 2 * 4^l) are level l (2, 3, 8 .. 15,
  // ... unused). An inner node holds the least key below it and its slot.
  std::vector<OpenKey> tree_keys_;         // 2n; an empty slot's key exceeds all others
  std::vector<std::uint32_t> tree_slots_;  // n: the winning slot of inner nodes
  std::vector<std::uint32_t> slot_tiles_;  // n
  std::vector<std::uint32_t> free_slots_;  // n: a stack of slots to reuse
  std::uint32_t used_slots_ = 0;           // slots [0, used) may hold keys of earlier queries
  std::uint64_t queries_ = 0;
  std::uint32_t generation_ = 1;  // 0 marks records never touched

  // The query in progress (or last run).
  SearchStatus status_ = SearchStatus::InvalidStart;
  std::string error_;
  Query query_{};
  void (AStar::*expand_)(std::uint32_t) = nullptr;
  Phase phase_ = Phase::Clearing;
  std::uint32_t start_ = 0;
  std::uint32_t goal_ = 0;
  bool goal_adjusted_ = false;
  std::size_t clear_lo_ = 0;  // the tree level being emptied: nodes [lo, hi),
  std::size_t clear_hi_ = 0;  // done up to clear_at_
  std::size_t clear_at_ = 0;
  // The open set between steps (see expand).
  std::uint32_t levels_ = 0;
  std::uint32_t top_ = 0;
  std::uint32_t fresh_ = 0;
  std::uint32_t free_count_ = 0;
  std::uint32_t size_ = 0;
  // Counters and the best tile reached (least h) for partial paths.
  std::uint32_t expanded_ = 0;
  std::uint32_t generated_ = 0;
  std::uint32_t heap_operations_ = 0;
  std::uint32_t best_ = 0;
  double best_h_ = 0.0;
  // PathMode::AnyAngle: the positions given to start_at (when inside the
  // start and goal tiles) and the finished path.
  PathMode path_mode_ = PathMode::Grid;
  bool has_start_point_ = false;
  bool has_goal_point_ = false;
  Vec3 start_point_{};
  Vec3 goal_point_{};
  std::vector<TileCoord> any_tiles_;
  std::vector<Vec3> any_path_;
  double any_cost_ = 0.0;
};

}  // namespace terranav::nav
