// Heightmap loaders: grayscale PNG, SRTM .hgt, RAW 16-bit.
#pragma once

#include <filesystem>

#include "terranav/nav/heightmap.hpp"

namespace terranav::nav {

/// Loads an 8- or 16-bit grayscale PNG (stb_image). Height in metres =
/// value / max_value * height_scale_m (max_value 255 or 65535). Row 0 of the
/// image is heightmap row z = 0.
/// Throws Error naming the file for: missing/unreadable file, not a PNG,
/// truncated or corrupt data, more than one channel (colour images), size
/// outside the Heightmap limits, spacing_m or height_scale_m outside
/// kSpacingLimit, kHeightScaleLimit (limits.hpp).
/// O(W * D).
Heightmap load_png_heightmap(const std::filesystem::path& file, double spacing_m,
                             double height_scale_m);

/// True iff the PNG holds 16-bit samples (so its full-scale value is 65535,
/// not 255); lets a caller pick a default height scale before loading.
/// Throws Error naming the file for a missing/unreadable file or not a PNG.
/// Reads only the header: O(1).
bool png_is_16_bit(const std::filesystem::path& file);

/// What to do with SRTM void samples (-32768); load_terrain's NodataPolicy
/// maps onto it for .hgt maps and GDAL rasters.
enum class HgtVoids {
  Error,  ///< a void is an error (default)
  Fill,   ///< fill each void with the mean of its non-void 8-neighbours, repeated
          ///< inward until none is left (a tile that is all void is still an error;
          ///< a GDAL raster runs GDALFillNodata first, terrain_source.hpp)
};

/// Loads an SRTM .hgt tile: 1201 x 1201 (3 arc-second) or 3601 x 3601
/// (1 arc-second) big-endian int16 metres, row 0 = north edge. The file size
/// decides which. spacing_m is the user's choice (a raw tile is not square in
/// metres; ~92.6 m north-south for 3").
/// Throws Error naming the file for: missing file, a size that is neither
/// tile size, voids when `voids == HgtVoids::Error` (with the count and the
/// first void's row/column), a tile that is all void. O(W * D).
Heightmap load_hgt_heightmap(const std::filesystem::path& file, double spacing_m,
                             HgtVoids voids = HgtVoids::Error);

/// Loads headerless little-endian unsigned 16-bit samples, width * depth of
/// them, row-major. Height in metres = value / 65535 * height_scale_m.
/// Throws Error naming the file for: missing file, a byte size other than
/// 2 * width * depth (both sizes given), dimensions outside the Heightmap
/// limits (checked before reading). O(W * D).
Heightmap load_raw16_heightmap(const std::filesystem::path& file, int width, int depth,
                               double spacing_m, double height_scale_m);

}  // namespace terranav::nav
