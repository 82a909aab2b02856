#include "terranav/engine/unit_mesh.hpp"

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
  constexpr int kSides = 16;
  constexpr float kTop = 1.5f;
  constexpr float kRadius = 0.45f;
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
  // Arrowhead: a flat wedge just above the cap, pointing +x.
  const float y0 = kTop + 0.02f;
  const float y1 = kTop + 0.2f;
  const glm::vec3 front0(1.1f, y0, 0.0f), left0(-0.5f, y0, -0.6f), right0(-0.5f, y0, 0.6f);
  const glm::vec3 front1(1.1f, y1, 0.0f), left1(-0.5f, y1, -0.6f), right1(-0.5f, y1, 0.6f);
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

double default_unit_size(const nav::Heightmap& heightmap) {
  return std::max(0.025 * std::max(heightmap.extent_x(), heightmap.extent_z()),
                  3.0 * heightmap.spacing());
}

glm::dmat4 unit_model(const nav::Vec3& position, const nav::Vec3& heading, double size_m,
                      double vertical_exaggeration) {
  const glm::dvec3 shown(position.x, position.y * vertical_exaggeration, position.z);
  // Rotating by a about +y maps +x to (cos a, 0, -sin a).
  const double angle = std::atan2(-heading.z, heading.x);
  glm::dmat4 model = glm::translate(glm::dmat4(1.0), shown);
  model = glm::rotate(model, angle, glm::dvec3(0.0, 1.0, 0.0));
  return glm::scale(model, glm::dvec3(size_m));
}

}  // namespace terranav::engine
