#include "terranav/engine/view/camera_limits.hpp"

#include <algorithm>

namespace terranav::engine {

void keep_over_terrain(OrbitCamera& camera, const nav::Heightmap& heightmap, double clearance_m) {
  camera.target.x = std::clamp(camera.target.x, 0.0, heightmap.extent_x());
  camera.target.z = std::clamp(camera.target.z, 0.0, heightmap.extent_z());
  camera.target.y = heightmap.surface_height(camera.target.x, camera.target.z);
  const auto below = [&] {
    // The eye in nav metres: the display frame with y divided back.
    const glm::dvec3 eye = eye_position(camera);
    const double x = eye.x;
    const double z = eye.z;
    if (x < 0.0 || z < 0.0 || x > heightmap.extent_x() || z > heightmap.extent_z()) return false;
    return eye.y / camera.vertical_exaggeration < heightmap.surface_height(x, z) + clearance_m;
  };
  while (camera.pitch < kMaxPitch && below()) {
    camera.pitch = std::min(camera.pitch + 0.01, kMaxPitch);
  }
}

}  // namespace terranav::engine
