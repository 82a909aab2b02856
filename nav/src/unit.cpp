#include "terranav/nav/unit.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "terranav/nav/limits.hpp"
#include "terranav/nav/nearest_tile.hpp"

namespace terranav::nav {

namespace {

void check_speed(double speed_mps) {
  check_limit(kSpeedLimit, speed_mps, "Unit: speed_mps");
}

}  // namespace

std::size_t advance_along_polyline(std::span<const Vec3> points, std::size_t next, Vec3& position,
                                   double distance_m) noexcept {
  double left = distance_m > 0.0 ? distance_m : 0.0;  // also maps NaN to 0
  while (next < points.size()) {
    const double dx = points[next].x - position.x;
    const double dz = points[next].z - position.z;
    const double length = std::hypot(dx, dz);
    if (length > left) {
      position.x += dx / length * left;
      position.z += dz / length * left;
      break;
    }
    // Land exactly on the waypoint, then spend the rest on the next segment.
    position.x = points[next].x;
    position.z = points[next].z;
    left -= length;
    ++next;
  }
  return next;
}

Unit::Unit(const TerrainGraph& graph, const Heightmap& heightmap, TileCoord start, double speed_mps)
    : graph_(graph), heightmap_(heightmap), tile_(start), speed_(speed_mps) {
  if (!graph.contains(start)) {
    throw Error("Unit: start tile (" + std::to_string(start.i) + ", " + std::to_string(start.j) +
                ") is outside the " + std::to_string(graph.tiles_wide()) + "x" +
                std::to_string(graph.tiles_deep()) + " tile graph");
  }
  check_speed(speed_mps);
  const Vec3 centre = graph.tile_centre(graph.id(start));
  position_ = {centre.x, heightmap.surface_height(centre.x, centre.z), centre.z};
}

void Unit::set_speed(double speed_mps) {
  check_speed(speed_mps);
  speed_ = speed_mps;
}

PathResult Unit::move_to(AStar& search, TileCoord goal, const SearchOptions& options) {
  PathResult result = search.find_path(planning_tile(), goal, options);
  if (result.status == SearchStatus::Found) set_path(result.waypoints);
  return result;
}

void Unit::set_path(std::span<const Vec3> waypoints) {
  path_.assign({position_});
  const Vec3 own = graph_.tile_centre(graph_.id(tile_));
  const bool from_own_tile =
      !waypoints.empty() && waypoints.front().x == own.x && waypoints.front().z == own.z;
  // A single waypoint is the goal itself, even at the unit's tile centre.
  const std::size_t skip = from_own_tile && waypoints.size() > 1 ? 1 : 0;
  path_.insert(path_.end(), waypoints.begin() + static_cast<std::ptrdiff_t>(skip), waypoints.end());
  next_ = path_.size() > 1 ? 1 : path_.size();
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
  Vec3 from = position_;
  for (std::size_t k = next_; k < path_.size(); ++k) {
    if (touches(from, path_[k])) return true;
    from = path_[k];
  }
  return false;
}

void Unit::advance(double dt_s) {
  if (moving() && dt_s > 0.0) {
    next_ = advance_along_polyline(path_, next_, position_, speed_ * dt_s);
  }
  position_.y = heightmap_.surface_height(position_.x, position_.z);
  if (const auto tile = graph_.tile_at(position_.x, position_.z)) tile_ = *tile;
  if (path_.size() < 2) return;
  // Heading of the segment being walked, or of the last one once arrived.
  const std::size_t k = next_ < path_.size() ? next_ : path_.size() - 1;
  const double dx = path_[k].x - path_[k - 1].x;
  const double dz = path_[k].z - path_[k - 1].z;
  const double length = std::hypot(dx, dz);
  if (length > 0.0) heading_ = {dx / length, 0.0, dz / length};
}

}  // namespace terranav::nav
