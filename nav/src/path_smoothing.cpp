#include "terranav/nav/path_smoothing.hpp"

#include <cmath>
#include <cstddef>
#include <limits>

namespace terranav::nav {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double horizontal_distance(const Vec3& a, const Vec3& b) noexcept {
  return std::hypot(b.x - a.x, b.z - a.z);
}

// The shortcut pass (Theta*'s parent test along the polyline): from an
// anchor, vertex j is skipped when the straight segment from the anchor to
// vertex j + 1 is feasible, at most max_segment_m long, and no costlier than
// reaching j + 1 through j. `out` gets the kept vertices of `points`, `kept`
// their indices in `points`. Each accepted segment costs no more than the
// polyline it replaces, so neither does the result.
void shortcut(const SurfaceCost& ruler, std::span<const Vec3> points, std::vector<Vec3>& out,
              std::vector<std::size_t>& kept, double max_segment_m) {
  out.clear();
  kept.clear();
  if (points.empty()) return;
  out.push_back(points[0]);
  kept.push_back(0);
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
    kept.push_back(j);
    anchor = j;
    anchor_to_here = next_step;
  }
  out.push_back(points.back());
  kept.push_back(points.size() - 1);
}

// Moves each active interior vertex of `path` to where its two segments cost
// least: a pattern search across and along the chord of its neighbours,
// from one tile down to 1/8, keeping only feasible, cheaper places. Sets
// moved[k] for the vertices it moved.
void relax(const SurfaceCost& ruler, std::vector<Vec3>& path, const std::vector<char>& active,
           std::vector<char>& moved, double tile_m, double cost_per_metre) {
  moved.assign(path.size(), 0);
  for (std::size_t k = 1; k + 1 < path.size(); ++k) {
    if (!active[k]) continue;
    const Vec3& prev = path[k - 1];
    const Vec3& next = path[k + 1];
    const double chord = horizontal_distance(prev, next);
    if (chord == 0.0) continue;
    const double ux = (next.x - prev.x) / chord;
    const double uz = (next.z - prev.z) / chord;
    // Across first: that is where a vertex of a grid path is most off.
    const double axes[2][2] = {{-uz, ux}, {ux, uz}};
    Vec3 best = path[k];
    double best_cost = ruler.segment_cost(prev, best) + ruler.segment_cost(best, next);
    for (double step = tile_m; step >= tile_m / 8.0; step *= 0.5) {
      for (const auto& axis : axes) {
        int failures = 0;
        for (double side = 1.0; failures < 2;) {
          const Vec3 candidate{best.x + side * axis[0] * step, 0.0, best.z + side * axis[1] * step};
          // The second segment costs at least its length times the least
          // cost per metre: the first may use only what that leaves.
          const double rest = cost_per_metre * horizontal_distance(candidate, next);
          const double first = ruler.segment_cost(prev, candidate, best_cost - rest);
          const double cost =
              first == kInf ? kInf : first + ruler.segment_cost(candidate, next, best_cost - first);
          if (cost < best_cost) {
            best = candidate;
            best_cost = cost;
            failures = 0;  // keep going this way
          } else {
            side = -side;
            ++failures;
          }
        }
      }
    }
    if (best.x != path[k].x || best.z != path[k].z) {
      path[k] = best;
      moved[k] = 1;
    }
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
  std::vector<std::size_t> kept;
  shortcut(ruler, points, out, kept, max_segment_m);
  // A vertex is relaxed again only when it or a neighbour moved, or a
  // neighbouring vertex was cut, since it was last relaxed.
  std::vector<char> active(out.size(), 1);
  std::vector<char> moved;
  std::vector<Vec3> relaxed;
  for (int pass = 0; pass < options.relax_passes && out.size() > 2; ++pass) {
    relax(ruler, out, active, moved, tile_m, cost_per_metre);
    relaxed.swap(out);
    shortcut(ruler, relaxed, out, kept, max_segment_m);
    active.assign(out.size(), 0);
    for (std::size_t k = 1; k + 1 < out.size(); ++k) {
      const std::size_t at = kept[k];
      active[k] = moved[at - 1] || moved[at] || moved[at + 1] || kept[k - 1] + 1 != at ||
                  kept[k + 1] != at + 1;
    }
  }
  for (Vec3& p : out) p.y = ruler.heightmap().surface_height(p.x, p.z);
}

}  // namespace terranav::nav
