// The overlay's lines of text, built from the world state (pure, testable).
#pragma once

#include <string>
#include <vector>

#include "terranav/engine/scene/world.hpp"

namespace terranav::engine {

/// Lines shown top-left: `last_message` (the last order's or answer's
/// sentence; a hint when empty), the selection and its primary unit's tile,
/// state and speed, `timing` (e.g. "60.0 fps") with the time scale,
/// `brush` (BrushController::status(); no line when empty), and the
/// controls' help.
std::vector<std::string> overlay_lines(const World& world, const std::vector<UnitId>& selection,
                                       const std::string& last_message, const std::string& timing,
                                       double time_scale, const std::string& brush = {});

}  // namespace terranav::engine
