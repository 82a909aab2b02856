#include "terranav/nav/path_smoothing.hpp"

#include <cmath>
#include <limits>

namespace terranav::nav {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double horizontal_distance(const Vec3& a, const Vec3& b) noexcept {
  return std::hypot(b.x - a.x, b.z - a.z);
}

// The shortcut pass: `out` gets the kept vertices of `points`.
void shortcut(const SurfaceCost& ruler, std::span<const Vec3> points, std::vector<Vec3>& out,
              double max_segment_m) {
  out.clear();
  if (points.empty()) return;
  out.push_back(points[0]);
  if (points.size() == 1) return;
  std::size_t anchor = 0;
  double anchor_to_here = ruler.segment_cost(points[0], points[1]);
  for (std::size_t j = 1; j + 1 < points.size(); ++j) {
    const double next_step = ruler.segment_cost(points[j], points[j + 1]);
    const double via = anchor_to_here + next_step;
    if (horizontal_distance(points[anchor], points[j + 1]) <= max_segment_m) {
      const double direct = ruler.segment_cost(points[anchor], points[j + 1], via);
      if (direct < kInf) {
        anchor_to_here = direct;
        continue;
      }
    }
    out.push_back(points[j]);
    anchor = j;
    anchor_to_here = next_step;
  }
  out.push_back(points.back());
}

// Moves each interior vertex of `path` to a cheaper feasible place nearby.
void relax(const SurfaceCost& ruler, std::vector<Vec3>& path, double tile_m) {
  constexpr int kDirs = 8;
  constexpr double kDx[kDirs] = {1,
                                 0,
                                 -1,
                                 0,
                                 0.7071067811865476,
                                 -0.7071067811865476,
                                 -0.7071067811865476,
                                 0.7071067811865476};
  constexpr double kDz[kDirs] = {0,
                                 1,
                                 0,
                                 -1,
                                 0.7071067811865476,
                                 0.7071067811865476,
                                 -0.7071067811865476,
                                 -0.7071067811865476};
  for (std::size_t k = 1; k + 1 < path.size(); ++k) {
    const Vec3& prev = path[k - 1];
    const Vec3& next = path[k + 1];
    Vec3 best = path[k];
    double best_cost = ruler.segment_cost(prev, best) + ruler.segment_cost(best, next);
    for (double step = 0.5 * tile_m; step >= tile_m / 16.0; step *= 0.5) {
      bool moved = true;
      while (moved) {
        moved = false;
        for (int d = 0; d < kDirs; ++d) {
          const Vec3 candidate{best.x + kDx[d] * step, 0.0, best.z + kDz[d] * step};
          const double first = ruler.segment_cost(prev, candidate, best_cost);
          if (first == kInf) continue;
          const double cost = first + ruler.segment_cost(candidate, next, best_cost - first);
          if (cost < best_cost) {
            best = candidate;
            best_cost = cost;
            moved = true;
          }
        }
      }
    }
    path[k] = best;
  }
}

}  // namespace

void smooth_path(const SurfaceCost& ruler, std::span<const Vec3> points, std::vector<Vec3>& out,
                 const SmoothingOptions& options) {
  const double tile_m = ruler.graph().tile_metres();
  const double max_segment_m = options.max_segment_tiles * tile_m;
  shortcut(ruler, points, out, max_segment_m);
  std::vector<Vec3> pulled;
  for (int pass = 0; pass < options.relax_passes && out.size() > 2; ++pass) {
    relax(ruler, out, tile_m);
    pulled.swap(out);
    shortcut(ruler, pulled, out, max_segment_m);
  }
  for (Vec3& p : out) p.y = ruler.heightmap().surface_height(p.x, p.z);
}

}  // namespace terranav::nav
