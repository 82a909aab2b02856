// A brute-force pick to check TerrainQuadtree against: every triangle of the
// surface, with its own ray/triangle routine (plane hit + edge functions in
// the x/z projection, not Moller-Trumbore) and its own tile lookup.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/picking.hpp"

namespace terranav::test {

struct ExpectedHit {
  double t;
  nav::Vec3 point;
  std::optional<nav::TileCoord> tile;
};

// Ray parameter where the ray meets triangle (a, b, c), +inf if it does not.
// Inclusive edges: a point on an edge (to 1e-9 of the cell area) is inside.
inline double brute_triangle(const nav::Ray& r, const nav::Vec3& a, const nav::Vec3& b,
                             const nav::Vec3& c) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  const nav::Vec3 ab{b.x - a.x, b.y - a.y, b.z - a.z};
  const nav::Vec3 ac{c.x - a.x, c.y - a.y, c.z - a.z};
  const nav::Vec3 n{ab.y * ac.z - ab.z * ac.y, ab.z * ac.x - ab.x * ac.z,
                    ab.x * ac.y - ab.y * ac.x};
  const double denom = n.x * r.direction.x + n.y * r.direction.y + n.z * r.direction.z;
  if (denom == 0.0) return kInf;
  const double t =
      (n.x * (a.x - r.origin.x) + n.y * (a.y - r.origin.y) + n.z * (a.z - r.origin.z)) / denom;
  if (!(t >= 0.0)) return kInf;
  const double px = r.origin.x + t * r.direction.x;
  const double pz = r.origin.z + t * r.direction.z;
  // Edge functions in x/z; all share the sign of the projected area.
  const auto edge = [&](const nav::Vec3& p, const nav::Vec3& q) {
    return (q.x - p.x) * (pz - p.z) - (q.z - p.z) * (px - p.x);
  };
  const double area = edge(a, b) + edge(b, c) + edge(c, a);
  const double tol = 1e-9 * std::abs(area);
  const double sign = area > 0.0 ? 1.0 : -1.0;
  if (sign * edge(a, b) < -tol || sign * edge(b, c) < -tol || sign * edge(c, a) < -tol) return kInf;
  return t;
}

// Tile along one axis: closed interval [0, count * tile_m] (to 1e-9 of a tile)
// with the far boundary in the last tile; -1 outside.
inline int brute_tile(double v, double tile_m, int count) {
  const double tol = 1e-9 * tile_m;
  if (v < -tol || v > count * tile_m + tol) return -1;
  for (int k = 0; k < count; ++k) {
    if (v < (k + 1) * tile_m) return k;
  }
  return count - 1;
}

/// The nearest hit of `r` over every triangle of `hm`, and its tile of
/// tile_size cells; none on a miss. O(W * D).
inline std::optional<ExpectedHit> brute_pick(const nav::Heightmap& hm, int tile_size,
                                             const nav::Ray& r) {
  const double s = hm.spacing();
  double best = std::numeric_limits<double>::infinity();
  for (int z = 0; z + 1 < hm.depth(); ++z) {
    for (int x = 0; x + 1 < hm.width(); ++x) {
      const nav::Vec3 p00{x * s, hm.at(x, z), z * s};
      const nav::Vec3 p10{(x + 1) * s, hm.at(x + 1, z), z * s};
      const nav::Vec3 p11{(x + 1) * s, hm.at(x + 1, z + 1), (z + 1) * s};
      const nav::Vec3 p01{x * s, hm.at(x, z + 1), (z + 1) * s};
      best = std::min({best, brute_triangle(r, p00, p10, p11), brute_triangle(r, p00, p11, p01)});
    }
  }
  if (best == std::numeric_limits<double>::infinity()) return std::nullopt;
  const nav::Vec3 p{r.origin.x + best * r.direction.x, r.origin.y + best * r.direction.y,
                    r.origin.z + best * r.direction.z};
  const double tile_m = tile_size * s;
  const int i = brute_tile(p.x, tile_m, (hm.width() - 1) / tile_size);
  const int j = brute_tile(p.z, tile_m, (hm.depth() - 1) / tile_size);
  std::optional<nav::TileCoord> tile;
  if (i >= 0 && j >= 0) tile = nav::TileCoord{i, j};
  return ExpectedHit{best, p, tile};
}

inline std::string describe(const nav::Ray& r) {
  return "ray origin (" + std::to_string(r.origin.x) + ", " + std::to_string(r.origin.y) + ", " +
         std::to_string(r.origin.z) + ") direction (" + std::to_string(r.direction.x) + ", " +
         std::to_string(r.direction.y) + ", " + std::to_string(r.direction.z) + ")";
}

/// Checks tree.pick(r) against brute_pick; returns whether the ray hit.
inline bool expect_same(const nav::TerrainQuadtree& tree, const nav::Heightmap& hm, int tile_size,
                        const nav::Ray& r) {
  SCOPED_TRACE(describe(r));
  const std::optional<ExpectedHit> want = brute_pick(hm, tile_size, r);
  const std::optional<nav::PickHit> got = tree.pick(r);
  EXPECT_EQ(got.has_value(), want.has_value());
  if (!got || !want) return false;
  EXPECT_NEAR(got->t, want->t, 1e-4 * want->t + 1e-12);
  EXPECT_NEAR(got->point.x, want->point.x, 1e-6 * (1.0 + std::abs(want->point.x)));
  EXPECT_NEAR(got->point.y, want->point.y, 1e-6 * (1.0 + std::abs(want->point.y)));
  EXPECT_NEAR(got->point.z, want->point.z, 1e-6 * (1.0 + std::abs(want->point.z)));
  EXPECT_EQ(got->tile, want->tile);
  // The point lies on the surface (independent of both ray routines).
  EXPECT_NEAR(got->point.y, hm.surface_height(got->point.x, got->point.z),
              1e-6 * (1.0 + std::abs(got->point.y)));
  return true;
}

}  // namespace terranav::test
