#include "terranav/engine/render/walkability.hpp"

#include <bit>
#include <cmath>

namespace terranav::engine {

std::vector<std::uint8_t> walkability_texels(const nav::TerrainGraph& graph) {
  std::vector<std::uint8_t> texels(graph.tile_count(), 0);
  for (std::uint32_t k = 0; k < graph.tile_count(); ++k) {
    const nav::TileId id{k};
    if (!graph.walkable(id)) continue;
    const nav::TileCoord c = graph.coord(id);
    int in_range = 0;
    for (int dir = 0; dir < nav::kDirections; ++dir) {
      in_range += graph.contains({c.i + nav::kDirDx[static_cast<std::size_t>(dir)],
                                  c.j + nav::kDirDz[static_cast<std::size_t>(dir)]});
    }
    const int edges = std::popcount(graph.edge_mask(id));
    texels[k] = static_cast<std::uint8_t>(std::lround(255.0 * edges / in_range));
  }
  return texels;
}

}  // namespace terranav::engine
