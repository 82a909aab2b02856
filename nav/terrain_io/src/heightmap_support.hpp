// Private helpers shared by the heightmap loaders (heightmap_io.cpp and the
// GDAL loader, gdal_terrain.cpp): the size limits, the Heightmap's own checks
// and the void policy, every failure an Error naming the file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "terranav/nav/heightmap.hpp"
#include "terranav/terrain_io/heightmap_io.hpp"

namespace terranav::nav::detail {

/// The Heightmap limits (2..kMaxHeightmapDimension per side, at most
/// kMaxHeightmapSamples), checked before anything is decoded or allocated.
/// O(1).
void check_dimensions(const std::filesystem::path& file, int width, int depth);

/// Heightmap(width, depth, spacing_m, heights), its errors reported against
/// the file. O(W * D).
Heightmap make_heightmap(const std::filesystem::path& file, int width, int depth, double spacing_m,
                         std::vector<float> heights);

/// Applies the void policy to row-major `heights` whose voids are marked -1
/// in `layer` (0 elsewhere; used as scratch): an Error "<N> <kind> samples
/// (<value>), the first at row R, column C" when voids == HgtVoids::Error,
/// else the voids are filled (HgtVoids::Fill); "every sample is <kind>
/// (<value>)" either way when nothing else is left. O(W * D).
void settle_voids(const std::filesystem::path& file, std::vector<float>& heights,
                  std::vector<std::int32_t>& layer, int width, int depth, HgtVoids voids,
                  const std::string& kind, const std::string& value);

}  // namespace terranav::nav::detail
