// The sentences the player reads (overlay, log, report): what an order did
// and what the nav module answered each unit, with the reason when refused.
#pragma once

#include <string>

#include "terranav/engine/scene/world.hpp"
#include "terranav/engine/view/click_controller.hpp"

namespace terranav::engine {

/// One line for a right-click: "Ordered 5 units to tile (3, 28)", or why it
/// was refused ("Tile (24, 5) is unwalkable: it is blocked", "Click at (1.0,
/// 1.0) hit no terrain", ...). `world` as it was when the order was given
/// (for the reason a tile is unwalkable).
std::string describe(const ClickReport& click, const World& world);

/// One line for a unit's answer: "Unit 0: path to tile (3, 28): 14 tiles,
/// cost 179.7 m", with "(any-angle, V vertices)", "the nearest reachable
/// tile" when the goal was moved, or why there is no path. For a unit an
/// edit set off unwalkable ground: "Unit 3: tile (12, 40) was blocked;
/// stepped to (12, 43)" ("became unwalkable" when it lost its edges), or
/// "... was blocked and no tile is walkable; it stays".
std::string describe(const PathEvent& event);

}  // namespace terranav::engine
