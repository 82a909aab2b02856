#include "surface_edges.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace terranav::nav::detail {

SurfaceEdges::SurfaceEdges(const Heightmap& heightmap, const TerrainGraph& graph)
    : heightmap_(heightmap),
      graph_(graph),
      ruler_(heightmap, graph, CostModel{}),
      cardinal_rise_(graph.config().max_slope * heightmap.spacing()),
      diagonal_rise_(cardinal_rise_ * std::numbers::sqrt2),
      knight_rise_(cardinal_rise_ * std::sqrt(5.0)) {}

SurfaceEdges::KnightPieces SurfaceEdges::knight_pieces(int dx, int dz) {
  // The segment (1/2, 1/2) + s (dx, dz), s in [0, 1], cut where x, z or
  // x - z is an integer (docs/continuous-model.md); a piece's cell and
  // triangle from its midpoint.
  std::vector<double> cuts = {0.0, 1.0};
  const auto add_family = [&](double origin, int delta) {
    for (int k = -4; k <= 4; ++k) {
      const double s = (k - origin) / delta;
      if (s > 0.0 && s < 1.0) cuts.push_back(s);
    }
  };
  add_family(0.5, dx);
  add_family(0.5, dz);
  if (dx != dz) add_family(0.0, dx - dz);
  std::sort(cuts.begin(), cuts.end());
  KnightPieces out;
  for (std::size_t k = 0; k + 1 < cuts.size(); ++k) {
    const double s = 0.5 * (cuts[k] + cuts[k + 1]);
    const double x = 0.5 + s * dx;
    const double z = 0.5 + s * dz;
    const double cx = std::floor(x);
    const double cz = std::floor(z);
    out.piece[static_cast<std::size_t>(out.count++)] = {static_cast<int>(cx), static_cast<int>(cz),
                                                        x - cx >= z - cz};
  }
  return out;
}

bool SurfaceEdges::knight_feasible(int i, int j, int dir) const noexcept {
  const auto d = static_cast<std::size_t>(dir);
  for (const TileCoord p : knight_passes(dir)) {
    if (graph_.blocked(graph_.id({i + p.i, j + p.j}))) return false;
  }
  // The same for every tile and heightmap: built once.
  static const std::array<KnightPieces, 4> table = [] {
    std::array<KnightPieces, 4> out;
    for (std::size_t k = 0; k < out.size(); ++k) {
      out[k] = knight_pieces(kDirDx[kDirections + k], kDirDz[kDirections + k]);
    }
    return out;
  }();
  const KnightPieces& pieces = table[d - kDirections];
  for (int k = 0; k < pieces.count; ++k) {
    const KnightPiece& p = pieces.piece[static_cast<std::size_t>(k)];
    const int x = i + p.dx;
    const int z = j + p.dz;
    const double h00 = heightmap_.at(x, z);
    const double h11 = heightmap_.at(x + 1, z + 1);
    double gx;
    double gz;
    if (p.a) {
      const double h10 = heightmap_.at(x + 1, z);
      gx = h10 - h00;
      gz = h11 - h10;
    } else {
      const double h01 = heightmap_.at(x, z + 1);
      gx = h11 - h01;
      gz = h01 - h00;
    }
    if (!(std::abs(gx * kDirDx[d] + gz * kDirDz[d]) <= knight_rise_)) return false;
  }
  return true;
}

bool SurfaceEdges::feasible(int i, int j, int dir) const noexcept {
  if (graph_.config().tile_size == 1 && dir >= kDirections) return knight_feasible(i, j, dir);
  if (graph_.config().tile_size != 1) {
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
