// Timings on the 1025 x 1025 Lothian/Borders DEM (90 m, 16-bit PNG): graph
// build, connected sets, one A* query across the map, ray picks from a
// camera-like position, and terrain edits updated in place against a full
// rebuild. Each benchmark runs 5 (edits: 3) repetitions and reports the
// mean, median and standard deviation.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <memory>
#include <numbers>
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

// Graph and quadtree from scratch: what an edit would cost without update().
void BM_GraphAndQuadtreeBuild(benchmark::State& state) {
  if (skip_without_dem(state)) return;
  const nav::Terrain& t = *dem().terrain;
  for (auto _ : state) {
    nav::TerrainGraph graph(t.heightmap, config(t), t.blocked);
    nav::TerrainQuadtree tree(t.heightmap, t.tile_size);
    benchmark::DoNotOptimize(graph.edge_mask(nav::TileId{0}));
    benchmark::DoNotOptimize(tree.node_count());
  }
}

// A cosine bump of radius R samples and 20 m ((2R+1)^2 samples) raised at a
// random place, then lowered again, alternately: each iteration is one edit,
// new heights + Heightmap::set_heights + TerrainGraph::update (of the tiles
// reading the samples) + TerrainQuadtree::update, on a copy of the DEM.
void BM_EditUpdate(benchmark::State& state) {
  if (skip_without_dem(state)) return;
  const nav::Terrain& t = *dem().terrain;
  nav::Heightmap hm = t.heightmap;
  nav::TerrainGraph graph(hm, config(t), t.blocked);
  nav::TerrainQuadtree tree(hm, t.tile_size);
  const auto radius = static_cast<int>(state.range(0));
  const int side = 2 * radius + 1;
  std::vector<float> bump;
  for (int z = -radius; z <= radius; ++z) {
    for (int x = -radius; x <= radius; ++x) {
      const double r = std::min(1.0, std::hypot(x, z) / radius);
      bump.push_back(static_cast<float>(10.0 * (1.0 + std::cos(std::numbers::pi * r))));
    }
  }
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> fx(0, hm.width() - side);
  std::uniform_int_distribution<int> fz(0, hm.depth() - side);
  std::vector<nav::SampleRect> places(1024);
  for (nav::SampleRect& p : places) {
    p.x0 = fx(rng);
    p.z0 = fz(rng);
    p.x1 = p.x0 + side;
    p.z1 = p.z0 + side;
  }
  std::vector<float> heights(bump.size());
  std::size_t edits = 0;
  std::size_t changed_tiles = 0;
  for (auto _ : state) {
    const nav::SampleRect rect = places[(edits / 2) % places.size()];
    const float sign = edits % 2 == 0 ? 1.0f : -1.0f;
    for (std::size_t k = 0; k < heights.size(); ++k) {
      const int x = rect.x0 + static_cast<int>(k) % side;
      const int z = rect.z0 + static_cast<int>(k) / side;
      heights[k] = hm.at(x, z) + sign * bump[k];
    }
    hm.set_heights(rect, heights);
    const nav::TileRect changed = graph.update(hm, t.blocked, graph.tiling().tiles_reading(rect));
    tree.update(rect);
    changed_tiles += static_cast<std::size_t>(changed.i1 - changed.i0) *
                     static_cast<std::size_t>(changed.j1 - changed.j0);
    ++edits;
  }
  state.counters["samples"] = static_cast<double>(bump.size());
  state.counters["changed_tiles"] = static_cast<double>(changed_tiles) / static_cast<double>(edits);
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
BENCHMARK(BM_GraphAndQuadtreeBuild)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_EditUpdate)
    ->Arg(16)
    ->Arg(64)
    ->ArgName("radius")
    ->Unit(benchmark::kMicrosecond)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_Pick)
    ->Arg(8)
    ->ArgName("leaf_cells")
    ->Unit(benchmark::kMicrosecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

}  // namespace

BENCHMARK_MAIN();
