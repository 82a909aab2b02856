#include "terranav/nav/unit.hpp"

#include <cmath>
#include <string>

namespace terranav::nav {

namespace {

void check_speed(double speed_mps) {
  if (!(speed_mps > 0.0) || !std::isfinite(speed_mps)) {
    throw Error("Unit: speed " + std::to_string(speed_mps) + " m/s must be finite and > 0");
  }
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
  PathResult result = search.find_path(tile_, goal, options);
  if (result.status != SearchStatus::Found) return result;
  path_.assign({position_});
  if (result.waypoints.size() == 1) {
    path_.push_back(result.waypoints.front());
  } else {
    path_.insert(path_.end(), result.waypoints.begin() + 1, result.waypoints.end());
  }
  next_ = 1;
  return result;
}

void Unit::advance(double dt_s) {
  if (!moving() || !(dt_s > 0.0)) return;
  next_ = advance_along_polyline(path_, next_, position_, speed_ * dt_s);
  position_.y = heightmap_.surface_height(position_.x, position_.z);
  if (const auto tile = graph_.tile_at(position_.x, position_.z)) tile_ = *tile;
  // Heading of the segment being walked, or of the last one once arrived.
  const std::size_t k = next_ < path_.size() ? next_ : path_.size() - 1;
  const double dx = path_[k].x - path_[k - 1].x;
  const double dz = path_[k].z - path_[k - 1].z;
  const double length = std::hypot(dx, dz);
  if (length > 0.0) heading_ = {dx / length, 0.0, dz / length};
}

}  // namespace terranav::nav
