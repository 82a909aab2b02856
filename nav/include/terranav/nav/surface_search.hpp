// Dense-neighbourhood search on the continuous model
// (docs/continuous-model.md, "Reference optimum"): A* over tile centres with
// a move to every tile (i + a, j + b), max(|a|, |b|) <= R, gcd(|a|, |b|) = 1,
// each move priced and checked by SurfaceCost. R = 4 (48 directions) is the
// reference the any-angle planner is measured against; R = 1 (the 8
// neighbours, priced on the surface) is the planner's fallback when a grid
// path crosses pieces steeper than max slope.
#pragma once

#include <cstdint>
#include <vector>

#include "terranav/nav/search.hpp"
#include "terranav/nav/surface_cost.hpp"

namespace terranav::nav {

/// Largest neighbourhood radius accepted (R = 8: 176 directions).
inline constexpr int kMaxDenseRadius = 8;

/// The moves (a, b) of radius R: max(|a|, |b|) <= R, gcd(|a|, |b|) = 1,
/// ordered by angle: 8 for R = 1, 16 for R = 2 (the knight's moves added),
/// 32 for R = 3, 48 for R = 4. Throws Error for R outside 1..kMaxDenseRadius.
std::vector<TileCoord> dense_moves(int radius);

/// A path of the dense search.
struct SurfacePath {
  /// Found, Unreachable (no feasible path on the surface), InvalidStart,
  /// InvalidGoal (outside the tiles or blocked).
  SearchStatus status = SearchStatus::InvalidStart;
  std::vector<TileCoord> tiles;
  /// Tile centres of `tiles`, y on the surface. Nav metres.
  std::vector<Vec3> points;
  /// The polyline's cost on the surface (the model's units).
  double cost = 0.0;
  /// Tiles expanded.
  std::uint32_t expanded = 0;
};

/// Optimal paths over the dense neighbourhood of radius R, on the surface
/// of a heightmap and its graph's tiles. Owns its search memory (16 bytes
/// per tile, allocated on the first query, reset lazily): one object per
/// thread. Keeps references: heightmap and graph must outlive it.
class SurfaceSearch {
 public:
  SurfaceSearch(const Heightmap& heightmap, const TerrainGraph& graph);

  /// The cheapest path from the centre of `start` to the centre of `goal`
  /// whose every segment is a move of radius `radius`, feasible on the
  /// surface (SurfaceCost). A* with h = min_multiplier * (c * euclidean +
  /// up * max(H_goal - H, 0) + down * max(H - H_goal, 0)), H the surface
  /// height at the centres, c = min_base_edge_cost per metre and (up, down)
  /// = min_climb_cost: every piece costs at least its share, so h is
  /// consistent and the path optimal over these moves (Hart, Nilsson &
  /// Raphael 1968). `dijkstra` drops h (for checking it). Blocked tiles
  /// are no nodes; edges of the graph are not consulted. Throws Error for a
  /// radius outside 1..kMaxDenseRadius or a model SurfaceCost refuses.
  /// O(V R^2 log V) moves, each O(R) cells.
  SurfacePath find_path(TileCoord start, TileCoord goal, const CostModel& model, int radius,
                        bool dijkstra = false);

  /// Bytes held by the search memory.
  std::size_t memory_bytes() const noexcept;

 private:
  const Heightmap& heightmap_;
  const TerrainGraph& graph_;
  std::vector<double> g_;
  std::vector<std::uint32_t> parent_;
  std::vector<std::uint32_t> seen_;  // generation << 1 | closed
  std::uint32_t generation_ = 0;
};

}  // namespace terranav::nav
