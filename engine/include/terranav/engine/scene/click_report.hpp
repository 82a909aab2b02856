// What one right-click did: where it hit, which tile, and the path search's
// answer with a human-readable reason. Shared by the window, the headless
// mode and its JSON report.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include <glm/glm.hpp>

#include "terranav/nav/types.hpp"

namespace terranav::engine {

enum class ClickStatus {
  Found,         ///< a path was found; the unit walks it
  Unreachable,   ///< the tile is in another connected set than the unit
  InvalidGoal,   ///< the tile is blocked or has no edges, or the hit lies in no tile
  InvalidStart,  ///< the unit's own tile has no edges (it stood on a blocked corner)
  Miss,          ///< the ray hit no terrain
};

/// "found", "unreachable", "invalid_goal", "invalid_start", "miss".
std::string_view to_string(ClickStatus status) noexcept;

struct ClickReport {
  /// Window pixel clicked (origin top-left, y down).
  glm::dvec2 pixel{0.0};
  /// Surface point hit, nav metres; none on a miss.
  std::optional<nav::Vec3> hit;
  /// Tile containing the hit; none on a miss or in the untiled border strip.
  std::optional<nav::TileCoord> tile;
  /// The unit's tile when the click happened.
  nav::TileCoord from_tile;
  ClickStatus status = ClickStatus::Miss;
  /// Path cost (weighted metres) and tile count, 0 unless Found.
  double cost = 0.0;
  std::size_t tiles = 0;
  /// One line saying what happened and why.
  std::string message;
};

}  // namespace terranav::engine
