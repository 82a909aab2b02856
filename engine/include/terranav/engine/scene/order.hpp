// Move orders and their answers, as data: what an order did (refused, and
// why, or sent to the path request queue) and, per unit, what the nav module
// answered, or where an edit that made its ground unwalkable set it down.
// The ui turns them into sentences. GL-free, pixel-free.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "terranav/nav/search.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::engine {

/// Names a unit of a World: its index in World::units(), stable for the
/// world's life.
enum class UnitId : std::uint32_t {};

enum class OrderStatus {
  Ordered,      ///< every unit ordered has a path request queued
  NoUnits,      ///< nothing was selected
  InvalidGoal,  ///< the point lies in the untiled border strip, or its tile is unwalkable
  Miss,         ///< the ray hit no terrain
};

/// "ordered", "no_units", "invalid_goal", "miss".
std::string_view to_string(OrderStatus status) noexcept;

struct OrderReport {
  OrderStatus status = OrderStatus::Miss;
  /// Surface point the ray hit, nav metres; none on a miss.
  std::optional<nav::Vec3> hit;
  /// Tile containing the hit; none on a miss or in the untiled border strip.
  std::optional<nav::TileCoord> tile;
  /// Units ordered (0 unless Ordered).
  std::size_t units = 0;
  /// Counts orders given, from 1; 0 for a refused order.
  std::uint64_t order = 0;
};

/// What a PathEvent reports.
enum class PathEventKind {
  /// The nav module answered the unit's path request.
  Answer,
  /// An edit left the unit's tile (from_tile) unwalkable, so no path could
  /// start there: the unit stepped onto the nearest walkable tile (end_tile;
  /// World::edit has the rule). status is Found.
  SteppedOff,
  /// As SteppedOff, but no tile of the map is walkable any more: the unit
  /// stays on from_tile (end_tile == from_tile) and stops. status is
  /// Unreachable.
  Stranded,
};

/// "answer", "stepped_off", "stranded".
std::string_view to_string(PathEventKind kind) noexcept;

/// The nav module's answer to one unit's path request, or (kind) what an
/// edit did to a unit it left on unwalkable ground.
struct PathEvent {
  PathEventKind kind = PathEventKind::Answer;
  UnitId unit{};
  /// The order it answers (OrderReport::order); the same order again after
  /// an edit made the unit replan.
  std::uint64_t order = 0;
  bool replan = false;
  /// Found (the unit walks the path), or why not: InvalidStart (its tile has
  /// no edges), Unreachable (no way even to a nearest tile), Cancelled.
  nav::SearchStatus status = nav::SearchStatus::Cancelled;
  nav::TileCoord from_tile;
  /// The tile ordered, and the tile the path ends on (they differ when the
  /// nav module answered with the nearest reachable tile: goal_adjusted).
  nav::TileCoord goal_tile;
  nav::TileCoord end_tile;
  bool goal_adjusted = false;
  nav::PathMode path_mode = nav::PathMode::AnyAngle;
  std::size_t tiles = 0;
  std::size_t vertices = 0;
  double cost = 0.0;  ///< units of the cost model (weighted metres by default)
  /// Tiles the search expanded (PathResult::expanded).
  std::uint32_t expanded = 0;
  /// SteppedOff, Stranded: from_tile is blocked (else it lost its edges).
  bool from_blocked = false;
};

}  // namespace terranav::engine
