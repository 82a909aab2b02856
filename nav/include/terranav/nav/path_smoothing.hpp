// Any-angle paths from grid paths: the cost-aware shortcut (string pulling)
// and vertex relaxation that turn a path through tile centres into a
// polyline in any direction, never costlier on the surface.
#pragma once

#include <span>
#include <vector>

#include "terranav/nav/surface_cost.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {

/// How far smooth_path goes.
struct SmoothingOptions {
  /// Longest segment the shortcut tries, in tiles: bounds the work per
  /// vertex. [Units: tiles]
  double max_segment_tiles = 64.0;
  /// Sweeps of vertex relaxation after the shortcut (0: shortcut only).
  int relax_passes = 3;
};

/// Writes into `out` a polyline from points.front() to points.back() whose
/// cost on `ruler` is at most that of `points` and whose every segment is
/// feasible when every segment of `points` is:
///  1. shortcut (as Theta*'s parent test, Nash et al., "Theta*: Any-Angle
///     Path Planning on Grids", AAAI 2007, applied to the path's own
///     vertices): from an anchor, the next vertex is skipped when the
///     straight segment from the anchor past it is feasible and no costlier
///     than going through it;
///  2. relaxation: each interior vertex moves (pattern search across and
///     along the chord of its neighbours, steps from one tile down to 1/8)
///     to where its two segments cost least, kept only when feasible and
///     cheaper; then the shortcut again. Later passes relax only vertices
///     whose neighbourhood changed.
/// Each accepted change lowers the cost, so the result is at most the input's
/// cost. `out` may not alias `points`. O(n * max_segment_tiles) segment
/// cells for the shortcut, O(vertices * passes * segment cells) for the
/// relaxation.
void smooth_path(const SurfaceCost& ruler, std::span<const Vec3> points, std::vector<Vec3>& out,
                 const SmoothingOptions& options = {});

}  // namespace terranav::nav
