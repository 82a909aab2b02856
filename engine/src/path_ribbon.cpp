#include "terranav/engine/path_ribbon.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace terranav::engine {

RibbonStyle default_ribbon_style(const nav::Heightmap& heightmap) {
  const double s = heightmap.spacing();
  const double extent = std::max(heightmap.extent_x(), heightmap.extent_z());
  return {.width_m = std::max(0.006 * extent, 2.0 * s), .lift_m = 0.25 * s, .step_m = 0.5 * s};
}

std::vector<nav::Vec3> resample_path(std::span<const nav::Vec3> path, double step_m) {
  std::vector<nav::Vec3> points;
  if (path.empty()) return points;
  points.push_back({path[0].x, 0.0, path[0].z});
  for (std::size_t k = 1; k < path.size(); ++k) {
    const nav::Vec3 a = points.back();
    const double dx = path[k].x - a.x;
    const double dz = path[k].z - a.z;
    const double length = std::hypot(dx, dz);
    if (length == 0.0) continue;
    const int steps = std::max(1, static_cast<int>(std::ceil(length / step_m)));
    for (int n = 1; n <= steps; ++n) {
      const double f = static_cast<double>(n) / steps;
      points.push_back({a.x + f * dx, 0.0, a.z + f * dz});
    }
  }
  return points;
}

std::vector<glm::vec3> path_ribbon(std::span<const nav::Vec3> path, const nav::Heightmap& heightmap,
                                   const RibbonStyle& style) {
  const std::vector<nav::Vec3> points = resample_path(path, style.step_m);
  std::vector<glm::vec3> triangles;
  if (points.size() < 2) return triangles;
  // Left, centre, right vertex per sample; the offset is perpendicular to the
  // local direction (previous to next sample), which mitres the corners.
  std::vector<std::array<glm::vec3, 3>> rows;
  rows.reserve(points.size());
  for (std::size_t k = 0; k < points.size(); ++k) {
    const nav::Vec3& prev = points[k == 0 ? 0 : k - 1];
    const nav::Vec3& next = points[std::min(k + 1, points.size() - 1)];
    const double tx = next.x - prev.x;
    const double tz = next.z - prev.z;
    const double length = std::hypot(tx, tz);
    const double half = style.width_m / 2.0;
    const double ox = -tz / length * half;
    const double oz = tx / length * half;
    const auto at = [&](double x, double z) {
      return glm::vec3(x, heightmap.surface_height(x, z) + style.lift_m, z);
    };
    rows.push_back({at(points[k].x + ox, points[k].z + oz), at(points[k].x, points[k].z),
                    at(points[k].x - ox, points[k].z - oz)});
  }
  triangles.reserve((rows.size() - 1) * 12);
  for (std::size_t k = 0; k + 1 < rows.size(); ++k) {
    for (std::size_t side = 0; side < 2; ++side) {
      const glm::vec3 a = rows[k][side], b = rows[k][side + 1];
      const glm::vec3 c = rows[k + 1][side + 1], d = rows[k + 1][side];
      triangles.insert(triangles.end(), {a, b, c, a, c, d});
    }
  }
  return triangles;
}

}  // namespace terranav::engine
