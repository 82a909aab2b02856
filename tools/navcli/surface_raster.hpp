// Cost surfaces as GeoTIFF files, one pixel per tile: written and read
// through terranav::gdal (surface_raster_gdal.cpp), or, in a build without
// GDAL, an error saying so (surface_raster_missing.cpp).
#pragma once

#include <array>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "terranav/terrain_io/raster_grid.hpp"

namespace terranav::navcli {

/// A raster with one pixel per tile of a graph.
struct TileGrid {
  int tiles_wide = 0;
  int tiles_deep = 0;
  /// GDAL's affine coefficients of pixel (0, 0)'s outer corner.
  std::array<double, 6> geotransform{};
  std::string crs_wkt;  ///< empty: no CRS
  /// The DEM's GeoTIFF keys when it was read as a plain GeoTIFF: the CRS
  /// then written as these, with libtiff alone (crs_wkt unused).
  nav::GeoTiffKeys geokeys;
};

/// Throws nav::Error "<what>: this navcli was built without GDAL ..." in a
/// build without GDAL; does nothing otherwise. Called before any work.
void require_geotiff(std::string_view what);

/// Writes `values` (TileId order, NaN = unreached, the declared nodata) as a
/// one-band GeoTIFF, Float64 or Float32, with `tags` as metadata. Throws
/// nav::Error naming the file.
void write_tile_raster(const std::filesystem::path& file, const TileGrid& grid,
                       std::span<const double> values, bool float32,
                       const std::vector<std::pair<std::string, std::string>>& tags);

/// Band 1 of `file` as doubles, after checking that it has tiles_wide x
/// tiles_deep pixels; its nodata value (when not NaN) becomes NaN. Throws
/// nav::Error naming the file.
std::vector<double> read_tile_raster(const std::filesystem::path& file, int tiles_wide,
                                     int tiles_deep);

}  // namespace terranav::navcli
