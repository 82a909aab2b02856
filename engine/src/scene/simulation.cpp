#include "terranav/engine/scene/simulation.hpp"

#include <algorithm>

#include <cmath>

namespace terranav::engine {

double walked_share(const nav::Unit& unit) {
  const std::span<const nav::Vec3> path = unit.path();
  const auto length = [](const nav::Vec3& a, const nav::Vec3& b) {
    return std::hypot(b.x - a.x, b.z - a.z);
  };
  double total = 0.0;
  double left = 0.0;
  for (std::size_t k = 1; k < path.size(); ++k) {
    total += length(path[k - 1], path[k]);
    if (k > unit.next_waypoint()) left += length(path[k - 1], path[k]);
  }
  if (unit.next_waypoint() >= path.size() || total == 0.0) return 1.0;
  left += length(unit.position(), path[unit.next_waypoint()]);
  return std::clamp(1.0 - left / total, 0.0, 1.0);
}

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
    const bool clicked = next_click == script.clicks.size();
    if (script.until_arrived && clicked && !world.unit().moving()) break;
    if (script.until_walked && clicked && walked_share(world.unit()) >= *script.until_walked) break;
  }
  return result;
}

}  // namespace terranav::engine
