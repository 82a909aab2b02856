// A georeferenced raster read as a grid of doubles (GeoTIFF and the other
// GDAL formats): the DEM and friction inputs of walking_time
// (terranav/nav/walking_time.hpp), whose pixels need not be square.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace terranav::nav {

/// A GeoTIFF's CRS as its keys are stored (GeoKeyDirectoryTag 34735,
/// GeoDoubleParamsTag 34736, GeoAsciiParamsTag 34737; GeoTIFF 1.1, OGC
/// 19-008r4), so that a raster written on the same grid carries the same CRS
/// without a CRS library (PROJ's database took ~50 ms of CPU to open).
struct GeoTiffKeys {
  std::vector<std::uint16_t> directory;  ///< empty: none
  std::vector<double> doubles;
  std::string ascii;
  bool empty() const noexcept { return directory.empty(); }
};

/// Band 1 of a north-up projected raster.
struct RasterGrid {
  std::int32_t width = 0;  ///< columns (east)
  std::int32_t depth = 0;  ///< rows (south)
  /// Row-major (row 0 = north), times the band's scale plus its offset;
  /// nodata samples are NaN.
  std::vector<double> values;
  /// GDAL's affine coefficients: [0] west edge easting, [1] pixel width
  /// (> 0), [3] north edge northing, [5] minus the pixel height (< 0); [2]
  /// and [4] are 0. Metres.
  std::array<double, 6> geotransform{};
  /// The CRS as OGC WKT; empty when the raster was read as a plain GeoTIFF,
  /// without GDAL (then `geokeys` hold it).
  std::string crs_wkt;
  std::optional<int> epsg;  ///< the CRS's EPSG code, when known
  GeoTiffKeys geokeys;      ///< read as a plain GeoTIFF: its keys; else empty
};

/// Reads band 1 of `file`: as a plain GeoTIFF through libtiff when it is one
/// (plain_geotiff.hpp: the same values, geotransform and EPSG code as GDAL
/// gives, without loading libgdal and PROJ), else through GDAL. Throws Error naming the file for: a
/// missing file, not a raster, a complex band, no CRS, a geographic CRS, a
/// CRS whose unit is not the metre, no geotransform, a rotated/sheared or not
/// north-up one, a pixel size outside kSpacingLimit (limits.hpp), a size
/// outside the Heightmap limits (checked before reading); and in a build
/// without GDAL, for every file. O(W * D).
RasterGrid load_raster_grid(const std::filesystem::path& file);

/// Throws Error naming both files unless `other` has `reference`'s size and
/// geotransform (a friction raster must lie on its DEM's grid). O(1).
void check_same_grid(const std::filesystem::path& reference_file, const RasterGrid& reference,
                     const std::filesystem::path& other_file, const RasterGrid& other);

}  // namespace terranav::nav
