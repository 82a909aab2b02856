#include "terranav/engine/render/unit_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <glm/gtc/matrix_transform.hpp>

namespace terranav::engine {
namespace {

void add_triangle(std::vector<SolidVertex>& mesh, glm::vec3 a, glm::vec3 b, glm::vec3 c) {
  const glm::vec3 n = glm::normalize(glm::cross(b - a, c - a));
  mesh.insert(mesh.end(), {{a, n}, {b, n}, {c, n}});
}

}  // namespace

std::vector<SolidVertex> unit_mesh() {
  std::vector<SolidVertex> mesh;
  // A cone on its tip and a flat arrowhead above it, 1 long from the
  // arrow's tail (x = -0.3125) to its point (x = 0.6875).
  constexpr int kSides = 16;
  constexpr float kTop = 0.9375f;
  constexpr float kRadius = 0.28125f;
  const glm::vec3 tip(0.0f);
  const glm::vec3 cap(0.0f, kTop, 0.0f);
  for (int k = 0; k < kSides; ++k) {
    const auto angle = [](int n) {
      return 2.0f * std::numbers::pi_v<float> * static_cast<float>(n) / kSides;
    };
    const glm::vec3 a(kRadius * std::cos(angle(k)), kTop, kRadius * std::sin(angle(k)));
    const glm::vec3 b(kRadius * std::cos(angle(k + 1)), kTop, kRadius * std::sin(angle(k + 1)));
    add_triangle(mesh, tip, b, a);
    add_triangle(mesh, cap, a, b);
  }
  const float y0 = kTop + 0.0125f;
  const float y1 = kTop + 0.125f;
  const float front = 0.6875f;
  const float back = -0.3125f;
  const float side = 0.375f;
  const glm::vec3 front0(front, y0, 0.0f), left0(back, y0, -side), right0(back, y0, side);
  const glm::vec3 front1(front, y1, 0.0f), left1(back, y1, -side), right1(back, y1, side);
  add_triangle(mesh, front1, left1, right1);
  add_triangle(mesh, front0, right0, left0);
  add_triangle(mesh, front0, left0, left1);
  add_triangle(mesh, front0, left1, front1);
  add_triangle(mesh, front0, front1, right1);
  add_triangle(mesh, front0, right1, right0);
  add_triangle(mesh, left0, right0, right1);
  add_triangle(mesh, left0, right1, left1);
  return mesh;
}

double unit_display_length(const OrbitCamera& camera, Viewport viewport,
                           const nav::Vec3& position) {
  return std::max(kUnitLengthM, kMinUnitPixels * metres_per_pixel(camera, viewport, position));
}

glm::dmat4 unit_model(const nav::Vec3& position, const nav::Vec3& heading, double length_m,
                      double vertical_exaggeration) {
  const glm::dvec3 shown(position.x, position.y * vertical_exaggeration, position.z);
  // Rotating by a about +y maps +x to (cos a, 0, -sin a).
  const double angle = std::atan2(-heading.z, heading.x);
  glm::dmat4 model = glm::translate(glm::dmat4(1.0), shown);
  model = glm::rotate(model, angle, glm::dvec3(0.0, 1.0, 0.0));
  return glm::scale(model, glm::dvec3(length_m));
}

}  // namespace terranav::engine
