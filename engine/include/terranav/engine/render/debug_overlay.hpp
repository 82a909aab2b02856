// Which nav overlay the renderer drapes over the terrain, and drawing it
// from the world through any nav::DebugDraw (GL-free).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "terranav/engine/scene/world.hpp"
#include "terranav/nav/debug_draw.hpp"

namespace terranav::engine {

/// The overlays of nav/debug_draw.hpp, one at a time.
enum class DebugOverlay { None, Walkability, ConnectedSets, SearchSets, Contours };

/// "none", "walkability", "sets", "search", "contours" (the --overlay names).
std::string_view to_string(DebugOverlay overlay) noexcept;
/// Inverse of to_string; none for any other text. O(1).
std::optional<DebugOverlay> parse_debug_overlay(std::string_view text) noexcept;

/// The overlay after `overlay` in the window's O-key cycle: walkability,
/// sets, search, contours, none, walkability again. O(1).
DebugOverlay next_debug_overlay(DebugOverlay overlay) noexcept;

/// Contour interval for a relief of relief_m metres: relief / 20 rounded up
/// to 1, 2 or 5 times a power of ten, so about 10 to 20 levels (every fifth
/// an index contour); 1 m for no relief. Metres. O(1).
double contour_interval(double relief_m) noexcept;

/// Draws `overlay` of the world into `draw` (None draws nothing) and
/// returns its legend: walkability and connected sets of world.graph(),
/// the last query's sets of world.search(), contours of world.heightmap()
/// at contour_interval() of its relief. O(tiles), or O(samples + segments)
/// for contours.
std::vector<nav::LegendEntry> draw_overlay(nav::DebugDraw& draw, DebugOverlay overlay,
                                           const World& world);

}  // namespace terranav::engine
