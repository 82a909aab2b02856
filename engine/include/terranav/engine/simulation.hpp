// The scripted, fixed-step game loop of the headless mode, without drawing:
// clicks in order, each once the unit has stopped after the previous one.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "terranav/engine/camera.hpp"
#include "terranav/engine/click_report.hpp"
#include "terranav/engine/world.hpp"

namespace terranav::engine {

/// Fixed step of the headless mode, seconds.
inline constexpr double kFixedStep = 1.0 / 60.0;

struct Script {
  /// Right-clicks at window pixels, in order.
  std::vector<glm::dvec2> clicks;
  /// Frames to run. [Limits: >= 1]
  int frames = 1;
  /// Stop early once every click is done and the unit has stopped.
  bool until_arrived = false;
};

struct SimulationResult {
  /// One report per click made (clicks not reached within `frames` are absent).
  std::vector<ClickReport> clicks;
  /// Frames actually run.
  int frames = 0;
};

/// Runs the script: each frame first makes the next click if the unit is
/// standing, then advances the world by kFixedStep. O(frames + searches).
SimulationResult simulate(World& world, const OrbitCamera& camera, Viewport viewport,
                          const Script& script);

}  // namespace terranav::engine
