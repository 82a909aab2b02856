// Camera controls as pure state updates: middle-drag orbits, WASD pans, the
// wheel zooms towards the ground under the cursor. The left and right
// buttons are game input (selection, orders), not handled here.
#pragma once

#include <array>
#include <optional>

#include <glm/glm.hpp>

#include "terranav/engine/platform/event.hpp"
#include "terranav/engine/view/camera.hpp"

namespace terranav::engine {

struct ControlSettings {
  /// Orbit speed for middle-drag. [Units: radians per pixel]
  double orbit_rate = 0.005;
  /// Distance factor per wheel step towards the target. [Limits: (0, 1)]
  double zoom_step = 0.85;
  /// WASD pan speed as a fraction of the camera distance. [Units: 1/s]
  double pan_rate = 0.6;
  /// Zoom limits. [Units: display metres]
  double min_distance = 10.0;
  double max_distance = 1.0e7;
};

class CameraControls {
 public:
  explicit CameraControls(ControlSettings settings = {}) : settings_(settings) {}

  /// Applies one event to the drag/key state and the camera. For a
  /// scroll, `under_cursor` is the surface point at the cursor (nav metres;
  /// none when the cursor is off the terrain): the zoom keeps it under the
  /// cursor (zoom_towards), else zooms towards the target.
  void handle(const Event& event, OrbitCamera& camera,
              const std::optional<nav::Vec3>& under_cursor = std::nullopt);

  /// Continuous pan for the WASD keys held, over dt_s seconds.
  void update(double dt_s, OrbitCamera& camera) const;

 private:
  ControlSettings settings_;
  bool orbiting_ = false;
  glm::dvec2 last_cursor_{0.0};
  std::array<bool, 4> held_{};  // W, A, S, D
};

/// Moves the target `right` and `forward` metres in the ground plane, relative
/// to the camera's heading (forward = away from the eye, horizontally).
void pan(OrbitCamera& camera, double right_m, double forward_m);

/// Scales the view by `factor` (> 0) about nav point `point`: distance times
/// factor, and the target moved to point + factor (target - point). The eye
/// moves along its line to `point`, the orientation is kept, so `point`
/// stays at the same pixel. O(1).
void zoom_towards(OrbitCamera& camera, const nav::Vec3& point, double factor);

}  // namespace terranav::engine
