#include "terranav/engine/scene/world.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "terranav/engine/ui/tile_diagnosis.hpp"
#include "terranav/nav/limits.hpp"

namespace terranav::engine {
namespace {

nav::NavTerrain nav_terrain(nav::Terrain terrain, const WorldConfig& config) {
  return nav::NavTerrain(std::move(terrain.heightmap),
                         {.graph = {.tile_size = terrain.tile_size, .max_slope = config.max_slope},
                          .blocked = std::move(terrain.blocked)});
}

nav::SearchOptions search_options(const nav::TerrainGraph& graph, const WorldConfig& config) {
  nav::SearchOptions options;
  options.cost.slope_weight = config.slope_weight;
  options.path_mode = config.path_mode;
  nav::validate(options.cost, graph.tile_count());
  return options;
}

nav::TileCoord checked_start(const nav::TerrainGraph& graph, const nav::ConnectedSets& sets,
                             const WorldConfig& config) {
  if (!config.start) return default_start(graph, sets);
  const nav::TileCoord start = *config.start;
  if (!graph.contains(start)) {
    throw nav::Error("start tile " + format_tile(start) + " is outside the map's " +
                     std::to_string(graph.tiles_wide()) + " x " +
                     std::to_string(graph.tiles_deep()) + " tiles");
  }
  if (!graph.walkable(graph.id(start))) {
    throw nav::Error("start tile " + format_tile(start) +
                     " is not walkable: " + unwalkable_reason(graph, start));
  }
  return start;
}

nav::SteeringParams steering(const nav::TerrainGraph& graph, const WorldConfig& config) {
  nav::SteeringParams params = default_steering(graph);
  if (config.speed_mps) {
    nav::check_limit(nav::kSpeedLimit, *config.speed_mps, "speed_mps");
    params.max_speed_mps = *config.speed_mps;
  }
  return params;
}

std::string format_metres(double value) {
  std::ostringstream text;
  text.setf(std::ios::fixed);
  text.precision(1);
  text << value;
  return text.str();
}

}  // namespace

nav::TileCoord default_start(const nav::TerrainGraph& graph, const nav::ConnectedSets& sets) {
  const nav::SetId largest = sets.largest();
  const double ci = graph.tiles_wide() / 2.0;
  const double cj = graph.tiles_deep() / 2.0;
  std::optional<nav::TileCoord> best;
  double best_d2 = std::numeric_limits<double>::infinity();
  for (std::uint32_t k = 0; k < graph.tile_count(); ++k) {
    const nav::TileId id{k};
    if (sets.set_of(id) != largest || !graph.walkable(id)) continue;
    const nav::TileCoord c = graph.coord(id);
    const double di = c.i + 0.5 - ci;
    const double dj = c.j + 0.5 - cj;
    if (const double d2 = di * di + dj * dj; d2 < best_d2) {
      best_d2 = d2;
      best = c;
    }
  }
  if (!best) throw nav::Error("terrain has no walkable tile to start on");
  return *best;
}

nav::SteeringParams default_steering(const nav::TerrainGraph& graph) {
  nav::SteeringParams params;
  const double tile = graph.tile_metres();
  params.corridor_m = std::clamp(tile / 4.0, nav::kCorridorLimit.min, params.corridor_m);
  params.lookahead_m = std::clamp(tile / 2.0, nav::kLookaheadLimit.min, params.lookahead_m);
  return params;
}

OrbitCamera default_camera(const nav::Heightmap& heightmap, Viewport viewport) {
  return default_camera(heightmap.extent_x(), heightmap.extent_z(), heightmap.min_height(),
                        heightmap.max_height(), viewport);
}

World::World(nav::Terrain terrain, const WorldConfig& config)
    : terrain_(nav_terrain(std::move(terrain), config)),
      search_(terrain_.graph(), terrain_.sets(), &terrain_.heightmap()),
      search_options_(search_options(terrain_.graph(), config)),
      unit_(terrain_.graph(), terrain_.heightmap(),
            checked_start(terrain_.graph(), terrain_.sets(), config),
            steering(terrain_.graph(), config)) {}

std::optional<nav::PickHit> World::pick(glm::dvec2 pixel, const OrbitCamera& camera,
                                        Viewport viewport) const {
  return terrain_.quadtree().pick(unproject(camera, viewport, pixel));
}

nav::EditResult World::edit(const std::function<nav::EditResult(nav::NavTerrain&)>& change) {
  const nav::EditResult result = change(terrain_);
  unit_.advance(0.0);  // the ground under it may have moved
  if (path_summary_ && unit_.path_crosses(result.dirty)) {
    nav::SearchOptions options = search_options_;
    options.nearest_reachable_goal = true;
    const nav::PathResult path = plan(path_summary_->goal, path_summary_->goal_point, options);
    if (path.status == nav::SearchStatus::Found) {
      path_summary_ =
          PathSummary{path_summary_->goal, path_summary_->goal_point, path.tiles.size(), path.cost};
    } else {
      unit_.set_path({});  // no way on from here: stop
    }
    ++path_revision_;
  }
  return result;
}

ClickReport World::right_click(glm::dvec2 pixel, const OrbitCamera& camera, Viewport viewport) {
  ClickReport report;
  report.pixel = pixel;
  report.from_tile = unit_.tile();
  const std::optional<nav::PickHit> hit = pick(pixel, camera, viewport);
  if (!hit) {
    report.status = ClickStatus::Miss;
    report.message =
        "Click at (" + format_metres(pixel.x) + ", " + format_metres(pixel.y) + ") hit no terrain";
  } else {
    report.hit = hit->point;
    report.tile = hit->tile;
    report = order_move(std::move(report));
  }
  last_click_ = report;
  return report;
}

nav::PathResult World::plan(nav::TileCoord goal, const nav::Vec3& goal_point,
                            const nav::SearchOptions& options) {
  if (options.path_mode == nav::PathMode::AnyAngle) {
    return unit_.move_to_point(search_, goal_point, options);
  }
  return unit_.move_to(search_, goal, options);
}

ClickReport World::order_move(ClickReport report) {
  if (!report.tile) {
    report.status = ClickStatus::InvalidGoal;
    report.message = "Point (" + format_metres(report.hit->x) + ", " +
                     format_metres(report.hit->z) + ") m lies in the untiled border strip";
    return report;
  }
  const nav::TileCoord goal = *report.tile;
  const nav::TerrainGraph& graph = terrain_.graph();
  if (!graph.walkable(graph.id(goal))) {
    report.status = ClickStatus::InvalidGoal;
    report.message =
        "Tile " + format_tile(goal) + " is unwalkable: " + unwalkable_reason(graph, goal);
    return report;
  }
  const nav::Vec3 goal_point = report.hit ? *report.hit : graph.tile_centre(graph.id(goal));
  const nav::PathResult result = plan(goal, goal_point, search_options_);
  switch (result.status) {
    case nav::SearchStatus::Found:
      report.status = ClickStatus::Found;
      report.cost = result.cost;
      report.tiles = result.tiles.size();
      report.message = "Path to tile " + format_tile(goal) + ": " +
                       std::to_string(result.tiles.size()) + " tiles, cost " +
                       format_metres(result.cost) + " m";
      if (search_options_.path_mode == nav::PathMode::AnyAngle) {
        report.message += " (any-angle, " + std::to_string(result.waypoints.size()) + " vertices)";
      }
      ++path_revision_;
      path_summary_ = PathSummary{goal, goal_point, result.tiles.size(), result.cost};
      break;
    case nav::SearchStatus::Unreachable:
      report.status = ClickStatus::Unreachable;
      report.message =
          graph.contains(report.from_tile) &&
                  terrain_.sets().connected(graph.id(report.from_tile), graph.id(goal))
              ? "Tile " + format_tile(goal) +
                    " is reached from the unit's tile only across pieces of the surface "
                    "steeper than max slope"
              : "Tile " + format_tile(goal) + " is in another connected set than the unit's tile " +
                    format_tile(report.from_tile);
      break;
    case nav::SearchStatus::InvalidGoal:
      report.status = ClickStatus::InvalidGoal;
      report.message =
          "Tile " + format_tile(goal) + " is unwalkable: " + unwalkable_reason(graph, goal);
      break;
    case nav::SearchStatus::InvalidStart:
      report.status = ClickStatus::InvalidStart;
      report.message = "The unit's tile " + format_tile(report.from_tile) +
                       " has no edges, so no path can start there";
      break;
    case nav::SearchStatus::InProgress:
    case nav::SearchStatus::Partial:
    case nav::SearchStatus::LimitReached:
    case nav::SearchStatus::Cancelled:
    case nav::SearchStatus::InvalidOptions:
      // The world's queries have no limits, run to the end and have checked
      // options: none of these happen.
      report.status = ClickStatus::Unreachable;
      report.message = "No path to tile " + format_tile(goal) + ": search ended " +
                       std::string(nav::to_string(result.status));
      break;
  }
  return report;
}

}  // namespace terranav::engine
