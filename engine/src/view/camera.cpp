#include "terranav/engine/view/camera.hpp"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace terranav::engine {

glm::dmat4 model_matrix(const OrbitCamera& camera) {
  return glm::scale(glm::dmat4(1.0), glm::dvec3(1.0, camera.vertical_exaggeration, 1.0));
}

glm::dvec3 eye_position(const OrbitCamera& camera) {
  const glm::dvec3 target = glm::dvec3(model_matrix(camera) * glm::dvec4(camera.target, 1.0));
  const double c = std::cos(camera.pitch);
  const glm::dvec3 back(c * std::sin(camera.yaw), std::sin(camera.pitch), c * std::cos(camera.yaw));
  return target + camera.distance * back;
}

glm::dmat4 view_matrix(const OrbitCamera& camera) {
  const glm::dvec3 target = glm::dvec3(model_matrix(camera) * glm::dvec4(camera.target, 1.0));
  return glm::lookAt(eye_position(camera), target, glm::dvec3(0.0, 1.0, 0.0));
}

glm::dmat4 projection_matrix(const OrbitCamera& camera, Viewport viewport) {
  const double aspect =
      static_cast<double>(std::max(viewport.width, 1)) / std::max(viewport.height, 1);
  return glm::perspective(camera.fov_y, aspect, camera.distance / 100.0,
                          camera.distance + 2.0 * camera.scene_radius);
}

glm::dmat4 nav_to_clip(const OrbitCamera& camera, Viewport viewport) {
  return projection_matrix(camera, viewport) * view_matrix(camera) * model_matrix(camera);
}

std::optional<glm::dvec2> project(const OrbitCamera& camera, Viewport viewport,
                                  const nav::Vec3& p) {
  const glm::dvec4 clip = nav_to_clip(camera, viewport) * glm::dvec4(p.x, p.y, p.z, 1.0);
  if (clip.w <= 0.0) return std::nullopt;
  const double ndc_x = clip.x / clip.w;
  const double ndc_y = clip.y / clip.w;
  return glm::dvec2((ndc_x + 1.0) * 0.5 * viewport.width, (1.0 - ndc_y) * 0.5 * viewport.height);
}

double metres_per_pixel(const OrbitCamera& camera, Viewport viewport, const nav::Vec3& p) {
  const glm::dvec4 eye =
      view_matrix(camera) * model_matrix(camera) * glm::dvec4(p.x, p.y, p.z, 1.0);
  const double depth = std::max(-eye.z, camera.distance / 100.0);  // the near plane
  return 2.0 * depth * std::tan(camera.fov_y / 2.0) / std::max(viewport.height, 1);
}

nav::Ray unproject(const OrbitCamera& camera, Viewport viewport, glm::dvec2 pixel) {
  const double ndc_x = 2.0 * pixel.x / viewport.width - 1.0;
  const double ndc_y = 1.0 - 2.0 * pixel.y / viewport.height;
  const glm::dmat4 inverse = glm::inverse(nav_to_clip(camera, viewport));
  glm::dvec4 near_point = inverse * glm::dvec4(ndc_x, ndc_y, -1.0, 1.0);
  glm::dvec4 far_point = inverse * glm::dvec4(ndc_x, ndc_y, 1.0, 1.0);
  near_point /= near_point.w;
  far_point /= far_point.w;
  const glm::dvec3 eye =
      glm::dvec3(glm::inverse(model_matrix(camera)) * glm::dvec4(eye_position(camera), 1.0));
  const glm::dvec3 dir = glm::normalize(glm::dvec3(far_point) - glm::dvec3(near_point));
  return {{eye.x, eye.y, eye.z}, {dir.x, dir.y, dir.z}};
}

OrbitCamera looking_at(const OrbitCamera& camera, const nav::Vec3& at, double distance_m) {
  OrbitCamera close = camera;
  close.target = glm::dvec3(at.x, at.y, at.z);
  close.distance = distance_m;
  return close;
}

double default_exaggeration(double extent_x_m, double extent_z_m, double relief_m) {
  if (!(relief_m > 0.0)) return 1.0;
  return std::clamp(0.03 * std::max(extent_x_m, extent_z_m) / relief_m, 1.0, 3.0);
}

OrbitCamera default_camera(double extent_x_m, double extent_z_m, double min_y_m, double max_y_m,
                           Viewport viewport) {
  OrbitCamera camera;
  camera.vertical_exaggeration = default_exaggeration(extent_x_m, extent_z_m, max_y_m - min_y_m);
  camera.target = glm::dvec3(extent_x_m / 2.0, (min_y_m + max_y_m) / 2.0, extent_z_m / 2.0);
  const double aspect =
      static_cast<double>(std::max(viewport.width, 1)) / std::max(viewport.height, 1);
  const double half_height = std::tan(camera.fov_y / 2.0);
  // Distance at which the map's width fills the view, and its depth (foreshortened).
  const double fit_width = extent_x_m / 2.0 / (half_height * aspect);
  const double fit_depth = extent_z_m / 2.0 * std::sin(camera.pitch) / half_height;
  camera.distance = 0.95 * std::max(fit_width, fit_depth);
  camera.scene_radius =
      0.5 * std::hypot(extent_x_m, extent_z_m) + (max_y_m - min_y_m) * camera.vertical_exaggeration;
  return camera;
}

OrbitCamera default_camera(const nav::Heightmap& heightmap, Viewport viewport) {
  return default_camera(heightmap.extent_x(), heightmap.extent_z(), heightmap.min_height(),
                        heightmap.max_height(), viewport);
}

}  // namespace terranav::engine
