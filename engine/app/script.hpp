// The headless mode's scripted player: selection first (all units, a
// left-click or a box), then right-clicks on the terrain or the minimap in
// order, each once the world is
// idle after the previous one, and buildings placed at given frames; the
// world runs in the fixed-step loop the window uses, one 60 Hz frame at a
// time, without drawing.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "terranav/engine/scene/brush.hpp"
#include "terranav/engine/scene/fixed_step.hpp"
#include "terranav/engine/scene/world.hpp"
#include "terranav/engine/view/camera.hpp"
#include "terranav/engine/view/click_controller.hpp"

namespace terranav::app {

/// A building: its footprint of tiles blocked at the start of a frame.
struct ScriptedBlock {
  int frame = 0;
  nav::TileRect tiles;
};

/// A brush stroke: one application of `brush` where the pixel picks the
/// terrain, at the start of a frame (before that frame's click).
struct ScriptedBrush {
  int frame = 0;
  engine::Brush brush{};
  glm::dvec2 pixel{};
};

/// A right-click at a window pixel: on the terrain, or on the minimap
/// (engine::minimap_right_click).
struct ScriptedClick {
  glm::dvec2 pixel{};
  bool on_minimap = false;
};

struct Script {
  /// Selection before the first right-click, in this order: every unit, the
  /// unit under a pixel, the units inside a box (pixel corners). With none
  /// of them every unit stays selected (the controller's start).
  bool select_all = false;
  std::optional<glm::dvec2> left_click{};
  std::optional<std::array<glm::dvec2, 2>> box{};
  /// Right-clicks, in order, each once the world is idle after the one
  /// before; a minimap click off the map is logged and skipped.
  std::vector<ScriptedClick> clicks{};
  /// Frames to run. [Limits: >= 1]
  int frames = 1;
  /// Simulated seconds per frame second: each frame is 1/60 s of real time
  /// in the fixed-step loop. [Limits: kTimeScaleLimit, time_scale.hpp]
  double time_scale = 1.0;
  /// Stop early once every click is done and the world is idle.
  bool until_arrived = false;
  /// Stop early once every click is done and the primary selected unit has
  /// walked this share of its path (walked_share), e.g. 0.5 for a picture of
  /// it half way. [Limits: [0, 1]]
  std::optional<double> until_walked{};
  /// Footprints blocked through World::edit (units replan if their path
  /// crosses one), each at its frame.
  std::vector<ScriptedBlock> blocks{};
  /// Brush strokes through engine::apply_brush, each at its frame after
  /// that frame's buildings; a pixel that misses the terrain is logged and
  /// skipped.
  std::vector<ScriptedBrush> brushes{};
};

struct SimulationResult {
  /// One report per click made (clicks not reached within `frames` are absent).
  std::vector<engine::ClickReport> clicks;
  /// describe() of each click, when it was made.
  std::vector<std::string> click_messages;
  /// "click (PX, PY): " and those sentences, and every path answer's and
  /// every PathEvent's of a unit an edit set off unwalkable ground, in the
  /// order they happened.
  std::vector<std::string> log;
  /// Frames actually run.
  int frames = 0;
};

/// Share of its current path's length the unit has walked, in [0, 1]: 1
/// with no path left (arrived, or none given). O(waypoints).
double walked_share(const nav::Unit& unit);

/// Runs the script with `controller` (its selection is the script's after
/// the run). Each frame: that frame's buildings and brush strokes, the next click if the
/// world is idle, then FixedStepLoop::frame for 1/60 s at script.time_scale.
/// O(frames x (searches' budget + steps x units)).
SimulationResult simulate(engine::World& world, engine::ClickController& controller,
                          const engine::OrbitCamera& camera, engine::Viewport viewport,
                          const Script& script);

}  // namespace terranav::app
