// fuzz_cost_surface: navcli path --from-surface's input, a cost surface
// GeoTIFF. The bytes reach GDAL through /vsimem/; band 1 is read as doubles
// (gdal::Raster::read_band1_f64) and traced back by trace_cost_surface on a
// fixed 8 x 8 tile procedural graph (the seeds' terrain: navcli
// cost-surface --procedural 9), to every goal. A raster of another size
// gives its first 64 values, padded with NaN, so every input reaches the
// trace. A refusal is nav::Error; anything else is a finding.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "gdal_input.hpp"
#include "gdal_raster.hpp"
#include "terranav/nav/cost_surface.hpp"
#include "terranav/terrain_io/procedural.hpp"

namespace {

namespace nav = terranav::nav;

constexpr std::size_t kTiles = 64;
// Rasters beyond this are refused by the harness before reading: the trace
// uses 64 values, and GDAL would allocate for every pixel.
constexpr std::size_t kMaxPixels = std::size_t{1} << 20;

// A found path starts at a tile of cost 0, ends at the goal, steps along
// edges, and reports the goal's value.
void check(const nav::TerrainGraph& graph, const std::vector<double>& cost,
           const nav::PathResult& r, nav::TileCoord goal) {
  if (r.status != nav::SearchStatus::Found) return;
  FUZZ_CHECK(!r.tiles.empty() && r.tiles.back() == goal);
  FUZZ_CHECK(cost[nav::index(graph.id(r.tiles.front()))] == 0.0);
  FUZZ_CHECK(r.cost == cost[nav::index(graph.id(goal))]);
  for (std::size_t k = 1; k < r.tiles.size(); ++k) {
    bool edge = false;
    for (int dir = 0; dir < graph.directions(); ++dir) {
      const nav::TileId from = graph.id(r.tiles[k - 1]);
      edge =
          edge || (graph.has_edge(from, dir) && graph.neighbour(from, dir) == graph.id(r.tiles[k]));
    }
    FUZZ_CHECK(edge);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const nav::Heightmap heightmap = [] {
    nav::ProceduralConfig config;
    config.size = 9;
    return nav::procedural_heightmap(config);
  }();
  static const nav::TerrainGraph graph(heightmap, {});
  const terranav::fuzz::VsimemTiff input(data, size);
  const std::string& path = input.path();
  try {
    const nav::gdal::Raster raster(path);
    const std::size_t pixels =
        static_cast<std::size_t>(raster.width()) * static_cast<std::size_t>(raster.depth());
    if (pixels <= kMaxPixels) {
      std::vector<double> cost = raster.read_band1_f64();
      cost.resize(kTiles, std::numeric_limits<double>::quiet_NaN());
      for (std::uint32_t t = 0; t < kTiles; ++t) {
        const nav::TileCoord goal = graph.coord(nav::TileId{t});
        try {
          check(graph, cost, nav::trace_cost_surface(graph, {}, cost, goal, path), goal);
        } catch (const nav::Error&) {
        }
      }
    }
  } catch (const nav::Error&) {
  }
  return 0;
}
