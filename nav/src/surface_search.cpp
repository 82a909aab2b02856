#include "terranav/nav/surface_search.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <queue>
#include <string>
#include <utility>

namespace terranav::nav {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

struct Open {
  double f;
  double g;
  std::uint32_t tile;
  // Least f first; among equal f, larger g (deeper) first.
  friend bool operator<(const Open& a, const Open& b) noexcept {
    return a.f != b.f ? a.f > b.f : a.g < b.g;
  }
};

}  // namespace

std::vector<TileCoord> dense_moves(int radius) {
  if (radius < 1 || radius > kMaxDenseRadius) {
    throw Error("dense search: radius must be in [1, " + std::to_string(kMaxDenseRadius) +
                "], got " + std::to_string(radius));
  }
  std::vector<TileCoord> moves;
  for (int b = -radius; b <= radius; ++b) {
    for (int a = -radius; a <= radius; ++a) {
      if (std::gcd(a, b) == 1) moves.push_back({a, b});
    }
  }
  std::sort(moves.begin(), moves.end(),
            [](TileCoord p, TileCoord q) { return std::atan2(p.j, p.i) < std::atan2(q.j, q.i); });
  return moves;
}

SurfaceSearch::SurfaceSearch(const Heightmap& heightmap, const TerrainGraph& graph)
    : heightmap_(heightmap), graph_(graph) {}

std::size_t SurfaceSearch::memory_bytes() const noexcept {
  return g_.capacity() * sizeof(double) + parent_.capacity() * sizeof(std::uint32_t) +
         seen_.capacity() * sizeof(std::uint32_t);
}

SurfacePath SurfaceSearch::find_path(TileCoord start, TileCoord goal, const CostModel& model,
                                     int radius, bool dijkstra) {
  const std::vector<TileCoord> moves = dense_moves(radius);
  const SurfaceCost ruler(heightmap_, graph_, model);
  SurfacePath out;
  const auto usable = [&](TileCoord c) {
    return graph_.contains(c) && !graph_.blocked(graph_.id(c));
  };
  if (!usable(start)) return out;
  if (!usable(goal)) {
    out.status = SearchStatus::InvalidGoal;
    return out;
  }
  const std::size_t n = graph_.tile_count();
  if (g_.size() != n) {
    g_.assign(n, kInf);
    parent_.assign(n, kNone);
    seen_.assign(n, 0);
    generation_ = 0;
  }
  if (++generation_ >= (1u << 31)) {
    std::fill(seen_.begin(), seen_.end(), 0u);
    generation_ = 1;
  }
  const std::uint32_t open_tag = generation_ << 1;
  const std::uint32_t closed_tag = open_tag | 1u;

  const Vec3 goal_centre = graph_.tile_centre(graph_.id(goal));
  const double goal_height = heightmap_.surface_height(goal_centre.x, goal_centre.z);
  const double max_slope = graph_.config().max_slope;
  const double per_metre = min_base_edge_cost(model, 1.0, max_slope);
  const ClimbCost climb = min_climb_cost(model, 1.0);
  const double multiplier = min_multiplier(model);
  const auto centre = [&](std::uint32_t t) {
    Vec3 c = graph_.tile_centre(TileId{t});
    c.y = heightmap_.surface_height(c.x, c.z);
    return c;
  };
  const auto estimate = [&](const Vec3& c) {
    if (dijkstra) return 0.0;
    const double rise = goal_height - c.y;
    return multiplier * (per_metre * std::hypot(goal_centre.x - c.x, goal_centre.z - c.z) +
                         climb.up * std::max(rise, 0.0) + climb.down * std::max(-rise, 0.0));
  };

  const std::uint32_t s = index(graph_.id(start));
  const std::uint32_t target = index(graph_.id(goal));
  std::priority_queue<Open> open;
  g_[s] = 0.0;
  parent_[s] = kNone;
  seen_[s] = open_tag;
  open.push({estimate(centre(s)), 0.0, s});
  while (!open.empty()) {
    const Open top = open.top();
    open.pop();
    const std::uint32_t u = top.tile;
    if (seen_[u] == closed_tag || top.g > g_[u]) continue;  // a stale entry
    seen_[u] = closed_tag;
    if (u == target) break;
    ++out.expanded;
    const Vec3 from = centre(u);
    const TileCoord uc = graph_.coord(TileId{u});
    for (const TileCoord m : moves) {
      const TileCoord vc{uc.i + m.i, uc.j + m.j};
      if (!usable(vc)) continue;
      const std::uint32_t v = index(graph_.id(vc));
      const bool known = (seen_[v] >> 1) == generation_;
      if (known && seen_[v] == closed_tag) continue;
      const double best = known ? g_[v] : kInf;
      const Vec3 to = centre(v);
      // Walk no further than would improve v.
      const double step = ruler.segment_cost(from, to, best - top.g);
      const double g = top.g + step;
      if (!(g < best)) continue;
      g_[v] = g;
      parent_[v] = u;
      seen_[v] = open_tag;
      open.push({g + estimate(to), g, v});
    }
  }
  if (seen_[target] != closed_tag) {
    out.status = SearchStatus::Unreachable;
    return out;
  }
  out.status = SearchStatus::Found;
  for (std::uint32_t v = target; v != kNone; v = parent_[v]) {
    out.tiles.push_back(graph_.coord(TileId{v}));
    out.points.push_back(centre(v));
  }
  std::reverse(out.tiles.begin(), out.tiles.end());
  std::reverse(out.points.begin(), out.points.end());
  out.cost = ruler.polyline(out.points).cost;
  return out;
}

}  // namespace terranav::nav
