// The nav core alone (terranav::nav, nothing else linked): a plain array of
// heights in, a path out. No GL, no files: the engine side owns the heights
// and hands them over.
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "terranav/nav/connected_sets.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/terrain_graph.hpp"

int main() {
  using namespace terranav::nav;
  // 65 x 65 samples, 10 m apart: a ridge along z with a pass in the middle.
  const int n = 65;
  std::vector<float> heights(n * n);
  for (int z = 0; z < n; ++z) {
    for (int x = 0; x < n; ++x) {
      const double ridge = 120.0 * std::exp(-((x - 32) * (x - 32)) / 20.0);
      const double pass = 1.0 - 0.8 * std::exp(-((z - 32) * (z - 32)) / 30.0);
      heights[z * n + x] = static_cast<float>(ridge * pass);
    }
  }
  try {
    const Heightmap heightmap(n, n, 10.0, std::move(heights));
    const TerrainGraph graph(heightmap, GraphConfig{});  // the reference model
    const ConnectedSets sets(graph);
    AStar astar(graph, sets);
    const PathResult path = astar.find_path({2, 5}, {60, 5});
    std::printf("%s: cost %.1f m-equivalent over %zu tiles, %u nodes expanded\n",
                std::string(to_string(path.status)).c_str(), path.cost, path.tiles.size(),
                path.expanded);
    for (const Vec3& p : path.waypoints) {
      if (std::abs(p.x - 320.0) < 6.0) std::printf("crosses the ridge at z = %.0f m\n", p.z);
    }
    return path.status == SearchStatus::Found ? 0 : 1;
  } catch (const Error& e) {
    std::fprintf(stderr, "height_array: %s\n", e.what());
    return 1;
  }
}
