#include "terranav/engine/render/path_ribbon.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace terranav::engine {

std::vector<nav::Vec3> remaining_path(std::span<const nav::Vec3> path, std::size_t next,
                                      const nav::Vec3& position) {
  std::vector<nav::Vec3> rest;
  if (next >= path.size()) return rest;
  rest.reserve(path.size() - next + 1);
  rest.push_back(position);
  rest.insert(rest.end(), path.begin() + static_cast<std::ptrdiff_t>(next), path.end());
  return rest;
}

std::vector<nav::Vec3> surface_samples(std::span<const nav::Vec3> path,
                                       const nav::Heightmap& heightmap) {
  std::vector<nav::Vec3> points;
  if (path.empty()) return points;
  const double s = heightmap.spacing();
  points.push_back({path[0].x, 0.0, path[0].z});
  std::vector<double> crossings;
  for (std::size_t k = 1; k < path.size(); ++k) {
    const nav::Vec3 a = points.back();
    const double dx = path[k].x - a.x;
    const double dz = path[k].z - a.z;
    if (dx == 0.0 && dz == 0.0) continue;
    // Parameters t in (0, 1) where a + t (dx, dz) meets a line u = n s of
    // the triangle edges, u being x, z or x - z.
    crossings.clear();
    const auto add = [&](double u0, double du) {
      if (du == 0.0) return;
      const double u1 = u0 + du;
      for (double n = std::floor(std::min(u0, u1) / s) + 1.0; n * s < std::max(u0, u1); n += 1.0) {
        crossings.push_back((n * s - u0) / du);
      }
    };
    add(a.x, dx);
    add(a.z, dz);
    add(a.x - a.z, dx - dz);
    std::sort(crossings.begin(), crossings.end());
    const auto append = [&](double x, double z) {
      // Crossings at a sample (a row, a column and a diagonal at once) coincide.
      if (x != points.back().x || z != points.back().z) points.push_back({x, 0.0, z});
    };
    for (const double t : crossings) {
      if (t > 0.0 && t < 1.0) append(a.x + t * dx, a.z + t * dz);
    }
    append(path[k].x, path[k].z);
  }
  return points;
}

std::vector<glm::vec3> path_ribbon(std::span<const nav::Vec3> path, const nav::Heightmap& heightmap,
                                   const RibbonStyle& style, const OrbitCamera& camera,
                                   Viewport viewport) {
  const std::vector<nav::Vec3> points = surface_samples(path, heightmap);
  std::vector<glm::vec3> triangles;
  if (points.size() < 2) return triangles;
  // Left, centre, right vertex per sample; the offset is perpendicular to the
  // local direction (previous to next sample), which mitres the corners, or
  // to the segment arriving where the path turns straight back.
  std::vector<std::array<glm::vec3, 3>> rows;
  rows.reserve(points.size());
  for (std::size_t k = 0; k < points.size(); ++k) {
    const nav::Vec3& prev = points[k == 0 ? 0 : k - 1];
    const nav::Vec3& next = points[std::min(k + 1, points.size() - 1)];
    double tx = next.x - prev.x;
    double tz = next.z - prev.z;
    if (std::hypot(tx, tz) < 1e-9 * heightmap.spacing()) {
      tx = points[k].x - prev.x;
      tz = points[k].z - prev.z;
    }
    const double length = std::hypot(tx, tz);
    const double y = heightmap.surface_height(points[k].x, points[k].z);
    const double mpp = metres_per_pixel(camera, viewport, {points[k].x, y, points[k].z});
    double half = std::max(style.min_width_m, style.width_px * mpp) / 2.0;
    if (k > 0 && k + 1 < points.size()) {
      // Mitre: wider by 1 / cos(half the turn), so the edges stay parallel to
      // the path on both sides of a bend (up to twice as wide at 120 degrees).
      const double ax = points[k].x - prev.x;
      const double az = points[k].z - prev.z;
      const double bx = next.x - points[k].x;
      const double bz = next.z - points[k].z;
      const double cosine = (ax * bx + az * bz) / (std::hypot(ax, az) * std::hypot(bx, bz));
      half /= std::max(0.5, std::sqrt((1.0 + cosine) / 2.0));
    }
    const double lift = style.lift_px * mpp / camera.vertical_exaggeration;
    const double ox = -tz / length * half;
    const double oz = tx / length * half;
    const auto at = [&](double x, double z) {
      return glm::vec3(x, heightmap.surface_height(x, z) + lift, z);
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
