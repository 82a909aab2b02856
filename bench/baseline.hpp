// What the benchmark baselines share: the reference model's edge cost,
// recomputed in double from tile heights, and the answer of one query.
#pragma once

#include <cmath>
#include <cstdint>
#include <numbers>
#include <vector>

#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/terrain_graph.hpp"

namespace terranav::bench {

namespace nav = terranav::nav;

/// k of the reference model as every benchmark runs it: the default.
inline constexpr double kSlopeWeight = nav::CostModel{}.slope_weight;

/// Horizontal length of a step in direction dir: tile_metres (cardinal) or
/// tile_metres * sqrt2 (diagonal, odd dir). Metres.
inline double step_length(double tile_metres, int dir) noexcept {
  return (dir & 1) != 0 ? tile_metres * std::numbers::sqrt2 : tile_metres;
}

/// docs/reference-model.md: c = d * (1 + k * |dH| / d) between tile t and its
/// neighbour in direction dir (meaningful only when graph.has_edge(t, dir)),
/// with k = slope_weight. Metres. O(1).
inline double reference_cost(const nav::TerrainGraph& graph, nav::TileId t, int dir,
                             double slope_weight) noexcept {
  const double d = step_length(graph.tile_metres(), dir);
  const double dh = std::abs(graph.tile_height(graph.neighbour(t, dir)) - graph.tile_height(t));
  return d * (1.0 + slope_weight * dh / d);
}

/// Octile distance in tiles between (di, dj) apart, times tile_metres: the
/// admissible heuristic every implementation uses. Metres.
inline double octile_metres(int di, int dj, double tile_metres) noexcept {
  const int a = std::abs(di);
  const int b = std::abs(dj);
  const int lo = a < b ? a : b;
  const int hi = a < b ? b : a;
  return tile_metres * (hi + (std::numbers::sqrt2 - 1.0) * lo);
}

/// One baseline query's answer.
struct BaselineResult {
  bool found = false;
  /// Path cost (sum of reference costs), metres; 0 unless found.
  double cost = 0.0;
  /// Nodes taken from the open set and expanded (the goal not counted).
  std::uint32_t expanded = 0;
  /// Tile indices from start to goal inclusive; empty unless found.
  std::vector<std::uint32_t> path;
};

}  // namespace terranav::bench
