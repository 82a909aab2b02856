// The tile nearest a target that satisfies a predicate: where a click on a
// cliff sends a unit, or where a unit stranded on a new building steps off.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>

#include "terranav/nav/terrain_graph.hpp"

namespace terranav::nav {

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
  const auto consider = [&](std::int32_t i, std::int32_t j) {
    if (!graph.contains({i, j})) return;
    const std::int64_t di = i - target.i;
    const std::int64_t dj = j - target.j;
    const std::int64_t d2 = di * di + dj * dj;
    if (d2 > best_d2) return;
    const TileId id = graph.id({i, j});
    if (d2 == best_d2 && index(id) > index(graph.id(*best))) return;
    if (accept(id)) {
      best_d2 = d2;
      best = TileCoord{i, j};
    }
  };
  // Far enough to cover the whole grid from any target.
  const std::int64_t reach =
      std::max<std::int64_t>({std::abs(static_cast<std::int64_t>(target.i)),
                              std::abs(static_cast<std::int64_t>(target.j)),
                              std::abs(static_cast<std::int64_t>(target.i) - graph.tiles_wide()),
                              std::abs(static_cast<std::int64_t>(target.j) - graph.tiles_deep())}) +
      1;
  for (std::int64_t r = 0; r <= reach && r * r <= best_d2; ++r) {
    const auto rr = static_cast<std::int32_t>(r);
    if (r == 0) {
      consider(target.i, target.j);
      continue;
    }
    for (std::int32_t k = -rr; k <= rr; ++k) {
      consider(target.i + k, target.j - rr);
      consider(target.i + k, target.j + rr);
    }
    for (std::int32_t k = -rr + 1; k <= rr - 1; ++k) {
      consider(target.i - rr, target.j + k);
      consider(target.i + rr, target.j + k);
    }
  }
  return best;
}

}  // namespace terranav::nav
