// The scripted, fixed-step game loop of the headless mode, without drawing:
// clicks in order, each once the unit has stopped after the previous one,
// and buildings placed at given frames.
#pragma once

#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "terranav/engine/scene/click_report.hpp"
#include "terranav/engine/scene/world.hpp"
#include "terranav/engine/view/camera.hpp"

namespace terranav::engine {

/// Fixed step of the headless mode, seconds.
inline constexpr double kFixedStep = 1.0 / 60.0;

/// A building: its footprint of tiles blocked at the start of a frame.
struct ScriptedBlock {
  int frame = 0;
  nav::TileRect tiles;
};

struct Script {
  /// Right-clicks at window pixels, in order.
  std::vector<glm::dvec2> clicks{};
  /// Frames to run. [Limits: >= 1]
  int frames = 1;
  /// Simulated seconds per frame second: each frame advances the world
  /// kFixedStep * time_scale. [Limits: kTimeScaleLimit, time_scale.hpp]
  double time_scale = 1.0;
  /// Stop early once every click is done and the unit has stopped.
  bool until_arrived = false;
  /// Stop early once every click is done and the unit has walked this share
  /// of its path (walked_share), e.g. 0.5 for a picture of it half way.
  /// [Limits: [0, 1]]
  std::optional<double> until_walked{};
  /// Footprints blocked through World::edit (the unit replans if its path
  /// crosses one), each at its frame.
  std::vector<ScriptedBlock> blocks{};
};

struct SimulationResult {
  /// One report per click made (clicks not reached within `frames` are absent).
  std::vector<ClickReport> clicks;
  /// Frames actually run.
  int frames = 0;
};

/// Share of its current path's length the unit has walked, in [0, 1]: 1
/// with no path left (arrived, or none given). O(waypoints).
double walked_share(const nav::Unit& unit);

/// Runs the script: each frame first places that frame's buildings, then
/// makes the next click if the unit is standing, then advances the world by
/// kFixedStep * script.time_scale. O(frames + simulated time / the unit's
/// substep + searches + edits).
SimulationResult simulate(World& world, const OrbitCamera& camera, Viewport viewport,
                          const Script& script);

}  // namespace terranav::engine
