#include "terranav/engine/scene/tile_diagnosis.hpp"

#include <cmath>
#include <sstream>

namespace terranav::engine {

std::string format_tile(nav::TileCoord tile) {
  std::ostringstream text;  // not string concatenation: GCC 12 -O3 warns falsely (-Wrestrict)
  text << '(' << tile.i << ", " << tile.j << ')';
  return text.str();
}

std::string unwalkable_reason(const nav::TerrainGraph& graph, nav::TileCoord tile) {
  const nav::TileId id = graph.id(tile);
  if (graph.blocked(id)) return "it is blocked";
  const double max_slope = graph.config().max_slope;
  int open_neighbours = 0;    // in range and not blocked
  int gentle_neighbours = 0;  // ... and within max_slope
  for (int dir = 0; dir < nav::kDirections; ++dir) {
    const nav::TileCoord n{tile.i + nav::kDirDx[static_cast<std::size_t>(dir)],
                           tile.j + nav::kDirDz[static_cast<std::size_t>(dir)]};
    if (!graph.contains(n) || graph.blocked(graph.id(n))) continue;
    ++open_neighbours;
    const double run = graph.tile_metres() * ((dir % 2 == 1) ? std::sqrt(2.0) : 1.0);
    const double slope = std::abs(graph.tile_height(graph.id(n)) - graph.tile_height(id)) / run;
    if (slope <= max_slope) ++gentle_neighbours;
  }
  std::ostringstream limit;
  limit << max_slope;
  if (open_neighbours == 0) return "all its neighbours are blocked";
  if (gentle_neighbours == 0) return "every slope to its neighbours exceeds " + limit.str();
  return "its only gentle slopes (<= " + limit.str() + ") cut blocked corners";
}

}  // namespace terranav::engine
