// Terrain classes from an image: one pixel per tile, its value the class
// index (the file side of terrain_classes.hpp).
#pragma once

#include <filesystem>
#include <vector>

#include "terranav/nav/terrain_classes.hpp"

namespace terranav::nav {

/// Classes from an 8-bit 1-channel grayscale PNG of TW x TD pixels (pixel
/// (i, j) = class index of tile (i, j); image row 0 = tile row 0). Throws
/// Error naming the file for a missing/corrupt/non-PNG file, a colour,
/// grey+alpha or 16-bit image, wrong size (saying the expected TW x TD), a
/// value outside the table (naming the pixel), or a bad table as
/// classes_from_height_bands. O(tiles).
ClassMap classes_from_image(const std::filesystem::path& file, int tiles_wide, int tiles_deep,
                            std::vector<TerrainClass> classes);

}  // namespace terranav::nav
