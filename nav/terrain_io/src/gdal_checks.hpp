// Private: the georeferencing checks every GDAL loader makes (gdal_terrain.cpp,
// raster_grid.cpp), each refusal an Error naming the file and suggesting the
// GDAL command that fixes it.
#pragma once

#include <array>
#include <filesystem>
#include <optional>

#include "gdal_raster.hpp"

namespace terranav::nav::detail {

/// Throws Error unless `crs` is a projected CRS in metres (none, geographic,
/// another unit). O(1).
void check_crs(const std::filesystem::path& file, const std::optional<gdal::Crs>& crs);

/// Throws Error unless `gt` exists and is north-up without rotation or
/// shear (x pixel size > 0, y pixel size < 0). Returns it. O(1).
const std::array<double, 6>& check_north_up(const std::filesystem::path& file,
                                            const std::optional<std::array<double, 6>>& gt);

}  // namespace terranav::nav::detail
