// The click the app makes by itself when it runs headless without a script,
// so the picture shows a path.
#pragma once

#include <optional>

#include <glm/glm.hpp>

#include "terranav/engine/scene/world.hpp"
#include "terranav/engine/view/camera.hpp"

namespace terranav::app {

/// Time scale of the demo run: its walk, often tens of kilometres at the
/// unit's 5 m/s, then takes a few thousand frames.
inline constexpr double kDemoTimeScale = 64.0;

/// The window pixel where the centre of a far walkable tile of the unit's
/// connected set appears (unit 0's): among tiles away from the map border
/// (10%) whose centre projects inside the central part of the view (clear
/// of the text at the top and the minimap at the bottom right), the one
/// farthest from the unit whose pixel picks back to that same tile. None if there is none.
/// O(tiles + a few picks).
std::optional<glm::dvec2> demo_click(const engine::World& world, const engine::OrbitCamera& camera,
                                     engine::Viewport viewport);

}  // namespace terranav::app
