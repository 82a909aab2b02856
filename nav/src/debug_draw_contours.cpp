// Contour lines: marching triangles on the heightmap's own triangulation.
#include <array>
#include <cmath>

#include "number_text.hpp"
#include "terranav/nav/debug_draw.hpp"

namespace terranav::nav {
namespace {

constexpr int kIndexEvery = 5;

struct Corner {
  double x;  // metres
  double z;
  double h;
};

// The segments where the levels k * interval cross triangle c, two vertices
// each, appended to `index_lines` (k % 5 == 0) or `plain`.
void cross_triangle(const std::array<Corner, 3>& c, double interval, std::vector<Vec3>& plain,
                    std::vector<Vec3>& index_lines) {
  const double lo = std::min({c[0].h, c[1].h, c[2].h});
  const double hi = std::max({c[0].h, c[1].h, c[2].h});
  for (auto k = static_cast<long long>(std::floor(lo / interval));
       k <= static_cast<long long>(std::floor(hi / interval)); ++k) {
    const double level = static_cast<double>(k) * interval;
    if (!(lo < level && level <= hi)) continue;
    std::vector<Vec3>& out = k % kIndexEvery == 0 ? index_lines : plain;
    // Some corner is below the level and some not: exactly two edges cross.
    for (int e = 0; e < 3; ++e) {
      const Corner& a = c[static_cast<std::size_t>(e)];
      const Corner& b = c[static_cast<std::size_t>((e + 1) % 3)];
      if ((a.h < level) == (b.h < level)) continue;
      const double t = (level - a.h) / (b.h - a.h);
      out.push_back({a.x + t * (b.x - a.x), level, a.z + t * (b.z - a.z)});
    }
  }
}

void emit(DebugDraw& draw, const std::vector<Vec3>& vertices, Rgba colour, float width) {
  if (vertices.empty()) return;
  draw.begin(Primitive::Lines, width);
  for (const Vec3& v : vertices) draw.vertex(v, colour);
  draw.end();
}

}  // namespace

std::vector<LegendEntry> draw_contours(DebugDraw& draw, const Heightmap& heightmap,
                                       double interval_m) {
  if (!(std::isfinite(interval_m) && interval_m > 0.0)) {
    throw Error("contours: the interval must be finite and > 0 m, got " +
                detail::number_text(interval_m));
  }
  const double levels = (heightmap.max_height() - heightmap.min_height()) / interval_m;
  if (levels > kMaxContourLevels) {
    throw Error("contours: an interval of " + detail::number_text(interval_m) + " m gives " +
                detail::number_text(std::floor(levels)) + " levels, more than " +
                detail::number_text(kMaxContourLevels));
  }
  const double s = heightmap.spacing();
  std::vector<Vec3> plain;
  std::vector<Vec3> index_lines;
  for (int z = 0; z + 1 < heightmap.depth(); ++z) {
    for (int x = 0; x + 1 < heightmap.width(); ++x) {
      const auto corner = [&](int cx, int cz) {
        return Corner{cx * s, cz * s, static_cast<double>(heightmap.at(cx, cz))};
      };
      const Corner c00 = corner(x, z);
      const Corner c10 = corner(x + 1, z);
      const Corner c11 = corner(x + 1, z + 1);
      const Corner c01 = corner(x, z + 1);
      cross_triangle({c00, c10, c11}, interval_m, plain, index_lines);  // A: fx >= fz
      cross_triangle({c00, c11, c01}, interval_m, plain, index_lines);  // B: fx < fz
    }
  }
  emit(draw, plain, kContourColour, 1.0f);
  emit(draw, index_lines, kIndexContourColour, 2.0f);
  return {{kContourColour, "contour every " + detail::number_text(interval_m) + " m"},
          {kIndexContourColour,
           "index contour every " + detail::number_text(kIndexEvery * interval_m) + " m"}};
}

}  // namespace terranav::nav
