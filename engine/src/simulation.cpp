#include "terranav/engine/simulation.hpp"

namespace terranav::engine {

SimulationResult simulate(World& world, const OrbitCamera& camera, Viewport viewport,
                          const Script& script) {
  SimulationResult result;
  std::size_t next_click = 0;
  while (result.frames < script.frames) {
    for (const ScriptedBlock& block : script.blocks) {
      if (block.frame != result.frames) continue;
      world.edit([&](nav::NavTerrain& terrain) { return terrain.set_blocked(block.tiles, true); });
    }
    if (next_click < script.clicks.size() && !world.unit().moving()) {
      result.clicks.push_back(world.right_click(script.clicks[next_click++], camera, viewport));
    }
    world.update(kFixedStep * script.time_scale);
    ++result.frames;
    if (script.until_arrived && next_click == script.clicks.size() && !world.unit().moving()) {
      break;
    }
  }
  return result;
}

}  // namespace terranav::engine
