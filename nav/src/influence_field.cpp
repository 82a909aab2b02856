#include "terranav/nav/influence_field.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "terranav/nav/limits.hpp"
#include "terranav/nav/terrain_graph.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {
namespace {

void check_point(std::size_t index, const InfluencePoint& p) {
  const auto fail = [index](const std::string& problem) {
    throw Error("influence point " + std::to_string(index) + ": " + problem);
  };
  for (const double coordinate : {p.x_m, p.z_m}) {
    if (!within(kInfluencePositionLimit, coordinate)) {
      fail("position: " + limit_problem(kInfluencePositionLimit, coordinate));
    }
  }
  if (!within(kInfluenceRadiusLimit, p.radius_m)) {
    fail("radius_m: " + limit_problem(kInfluenceRadiusLimit, p.radius_m));
  }
  if (!within(kInfluenceStrengthLimit, p.strength)) {
    fail("strength: " + limit_problem(kInfluenceStrengthLimit, p.strength));
  }
}

// Tiles whose centre coordinate (k + 0.5) * tile_m lies within
// [centre - radius, centre + radius], widened by one tile against rounding
// (the distance test decides) and clamped to [0, count).
struct TileRange {
  int first;
  int last;  // inclusive; first > last when empty
};

TileRange tiles_within(double centre_m, double radius_m, double tile_m, int count) {
  const double lo = std::ceil((centre_m - radius_m) / tile_m - 0.5) - 1.0;
  const double hi = std::floor((centre_m + radius_m) / tile_m - 0.5) + 1.0;
  // Clamp in double so a huge radius cannot overflow the int conversion.
  return {static_cast<int>(std::clamp(lo, 0.0, static_cast<double>(count))),
          static_cast<int>(std::clamp(hi, -1.0, static_cast<double>(count - 1)))};
}

/// m times p's field at horizontal position (x_m, z_m), rounded to float.
float times_field(float m, const InfluencePoint& p, double x_m, double z_m) noexcept {
  const double r = std::hypot(x_m - p.x_m, z_m - p.z_m);
  if (!(r < p.radius_m)) return m;
  return static_cast<float>(m * (1.0 + p.strength * (1.0 - r / p.radius_m)));
}

}  // namespace

void apply_influence(const TerrainGraph& graph, std::span<const InfluencePoint> points,
                     std::vector<float>& multipliers) {
  const std::size_t n = graph.tile_count();
  if (!multipliers.empty() && multipliers.size() != n) {
    throw Error("influence: multipliers has " + std::to_string(multipliers.size()) +
                " values, expected " + std::to_string(n) + " (one per tile) or none");
  }
  for (std::size_t k = 0; k < points.size(); ++k) check_point(k, points[k]);
  std::vector<float> result = multipliers.empty() ? std::vector<float>(n, 1.0f) : multipliers;

  const double tile_m = graph.tile_metres();
  for (std::size_t k = 0; k < points.size(); ++k) {
    const InfluencePoint& p = points[k];
    const TileRange is = tiles_within(p.x_m, p.radius_m, tile_m, graph.tiles_wide());
    const TileRange js = tiles_within(p.z_m, p.radius_m, tile_m, graph.tiles_deep());
    for (int j = js.first; j <= js.last; ++j) {
      for (int i = is.first; i <= is.last; ++i) {
        const TileId t = graph.id({i, j});
        const Vec3 c = graph.tile_centre(t);
        float& m = result[index(t)];
        m = times_field(m, p, c.x, c.z);
        // Overlapping points multiply: name the one that leaves the range.
        if (!within_float(kTileMultiplierLimit, m)) {
          throw Error("influence point " + std::to_string(k) + ": the multiplier of tile (" +
                      std::to_string(i) + ", " + std::to_string(j) +
                      ") (its class's times the points' up to this one) " +
                      limit_problem(kTileMultiplierLimit, m));
        }
      }
    }
  }
  multipliers = std::move(result);
}

float influenced(const TerrainGraph& graph, std::span<const InfluencePoint> points, TileId tile,
                 float base) noexcept {
  const Vec3 c = graph.tile_centre(tile);
  for (const InfluencePoint& p : points) base = times_field(base, p, c.x, c.z);
  return base;
}

}  // namespace terranav::nav
