// Timings on the 1025 x 1025 Lothian/Borders DEM (90 m, 16-bit PNG): graph
// build, connected sets, one A* query across the map, ray picks from a
// camera-like position, and terrain edits updated in place against a full
// rebuild. Each benchmark runs 5 (edits: 3) repetitions and reports the
// mean, median and standard deviation. The connected-set benchmarks also run
// on the 1025^2 procedural terrain (bench_world.hpp), and time incremental
// updates after edits (median and 99th percentile per update).
#include <benchmark/benchmark.h>
#include <time.h>

#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <exception>
#include <filesystem>
#include <memory>
#include <numbers>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "bench_world.hpp"
#include "terranav/nav/connected_sets.hpp"
#include "terranav/nav/nav_terrain.hpp"
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

// Built once for the query benchmarks.
const nav::NavTerrain& world() {
  static const nav::NavTerrain terrain(
      dem().terrain->heightmap,
      {.graph = config(*dem().terrain), .blocked = dem().terrain->blocked});
  return terrain;
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
  state.counters["tiles"] = static_cast<double>(world().graph().tile_count());
}

// The map of a connected-set benchmark, range(0): 0 = the DEM, 1 = the
// 1025^2 procedural terrain (t = 1); the graph is the unedited one.
struct SetsMap {
  const nav::Heightmap* heightmap = nullptr;
  nav::GraphConfig config;
  std::span<const std::uint8_t> blocked;
  const nav::TerrainGraph* graph = nullptr;
};

std::optional<SetsMap> sets_map(benchmark::State& state) {
  if (state.range(0) == 0) {
    if (skip_without_dem(state)) return std::nullopt;
    const nav::Terrain& t = *dem().terrain;
    return SetsMap{&t.heightmap, config(t), t.blocked, &world().graph()};
  }
  const terranav::bench::BenchWorld& w = terranav::bench::procedural_world(1025, 1);
  return SetsMap{&w.heightmap, w.config, {}, &w.graph};
}

void BM_ConnectedSets(benchmark::State& state) {
  const std::optional<SetsMap> map = sets_map(state);
  if (!map) return;
  for (auto _ : state) {
    nav::ConnectedSets sets(*map->graph);
    benchmark::DoNotOptimize(sets.set_count());
  }
  const nav::ConnectedSets sets(*map->graph);
  state.counters["sets"] = static_cast<double>(sets.set_count());
  state.counters["B_per_tile"] =
      static_cast<double>(sets.memory_bytes()) / static_cast<double>(map->graph->tile_count());
}

// What ConnectedSets was before it became incremental, kept as the baseline
// for its build time: one flood fill over the whole graph with an explicit
// stack, one 32-bit id per tile and one size per set.
void BM_ConnectedSetsFloodBaseline(benchmark::State& state) {
  const std::optional<SetsMap> map = sets_map(state);
  if (!map) return;
  const nav::TerrainGraph& graph = *map->graph;
  const auto tw = static_cast<std::int64_t>(graph.tiles_wide());
  std::array<std::int64_t, nav::kDirections> offset{};
  for (std::size_t d = 0; d < offset.size(); ++d) {
    offset[d] = nav::kDirDz[d] * tw + nav::kDirDx[d];
  }
  const auto n = static_cast<std::uint32_t>(graph.tile_count());
  constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  std::size_t bytes = 0;
  for (auto _ : state) {
    std::vector<std::uint32_t> ids(n, kNone);
    std::vector<std::uint32_t> sizes;
    std::vector<std::uint32_t> stack;
    for (std::uint32_t seed = 0; seed < n; ++seed) {
      if (ids[seed] != kNone || graph.blocked(nav::TileId{seed})) continue;
      const auto set = static_cast<std::uint32_t>(sizes.size());
      std::uint32_t size = 1;
      ids[seed] = set;
      stack.push_back(seed);
      while (!stack.empty()) {
        const std::uint32_t t = stack.back();
        stack.pop_back();
        for (unsigned mask = graph.edge_mask(nav::TileId{t}); mask != 0; mask &= mask - 1) {
          const auto d = static_cast<std::size_t>(std::countr_zero(mask));
          const auto u = static_cast<std::uint32_t>(t + offset[d]);
          if (ids[u] != kNone) continue;
          ids[u] = set;
          ++size;
          stack.push_back(u);
        }
      }
      sizes.push_back(size);
    }
    benchmark::DoNotOptimize(sizes.data());
    bytes = ids.capacity() * sizeof(std::uint32_t) + sizes.capacity() * sizeof(std::uint32_t);
  }
  state.counters["B_per_tile"] =
      static_cast<double>(bytes) / static_cast<double>(graph.tile_count());
}

// Nearest-rank percentile p (0 < p <= 1) of v.
double percentile(std::vector<double> v, double p) {
  const auto rank = static_cast<std::size_t>(std::ceil(p * static_cast<double>(v.size())));
  const auto k = static_cast<std::ptrdiff_t>(std::max<std::size_t>(rank, 1) - 1);
  std::nth_element(v.begin(), v.begin() + k, v.end());
  return v[static_cast<std::size_t>(k)];
}

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// ConnectedSets::update after an edit of a range(1) x range(1) tile
// rectangle (35: what a radius-16 edit touches; 131: radius 64): a disc of
// that radius blocked, or, every other rectangle, raised into a plateau
// (20 sample spacings high, so its rim is too steep), at random places.
//
// Graph A is the map, graph B the map with edits at many rectangles at once,
// so far apart (>= 64 tiles) that no update reads a tile (its blocks and
// their ring) of another rectangle: the sets always describe the map with
// some of the edits applied, exactly. Each layout applies every edit
// (update(B, rect)) and then reverts it (update(A, rect)), in random order;
// about 1000 updates in all, each timed alone (wall and thread CPU time).
// The benchmark's time is the median wall time; counters give the 99th
// percentiles. The sets must equal a rebuild after every layout.
void BM_ConnectedSetsUpdate(benchmark::State& state) {
  const std::optional<SetsMap> map = sets_map(state);
  if (!map) return;
  const nav::TerrainGraph& a = *map->graph;
  const int size = static_cast<int>(state.range(1));
  const int radius = (size - 3) / 2;
  const int tw = a.tiles_wide();
  const int td = a.tiles_deep();
  const int cell = size + 64 + 32;  // 32 tiles of jitter
  const int across = tw / cell;
  const int down = td / cell;
  if (across * down < 2 || map->config.tile_size != 1) {
    state.SkipWithError("map too small, or tile size not 1");
    return;
  }
  const int layouts = (1000 + 2 * across * down - 1) / (2 * across * down);
  const nav::Heightmap& hm = *map->heightmap;
  const int samples_wide = hm.width();
  const float raise = static_cast<float>(20.0 * hm.spacing());
  std::vector<std::uint8_t> base_blocked(map->blocked.begin(), map->blocked.end());
  if (base_blocked.empty()) base_blocked.assign(a.tile_count(), 0);

  std::mt19937 rng(7);
  std::vector<double> wall;
  std::vector<double> cpu;
  const auto timed_update = [&](nav::ConnectedSets& sets, const nav::TerrainGraph& g,
                                nav::TileRect r) {
    const double cpu0 = thread_cpu_seconds();
    const auto t0 = std::chrono::steady_clock::now();
    sets.update(g, r);
    const auto t1 = std::chrono::steady_clock::now();
    cpu.push_back(thread_cpu_seconds() - cpu0);
    wall.push_back(std::chrono::duration<double>(t1 - t0).count());
  };

  for (auto _ : state) {
    nav::ConnectedSets sets(a);
    for (int layout = 0; layout < layouts; ++layout) {
      std::vector<nav::TileRect> rects;
      std::vector<float> heights(hm.heights().begin(), hm.heights().end());
      std::vector<std::uint8_t> blocked = base_blocked;
      std::uniform_int_distribution<int> jitter(0, cell - size - 64);
      for (int cj = 0; cj < down; ++cj) {
        for (int ci = 0; ci < across; ++ci) {
          const int i0 = ci * cell + jitter(rng);
          const int j0 = cj * cell + jitter(rng);
          const int c = radius + 1;  // centre tile, relative to (i0, j0)
          rects.push_back({i0, j0, i0 + size, j0 + size});
          if (rects.size() % 2 == 1) {
            for (int j = -radius; j <= radius; ++j) {
              for (int i = -radius; i <= radius; ++i) {
                if (i * i + j * j > radius * radius) continue;
                blocked[static_cast<std::size_t>((j0 + c + j) * tw + i0 + c + i)] = 1;
              }
            }
          } else {
            // Samples within radius - 0.5 of the centre tile's centre: the
            // tiles using them, and their neighbours, stay in the rectangle.
            const double rho = radius - 0.5;
            for (int z = j0 + c - radius; z <= j0 + c + radius + 1; ++z) {
              for (int x = i0 + c - radius; x <= i0 + c + radius + 1; ++x) {
                const double dx = x - (i0 + c + 0.5);
                const double dz = z - (j0 + c + 0.5);
                if (dx * dx + dz * dz > rho * rho) continue;
                heights[static_cast<std::size_t>(z) * static_cast<std::size_t>(samples_wide) +
                        static_cast<std::size_t>(x)] += raise;
              }
            }
          }
        }
      }
      const nav::TerrainGraph b(nav::Heightmap(hm.width(), hm.depth(), hm.spacing(), heights),
                                map->config, blocked);
      // Every tile that differs lies in a rectangle, and every rectangle has one.
      std::vector<int> differing(rects.size(), 0);
      for (std::uint32_t t = 0; t < a.tile_count(); ++t) {
        const nav::TileId id{t};
        if (a.edge_mask(id) == b.edge_mask(id) && a.blocked(id) == b.blocked(id)) continue;
        const auto inside = std::find_if(rects.begin(), rects.end(),
                                         [&](nav::TileRect r) { return r.contains(a.coord(id)); });
        if (inside == rects.end()) {
          state.SkipWithError("an edit changed a tile outside its rectangle");
          return;
        }
        ++differing[static_cast<std::size_t>(inside - rects.begin())];
      }
      if (std::count(differing.begin(), differing.end(), 0) != 0) {
        state.SkipWithError("an edit changed nothing");
        return;
      }
      std::shuffle(rects.begin(), rects.end(), rng);
      for (const nav::TileRect r : rects) timed_update(sets, b, r);
      std::shuffle(rects.begin(), rects.end(), rng);
      for (const nav::TileRect r : rects) timed_update(sets, a, r);
      const nav::ConnectedSets rebuilt(a);
      if (sets.set_count() != rebuilt.set_count() ||
          sets.set_size(sets.largest()) != rebuilt.set_size(rebuilt.largest())) {
        state.SkipWithError("the updated sets differ from a rebuild");
        return;
      }
    }
    state.SetIterationTime(percentile(wall, 0.5));
  }
  state.counters["p50_us"] = 1e6 * percentile(wall, 0.5);
  state.counters["p99_us"] = 1e6 * percentile(wall, 0.99);
  state.counters["max_us"] = 1e6 * percentile(wall, 1.0);
  state.counters["cpu_p50_us"] = 1e6 * percentile(cpu, 0.5);
  state.counters["cpu_p99_us"] = 1e6 * percentile(cpu, 0.99);
  state.counters["updates"] = static_cast<double>(wall.size());
}

// The first and last tiles (in index order) of the largest set: a query
// corner to corner across the map.
void BM_AStarAcrossMap(benchmark::State& state) {
  if (skip_without_dem(state)) return;
  const nav::TerrainGraph& graph = world().graph();
  const nav::ConnectedSets& sets = world().sets();
  const nav::SetId largest = sets.largest();
  std::optional<nav::TileId> first;
  nav::TileId last{0};
  for (std::uint32_t k = 0; k < graph.tile_count(); ++k) {
    if (sets.set_of(nav::TileId{k}) != largest) continue;
    if (!first) first = nav::TileId{k};
    last = nav::TileId{k};
  }
  if (!first) {
    state.SkipWithError("every tile is blocked");
    return;
  }
  nav::AStar search(graph, sets);
  nav::PathResult result;
  for (auto _ : state) {
    result = search.find_path(graph.coord(*first), graph.coord(last));
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

// The whole NavTerrain from scratch (graph, connected sets, quadtree): what
// an edit would cost without updating in place.
void BM_NavTerrainBuild(benchmark::State& state) {
  if (skip_without_dem(state)) return;
  const nav::Terrain& t = *dem().terrain;
  for (auto _ : state) {
    const nav::NavTerrain terrain(t.heightmap, {.graph = config(t), .blocked = t.blocked});
    benchmark::DoNotOptimize(terrain.revision());
  }
}

// A raise stamp of radius R samples and 20 m at a random place, then the
// same lowered again, alternately: each iteration is one NavTerrain edit
// (heights, graph, connected sets, quadtree) on a copy of the DEM.
void BM_NavTerrainStamp(benchmark::State& state) {
  if (skip_without_dem(state)) return;
  const nav::Terrain& t = *dem().terrain;
  nav::NavTerrain terrain(t.heightmap, {.graph = config(t), .blocked = t.blocked});
  const double radius = static_cast<double>(state.range(0)) * t.heightmap.spacing();
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> x(radius, t.heightmap.extent_x() - radius);
  std::uniform_real_distribution<double> z(radius, t.heightmap.extent_z() - radius);
  std::vector<nav::Stamp> places(1024);
  for (nav::Stamp& p : places) p = {nav::StampKind::Raise, x(rng), z(rng), radius, 20.0};
  std::size_t edits = 0;
  std::size_t dirty_tiles = 0;
  for (auto _ : state) {
    nav::Stamp stamp = places[(edits / 2) % places.size()];
    if (edits % 2 == 1) stamp.kind = nav::StampKind::Lower;
    const nav::TileRect dirty = terrain.stamp(stamp).dirty;
    dirty_tiles += static_cast<std::size_t>(dirty.i1 - dirty.i0) *
                   static_cast<std::size_t>(dirty.j1 - dirty.j0);
    ++edits;
  }
  state.counters["dirty_tiles"] = static_cast<double>(dirty_tiles) / static_cast<double>(edits);
}

BENCHMARK(BM_GraphBuild)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_ConnectedSets)
    ->ArgName("map")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_ConnectedSetsFloodBaseline)
    ->ArgName("map")
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_ConnectedSetsUpdate)
    ->ArgNames({"map", "rect"})
    ->ArgsProduct({{0, 1}, {35, 131}})
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_AStarAcrossMap)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_NavTerrainBuild)
    ->Unit(benchmark::kMillisecond)
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_NavTerrainStamp)
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
