// Compiled, not linked: our headers reach a C++17 consumer through
// terranav::nav's compile features (C++20).
#include <string>

#include "terranav/nav/search.hpp"
#include "terranav/terrain_io/terrain_source.hpp"

static_assert(__cplusplus >= 202002L, "terranav::nav should raise the standard to C++20");

std::string first_path(const std::string& map) {
  using namespace terranav::nav;
  const Terrain terrain = load_terrain({.map = map});
  const TerrainGraph graph(terrain.heightmap, GraphConfig{.tile_size = terrain.tile_size},
                           terrain.blocked);
  const ConnectedSets sets(graph);
  AStar astar(graph, sets);
  return std::string(to_string(astar.find_path({4, 32}, {47, 19}).status));
}
