// A unit walking a path across the terrain surface.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/steering.hpp"
#include "terranav/nav/terrain_graph.hpp"

namespace terranav::nav {

/// A unit on the terrain surface that steers along its path (PathFollower:
/// top speed, acceleration and turn-rate limits, a corridor around the path)
/// and stops on its last point. Keeps references to graph and heightmap
/// (they must outlive it).
class Unit {
 public:
  /// Stands still at the centre of `start`, at surface height, facing +x.
  /// Throws Error if start is outside the graph or a parameter is outside
  /// its limit (validate).
  Unit(const TerrainGraph& graph, const Heightmap& heightmap, TileCoord start,
       const SteeringParams& params = {});

  /// Plans from planning_tile() to goal with `search` under `options`
  /// (AStar::find_path, which may throw for invalid options). On Found the
  /// unit follows the new path from where it stands (set_path); otherwise
  /// nothing changes (a walking unit keeps walking). Returns the search
  /// result.
  PathResult move_to(AStar& search, TileCoord goal, const SearchOptions& options = {});

  /// Plans from where the unit stands to the point `goal_m` (nav metres, y
  /// ignored) with AStar::start_at: with PathMode::AnyAngle the path starts
  /// at the unit's position and ends at the point itself, so nothing snaps
  /// to a tile centre. When the unit's tile is not walkable it plans from
  /// planning_tile()'s centre instead. On Found the unit follows the path
  /// (set_path). Throws Error for invalid options (as find_path). Returns
  /// the search result.
  PathResult move_to_point(AStar& search, const Vec3& goal_m, const SearchOptions& options = {});

  /// Follows `waypoints` (nav metres, any polyline: a PathResult's tile
  /// centres or an any-angle path, e.g. planned from planning_tile() on
  /// another thread or through a PathRequestQueue) from where the unit
  /// stands, keeping its velocity and heading: the path starts at the
  /// current position (no snap to a tile centre), and a first waypoint at
  /// the centre of the unit's own tile or at its position is dropped. An empty span makes the
  /// unit brake to a halt straight ahead. O(waypoints log waypoints).
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

  /// Advances dt_s seconds (PathFollower::advance: fixed substeps of at most
  /// kMaxSubstepS, so the motion does not depend on how time is sliced),
  /// then puts the unit at y = Heightmap::surface_height (also when
  /// standing, so an edit under the unit is followed).
  void advance(double dt_s);

  /// Moves the unit by (dx, dz) metres on the surface (PathFollower::
  /// displace), e.g. apart from another unit; the caller keeps it on
  /// walkable ground. O(segments near it on its path).
  void displace(double dx, double dz);

  /// Stops dead where it stands, with no path (PathFollower::halt): e.g.
  /// set down beside ground that became unwalkable, before it plans again.
  /// O(1).
  void halt() { follower_.halt(); }

  /// True while the unit has a path to finish or is still moving.
  bool moving() const noexcept { return follower_.moving(); }
  /// Position on the surface, metres.
  Vec3 position() const noexcept { return position_; }
  /// Tile containing the position.
  TileCoord tile() const noexcept { return tile_; }
  /// Current speed, m/s, in [0, params().max_speed_mps].
  double speed() const noexcept { return follower_.speed(); }
  /// Horizontal velocity (y = 0), m/s: speed() * heading().
  Vec3 velocity() const noexcept { return follower_.velocity(); }
  const SteeringParams& params() const noexcept { return follower_.params(); }
  /// Replaces the steering parameters, keeping path and motion (a unit
  /// faster than the new top speed brakes down to it). Throws Error for a
  /// value outside its limit, with nothing changed. O(path).
  void set_params(const SteeringParams& params) { follower_.set_params(params); }
  /// The path being (or last) walked, starting where the unit was when it
  /// was given; empty before the first move and after set_path({}).
  std::span<const Vec3> path() const noexcept { return follower_.path(); }
  /// Index of the path point ending the stretch the unit is on
  /// (== path().size() once arrived).
  std::size_t next_waypoint() const noexcept { return follower_.next_point(); }
  /// Unit-length horizontal facing, which is the direction of travel (the
  /// last one when standing; it also turns while standing).
  Vec3 heading() const noexcept { return follower_.heading(); }

 private:
  const TerrainGraph& graph_;
  const Heightmap& heightmap_;
  PathFollower follower_;
  Vec3 position_;
  TileCoord tile_;
};

}  // namespace terranav::nav
