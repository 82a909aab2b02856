// The overlay's lines of text, built from the world state (pure, testable).
#pragma once

#include <string>
#include <vector>

#include "terranav/engine/scene/world.hpp"

namespace terranav::engine {

/// Lines shown top-left: last click result and why, the unit's tile, state
/// and speed, the current path's cost and tiles, `timing` (e.g. "60.0 fps")
/// with the time scale, and the controls' help.
std::vector<std::string> overlay_lines(const World& world, const std::string& timing,
                                       double time_scale);

}  // namespace terranav::engine
