// The engine's simulation step with many walking units on the default DEM,
// path searches excluded (they are answered before the timing starts), and
// the terrain LOD's per-frame selection.
//   build/release/bin/engine_bench --benchmark_repetitions=5
#include <benchmark/benchmark.h>

#include <cmath>
#include <optional>

#include "terranav/engine/render/lod_selection.hpp"
#include "terranav/engine/scene/fixed_step.hpp"
#include "terranav/engine/scene/world.hpp"
#include "terranav/terrain_io/terrain_source.hpp"

namespace {

using terranav::engine::World;

/// `units` on the default DEM, ordered 2 km east and every path answered:
/// all of them walk through the timed steps.
World& walking_world(int units) {
  static std::unique_ptr<World> world;
  static int made = 0;
  if (made != units) {
    terranav::nav::TerrainRequest request;
    request.map = std::string(TERRANAV_DATA_DIR) + "/lothian_borders_utm30n_90m_1025.png";
    terranav::engine::WorldConfig config;
    config.units = units;
    world = std::make_unique<World>(terranav::nav::load_terrain(request), config);
    const terranav::nav::Vec3 at = world->units()[0].unit.position();
    const terranav::nav::Ray down{{at.x + 2000.0, 1e5, at.z}, {0.0, -1.0, 0.0}};
    world->order(world->all_units(), down);
    while (world->pending_requests() > 0) world->serve_requests(1e6);
    made = units;
  }
  return *world;
}

void BM_SimulationStep(benchmark::State& state) {
  World& world = walking_world(static_cast<int>(state.range(0)));
  for (auto _ : state) world.step(terranav::engine::kFixedStep);
  int walking = 0;
  for (const auto& u : world.units()) walking += u.unit.moving() ? 1 : 0;
  state.counters["walking"] = walking;
}
BENCHMARK(BM_SimulationStep)->Arg(200)->Arg(1000)->Unit(benchmark::kMicrosecond)->Iterations(600);

// The default DEM (size 1025) or the app's `--procedural SIZE` terrain.
const terranav::nav::Heightmap& lod_heightmap(std::int64_t size) {
  static std::optional<terranav::nav::Heightmap> procedural;
  if (size == 1025) return walking_world(1).heightmap();
  if (!procedural) {
    terranav::nav::TerrainRequest request;
    request.procedural = terranav::nav::ProceduralConfig{.size = static_cast<int>(size)};
    procedural = terranav::nav::load_terrain(request).heightmap;
  }
  return *procedural;
}

/// One frame's CPU part of the terrain LOD (morph field and node selection,
/// default patch) from the default camera at 1280x720: on the default DEM
/// (arg 1025) or the app's `--procedural 4097` terrain (arg 4097).
void BM_LodSelect(benchmark::State& state) {
  const terranav::nav::Heightmap& heightmap = lod_heightmap(state.range(0));
  const terranav::engine::LodQuadtree quadtree(heightmap);
  const terranav::engine::Viewport viewport{1280, 720};
  const terranav::engine::OrbitCamera camera =
      terranav::engine::default_camera(heightmap, viewport);
  std::int64_t triangles = 0;
  for (auto _ : state) triangles = quadtree.select(camera, viewport).triangles;
  state.counters["triangles"] = static_cast<double>(triangles);
}
BENCHMARK(BM_LodSelect)->Arg(1025)->Arg(4097)->Unit(benchmark::kMicrosecond);

// Building the quadtree (at start), and updating it after a brush stroke of
// 32 x 32 samples in the middle (every level's nodes over it).
void BM_LodBuild(benchmark::State& state) {
  const terranav::nav::Heightmap& heightmap = lod_heightmap(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(terranav::engine::LodQuadtree(heightmap).levels());
}
BENCHMARK(BM_LodBuild)->Arg(1025)->Arg(4097)->Unit(benchmark::kMillisecond);

void BM_LodUpdate(benchmark::State& state) {
  const terranav::nav::Heightmap& heightmap = lod_heightmap(state.range(0));
  terranav::engine::LodQuadtree quadtree(heightmap);
  const int mid = heightmap.width() / 2;
  for (auto _ : state) quadtree.update(heightmap, {mid, mid, mid + 32, mid + 32});
}
BENCHMARK(BM_LodUpdate)->Arg(1025)->Arg(4097)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
