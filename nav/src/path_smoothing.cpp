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

// Moves each interior vertex of `path` across the chord of its neighbours,
// to where its two segments cost least (a pattern search from half a tile
// down to 1/16), when that is feasible and cheaper. Moving along the chord
// changes the cost little, so only the normal is searched.
void relax(const SurfaceCost& ruler, std::vector<Vec3>& path, double tile_m,
           double cost_per_metre) {
  for (std::size_t k = 1; k + 1 < path.size(); ++k) {
    const Vec3& prev = path[k - 1];
    const Vec3& next = path[k + 1];
    const double chord = horizontal_distance(prev, next);
    if (chord == 0.0) continue;
    const double nx = -(next.z - prev.z) / chord;
    const double nz = (next.x - prev.x) / chord;
    Vec3 best = path[k];
    double best_cost = ruler.segment_cost(prev, best) + ruler.segment_cost(best, next);
    for (double step = 4.0 * tile_m; step >= tile_m / 16.0; step *= 0.5) {
      for (double side = 1.0, tries = 0; tries < 2;) {
        const Vec3 candidate{best.x + side * nx * step, 0.0, best.z + side * nz * step};
        // The second segment costs at least its length times the least
        // cost per metre: the first may use only what that leaves.
        const double rest = cost_per_metre * horizontal_distance(candidate, next);
        const double first = ruler.segment_cost(prev, candidate, best_cost - rest);
        const double cost =
            first == kInf ? kInf : first + ruler.segment_cost(candidate, next, best_cost - first);
        if (cost < best_cost) {
          best = candidate;
          best_cost = cost;
          tries = 0;  // keep going this way
        } else {
          side = -side;
          ++tries;
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
  const CostModel& model = ruler.model();
  const double cost_per_metre =
      min_base_edge_cost(model, 1.0, ruler.graph().config().max_slope) * min_multiplier(model);
  shortcut(ruler, points, out, max_segment_m);
  std::vector<Vec3> pulled;
  for (int pass = 0; pass < options.relax_passes && out.size() > 2; ++pass) {
    relax(ruler, out, tile_m, cost_per_metre);
    pulled.swap(out);
    shortcut(ruler, pulled, out, max_segment_m);
  }
  for (Vec3& p : out) p.y = ruler.heightmap().surface_height(p.x, p.z);
}

}  // namespace terranav::nav
