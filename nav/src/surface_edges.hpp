// Which edges of a terrain graph are feasible on the surface
// (docs/continuous-model.md): the straight segment between the two tile
// centres has no piece steeper than max slope and no squeeze. For the
// octile edges of tiles of one cell in closed form from four samples, else
// walked by SurfaceCost.
#pragma once

#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/surface_cost.hpp"
#include "terranav/nav/terrain_graph.hpp"

namespace terranav::nav::detail {

class SurfaceEdges {
 public:
  /// `graph` must have its tiling and blocked bits set. Keeps references.
  SurfaceEdges(const Heightmap& heightmap, const TerrainGraph& graph);
  /// The edge from tile (i, j) in direction `dir` (0..3: E, SE, S, SW, or a
  /// knight's move 8..15; both ends unblocked and on the graph). O(1) for
  /// the octile edges of tiles of one cell, else O(cells crossed).
  bool feasible(int i, int j, int dir) const noexcept;

 private:
  const Heightmap& heightmap_;
  const TerrainGraph& graph_;
  SurfaceCost ruler_;
  double cardinal_rise_;  // max slope x spacing: the largest rise per cell
  double diagonal_rise_;  // ... per cell diagonal
};

}  // namespace terranav::nav::detail
