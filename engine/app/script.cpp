#include "app/script.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "terranav/engine/ui/messages.hpp"
#include "terranav/engine/ui/minimap.hpp"

namespace terranav::app {

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

namespace {

/// Applies the stroke where its pixel picks the terrain; the log line.
std::string brush_at(engine::World& world, const engine::OrbitCamera& camera,
                     engine::Viewport viewport, const ScriptedBrush& stroke) {
  std::ostringstream line;
  line << "brush " << engine::to_string(stroke.brush.mode) << " (" << stroke.pixel.x << ", "
       << stroke.pixel.y << "), radius " << stroke.brush.radius_m << " m: ";
  const auto hit = world.pick(engine::unproject(camera, viewport, stroke.pixel));
  if (!hit) {
    line << "misses the terrain, nothing changed";
    return line.str();
  }
  const engine::BrushResult r =
      engine::apply_brush(world, stroke.brush, hit->point.x, hit->point.z);
  line << "at (" << hit->point.x << ", " << hit->point.z << ") m, ";
  if (r.edit.dirty.empty()) {
    line << "no tile changed";
  } else {
    line << "tiles " << r.edit.dirty.i0 << ".." << r.edit.dirty.i1 - 1 << " x " << r.edit.dirty.j0
         << ".." << r.edit.dirty.j1 - 1 << " changed";
  }
  return line.str();
}

}  // namespace

SimulationResult simulate(engine::World& world, engine::ClickController& controller,
                          const engine::OrbitCamera& camera, engine::Viewport viewport,
                          const Script& script) {
  if (script.select_all) controller.select_all(world);
  if (script.left_click) controller.left_click(world, camera, viewport, *script.left_click);
  if (script.box)
    controller.box_select(world, camera, viewport, (*script.box)[0], (*script.box)[1]);
  const auto primary = [&]() -> const nav::Unit& {
    const auto& selection = controller.selection();
    return world.unit(selection.empty() ? engine::UnitId{0} : selection.front()).unit;
  };
  SimulationResult result;
  engine::FixedStepLoop loop;
  std::size_t next_click = 0;
  const std::size_t click_count = script.clicks.size();
  std::size_t seen = world.events().size();
  // Answers, and units an edit set off blocked ground, in the order they happened.
  const auto log_events = [&] {
    for (const engine::PathEvent& event :
         world.events().subspan(std::min(seen, world.events().size()))) {
      result.log.push_back(engine::describe(event));
    }
    seen = world.events().size();
  };
  while (result.frames < script.frames) {
    for (const ScriptedBlock& block : script.blocks) {
      if (block.frame != result.frames) continue;
      world.edit([&](nav::NavTerrain& terrain) { return terrain.set_blocked(block.tiles, true); });
    }
    log_events();
    for (const ScriptedBrush& stroke : script.brushes) {
      if (stroke.frame == result.frames) {
        result.log.push_back(brush_at(world, camera, viewport, stroke));
        log_events();
      }
    }
    if (next_click < click_count && !world.busy()) {
      const auto [pixel, on_minimap] = script.clicks[next_click++];
      const std::optional<engine::ClickReport> click =
          on_minimap ? engine::minimap_right_click(controller, world, viewport, pixel)
                     : controller.right_click(world, camera, viewport, pixel);
      std::ostringstream line;
      line << (on_minimap ? "minimap click (" : "click (") << pixel.x << ", " << pixel.y << "): ";
      if (click) {
        result.clicks.push_back(*click);
        result.click_messages.push_back(engine::describe(*click, world));
        line << result.click_messages.back();
      } else {
        line << "off the minimap, nothing ordered";
      }
      result.log.push_back(line.str());
    }
    loop.frame(world, engine::kFixedStep, script.time_scale);
    log_events();
    ++result.frames;
    const bool clicked = next_click == click_count;
    if ((script.until_arrived || script.until_walked) && clicked && !world.busy()) break;
    if (script.until_walked && clicked && world.pending_requests() == 0 &&
        walked_share(primary()) >= *script.until_walked) {
      break;
    }
  }
  return result;
}

}  // namespace terranav::app
