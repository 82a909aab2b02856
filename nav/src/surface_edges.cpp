#include "surface_edges.hpp"

#include <cmath>
#include <numbers>

namespace terranav::nav::detail {

SurfaceEdges::SurfaceEdges(const Heightmap& heightmap, const TerrainGraph& graph)
    : heightmap_(heightmap),
      graph_(graph),
      ruler_(heightmap, graph, CostModel{}),
      cardinal_rise_(graph.config().max_slope * heightmap.spacing()),
      diagonal_rise_(cardinal_rise_ * std::numbers::sqrt2) {}

bool SurfaceEdges::feasible(int i, int j, int dir) const noexcept {
  if (graph_.config().tile_size != 1 || dir >= kDirections) {
    const Tiling& tiling = graph_.tiling();
    const auto d = static_cast<std::size_t>(dir);
    return ruler_.feasible(
        {tiling.centre_metres(i), 0.0, tiling.centre_metres(j)},
        {tiling.centre_metres(i + kDirDx[d]), 0.0, tiling.centre_metres(j + kDirDz[d])});
  }
  // Tile (i, j) is cell (i, j); its centre lies on the cell's diagonal. The
  // segment to a neighbour's centre is two pieces, one in each cell, whose
  // rise follows from the samples of the triangle it crosses
  // (heightmap.hpp: A = (x,z),(x+1,z),(x+1,z+1); B = (x,z),(x+1,z+1),(x,z+1)).
  const auto h = [this](int x, int z) { return static_cast<double>(heightmap_.at(x, z)); };
  const auto blocked = [this](int ti, int tj) {
    return graph_.contains({ti, tj}) && graph_.blocked(graph_.id({ti, tj}));
  };
  switch (dir) {
    case 0:  // E: along z = j + 1/2, through A of cell (i, j) and B of cell (i + 1, j)
      return std::abs(h(i + 1, j) - h(i, j)) <= cardinal_rise_ &&
             std::abs(h(i + 2, j + 1) - h(i + 1, j + 1)) <= cardinal_rise_;
    case 2:  // S: through B of cell (i, j) and A of cell (i, j + 1)
      return std::abs(h(i, j + 1) - h(i, j)) <= cardinal_rise_ &&
             std::abs(h(i + 1, j + 2) - h(i + 1, j + 1)) <= cardinal_rise_;
    case 1:  // SE: on the diagonals of cells (i, j) and (i + 1, j + 1), past corner (i + 1, j + 1)
      return std::abs(h(i + 1, j + 1) - h(i, j)) <= diagonal_rise_ &&
             std::abs(h(i + 2, j + 2) - h(i + 1, j + 1)) <= diagonal_rise_ &&
             !(blocked(i + 1, j) && blocked(i, j + 1));
    case 3:  // SW: B of cell (i, j), A of cell (i - 1, j + 1), past corner (i, j + 1)
      return std::abs(2.0 * h(i, j + 1) - h(i + 1, j + 1) - h(i, j)) <= diagonal_rise_ &&
             std::abs(h(i, j + 2) + h(i - 1, j + 1) - 2.0 * h(i, j + 1)) <= diagonal_rise_ &&
             !(blocked(i - 1, j) && blocked(i, j + 1));
    default:
      return false;
  }
}

}  // namespace terranav::nav::detail
