#include "terranav/engine/scene/world.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "terranav/engine/scene/formation.hpp"
#include "terranav/engine/scene/separation.hpp"
#include "terranav/engine/scene/tile_diagnosis.hpp"
#include "terranav/nav/nearest_tile.hpp"

namespace terranav::engine {
namespace {

/// The event log keeps the answers of the last few orders of a large group.
constexpr std::size_t kEventLogSize = 1 << 14;

/// Units at rest pushed less than this in a step have settled. [Units: m]
constexpr double kSettledM = 1e-7;

std::unique_ptr<nav::NavTerrain> nav_terrain(nav::Terrain terrain, const WorldConfig& config) {
  return std::make_unique<nav::NavTerrain>(
      std::move(terrain.heightmap), nav::NavTerrainConfig{.graph = {.tile_size = terrain.tile_size,
                                                                    .max_slope = config.max_slope},
                                                          .blocked = std::move(terrain.blocked)});
}

nav::SearchOptions checked_search_options(const nav::TerrainGraph& graph,
                                          const WorldConfig& config) {
  nav::SearchOptions options;
  options.cost.slope_weight = config.slope_weight;
  options.path_mode = config.path_mode;
  options.nearest_reachable_goal = true;  // a click on a cliff walks to its foot
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

/// Whether a unit may stand at p: a walkable tile of `set`.
bool standable(const nav::NavTerrain& terrain, const nav::Vec3& p, nav::SetId set) {
  const auto tile = terrain.graph().tile_at(p.x, p.z);
  if (!tile) return false;
  const nav::TileId id = terrain.graph().id(*tile);
  return terrain.graph().walkable(id) && terrain.sets().set_of(id) == set;
}

/// Whether a unit's footprint at p, the square of side 2 kUnitRadiusM around
/// it, lies on walkable tiles of `set`.
bool footprint_standable(const nav::NavTerrain& terrain, const nav::Vec3& p, nav::SetId set) {
  for (const double dx : {-kUnitRadiusM, kUnitRadiusM}) {
    for (const double dz : {-kUnitRadiusM, kUnitRadiusM}) {
      if (!standable(terrain, {p.x + dx, 0.0, p.z + dz}, set)) return false;
    }
  }
  return true;
}

/// The tile of the unit's goal (its own tile with none, or off the tiles).
nav::TileCoord goal_tile(const nav::TerrainGraph& graph, const SceneUnit& u) {
  const auto tile = u.goal ? graph.tile_at(u.goal->x, u.goal->z) : std::nullopt;
  return tile.value_or(u.unit.tile());
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

World::World(nav::Terrain terrain, const WorldConfig& config)
    : terrain_(nav_terrain(std::move(terrain), config)),
      search_options_(checked_search_options(terrain_->graph(), config)),
      queue_(std::make_unique<nav::PathRequestQueue>(terrain_->graph(), terrain_->sets(), 0,
                                                     &terrain_->heightmap())) {
  nav::check_limit(kUnitCountLimit, config.units, "units");
  const nav::TerrainGraph& graph = terrain_->graph();
  const nav::TileCoord start = checked_start(graph, terrain_->sets(), config);
  const nav::SteeringParams params = steering(graph, config);
  // Everyone on a formation slot around the start tile's centre.
  const nav::Vec3 centre = graph.tile_centre(graph.id(start));
  const nav::SetId set = terrain_->sets().set_of(graph.id(start));
  const std::vector<nav::Vec3> here(static_cast<std::size_t>(config.units), centre);
  const std::vector<std::optional<nav::Vec3>> slots =
      formation_goals(here, centre, kFormationSpacingM,
                      [&](const nav::Vec3& p) { return standable(*terrain_, p, set); });
  units_.reserve(here.size());
  for (std::size_t k = 0; k < here.size(); ++k) {
    SceneUnit& added =
        units_.emplace_back(SceneUnit{UnitId{static_cast<std::uint32_t>(k)},
                                      nav::Unit(graph, terrain_->heightmap(), start, params),
                                      {},
                                      0,
                                      {}});
    // Slot 0 is the centre itself; with no slot left a unit shares the
    // centre and separation moves it.
    if (slots[k]) added.unit.displace(slots[k]->x - centre.x, slots[k]->z - centre.z);
  }
  replanning_.assign(units_.size(), false);
}

std::optional<nav::PickHit> World::pick(const nav::Ray& ray) const {
  return terrain_->quadtree().pick(ray);
}

const SceneUnit& World::unit(UnitId id) const {
  const auto k = static_cast<std::size_t>(id);
  if (k >= units_.size()) {
    throw nav::Error("unit " + std::to_string(k) + " does not exist (the world has " +
                     std::to_string(units_.size()) + ")");
  }
  return units_[k];
}

std::vector<UnitId> World::all_units() const {
  std::vector<UnitId> ids;
  ids.reserve(units_.size());
  for (const SceneUnit& u : units_) ids.push_back(u.id);
  return ids;
}

bool World::busy() const noexcept {
  return settling_ || std::any_of(units_.begin(), units_.end(),
                                  [](const SceneUnit& u) { return u.ticket || u.unit.moving(); });
}

void World::request_path(std::size_t k) {
  SceneUnit& u = units_[k];
  if (u.ticket) queue_->cancel(*u.ticket);
  u.ticket = queue_->submit({u.unit.position(), *u.goal, search_options_});
}

OrderReport World::order(std::span<const UnitId> ids, const nav::Ray& ray) {
  OrderReport report;
  std::vector<std::size_t> chosen;
  for (const UnitId id : ids) {
    const auto k = static_cast<std::size_t>(id);
    if (k < units_.size() && std::find(chosen.begin(), chosen.end(), k) == chosen.end()) {
      chosen.push_back(k);
    }
  }
  const std::optional<nav::PickHit> hit = pick(ray);
  const nav::TerrainGraph& graph = terrain_->graph();
  if (hit) {
    report.hit = hit->point;
    report.tile = hit->tile;
  }
  if (!hit) {
    report.status = OrderStatus::Miss;
  } else if (!hit->tile || !graph.walkable(graph.id(*hit->tile))) {
    report.status = OrderStatus::InvalidGoal;
  } else if (chosen.empty()) {
    report.status = OrderStatus::NoUnits;
  } else {
    report.status = OrderStatus::Ordered;
    report.units = chosen.size();
    report.order = ++orders_;
    const nav::SetId set = terrain_->sets().set_of(graph.id(*hit->tile));
    std::vector<nav::Vec3> positions;
    positions.reserve(chosen.size());
    for (const std::size_t k : chosen) positions.push_back(units_[k].unit.position());
    const std::vector<std::optional<nav::Vec3>> slots =
        formation_goals(positions, hit->point, kFormationSpacingM,
                        [&](const nav::Vec3& p) { return standable(*terrain_, p, set); });
    for (std::size_t n = 0; n < chosen.size(); ++n) {
      SceneUnit& u = units_[chosen[n]];
      nav::Vec3 goal = slots[n].value_or(hit->point);
      goal.y = terrain_->heightmap().surface_height(goal.x, goal.z);
      u.goal = goal;
      u.order = report.order;
      replanning_[chosen[n]] = false;
      request_path(chosen[n]);
    }
  }
  last_order_ = report;
  return report;
}

std::vector<nav::Vec3> World::preview(UnitId id, const nav::Ray& ray) {
  const SceneUnit& u = unit(id);
  const std::optional<nav::PickHit> hit = pick(ray);
  if (!hit || !hit->tile || !graph().walkable(graph().id(*hit->tile))) return {};
  if (!preview_search_) {
    preview_search_ = std::make_unique<nav::AStar>(graph(), sets(), &heightmap());
  }
  nav::SearchOptions options = search_options_;
  options.max_expansions = kPreviewExpansions;
  preview_search_->start_at(u.unit.position(), hit->point, options);
  while (preview_search_->step() == nav::SearchStatus::InProgress) {
  }
  nav::PathResult result;
  preview_search_->result(result);
  if (result.status != nav::SearchStatus::Found) return {};
  return std::move(result.waypoints);
}

std::span<const PathEvent> World::serve_requests(double budget_us) {
  answers_.clear();
  const auto start = std::chrono::steady_clock::now();
  queue_->update(budget_us, answers_);
  last_serve_us_ =
      std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
  if (events_.size() > kEventLogSize) {
    events_.erase(events_.begin(),
                  events_.begin() + static_cast<std::ptrdiff_t>(kEventLogSize / 2));
  }
  const std::size_t first = events_.size();
  const nav::TerrainGraph& graph = terrain_->graph();
  for (nav::PathAnswer& answer : answers_) {
    const auto owner = std::find_if(units_.begin(), units_.end(), [&](const SceneUnit& u) {
      return u.ticket && *u.ticket == answer.ticket;
    });
    if (owner == units_.end()) continue;  // cancelled by a later order
    SceneUnit& u = *owner;
    const auto k = static_cast<std::size_t>(u.id);
    u.ticket.reset();
    nav::PathResult& result = answer.result;
    PathEvent event;
    event.unit = u.id;
    event.order = u.order;
    event.replan = replanning_[k];
    event.status = result.status;
    event.from_tile = u.unit.planning_tile();
    event.goal_tile = goal_tile(graph, u);
    event.path_mode = search_options_.path_mode;
    if (result.status == nav::SearchStatus::Found) {
      event.end_tile = result.tiles.back();
      event.goal_adjusted = result.goal_adjusted;
      event.tiles = result.tiles.size();
      event.cost = result.cost;
      event.expanded = result.expanded;
      // A grid path ends at its tile's centre: then on to the slot in that tile.
      if (search_options_.path_mode == nav::PathMode::Grid && !result.goal_adjusted) {
        result.waypoints.push_back(*u.goal);
      }
      event.vertices = result.waypoints.size();
      u.unit.set_path(result.waypoints);
      ++path_revision_;
    } else if (event.replan) {
      u.unit.set_path({});  // no way on from here: stop
    }
    events_.push_back(event);
  }
  return std::span<const PathEvent>(events_).subspan(first);
}

void World::step(double dt_s) {
  settling_ = false;
  for (SceneUnit& u : units_) u.unit.advance(dt_s);
  if (units_.size() < 2) return;
  std::vector<nav::Vec3> positions;
  positions.reserve(units_.size());
  for (const SceneUnit& u : units_) positions.push_back(u.unit.position());
  // At most a walking unit's stride per step, so a push never jumps a tile.
  const double max_push = units_.front().unit.params().max_speed_mps * dt_s;
  // A micrometre beyond the radius, so rounding never leaves two at rest a
  // hair closer than their diameter.
  const std::vector<nav::Vec3> pushes = separation_pushes(positions, kUnitRadiusM + 1e-6, max_push);
  const nav::TerrainGraph& graph = terrain_->graph();
  for (std::size_t k = 0; k < units_.size(); ++k) {
    // Walkers keep to their paths (pushed off a sharp vertex they must stop
    // on, a crowd would circle it forever); units at rest make way.
    if (units_[k].unit.moving() || (pushes[k].x == 0.0 && pushes[k].z == 0.0)) continue;
    const nav::Vec3 to{positions[k].x + pushes[k].x, 0.0, positions[k].z + pushes[k].z};
    const nav::TileId from = graph.id(units_[k].unit.tile());
    if (standable(*terrain_, to, terrain_->sets().set_of(from))) {
      units_[k].unit.displace(pushes[k].x, pushes[k].z);
      if (std::hypot(pushes[k].x, pushes[k].z) > kSettledM) settling_ = true;
    }
  }
}

nav::EditResult World::edit(const std::function<nav::EditResult(nav::NavTerrain&)>& change) {
  std::optional<nav::EditResult> result;
  queue_->apply([&] { result = change(*terrain_); });
  const nav::TerrainGraph& graph = terrain_->graph();
  std::vector<nav::Vec3> placed;  // where units stepped off to, so far
  for (std::size_t k = 0; k < units_.size(); ++k) {
    SceneUnit& u = units_[k];
    u.unit.advance(0.0);  // the ground under it may have moved
    const bool walking = u.goal && (u.ticket || u.unit.moving());
    // Only the edit's dirty tiles can have become unwalkable.
    if (result->dirty.contains(u.unit.tile()) && !graph.walkable(graph.id(u.unit.tile()))) {
      if (!step_off(k, placed) || !walking) continue;
      // A request still unanswered stays the order's first answer.
      if (!u.ticket) replanning_[k] = true;
      request_path(k);
    } else if (u.goal && !u.ticket && u.unit.moving() && u.unit.path_crosses(result->dirty)) {
      replanning_[k] = true;
      request_path(k);
    }
  }
  return *result;
}

bool World::step_off(std::size_t k, std::vector<nav::Vec3>& placed) {
  SceneUnit& u = units_[k];
  const nav::TerrainGraph& graph = terrain_->graph();
  const nav::Vec3 at = u.unit.position();
  std::optional<nav::TilePoint> to = nav::nearest_tile_point(
      graph, at, kUnitRadiusM, [&](nav::TileId t) { return graph.walkable(t); });
  const auto clear = [&](const nav::Vec3& p) {
    return std::none_of(placed.begin(), placed.end(), [&](const nav::Vec3& q) {
      return std::hypot(p.x - q.x, p.z - q.z) < 2.0 * kUnitRadiusM;
    });
  };
  if (to && !clear(to->point)) {
    // Taken: the nearest free point of the rings a formation of one unit,
    // one diameter apart, would search around it, on the same ground.
    const nav::SetId set = terrain_->sets().set_of(graph.id(to->tile));
    const std::optional<nav::Vec3> free = formation_goals(
        std::span(&at, 1), to->point, 2.0 * kUnitRadiusM,
        [&](const nav::Vec3& p) { return clear(p) && footprint_standable(*terrain_, p, set); })[0];
    // None within its rings: it shares the point, and separation moves it.
    if (free) {
      to = nav::TilePoint{*graph.tile_at(free->x, free->z), *free,
                          std::hypot(free->x - at.x, free->z - at.z)};
    }
  }
  PathEvent event;
  event.kind = to ? PathEventKind::SteppedOff : PathEventKind::Stranded;
  event.unit = u.id;
  event.order = u.order;
  event.status = to ? nav::SearchStatus::Found : nav::SearchStatus::Unreachable;
  event.from_tile = u.unit.tile();
  event.goal_tile = goal_tile(graph, u);
  event.end_tile = to ? to->tile : event.from_tile;
  event.from_blocked = graph.blocked(graph.id(event.from_tile));
  events_.push_back(event);
  // Stopped dead, so its momentum does not carry it back onto the blocked
  // ground before its new path comes.
  u.unit.halt();
  if (!to) {
    // No path can start anywhere: its request would only fail.
    if (u.ticket) queue_->cancel(*u.ticket);
    u.ticket.reset();
    return false;
  }
  u.unit.displace(to->point.x - at.x, to->point.z - at.z);
  placed.push_back(to->point);
  return true;
}

void World::replan_moving() {
  for (std::size_t k = 0; k < units_.size(); ++k) {
    SceneUnit& u = units_[k];
    if (!u.goal || !(u.ticket || u.unit.moving())) continue;
    replanning_[k] = true;
    request_path(k);
  }
}

void World::set_search_options(nav::SearchOptions options) {
  options.nearest_reachable_goal = true;
  nav::check_limit(nav::kWeightLimit, options.weight, "weight");
  nav::validate(options.cost, graph().tile_count());
  search_options_ = options;
  replan_moving();
}

void World::set_max_slope(double max_slope) {
  nav::check_limit(nav::kMaxSlopeLimit, max_slope, "max_slope");
  nav::GraphConfig graph_config = graph().config();
  graph_config.max_slope = max_slope;
  auto terrain = std::make_unique<nav::NavTerrain>(
      heightmap(),
      nav::NavTerrainConfig{.graph = graph_config,
                            .blocked = {terrain_->blocked().begin(), terrain_->blocked().end()}});
  auto queue = std::make_unique<nav::PathRequestQueue>(terrain->graph(), terrain->sets(), 0,
                                                       &terrain->heightmap());
  // The units again, where they stand, on the new graph.
  std::vector<SceneUnit> units;
  units.reserve(units_.size());
  for (const SceneUnit& old : units_) {
    const nav::Vec3 at = old.unit.position();
    const nav::TileCoord tile = old.unit.tile();
    SceneUnit& u = units.emplace_back(
        SceneUnit{old.id,
                  nav::Unit(terrain->graph(), terrain->heightmap(), tile, old.unit.params()),
                  old.goal,
                  old.order,
                  {}});
    const nav::Vec3 centre = terrain->graph().tile_centre(terrain->graph().id(tile));
    u.unit.displace(at.x - centre.x, at.z - centre.z);
  }
  const std::vector<bool> moving = [&] {
    std::vector<bool> m;
    for (const SceneUnit& u : units_) m.push_back(u.ticket || u.unit.moving());
    return m;
  }();
  rebuilt_revisions_ += terrain_->revision() + 1;
  preview_search_.reset();    // it reads the old graph
  queue_ = std::move(queue);  // the old queue reads the old terrain: it goes first
  terrain_ = std::move(terrain);
  units_ = std::move(units);
  std::vector<nav::Vec3> placed;  // where units stepped off to, so far
  for (std::size_t k = 0; k < units_.size(); ++k) {
    // A lower max slope can leave the ground under a unit unwalkable.
    const bool stands = graph().walkable(graph().id(units_[k].unit.tile())) || step_off(k, placed);
    if (!stands || !moving[k] || !units_[k].goal) continue;
    replanning_[k] = true;
    request_path(k);
  }
}

void World::set_speed(double speed_mps) {
  nav::check_limit(nav::kSpeedLimit, speed_mps, "speed_mps");
  for (SceneUnit& u : units_) {
    nav::SteeringParams params = u.unit.params();
    params.max_speed_mps = speed_mps;
    u.unit.set_params(params);
  }
}

}  // namespace terranav::engine
