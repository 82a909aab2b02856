#include "terranav/nav/unit.hpp"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "terranav/nav/nearest_tile.hpp"

namespace terranav::nav {

namespace {

Vec3 start_position(const TerrainGraph& graph, const Heightmap& heightmap, TileCoord start) {
  if (!graph.contains(start)) {
    throw Error("Unit: start tile (" + std::to_string(start.i) + ", " + std::to_string(start.j) +
                ") is outside the " + std::to_string(graph.tiles_wide()) + "x" +
                std::to_string(graph.tiles_deep()) + " tile graph");
  }
  const Vec3 centre = graph.tile_centre(graph.id(start));
  return {centre.x, heightmap.surface_height(centre.x, centre.z), centre.z};
}

}  // namespace

Unit::Unit(const TerrainGraph& graph, const Heightmap& heightmap, TileCoord start,
           const SteeringParams& params)
    : graph_(graph),
      heightmap_(heightmap),
      follower_(start_position(graph, heightmap, start), 0.0, params),
      position_(start_position(graph, heightmap, start)),
      tile_(start) {}

PathResult Unit::move_to(AStar& search, TileCoord goal, const SearchOptions& options) {
  PathResult result = search.find_path(planning_tile(), goal, options);
  if (result.status == SearchStatus::Found) set_path(result.waypoints);
  return result;
}

PathResult Unit::move_to_point(AStar& search, const Vec3& goal_m, const SearchOptions& options) {
  const TileCoord from = planning_tile();
  const Vec3 start = from == tile_ ? position_ : graph_.tile_centre(graph_.id(from));
  PathResult result;
  if (search.start_at(start, goal_m, options) == SearchStatus::InvalidOptions) {
    throw Error(search.error());
  }
  search.step();
  search.result(result);
  if (result.status == SearchStatus::Found) set_path(result.waypoints);
  return result;
}

void Unit::set_path(std::span<const Vec3> waypoints) {
  if (waypoints.empty()) {
    follower_.set_path({});
    return;
  }
  const Vec3 own = graph_.tile_centre(graph_.id(tile_));
  const bool from_own_tile =
      (waypoints.front().x == own.x && waypoints.front().z == own.z) ||
      (waypoints.front().x == position_.x && waypoints.front().z == position_.z);
  // A single waypoint is the goal itself, even at the unit's tile centre.
  const std::size_t skip = from_own_tile && waypoints.size() > 1 ? 1 : 0;
  std::vector<Vec3> path{position_};
  path.insert(path.end(), waypoints.begin() + static_cast<std::ptrdiff_t>(skip), waypoints.end());
  follower_.set_path(path);
}

TileCoord Unit::planning_tile() const {
  if (graph_.walkable(graph_.id(tile_))) return tile_;
  return nearest_tile(graph_, tile_, [&](TileId t) { return graph_.walkable(t); }).value_or(tile_);
}

bool Unit::path_crosses(TileRect tiles) const noexcept {
  if (tiles.empty() || !moving()) return false;
  const double m = graph_.tile_metres();
  const double x0 = tiles.i0 * m;
  const double x1 = tiles.i1 * m;
  const double z0 = tiles.j0 * m;
  const double z1 = tiles.j1 * m;
  // Liang-Barsky: clips the segment a -> b to the box, parameter in [0, 1].
  const auto touches = [&](const Vec3& a, const Vec3& b) {
    double lo = 0.0;
    double hi = 1.0;
    const auto clip = [&](double p, double d, double min, double max) {
      if (d == 0.0) return p >= min && p <= max;
      double t0 = (min - p) / d;
      double t1 = (max - p) / d;
      if (t0 > t1) std::swap(t0, t1);
      lo = std::max(lo, t0);
      hi = std::min(hi, t1);
      return lo <= hi;
    };
    return clip(a.x, b.x - a.x, x0, x1) && clip(a.z, b.z - a.z, z0, z1);
  };
  const std::span<const Vec3> path = follower_.path();
  Vec3 from = position_;
  for (std::size_t k = follower_.next_point(); k < path.size(); ++k) {
    if (touches(from, path[k])) return true;
    from = path[k];
  }
  return false;
}

void Unit::displace(double dx, double dz) {
  follower_.displace(dx, dz);
  advance(0.0);
}

void Unit::advance(double dt_s) {
  follower_.advance(dt_s);
  const Vec3 at = follower_.position();
  position_ = {at.x, heightmap_.surface_height(at.x, at.z), at.z};
  if (const auto tile = graph_.tile_at(position_.x, position_.z)) tile_ = *tile;
}

}  // namespace terranav::nav
