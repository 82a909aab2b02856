// A path under --compat r.walk (navcli path and batch): the samples from the
// start to a goal along walking_time's back-links (r.walk's outdir), with
// its length, ascent and descent on the DEM's own grid.
#pragma once

#include <vector>

#include "path_export.hpp"
#include "terranav/nav/walking_time.hpp"
#include "terranav/terrain_io/raster_grid.hpp"

namespace terranav::navcli {

/// A least-time path over the samples.
struct RwalkPath {
  /// From the start to the goal, each a neighbour of the one before under
  /// the run's topology; empty when the goal was not reached.
  std::vector<nav::GridSample> samples;
  /// Each sample's time from the start, the surface's values: the last one
  /// is the path's cost. [Units: seconds]
  std::vector<double> time_s;
  /// Horizontal length, each step r.walk's D from the east-west and
  /// north-south spacings. [Units: metres]
  double length_m = 0.0;
  /// Sums of the steps' elevation gains and losses. [Units: metres]
  double ascent_m = 0.0;
  double descent_m = 0.0;
};

/// Whether a walk can leave sample `s` (inside the grid): its elevation,
/// and its friction when there is one, are not nodata. A start where they
/// are keeps time 0 and goes nowhere (r.walk's rule); paths call it an
/// invalid start. O(1).
bool rwalk_walkable(const nav::WalkingTimeGrid& grid, nav::GridSample s);

/// Follows `surface.direction_deg` (walking_time with directions, the goal
/// settled) back from `goal` to the start it leads to. O(path length).
/// Throws std::logic_error if a back-link leaves the grid or does not lower
/// the time (a surface walking_time did not write).
RwalkPath trace_rwalk_path(const nav::WalkingTimeGrid& grid, const nav::WalkingTimeSurface& surface,
                           nav::GridSample goal);

/// The path's vertices for path_export: each sample's pixel centre in the
/// DEM's CRS, E = E0 + (column + 0.5) * pixel width, N = N0 - (row + 0.5) *
/// pixel height, its elevation, the length so far and its time as the
/// cost. O(path length).
std::vector<PathVertex> rwalk_vertices(const RwalkPath& path, const nav::RasterGrid& dem);

}  // namespace terranav::navcli
