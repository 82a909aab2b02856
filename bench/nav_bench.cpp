// Timings on the 1025 x 1025 Lothian/Borders DEM (90 m, 16-bit PNG): graph
// build, connected sets, one A* query across the map, and ray picks from a
// camera-like position. Each benchmark runs 5 repetitions and reports the
// mean, median and standard deviation.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <exception>
#include <filesystem>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "terranav/nav/connected_sets.hpp"
#include "terranav/nav/picking.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/terrain_graph.hpp"
#include "terranav/terrain_io/terrain_source.hpp"

namespace {

namespace nav = terranav::nav;

// The DEM, loaded once; `error` says why it is missing.
struct Dem {
  std::optional<nav::Terrain> terrain;
  std::string error;
};

const Dem& dem() {
  static const Dem loaded = [] {
    Dem d;
    const std::filesystem::path path =
        std::filesystem::path(TERRANAV_DATA_DIR) / "lothian_borders_utm30n_90m_1025.png";
    if (!std::filesystem::exists(path)) {
      d.error = "DEM not found: " + path.string();
      return d;
    }
    try {
      nav::TerrainRequest request;
      request.map = path;
      request.spacing_m = 90.0;
      request.height_scale_m = 6553.5;
      d.terrain = nav::load_terrain(request);
    } catch (const std::exception& e) {
      d.error = e.what();
    }
    return d;
  }();
  return loaded;
}

nav::GraphConfig config(const nav::Terrain& t) {
  nav::GraphConfig c;
  c.tile_size = t.tile_size;
  return c;
}

// Graph and sets built once for the query benchmarks.
struct World {
  nav::TerrainGraph graph;
  nav::ConnectedSets sets;
  explicit World(const nav::Terrain& t) : graph(t.heightmap, config(t), t.blocked), sets(graph) {}
};

const World& world() {
  static const World w(*dem().terrain);
  return w;
}

bool skip_without_dem(benchmark::State& state) {
  if (dem().terrain) return false;
  state.SkipWithError(dem().error.c_str());
  return true;
}

void BM_GraphBuild(benchmark::State& state) {
  if (skip_without_dem(state)) return;
  const nav::Terrain& t = *dem().terrain;
  for (auto _ : state) {
    nav::TerrainGraph graph(t.heightmap, config(t), t.blocked);
    benchmark::DoNotOptimize(graph.edge_mask(nav::TileId{0}));
  }
  state.counters["tiles"] = static_cast<double>(world().graph.tile_count());
}

void BM_ConnectedSets(benchmark::State& state) {
  if (skip_without_dem(state)) return;
  const nav::TerrainGraph& graph = world().graph;
  for (auto _ : state) {
    nav::ConnectedSets sets(graph);
    benchmark::DoNotOptimize(sets.set_count());
  }
  state.counters["sets"] = static_cast<double>(world().sets.set_count());
}

// The first and last tiles (in index order) of the largest set: a query
// corner to corner across the map.
void BM_AStarAcrossMap(benchmark::State& state) {
  if (skip_without_dem(state)) return;
  const World& w = world();
  const nav::SetId largest = w.sets.largest();
  std::optional<nav::TileId> first;
  nav::TileId last{0};
  for (std::uint32_t k = 0; k < w.graph.tile_count(); ++k) {
    if (w.sets.set_of(nav::TileId{k}) != largest) continue;
    if (!first) first = nav::TileId{k};
    last = nav::TileId{k};
  }
  if (!first) {
    state.SkipWithError("every tile is blocked");
    return;
  }
  nav::AStar search(w.graph, w.sets);
  nav::PathResult result;
  for (auto _ : state) {
    result = search.find_path(w.graph.coord(*first), w.graph.coord(last));
    benchmark::DoNotOptimize(result.cost);
  }
  if (result.status != nav::SearchStatus::Found) {
    state.SkipWithError("query across the largest set was not found");
    return;
  }
  state.counters["expanded"] = result.expanded;
  state.counters["path_tiles"] = static_cast<double>(result.tiles.size());
  state.counters["cost_m"] = result.cost;
}

// Rays from a camera 3 km above the map's south-west edge towards random
// surface points (a right-click anywhere on screen).
void BM_Pick(benchmark::State& state) {
  if (skip_without_dem(state)) return;
  const nav::Heightmap& hm = dem().terrain->heightmap;
  const nav::TerrainQuadtree tree(hm, dem().terrain->tile_size, static_cast<int>(state.range(0)));
  const nav::Vec3 camera{0.5 * hm.extent_x(), hm.max_height() + 3000.0, -0.2 * hm.extent_z()};
  std::mt19937 rng(42);
  std::uniform_real_distribution<double> fx(0.0, hm.extent_x());
  std::uniform_real_distribution<double> fz(0.0, hm.extent_z());
  std::vector<nav::Ray> rays(4096);
  for (nav::Ray& r : rays) {
    const double x = fx(rng);
    const double z = fz(rng);
    r = {camera, {x - camera.x, hm.surface_height(x, z) - camera.y, z - camera.z}};
  }
  std::size_t k = 0;
  std::int64_t hits = 0;
  for (auto _ : state) {
    const std::optional<nav::PickHit> hit = tree.pick(rays[k]);
    hits += hit ? 1 : 0;
    benchmark::DoNotOptimize(hit);
    k = (k + 1) % rays.size();
  }
  state.counters["hit_fraction"] =
      static_cast<double>(hits) / static_cast<double>(state.iterations());
  state.counters["nodes"] = static_cast<double>(tree.node_count());
}

BENCHMARK(BM_GraphBuild)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_ConnectedSets)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_AStarAcrossMap)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_Pick)
    ->Arg(8)
    ->ArgName("leaf_cells")
    ->Unit(benchmark::kMicrosecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

}  // namespace

BENCHMARK_MAIN();
