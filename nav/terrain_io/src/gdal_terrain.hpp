// GDAL rasters (GeoTIFF, ...) as heightmaps with their georeferencing.
// gdal_terrain.cpp reads them through terranav::gdal; a build without GDAL
// compiles gdal_terrain_missing.cpp instead, which refuses every raster.
#pragma once

#include <filesystem>

#include "terranav/nav/heightmap.hpp"
#include "terranav/terrain_io/georeference.hpp"
#include "terranav/terrain_io/heightmap_io.hpp"

namespace terranav::nav::detail {

/// A heightmap and where it lies.
struct GeoHeightmap {
  Heightmap heightmap;
  Georeference georeference;
};

/// Band 1 in metres (times the band's scale, plus its offset), spacing =
/// the pixel size. Throws Error naming the file for: a missing file, not a
/// raster, a complex band, no CRS, a geographic CRS, a CRS whose unit is not
/// the metre, no geotransform, a rotated/sheared or not north-up one,
/// non-square pixels, a size outside the Heightmap limits (before reading),
/// nodata samples when nodata == HgtVoids::Error (HgtVoids::Fill fills them
/// as .hgt voids), heights outside kHeightLimit; and in a build without GDAL,
/// for every file. O(W * D).
GeoHeightmap load_gdal_heightmap(const std::filesystem::path& file, HgtVoids nodata);

}  // namespace terranav::nav::detail
