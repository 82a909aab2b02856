#include "terranav/engine/scene/separation.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <unordered_map>

namespace terranav::engine {
namespace {

std::uint64_t cell_key(std::int64_t cx, std::int64_t cz) {
  return (static_cast<std::uint64_t>(cx) << 32) ^ static_cast<std::uint32_t>(cz);
}

}  // namespace

std::vector<nav::Vec3> separation_pushes(std::span<const nav::Vec3> positions, double radius_m,
                                         double max_step_m) {
  const double diameter = 2.0 * radius_m;
  const auto cell = [&](double v) { return static_cast<std::int64_t>(std::floor(v / diameter)); };
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> grid;
  grid.reserve(positions.size());
  for (std::size_t k = 0; k < positions.size(); ++k) {
    grid[cell_key(cell(positions[k].x), cell(positions[k].z))].push_back(k);
  }
  std::vector<nav::Vec3> pushes(positions.size(), nav::Vec3{0.0, 0.0, 0.0});
  for (std::size_t k = 0; k < positions.size(); ++k) {
    const nav::Vec3& p = positions[k];
    const std::int64_t cx = cell(p.x);
    const std::int64_t cz = cell(p.z);
    for (std::int64_t dx = -1; dx <= 1; ++dx) {
      for (std::int64_t dz = -1; dz <= 1; ++dz) {
        const auto found = grid.find(cell_key(cx + dx, cz + dz));
        if (found == grid.end()) continue;
        for (const std::size_t other : found->second) {
          if (other == k) continue;
          double ox = p.x - positions[other].x;
          double oz = p.z - positions[other].z;
          double d = std::hypot(ox, oz);
          if (d >= diameter) continue;
          if (d < 1e-9) {  // same spot: the lower index goes -x
            ox = k < other ? -1.0 : 1.0;
            oz = 0.0;
            d = 0.0;
          } else {
            ox /= d;
            oz /= d;
          }
          const double half_overlap = (diameter - d) / 2.0;
          pushes[k].x += ox * half_overlap;
          pushes[k].z += oz * half_overlap;
        }
      }
    }
    if (const double length = std::hypot(pushes[k].x, pushes[k].z); length > max_step_m) {
      pushes[k].x *= max_step_m / length;
      pushes[k].z *= max_step_m / length;
    }
  }
  return pushes;
}

}  // namespace terranav::engine
