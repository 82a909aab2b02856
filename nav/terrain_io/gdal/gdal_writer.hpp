// terranav::gdal: writes one-band GeoTIFFs (cost surfaces, direction
// rasters) through GDAL's C API, the writing counterpart of gdal_raster.hpp.
// Private to the build: not installed.
#pragma once

#include <array>
#include <filesystem>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "terranav/terrain_io/raster_grid.hpp"

namespace terranav::nav::gdal {

/// The sample type a GeoTIFF band is stored in.
enum class SampleType { Float32, Float64 };

/// Everything but the samples of a one-band GeoTIFF.
struct GeoTiffSpec {
  int width = 0;  ///< columns; >= 1
  int depth = 0;  ///< rows; >= 1
  SampleType type = SampleType::Float64;
  /// GDAL's six affine coefficients: E = gt[0] + col * gt[1] + row * gt[2],
  /// N = gt[3] + col * gt[4] + row * gt[5], at a pixel's outer corner.
  std::array<double, 6> geotransform{0.0, 1.0, 0.0, 0.0, 0.0, -1.0};
  std::string crs_wkt;  ///< OGC WKT; empty = no CRS written
  /// Non-empty: the CRS as these GeoTIFF keys, copied verbatim, and the file
  /// written with libtiff alone (plain_geotiff.hpp); crs_wkt is then unused.
  GeoTiffKeys geokeys;
  double nodata = 0.0;  ///< band 1's nodata value (NaN allowed)
  /// Dataset metadata items (TIFFTAG-free GDAL metadata, default domain),
  /// written in order; a key must be non-empty without '=' or spaces.
  std::vector<std::pair<std::string, std::string>> tags;
};

/// Writes `values` (width * depth, row-major, row 0 = north) as an
/// uncompressed GeoTIFF at `file` (one RasterIO; compress it afterwards with
/// gdal_translate -co COMPRESS=DEFLATE if size matters); a regular file or
/// symbolic link already there is removed first, so a new file takes its
/// place (other hard links and a link's target keep the old raster). With
/// spec.geokeys through write_plain_geotiff, libgdal not loaded. Float32
/// rounds each value to nearest. Throws Error("<file>: <problem>") for a bad spec (size,
/// value count, tag key), a missing or unwritable directory, a CRS GDAL
/// cannot parse, and any GDAL failure (its message appended). O(W * D).
void write_geotiff(const std::filesystem::path& file, const GeoTiffSpec& spec,
                   std::span<const double> values);

}  // namespace terranav::nav::gdal
