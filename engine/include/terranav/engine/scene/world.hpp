// The game state: the nav terrain (heightmap, graph, connected sets, picking
// tree), a search and one unit. right_click() is the single path from a
// window pixel to a move order, used by the window and the headless mode
// alike; edit() changes the terrain and replans the unit. No GL.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>

#include <glm/glm.hpp>

#include "terranav/engine/scene/click_report.hpp"
#include "terranav/engine/view/camera.hpp"
#include "terranav/nav/nav_terrain.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/unit.hpp"
#include "terranav/terrain_io/terrain_source.hpp"

namespace terranav::engine {

struct WorldConfig {
  /// Graph parameters except the tile size, which comes from the Terrain.
  /// [Units: metres per metre; none]
  double max_slope = 0.6;
  double slope_weight = 1.0;
  /// Unit start tile; default_start() when unset.
  std::optional<nav::TileCoord> start;
  /// Unit top speed; nav::SteeringParams' (5 m/s) when unset.
  /// [Units: metres per second] [Limits: nav::kSpeedLimit]
  std::optional<double> speed_mps;
  /// Any-angle paths (the default: the unit glides from where it stands to
  /// the clicked point) or grid paths through tile centres.
  nav::PathMode path_mode = nav::PathMode::AnyAngle;
};

/// The tile nearest the map centre (squared tile distance, lowest id on ties)
/// among the largest connected set. Throws nav::Error when no tile is
/// walkable. O(tiles).
nav::TileCoord default_start(const nav::TerrainGraph& graph, const nav::ConnectedSets& sets);

/// The unit's steering: nav::SteeringParams' defaults (a person), with the
/// corridor and look-ahead no wider than a quarter and a half of a tile
/// (within kCorridorLimit and kLookaheadLimit), so on a path of tile centres
/// it keeps to the path's tiles. O(1).
nav::SteeringParams default_steering(const nav::TerrainGraph& graph);

/// default_camera() for this heightmap's extent and heights.
OrbitCamera default_camera(const nav::Heightmap& heightmap, Viewport viewport);

/// The path the unit walks (or last walked).
struct PathSummary {
  nav::TileCoord goal;
  /// Where the order went: the clicked surface point (any-angle paths end
  /// there), else the goal tile's centre. Nav metres.
  nav::Vec3 goal_point;
  std::size_t tiles = 0;
  double cost = 0.0;  ///< weighted metres
};

class World {
 public:
  /// Builds the nav terrain and the unit (O(samples)). Throws nav::Error for
  /// a bad graph config or speed, and for a start tile outside the map or not
  /// walkable (the message names the tile and why).
  World(nav::Terrain terrain, const WorldConfig& config);
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  /// The surface point (and tile) seen at window pixel `pixel`, none when
  /// the ray misses the terrain. O(quadtree pick).
  std::optional<nav::PickHit> pick(glm::dvec2 pixel, const OrbitCamera& camera,
                                   Viewport viewport) const;

  /// Unprojects the window pixel through `camera`, picks the surface, and
  /// orders the unit there: with any-angle paths from its position to the
  /// hit point, with grid paths from its tile to the hit tile. The unit
  /// changes course only on Found. Returns (and remembers) what happened.
  ClickReport right_click(glm::dvec2 pixel, const OrbitCamera& camera, Viewport viewport);

  /// Advances the unit dt_s simulated seconds along its path.
  void update(double dt_s) { unit_.advance(dt_s); }

  /// Runs `change` on the nav terrain (a stamp, a building's footprint, ...)
  /// and returns what it returns. When its dirty tiles touch the path still
  /// ahead, the unit replans from where it stands to its goal, or the
  /// reachable tile nearest it (the path revision then changes). Throws what
  /// `change` throws, with nothing changed.
  nav::EditResult edit(const std::function<nav::EditResult(nav::NavTerrain&)>& change);

  const nav::NavTerrain& terrain() const noexcept { return terrain_; }
  const nav::Heightmap& heightmap() const noexcept { return terrain_.heightmap(); }
  const nav::TerrainGraph& graph() const noexcept { return terrain_.graph(); }
  const nav::ConnectedSets& sets() const noexcept { return terrain_.sets(); }
  const nav::Unit& unit() const noexcept { return unit_; }
  /// The search the unit's orders use: its last query's open and closed
  /// tiles (AStar::state) are the search overlay's.
  const nav::AStar& search() const noexcept { return search_; }
  /// The last click's report, none before the first click.
  const std::optional<ClickReport>& last_click() const noexcept { return last_click_; }
  /// Incremented each time the unit gets a new path.
  std::uint64_t path_revision() const noexcept { return path_revision_; }
  /// Summary of the current path, none before the first found path.
  const std::optional<PathSummary>& path_summary() const noexcept { return path_summary_; }

 private:
  ClickReport order_move(ClickReport report);
  /// Moves the unit to `goal` (grid paths) or `goal_point` (any-angle).
  nav::PathResult plan(nav::TileCoord goal, const nav::Vec3& goal_point,
                       const nav::SearchOptions& options);

  nav::NavTerrain terrain_;
  nav::AStar search_;
  nav::SearchOptions search_options_;  // the reference model with the configured slope weight
  nav::Unit unit_;
  std::optional<ClickReport> last_click_;
  std::uint64_t path_revision_ = 0;
  std::optional<PathSummary> path_summary_;  // its goal is where an edit replans to
};

}  // namespace terranav::engine
