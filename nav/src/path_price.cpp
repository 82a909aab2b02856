#include "terranav/nav/path_price.hpp"

#include <cstdint>
#include <limits>

namespace terranav::nav {
namespace {

// The direction (0..15) whose step is (di, dj), or -1 for none.
int direction_of(std::int64_t di, std::int64_t dj) noexcept {
  for (int dir = 0; dir < kKnightDirections; ++dir) {
    const auto d = static_cast<std::size_t>(dir);
    if (kDirDx[d] == di && kDirDz[d] == dj) return dir;
  }
  return -1;
}

}  // namespace

double price_path(const TerrainGraph& graph, const CostModel& model,
                  std::span<const TileCoord> tiles) noexcept {
  constexpr double kNoEdge = std::numeric_limits<double>::infinity();
  double cost = 0.0;
  for (std::size_t k = 1; k < tiles.size(); ++k) {
    const TileCoord from = tiles[k - 1];
    if (!graph.contains(from)) return kNoEdge;
    // In 64 bits: the next tile may be any pair of int32s.
    const int dir =
        direction_of(std::int64_t{tiles[k].i} - from.i, std::int64_t{tiles[k].j} - from.j);
    if (dir < 0 || dir >= graph.directions()) return kNoEdge;
    // edge_cost is +infinity for a missing edge or one the model drops.
    cost += graph.edge_cost(graph.id(from), dir, model);
  }
  return cost;
}

}  // namespace terranav::nav
