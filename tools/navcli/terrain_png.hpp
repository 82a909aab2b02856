// A picture of a terrain graph: hillshaded tiles coloured by height,
// unwalkable tiles tinted, optionally the search's open and closed sets, and
// the path on top. One square of `scale` x `scale` pixels per tile.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>

#include "terranav/nav/terrain_graph.hpp"

namespace terranav::navcli {

/// What the last search did with a tile, for drawing.
enum class TileMark : std::uint8_t { None, Open, Closed };

/// Pixels per tile side when the user gives none: the smallest integer that
/// makes the image at least 512 pixels on its longer side (1 for big maps).
int default_png_scale(const nav::TerrainGraph& graph) noexcept;

/// Writes an RGB PNG of (TW * scale) x (TD * scale) pixels. Colours: a
/// green-tan-brown-white ramp over the tile heights' range, times a
/// hillshade (sun from the north-west, 45 degrees up, tile-centre height
/// gradients); blocked tiles dark grey; tiles without edges tinted red;
/// `marks` (empty, or TW * TD, row-major by TileId) tint the closed set blue
/// and the open set yellow; `path` is a magenta polyline (at least 2 pixels
/// wide) through tile centres
/// with the start marked green and the goal red.
/// Throws std::runtime_error naming the file when it cannot be written, and
/// std::invalid_argument for scale < 1, an image over 2^28 pixels, or marks
/// of the wrong size. O(pixels).
void write_terrain_png(const std::filesystem::path& file, const nav::TerrainGraph& graph,
                       std::span<const nav::TileCoord> path, std::span<const TileMark> marks,
                       int scale);

}  // namespace terranav::navcli
