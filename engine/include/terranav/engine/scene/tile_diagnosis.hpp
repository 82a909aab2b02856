// Human-readable explanations of why a tile cannot be a goal or start.
#pragma once

#include <string>

#include "terranav/nav/terrain_graph.hpp"

namespace terranav::engine {

/// "(i, j)".
std::string format_tile(nav::TileCoord tile);

/// Why tile `tile` (in the graph, not walkable) has no edges, e.g.
/// "every slope to its neighbours exceeds 0.6". Distinguishes a blocked
/// tile, all neighbours blocked, and steepness (with corner cutting as the
/// remaining cause). O(1).
std::string unwalkable_reason(const nav::TerrainGraph& graph, nav::TileCoord tile);

}  // namespace terranav::engine
