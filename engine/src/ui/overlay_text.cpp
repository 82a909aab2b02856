#include "terranav/engine/ui/overlay_text.hpp"

#include <sstream>

#include "terranav/engine/ui/tile_diagnosis.hpp"

namespace terranav::engine {

std::vector<std::string> overlay_lines(const World& world, const std::string& timing,
                                       double time_scale) {
  std::vector<std::string> lines;
  const auto& click = world.last_click();
  lines.push_back(click ? click->message : "Right-click the terrain to send the unit there");
  const nav::Unit& unit = world.unit();
  std::ostringstream state;
  state.setf(std::ios::fixed);
  state.precision(1);
  state << "Unit at tile " << format_tile(unit.tile());
  if (unit.moving()) {
    state << ", walking at " << unit.speed() << " m/s";
  } else {
    state << ", standing";
  }
  lines.push_back(state.str());
  // The path being walked, unless the last click's message already says it.
  const bool click_found = click && click->status == ClickStatus::Found;
  if (const auto& path = world.path_summary(); path && !click_found) {
    std::ostringstream text;
    text.setf(std::ios::fixed);
    text.precision(1);
    text << "Path to " << format_tile(path->goal) << ": " << path->tiles << " tiles, cost "
         << path->cost << " m";
    lines.push_back(text.str());
  }
  std::ostringstream time;
  time << timing << ", time x" << time_scale;
  lines.push_back(time.str());
  lines.push_back(
      "Right-click: move   Left-drag: orbit   Middle-drag/WASD: pan   Wheel: zoom   "
      "F: follow unit   O: overlay   [ ]: time scale   Esc: quit");
  return lines;
}

}  // namespace terranav::engine
