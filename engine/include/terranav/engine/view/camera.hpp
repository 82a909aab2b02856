// Orbit camera: view/projection matrices and the pure pixel <-> nav-frame
// mappings used by picking, the renderer and the tests.
#pragma once

#include <optional>

#include <glm/glm.hpp>

#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/picking.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::engine {

/// Size of the drawable area in pixels.
struct Viewport {
  int width = 1280;
  int height = 720;
};

/// A camera orbiting `target`. The scene is drawn in a display frame = nav
/// frame with y scaled by `vertical_exaggeration` (the model matrix); every
/// public position here is in nav metres, so picking stays exact.
struct OrbitCamera {
  /// Point looked at, nav metres.
  glm::dvec3 target{0.0};
  /// Rotation of the eye around the vertical axis, radians; 0 puts the eye on
  /// the +z side of the target looking towards -z (north-up for a map image).
  double yaw = 0.0;
  /// Elevation of the eye above the target's horizon, radians, in
  /// [kMinPitch, kMaxPitch].
  double pitch = 0.9;
  /// Eye-to-target distance, display metres (> 0).
  double distance = 1000.0;
  /// Vertical field of view, radians, in (0, pi).
  double fov_y = 0.7853981633974483;
  /// Display y = nav y * vertical_exaggeration (> 0).
  double vertical_exaggeration = 1.0;
  /// Radius of the scene around the target, display metres: sets the far plane.
  double scene_radius = 1000.0;
};

inline constexpr double kMinPitch = 0.05;
inline constexpr double kMaxPitch = 1.55;

/// Nav frame -> display frame: scale y by the vertical exaggeration.
glm::dmat4 model_matrix(const OrbitCamera& camera);
/// Eye position in the display frame.
glm::dvec3 eye_position(const OrbitCamera& camera);
/// Display frame -> eye frame (right-handed, looking down -z).
glm::dmat4 view_matrix(const OrbitCamera& camera);
/// Eye -> clip (OpenGL, depth -1..1). near = distance / 100,
/// far = distance + 2 * scene_radius.
glm::dmat4 projection_matrix(const OrbitCamera& camera, Viewport viewport);
/// projection * view * model: nav metres -> clip space.
glm::dmat4 nav_to_clip(const OrbitCamera& camera, Viewport viewport);

/// Window pixel (origin top-left, y down, continuous: pixel (i, j) covers
/// [i, i+1) x [j, j+1)) where nav point p appears; none when p is behind the
/// eye. Viewport centre = target.
std::optional<glm::dvec2> project(const OrbitCamera& camera, Viewport viewport, const nav::Vec3& p);

/// Display metres one pixel spans at nav point p's depth, across the view
/// (p clamped to the near plane when closer). O(1).
double metres_per_pixel(const OrbitCamera& camera, Viewport viewport, const nav::Vec3& p);

/// Ray in nav metres from the eye through window pixel `pixel` (same
/// convention as project): unproject(project(p)) passes through p. The
/// direction is unit length in nav metres.
nav::Ray unproject(const OrbitCamera& camera, Viewport viewport, glm::dvec2 pixel);

/// `camera` turned to look at nav point `at` from `distance_m` display
/// metres, its yaw, pitch, field of view and exaggeration kept (a close-up
/// of the unit). O(1).
OrbitCamera looking_at(const OrbitCamera& camera, const nav::Vec3& at, double distance_m);

/// Vertical exaggeration that makes a wide, flat-looking DEM readable:
/// 3% of the larger extent over the relief, clamped to [1, 3] (1 for no relief).
double default_exaggeration(double extent_x_m, double extent_z_m, double relief_m);

/// The default view of an extent_x x extent_z metre map with heights in
/// [min_y, max_y] metres: target at the map centre, looking north from the
/// south at ~52 degrees, nearly the whole map in view at `viewport`'s aspect.
OrbitCamera default_camera(double extent_x_m, double extent_z_m, double min_y_m, double max_y_m,
                           Viewport viewport);

/// default_camera() for this heightmap's extent and heights.
OrbitCamera default_camera(const nav::Heightmap& heightmap, Viewport viewport);

}  // namespace terranav::engine
