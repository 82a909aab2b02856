#include "terranav/engine/ui/overlay_text.hpp"

#include <sstream>

#include "terranav/engine/scene/tile_diagnosis.hpp"

namespace terranav::engine {

std::vector<std::string> overlay_lines(const World& world, const std::vector<UnitId>& selection,
                                       const std::string& last_message, const std::string& timing,
                                       double time_scale, const std::string& brush) {
  std::vector<std::string> lines;
  lines.push_back(last_message.empty()
                      ? "Left-click or drag a box to select units, right-click to move them"
                      : last_message);
  std::ostringstream state;
  state.setf(std::ios::fixed);
  state.precision(1);
  state << selection.size() << " of " << world.units().size() << " units selected";
  if (!selection.empty()) {
    const SceneUnit& primary = world.unit(selection.front());
    state << "; unit " << static_cast<std::uint32_t>(primary.id) << " at tile "
          << format_tile(primary.unit.tile());
    if (primary.ticket) {
      state << ", waiting for its path";
    } else if (primary.unit.moving()) {
      state << ", walking at " << primary.unit.speed() << " m/s";
    } else {
      state << ", standing";
    }
  }
  lines.push_back(state.str());
  std::ostringstream time;
  time << timing << ", time x" << time_scale;
  lines.push_back(time.str());
  if (!brush.empty()) lines.push_back(brush);
  // Short lines: the legend panel takes the top-right corner.
  lines.push_back(
      "Left: select  Left-drag: box  Right: move  Middle-drag: orbit  WASD: pan  Wheel: zoom");
  lines.push_back("F: follow  O: overlay  P: paths  M: minimap  [ ]: time scale  Esc: quit");
  lines.push_back(
      "Brush: 1 raise  2 lower  3 flatten  4 block  0 off  - =: size  Left-drag: paint");
  return lines;
}

}  // namespace terranav::engine
