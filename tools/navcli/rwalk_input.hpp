// What every --compat r.walk command (cost-surface, path, batch) starts
// from: the DEM and friction rasters, read and checked to share a grid, and
// the provenance that records r.walk's parameters in place of terranav's
// cost model and slope limit (there is none).
#pragma once

#include <optional>

#include "command_options.hpp"
#include "provenance.hpp"
#include "terranav/nav/walking_time.hpp"
#include "terranav/terrain_io/raster_grid.hpp"

namespace terranav::navcli {

/// The rasters r.walk reads.
struct RwalkRasters {
  /// --map; its values empty when `dem_reader` reads them.
  nav::RasterGrid dem;
  /// --friction on the DEM's grid; no values without it.
  nav::RasterGrid friction;
  /// --map opened, its values read only as walking_time copies them (so
  /// that no copy of the whole DEM is held), or none.
  std::optional<nav::RasterGridReader> dem_reader;

  /// walking_time's view of them: spans into this object (or elevation_rows
  /// reading through dem_reader), spacings from the DEM's geotransform
  /// (east-west and north-south apart). O(1).
  nav::WalkingTimeGrid grid() const;
};

/// Reads --map and --friction (load_raster_grid) and checks that they share
/// a grid; with `stream_dem`, only opens --map, for walking_time to read
/// once (an error reading its samples then comes from walking_time). Throws
/// nav::Error naming the file. O(samples).
RwalkRasters load_rwalk_rasters(const RwalkSurfaceOptions& options, bool stream_dem = false);

/// make_provenance's record for the DEM with compat "r.walk", no max slope
/// and the cost model {"name": "walking-time", walk_coeff, slope_factor,
/// lambda, friction and friction_sha256 when given}. Hashes both files:
/// O(file sizes).
Provenance rwalk_provenance(const RwalkSurfaceOptions& options);

}  // namespace terranav::navcli
