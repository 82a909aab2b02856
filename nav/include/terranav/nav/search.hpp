// A*, weighted A* and greedy best-first search over the terrain graph (Hart,
// Nilsson & Raphael, "A Formal Basis for the Heuristic Determination of
// Minimum Cost Paths", IEEE TSSC 4(2), 1968; weighted: Pohl, "Heuristic
// search viewed as path finding in a graph", Artificial Intelligence 1, 1970).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "terranav/nav/connected_sets.hpp"
#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/terrain_graph.hpp"

namespace terranav::nav {

enum class SearchStatus {
  Found,  ///< path holds a path (optimal for A* with weight 1)
  /// No path: start and goal are in different connected sets (nothing
  /// searched, expanded == 0), or the cost model drops every way between them
  /// (the search ran out of open tiles).
  Unreachable,
  InvalidStart,  ///< start outside the grid, blocked, or without edges (and != goal)
  InvalidGoal,   ///< goal outside the grid, blocked, or without edges (and != start)
};

/// "found", "unreachable", "invalid_start", "invalid_goal".
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
};

/// "zero", "manhattan", "chebyshev", "octile", "euclidean", "hex".
std::string_view to_string(Heuristic heuristic) noexcept;
/// Inverse of to_string; throws Error naming the text and the valid names.
Heuristic parse_heuristic(std::string_view text);

/// What one query optimises and how.
struct SearchOptions {
  Heuristic heuristic = Heuristic::Octile;
  /// w in f = g + w h (weighted A*: cost <= w * optimal).
  /// [Limits: >= 1, finite] [Units: none]
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
};

struct PathResult {
  SearchStatus status = SearchStatus::InvalidStart;
  /// Tiles from start to goal inclusive; empty unless Found.
  std::vector<TileCoord> tiles;
  /// Tile centres (TerrainGraph::tile_centre) of `tiles`, nav metres.
  std::vector<Vec3> waypoints;
  /// Sum of edge costs along the path (g of the goal), accumulated in
  /// double; units of the cost model (metres for reference, seconds for
  /// tobler).
  double cost = 0.0;
  /// Tiles taken from the open set and expanded (the goal not counted).
  std::uint32_t expanded = 0;
  /// Distinct tiles put on the open set, the start included.
  std::uint32_t generated = 0;
  /// Open-set pushes + pops + decrease-keys ("heap operations").
  std::uint32_t heap_operations = 0;
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
class AStar {
 public:
  /// Keeps references: graph and sets must outlive the AStar. O(tiles).
  AStar(const TerrainGraph& graph, const ConnectedSets& sets);

  /// A path from start to goal under `options`; optimal for weight 1, at
  /// most weight * optimal otherwise. start == goal (in range, unblocked) is
  /// Found with cost 0 and one tile. Different sets: Unreachable with
  /// expanded == 0. Throws Error for a weight < 1 or not finite (naming the
  /// value) or a cost model invalid for the graph (validate()); queries never
  /// throw otherwise. O((V + E) log V) worst case, plus O(tiles) when the
  /// model has tile multipliers (validation and their minimum).
  PathResult find_path(TileCoord start, TileCoord goal, const SearchOptions& options = {});

  /// Whether t was unvisited, open or closed when the last find_path
  /// returned (all Unvisited before the first query or after a query that
  /// searched nothing). For drawing the sets; O(1).
  NodeState state(TileId t) const noexcept;

  /// Bytes held by the search memory (per-tile records and open-set capacity).
  std::size_t memory_bytes() const noexcept;

 private:
  struct Record {
    double g;
    std::uint32_t slot;  // in the open set; kClosed once expanded
    std::uint32_t tag;   // generation << 3 | direction from the parent
  };
  /// Open-set key: f truncated to 40 bits (relative error < 2e-9), then the
  /// complement of g truncated to 23 bits, compared as one integer.
  using OpenKey = std::uint64_t;

  /// The search loop, compiled once per cost policy and estimate shape so
  /// the default query has no per-edge branch on its options; `climb_cost` holds
  /// the climb bound's coefficients (0 when off). Returns whether the goal
  /// was reached; fills the counters of `result`.
  template <class Cost, class Estimate>
  bool run(const Cost& cost, const Estimate& estimate, ClimbCost climb_cost, double g_factor,
           std::uint32_t start, std::uint32_t goal, PathResult& result);

  const TerrainGraph& graph_;
  const ConnectedSets& sets_;
  std::vector<Record> records_;
  // 4-ary winner tree over n = 4^L slots: node i has children 4i .. 4i + 3,
  // slot s is leaf n + s, nodes [4^l, 2 * 4^l) are level l (2, 3, 8 .. 15,
  // ... unused). An inner node holds the least key below it and its slot.
  std::vector<OpenKey> tree_keys_;         // 2n; an empty slot's key exceeds all others
  std::vector<std::uint32_t> tree_slots_;  // n: the winning slot of inner nodes
  std::vector<std::uint32_t> slot_tiles_;  // n
  std::vector<std::uint32_t> free_slots_;  // n: a stack of slots to reuse
  std::uint32_t used_slots_ = 0;           // slots [0, used) were touched last query
  std::uint32_t generation_ = 1;           // 0 marks records never touched
};

}  // namespace terranav::nav
