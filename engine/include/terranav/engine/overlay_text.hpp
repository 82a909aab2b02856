// The overlay's lines of text, built from the world state (pure, testable).
#pragma once

#include <string>
#include <vector>

#include "terranav/engine/world.hpp"

namespace terranav::engine {

/// Lines shown top-left: last click result and why, the unit's tile and
/// state, the current path's cost and tiles, `timing` (e.g. "60.0 fps"), and
/// the camera help.
std::vector<std::string> overlay_lines(const World& world, const std::string& timing);

}  // namespace terranav::engine
