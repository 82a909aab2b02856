// Private helpers shared by the heightmap loaders (heightmap_io.cpp and the
// GDAL loader, gdal_terrain.cpp): the size limits, the Heightmap's own checks
// and the void policy, every failure an Error naming the file.
#pragma once

#include <cstddef>
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

/// Counts the voids of a row-major grid, marked -1 in `layer` (0 elsewhere).
/// Throws Error "every sample is <kind> (<value>)" when nothing else is left,
/// and when voids == HgtVoids::Error and there is any, "<N> <kind> samples
/// (<value>), the first at row R, column C; ..." naming the --nodata choices.
/// Returns the count. O(W * D).
std::size_t check_voids(const std::filesystem::path& file, const std::vector<std::int32_t>& layer,
                        int width, HgtVoids voids, const std::string& kind,
                        const std::string& value);

/// Fills the voids (layer -1) layer by layer, outward from the valid samples
/// (layer 0): a void at Chebyshev distance L from valid data gets the mean of
/// its 8-neighbours at distance < L, and layer L. Same result as repeating
/// "fill every void that has a non-void neighbour" until none is left. Needs
/// at least one valid sample. O(W * D).
void fill_voids(std::vector<float>& heights, std::vector<std::int32_t>& layer, int width,
                int depth);

/// Per sample, 1 where `layer` marks a void (filled or not), 0 elsewhere.
/// O(W * D).
std::vector<std::uint8_t> void_mask(const std::vector<std::int32_t>& layer);

/// A heightmap whose voids were filled, and where they were.
struct FilledHeightmap {
  Heightmap heightmap;
  /// Per sample, row-major, 1 = a void before filling; empty when none was.
  std::vector<std::uint8_t> voids;
};

/// load_hgt_heightmap, with the filled voids' positions. O(W * D).
FilledHeightmap load_hgt(const std::filesystem::path& file, double spacing_m, HgtVoids voids);

}  // namespace terranav::nav::detail
