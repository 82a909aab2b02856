// The unit's marker (pure): an upside-down cone standing on its tip with an
// arrowhead on top pointing along the heading, drawn at its true size up
// close and at a minimum on-screen size from far away.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "terranav/engine/view/camera.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::engine {

struct SolidVertex {
  glm::vec3 position;
  glm::vec3 normal;  ///< unit length, flat per triangle
};

/// The unit's body length, nose to tail: a person or a small vehicle.
/// [Units: metres]
inline constexpr double kUnitLengthM = 2.0;
/// Shortest the unit is drawn, so it stays visible from far away. [Units: pixels]
inline constexpr double kMinUnitPixels = 14.0;

/// Triangle list of the marker, 1 long (tail at x = -0.3125, arrow point at
/// x = 0.6875), its tip at the origin, 0.9375 + 0.125 tall (+y), the
/// arrowhead pointing +x. O(1).
std::vector<SolidVertex> unit_mesh();

/// Length to draw the unit at `position` (nav metres) with: its true
/// kUnitLengthM when the camera is close, at least kMinUnitPixels on screen
/// when far (metres_per_pixel). Display metres. O(1).
double unit_display_length(const OrbitCamera& camera, Viewport viewport, const nav::Vec3& position);

/// Display-frame model matrix placing the marker at nav position `position`
/// (shown with `vertical_exaggeration`), turned so +x points along the
/// horizontal `heading`, scaled to length_m (not exaggerated).
glm::dmat4 unit_model(const nav::Vec3& position, const nav::Vec3& heading, double length_m,
                      double vertical_exaggeration);

}  // namespace terranav::engine
