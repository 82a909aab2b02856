// Search overlay: the last query's closed and open sets.
#include "terranav/nav/debug_draw.hpp"

namespace terranav::nav {

std::vector<LegendEntry> draw_search_sets(DebugDraw& draw, const TerrainGraph& graph,
                                          const AStar& search) {
  std::vector<Rgba> field(graph.tile_count(), Rgba{});
  std::size_t closed = 0;
  std::size_t open = 0;
  for (std::uint32_t k = 0; k < graph.tile_count(); ++k) {
    switch (search.state(TileId{k})) {
      case NodeState::Closed:
        field[k] = kClosedColour;
        ++closed;
        break;
      case NodeState::Open:
        field[k] = kOpenColour;
        ++open;
        break;
      case NodeState::Unvisited:
        break;
    }
  }
  draw.tile_field(graph.tiles_wide(), graph.tiles_deep(), field);
  return {{kClosedColour, "closed (expanded): " + std::to_string(closed) + " tiles"},
          {kOpenColour, "open (frontier): " + std::to_string(open) + " tiles"}};
}

}  // namespace terranav::nav
