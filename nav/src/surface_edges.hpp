// Which edges of a terrain graph are feasible on the surface
// (docs/continuous-model.md): the straight segment between the two tile
// centres has no piece steeper than max slope and no squeeze. For tiles of
// one cell in closed form from the samples of the cells crossed, else walked
// by SurfaceCost.
#pragma once

#include <array>

#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/surface_cost.hpp"
#include "terranav/nav/terrain_graph.hpp"

namespace terranav::nav::detail {

class SurfaceEdges {
 public:
  /// `graph` must have its tiling and blocked bits set. Keeps references.
  SurfaceEdges(const Heightmap& heightmap, const TerrainGraph& graph);
  /// The edge from tile (i, j) in direction `dir` (0..3: E, SE, S, SW, or a
  /// knight's move 8..11; both ends unblocked and on the graph). O(1) for
  /// tiles of one cell, else O(cells crossed).
  bool feasible(int i, int j, int dir) const noexcept;

 private:
  // A piece of a knight's move between the centres of one-cell tiles: the
  // cell it crosses, relative to the start's, and which triangle.
  struct KnightPiece {
    int dx = 0;
    int dz = 0;
    bool a = false;  // triangle A (x,z),(x+1,z),(x+1,z+1); else B
  };
  // Every piece of a knight's move has the move's slope within its triangle,
  // so only the cells and triangles matter: at most 6 (3 cut families).
  struct KnightPieces {
    std::array<KnightPiece, 6> piece{};
    int count = 0;
  };
  static KnightPieces knight_pieces(int dx, int dz);
  bool knight_feasible(int i, int j, int dir) const noexcept;

  const Heightmap& heightmap_;
  const TerrainGraph& graph_;
  SurfaceCost ruler_;
  double cardinal_rise_;  // max slope x spacing: the largest rise per cell
  double diagonal_rise_;  // ... per cell diagonal
  double knight_rise_;    // ... per knight's move in samples, |(dx, dz)| = sqrt5
};

}  // namespace terranav::nav::detail
