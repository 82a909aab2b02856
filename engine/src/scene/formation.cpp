#include "terranav/engine/scene/formation.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace terranav::engine {

std::vector<std::optional<nav::Vec3>> formation_goals(
    std::span<const nav::Vec3> positions, const nav::Vec3& target, double spacing_m,
    const std::function<bool(const nav::Vec3&)>& usable, int max_rings) {
  const std::size_t n = positions.size();
  nav::Vec3 centroid{0.0, 0.0, 0.0};
  for (const nav::Vec3& p : positions) {
    centroid.x += p.x / static_cast<double>(n);
    centroid.z += p.z / static_cast<double>(n);
  }
  // Forward: from the group to the target (+x when already there).
  double fx = target.x - centroid.x;
  double fz = target.z - centroid.z;
  if (const double length = std::hypot(fx, fz); length > 1e-9) {
    fx /= length;
    fz /= length;
  } else {
    fx = 1.0;
    fz = 0.0;
  }
  // Whole rings of lattice points (Chebyshev rings) until there are enough,
  // so each unit can take the one nearest its place in the group.
  std::vector<nav::Vec3> slots;
  for (int ring = 0; ring <= max_rings && slots.size() < n; ++ring) {
    for (int a = -ring; a <= ring; ++a) {
      for (int b = -ring; b <= ring; ++b) {
        if (std::max(std::abs(a), std::abs(b)) != ring) continue;
        const double across = a * spacing_m;
        const double along = b * spacing_m;
        const nav::Vec3 p{target.x + along * fx - across * fz, target.y,
                          target.z + along * fz + across * fx};
        if (usable(p)) slots.push_back(p);
      }
    }
  }
  // Units nearest the centroid choose first (ties: the lower index).
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), std::size_t{0});
  const auto from_centroid = [&](std::size_t k) {
    return std::hypot(positions[k].x - centroid.x, positions[k].z - centroid.z);
  };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return from_centroid(a) < from_centroid(b);
  });
  std::vector<std::optional<nav::Vec3>> goals(n);
  std::vector<bool> taken(slots.size(), false);
  for (const std::size_t k : order) {
    const double wx = target.x + positions[k].x - centroid.x;
    const double wz = target.z + positions[k].z - centroid.z;
    std::size_t best = slots.size();
    double best_d = std::numeric_limits<double>::infinity();
    for (std::size_t s = 0; s < slots.size(); ++s) {
      if (taken[s]) continue;
      if (const double d = std::hypot(slots[s].x - wx, slots[s].z - wz); d < best_d) {
        best_d = d;
        best = s;
      }
    }
    if (best == slots.size()) break;  // no slot left
    taken[best] = true;
    goals[k] = slots[best];
  }
  return goals;
}

}  // namespace terranav::engine
