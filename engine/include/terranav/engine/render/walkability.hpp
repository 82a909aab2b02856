// Per-tile walkability for the terrain tint (pure).
#pragma once

#include <cstdint>
#include <vector>

#include "terranav/nav/terrain_graph.hpp"

namespace terranav::engine {

/// One byte per tile, row-major (j * TW + i): 0 where the tile is not
/// walkable, else round(255 * edges / neighbours in range), so a value
/// below 255 means some slopes are too steep or blocked. O(tiles).
std::vector<std::uint8_t> walkability_texels(const nav::TerrainGraph& graph);

}  // namespace terranav::engine
