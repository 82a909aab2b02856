#include <chrono>
#include <string>

#include "app/resource_paths.hpp"
#include "app/run.hpp"
#include "terranav/engine/ui/settings.hpp"

namespace terranav::app {

LoadedWorld load_world(const Options& options) {
  using Clock = std::chrono::steady_clock;
  nav::TerrainRequest request = options.terrain;
  LoadedWorld loaded;
  if (const auto& procedural = request.procedural) {
    loaded.map = "procedural " + std::to_string(procedural->size) + " seed " +
                 std::to_string(procedural->seed);
  } else {
    if (request.map.empty()) request.map = data_dir() / kDefaultMapName;
    loaded.map = request.map.string();
  }
  const auto t0 = Clock::now();
  nav::Terrain terrain = nav::load_terrain(request);
  const auto t1 = Clock::now();
  loaded.world = std::make_unique<engine::World>(
      std::move(terrain),
      engine::WorldConfig{
          .max_slope = options.max_slope,
          .slope_weight = options.slope_weight,
          .start = options.start,
          .speed_mps = options.speed_mps,
          .path_mode = options.grid_paths ? nav::PathMode::Grid : nav::PathMode::AnyAngle,
          .units = options.units});
  engine::Settings settings = engine::current_settings(*loaded.world, 1.0);
  const engine::Settings built = settings;
  settings.cost_model = options.cost_model;
  settings.uphill_weight = options.uphill_weight;
  settings.downhill_weight = options.downhill_weight;
  settings.heuristic = options.heuristic;
  settings.weight = options.weight;
  engine::apply_settings(*loaded.world, built, settings);
  const auto t2 = Clock::now();
  loaded.load_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  loaded.graph_ms = std::chrono::duration<double, std::milli>(t2 - t1).count();
  return loaded;
}

}  // namespace terranav::app
