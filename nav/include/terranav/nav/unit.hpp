// A unit walking a path across the terrain surface.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/terrain_graph.hpp"

namespace terranav::nav {

/// Moves `distance_m` along the polyline `points` (x/z only; y ignored),
/// starting at `position` which lies on the segment ending at
/// points[next]. Returns the new `next` index (points.size() when the end was
/// reached) and updates position (x, z). Pure helper, testable on plain arrays.
std::size_t advance_along_polyline(std::span<const Vec3> points, std::size_t next, Vec3& position,
                                   double distance_m) noexcept;

/// A unit with a position on the surface, a speed and a current path.
/// Keeps references to graph and heightmap (they must outlive it).
class Unit {
 public:
  /// Stands at the centre of `start`, at surface height.
  /// Throws Error if start is outside the graph or speed_mps is outside
  /// kSpeedLimit.
  Unit(const TerrainGraph& graph, const Heightmap& heightmap, TileCoord start, double speed_mps);

  /// Plans from planning_tile() to goal with `search` under `options`
  /// (AStar::find_path, which may throw for invalid options). On Found the
  /// unit follows the new path from where it stands (set_path); otherwise
  /// nothing changes (a walking unit keeps walking). Returns the search
  /// result.
  PathResult move_to(AStar& search, TileCoord goal, const SearchOptions& options = {});

  /// Follows `waypoints` (nav metres, e.g. the PathResult of a query planned
  /// from planning_tile() on another thread or through a PathRequestQueue)
  /// from where the unit stands, without snapping to a tile centre: the
  /// path starts at the current position, and a first waypoint at the
  /// centre of the unit's own tile is dropped. An empty span stops the unit.
  void set_path(std::span<const Vec3> waypoints);

  /// Where a path for this unit should start: its tile, or when that tile
  /// is not walkable (a building was placed on it) the nearest walkable
  /// tile (nearest_tile), which the unit then walks to first. O(1), or
  /// O(d^2) for a walkable tile d tiles away.
  TileCoord planning_tile() const;

  /// Whether the path still ahead, from the position through the remaining
  /// waypoints, touches the area of `tiles` (e.g. an edit's dirty tiles):
  /// then the path may be stale and the unit should plan again. Segments
  /// against the rectangle in metres, boundary included. O(waypoints left).
  bool path_crosses(TileRect tiles) const noexcept;

  /// Advances dt_s seconds at speed() along the path, x/z linear between
  /// waypoints, y = Heightmap::surface_height (also when standing, so an
  /// edit under the unit is followed). Stops at the last waypoint.
  void advance(double dt_s);

  bool moving() const noexcept { return next_ < path_.size(); }
  Vec3 position() const noexcept { return position_; }
  /// Tile containing the position.
  TileCoord tile() const noexcept { return tile_; }
  double speed() const noexcept { return speed_; }
  void set_speed(double speed_mps);
  /// The path being (or last) walked, starting where the unit was when it
  /// was planned; empty before the first move.
  std::span<const Vec3> path() const noexcept { return path_; }
  /// Index of the waypoint the unit is heading for (== path().size() when stopped).
  std::size_t next_waypoint() const noexcept { return next_; }
  /// Unit-length horizontal direction of travel (last one when stopped).
  Vec3 heading() const noexcept { return heading_; }

 private:
  const TerrainGraph& graph_;
  const Heightmap& heightmap_;
  Vec3 position_;
  TileCoord tile_;
  double speed_;
  std::vector<Vec3> path_;
  std::size_t next_ = 0;
  Vec3 heading_{1.0, 0.0, 0.0};
};

}  // namespace terranav::nav
