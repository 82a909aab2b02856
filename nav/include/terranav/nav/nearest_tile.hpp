// The tile nearest a target that satisfies a predicate: where a click on a
// cliff sends a unit, or where a unit stranded on a new building steps off.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include "terranav/nav/terrain_graph.hpp"

namespace terranav::nav {

namespace detail {

/// Calls visit(TileCoord) for the grid's tiles on square rings of Chebyshev
/// radius r = 0, 1, 2, ... around `centre` (which may lie outside the grid),
/// ring by ring, while go_on(r) holds and a ring can still meet the grid.
/// O(r^2) visits up to ring r.
template <class GoOn, class Visit>
void visit_rings(const TerrainGraph& graph, TileCoord centre, GoOn go_on, Visit visit) {
  const auto at = [&](std::int32_t i, std::int32_t j) {
    if (graph.contains({i, j})) visit(TileCoord{i, j});
  };
  // Far enough to cover the whole grid from any centre.
  const std::int64_t reach =
      std::max<std::int64_t>({std::abs(static_cast<std::int64_t>(centre.i)),
                              std::abs(static_cast<std::int64_t>(centre.j)),
                              std::abs(static_cast<std::int64_t>(centre.i) - graph.tiles_wide()),
                              std::abs(static_cast<std::int64_t>(centre.j) - graph.tiles_deep())}) +
      1;
  for (std::int64_t r = 0; r <= reach && go_on(r); ++r) {
    const auto rr = static_cast<std::int32_t>(r);
    if (r == 0) {
      at(centre.i, centre.j);
      continue;
    }
    for (std::int32_t k = -rr; k <= rr; ++k) {
      at(centre.i + k, centre.j - rr);
      at(centre.i + k, centre.j + rr);
    }
    for (std::int32_t k = -rr + 1; k <= rr - 1; ++k) {
      at(centre.i - rr, centre.j + k);
      at(centre.i + rr, centre.j + k);
    }
  }
}

}  // namespace detail

/// The tile nearest `target` (Euclidean distance between tile coordinates;
/// ties: lowest TileId) for which accept(TileId) is true; none if there is
/// none. `target` may lie outside the grid. Searches square rings of growing
/// Chebyshev radius r around the target and stops once r exceeds the best
/// distance found: O(d^2) tests for an answer d tiles away, O(tiles) when
/// there is none.
template <class Accept>
std::optional<TileCoord> nearest_tile(const TerrainGraph& graph, TileCoord target, Accept accept) {
  std::optional<TileCoord> best;
  std::int64_t best_d2 = std::numeric_limits<std::int64_t>::max();
  detail::visit_rings(
      graph, target, [&](std::int64_t r) { return r * r <= best_d2; },
      [&](TileCoord c) {
        const std::int64_t di = c.i - target.i;
        const std::int64_t dj = c.j - target.j;
        const std::int64_t d2 = di * di + dj * dj;
        if (d2 > best_d2) return;
        const TileId id = graph.id(c);
        if (d2 == best_d2 && index(id) > index(graph.id(*best))) return;
        if (accept(id)) {
          best_d2 = d2;
          best = c;
        }
      });
  return best;
}

/// A point on a tile: what nearest_tile_point answers.
struct TilePoint {
  TileCoord tile;
  /// Nav metres; y is not set.
  Vec3 point;
  /// From the point asked about, horizontally. [Units: metres]
  double distance_m = 0.0;
};

/// The point nearest `from` (nav metres, y ignored; it may lie outside the
/// grid) among the tiles for which accept(TileId) is true, kept `inset_m`
/// inside the tile's square (at most half a tile: then its centre), with
/// its tile; none if no tile is accepted or `from` is not finite. Distance:
/// Euclidean in metres from `from` to the square shrunk by the inset; ties:
/// lowest TileId. Where a unit whose ground became unwalkable steps to: the
/// shortest step onto accepted ground. [Units: metres; inset_m < 0 counts as
/// 0] Searches square rings around the tile containing `from` (as
/// nearest_tile) until a ring is farther than the best point: O(d^2) tests
/// for an answer d tiles away, O(tiles) when there is none.
template <class Accept>
std::optional<TilePoint> nearest_tile_point(const TerrainGraph& graph, const Vec3& from,
                                            double inset_m, Accept accept) {
  if (!std::isfinite(from.x) || !std::isfinite(from.z)) return std::nullopt;
  const double t = graph.tile_metres();
  const double inset = std::clamp(inset_m, 0.0, t / 2.0);
  // The cell holding `from`, clamped to one beside the grid: a grid tile on
  // ring r around it is then at least (r - 1) t + inset from `from`.
  const auto cell = [&](double v, int tiles) {
    return static_cast<std::int32_t>(std::clamp(std::floor(v / t), -1.0, double(tiles)));
  };
  const TileCoord centre{cell(from.x, graph.tiles_wide()), cell(from.z, graph.tiles_deep())};
  std::optional<TilePoint> best;
  double best_d2 = std::numeric_limits<double>::infinity();
  const auto go_on = [&](std::int64_t r) {
    const double gap = std::max(0.0, static_cast<double>(r - 1) * t + inset);
    return gap * gap <= best_d2;
  };
  detail::visit_rings(graph, centre, go_on, [&](TileCoord c) {
    const Vec3 point{std::clamp(from.x, c.i * t + inset, (c.i + 1) * t - inset), 0.0,
                     std::clamp(from.z, c.j * t + inset, (c.j + 1) * t - inset)};
    const double dx = point.x - from.x;
    const double dz = point.z - from.z;
    const double d2 = dx * dx + dz * dz;
    if (d2 > best_d2) return;
    const TileId id = graph.id(c);
    if (d2 == best_d2 && index(id) > index(graph.id(best->tile))) return;
    if (accept(id)) {
      best_d2 = d2;
      best = TilePoint{c, point, std::sqrt(d2)};
    }
  });
  return best;
}

}  // namespace terranav::nav
