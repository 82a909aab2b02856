// A* over the terrain graph (Hart, Nilsson & Raphael, "A Formal Basis for the
// Heuristic Determination of Minimum Cost Paths", IEEE TSSC 4(2), 1968).
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "terranav/nav/connected_sets.hpp"
#include "terranav/nav/terrain_graph.hpp"

namespace terranav::nav {

enum class SearchStatus {
  Found,         ///< path holds an optimal path
  Unreachable,   ///< start and goal are in different connected sets; nothing searched
  InvalidStart,  ///< start outside the grid, blocked, or without edges (and != goal)
  InvalidGoal,   ///< goal outside the grid, blocked, or without edges (and != start)
};

/// "found", "unreachable", "invalid_start", "invalid_goal".
std::string_view to_string(SearchStatus status) noexcept;

struct PathResult {
  SearchStatus status = SearchStatus::InvalidStart;
  /// Tiles from start to goal inclusive; empty unless Found.
  std::vector<TileCoord> tiles;
  /// Tile centres (TerrainGraph::tile_centre) of `tiles`, nav metres.
  std::vector<Vec3> waypoints;
  /// Sum of edge costs along the path (g of the goal), accumulated in double.
  double cost = 0.0;
  /// Nodes taken from the open set and expanded.
  std::uint32_t expanded = 0;
};

/// Octile distance between tiles, in metres of the reference model:
/// tile_metres * (max(|di|,|dj|) + (sqrt2 - 1) * min(|di|,|dj|)).
/// Admissible and consistent for costs >= horizontal distance.
double octile_distance(TileCoord a, TileCoord b, double tile_metres) noexcept;

/// A* with the octile heuristic and an indexed binary heap (decrease-key in
/// O(log n)). The graph and sets are shared read-only; an AStar owns its search
/// memory (g, parent, heap position, generation per tile), allocated once and
/// reset lazily by a generation counter, so one object per thread answers
/// any number of queries without clearing every tile.
/// Ties on f break towards larger g (deeper nodes first).
class AStar {
 public:
  /// Keeps references: graph and sets must outlive the AStar.
  AStar(const TerrainGraph& graph, const ConnectedSets& sets);

  /// Optimal path from start to goal. start == goal (in range, unblocked)
  /// is Found with cost 0 and one tile. Different sets: Unreachable with
  /// expanded == 0. O((V + E) log V) worst case.
  PathResult find_path(TileCoord start, TileCoord goal);

 private:
  const TerrainGraph& graph_;
  const ConnectedSets& sets_;
  std::vector<double> g_;
  std::vector<std::uint32_t> parent_;
  std::vector<std::uint32_t> heap_pos_;
  std::vector<std::uint32_t> generation_;
  std::vector<std::uint32_t> heap_;
  std::vector<double> heap_keys_;  // (f, g) of each heap slot: compares read no tile data
  std::uint32_t current_generation_ = 0;
};

}  // namespace terranav::nav
