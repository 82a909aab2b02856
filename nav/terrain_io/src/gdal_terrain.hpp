// GDAL rasters (GeoTIFF, ...) as heightmaps with their georeferencing.
// gdal_terrain.cpp reads them through terranav::gdal; a build without GDAL
// compiles gdal_terrain_missing.cpp instead, which refuses every raster.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "terranav/nav/heightmap.hpp"
#include "terranav/terrain_io/georeference.hpp"
#include "terranav/terrain_io/heightmap_io.hpp"

namespace terranav::nav::detail {

/// A heightmap, where it lies, and which of its samples were nodata.
struct GeoHeightmap {
  Heightmap heightmap;
  Georeference georeference;
  /// Per sample, row-major, 1 = nodata before filling (after resampling:
  /// interpolated from a nodata sample); empty when none was.
  std::vector<std::uint8_t> nodata;
};

/// Band 1 in metres (times the band's scale, plus its offset), spacing =
/// the pixel size. Throws Error naming the file for: a missing file, not a
/// raster, a complex band, no CRS, a geographic CRS, a CRS whose unit is not
/// the metre, no geotransform, a rotated/sheared or not north-up one,
/// non-square pixels unless resample_square, a size outside the Heightmap
/// limits (before reading; after resampling too), nodata samples when
/// nodata == HgtVoids::Error, heights outside kHeightLimit; and in a build
/// without GDAL, for every file.
/// HgtVoids::Fill fills nodata by gdal::fill_nodata (inverse distance, within
/// gdal::kFillReachPx pixels) and what lies farther by the .hgt void fill.
/// resample_square: non-square pixels px x py become square pixels of
/// s = min(px, py), bilinear, the origin (top-left corner) kept, floor(W px /
/// s) x floor(D py / s) samples (a partial pixel at the right or bottom
/// edge is dropped). O(W * D), plus the fill's nodata * reach.
GeoHeightmap load_gdal_heightmap(const std::filesystem::path& file, HgtVoids nodata,
                                 bool resample_square);

}  // namespace terranav::nav::detail
