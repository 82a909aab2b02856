// The game state: the nav terrain (heightmap, graph, connected sets, picking
// tree), the units by id, their move orders and the path request queue that
// answers them within a per-frame budget. It knows rays and orders, never
// pixels or sentences; the fixed-step loop (fixed_step.hpp) drives it in the
// window and headless alike. No GL.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "terranav/engine/scene/order.hpp"
#include "terranav/nav/limits.hpp"
#include "terranav/nav/nav_terrain.hpp"
#include "terranav/nav/path_requests.hpp"
#include "terranav/nav/picking.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/unit.hpp"
#include "terranav/terrain_io/terrain_source.hpp"

namespace terranav::engine {

inline constexpr nav::Limit kUnitCountLimit{"units", "--units", 1, 10000, "", "units in the world"};

/// A unit's footprint: a disc this wide keeps other units out (separation),
/// and formation slots are kFormationSpacingM apart. A person. [Units: m]
inline constexpr double kUnitRadiusM = 1.0;
inline constexpr double kFormationSpacingM = 2.5;

/// A hover preview searches at most this many tiles, so it fits in a frame.
inline constexpr std::uint32_t kPreviewExpansions = 20000;

struct WorldConfig {
  /// Graph parameters except the tile size, which comes from the Terrain.
  /// [Units: metres per metre; none]
  double max_slope = 0.6;
  double slope_weight = 1.0;
  /// The first unit's tile (default_start() when unset); the others stand
  /// on formation slots around its centre.
  std::optional<nav::TileCoord> start;
  /// Units' top speed; nav::SteeringParams' (5 m/s) when unset.
  /// [Units: metres per second] [Limits: nav::kSpeedLimit]
  std::optional<double> speed_mps;
  /// Any-angle paths (the default: units glide from where they stand to
  /// their slot) or grid paths through tile centres, then to the slot.
  nav::PathMode path_mode = nav::PathMode::AnyAngle;
  /// [Limits: kUnitCountLimit]
  int units = 1;
};

/// The tile nearest the map centre (squared tile distance, lowest id on ties)
/// among the largest connected set. Throws nav::Error when no tile is
/// walkable. O(tiles).
nav::TileCoord default_start(const nav::TerrainGraph& graph, const nav::ConnectedSets& sets);

/// A unit's steering: nav::SteeringParams' defaults (a person), with the
/// corridor and look-ahead no wider than a quarter and a half of a tile
/// (within kCorridorLimit and kLookaheadLimit), so on a path of tile centres
/// it keeps to the path's tiles. O(1).
nav::SteeringParams default_steering(const nav::TerrainGraph& graph);

struct SceneUnit {
  UnitId id{};
  nav::Unit unit;
  /// Where its last order sends it (its formation slot), nav metres, and
  /// that order; none before the first.
  std::optional<nav::Vec3> goal;
  std::uint64_t order = 0;
  /// Its path request while unanswered.
  std::optional<nav::Ticket> ticket;
};

class World {
 public:
  /// Builds the nav terrain and the units (O(samples + units^2)). Throws
  /// nav::Error for a bad graph config, speed or unit count, and for a start
  /// tile outside the map or not walkable (the message names the tile and
  /// why: tile_diagnosis.hpp).
  World(nav::Terrain terrain, const WorldConfig& config);
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  /// The surface point (and tile) the ray meets first, none when it misses
  /// the terrain. O(quadtree pick).
  std::optional<nav::PickHit> pick(const nav::Ray& ray) const;

  /// Orders `units` to the surface point the ray meets: each gets a
  /// formation slot (formation_goals, on walkable tiles of the point's
  /// connected set) and a path request from where it stands, answered
  /// within serve_requests()' budget; a unit that cannot reach its slot goes
  /// to the nearest reachable tile (PathEvent::goal_adjusted). An earlier
  /// request of these units is cancelled. Refused (nothing changes) on a
  /// miss, a point outside every tile or on an unwalkable tile, and with no
  /// units. Unknown ids are ignored. O(units^2 + pick).
  OrderReport order(std::span<const UnitId> units, const nav::Ray& ray);

  /// The path unit `id` would walk to the surface point the ray meets,
  /// planned now with the world's search options (at most
  /// kPreviewExpansions tiles expanded), ordering nothing: the hover
  /// preview. Empty on a miss, a point on an unwalkable tile or outside every
  /// tile, or no path within the limit. Throws nav::Error for an unknown id.
  /// O(the search).
  std::vector<nav::Vec3> preview(UnitId id, const nav::Ray& ray);

  /// Runs queued path searches for about `budget_us` microseconds, and gives
  /// each answered unit its path. Once per frame. Returns the answers
  /// delivered now (also appended to events()).
  std::span<const PathEvent> serve_requests(double budget_us);

  /// Advances every unit dt_s simulated seconds along its path, then pushes
  /// units at rest out of the way of every unit overlapping them
  /// (separation_pushes; walkers keep to their paths), never onto a tile
  /// outside the set they stand in. One fixed step. O(units + their path
  /// work).
  void step(double dt_s);

  /// Runs `change` on the nav terrain (a stamp, a building, a brush) while
  /// no search reads it, and returns what it returns. Units whose path ahead
  /// touches its dirty tiles plan again from where they stand to their goal
  /// (or the nearest reachable tile); requests in flight are run again.
  ///
  /// A unit whose tile the edit left unwalkable (blocked, or without edges:
  /// no path can start there) steps off at once and stops: onto the point
  /// nearest its position, in straight-line metres, that lies kUnitRadiusM
  /// inside a walkable tile of any connected set (nav::nearest_tile_point;
  /// ties: lowest TileId). Units step off in id order; when an earlier one
  /// took a point closer than 2 kUnitRadiusM, a unit takes the nearest free
  /// point of the rings formation_goals searches around that point, spaced
  /// 2 kUnitRadiusM, with its footprint on walkable tiles of the point's
  /// connected set (or shares the point when its rings hold none, and
  /// separation moves it). The nearest ground, not the side its goal is on:
  /// it never jumps across the blocked area; if that side is cut off from
  /// its goal, its new path goes to the nearest reachable tile. A unit that
  /// was walking or waiting for a path then plans again from there to its
  /// goal (PathEvent::replan, as above). Each such unit adds a SteppedOff
  /// event to events(), or Stranded when no tile is walkable any more: then
  /// it stays where it is, stopped, and its request is cancelled.
  ///
  /// Throws what `change` throws, with nothing changed. O(change + units +
  /// d^2 per unit stepping off, for walkable ground d tiles away; tiles
  /// when there is none; r^2 x units more for one whose point was taken, r
  /// the rings searched).
  nav::EditResult edit(const std::function<nav::EditResult(nav::NavTerrain&)>& change);

  /// Replaces the options of every later path request (the heuristic,
  /// weight, cost model, path mode; nearest_reachable_goal stays on), then
  /// replans the units walking or waiting. Throws nav::Error for options
  /// outside their limits, with nothing changed. O(units).
  void set_search_options(nav::SearchOptions options);

  /// Rebuilds the graph, connected sets and picking tree with a new max
  /// slope (the heights and blocked tiles kept), the units where they stand
  /// (but those whose tile is no longer walkable, which step off as in
  /// edit()), and replans the units walking or waiting (PathEvent::replan).
  /// Throws nav::Error outside nav::kMaxSlopeLimit, with nothing changed.
  /// O(samples + units + the steps off).
  void set_max_slope(double max_slope);

  /// Every unit's top speed; throws nav::Error outside nav::kSpeedLimit.
  /// O(units x path).
  void set_speed(double speed_mps);

  const nav::NavTerrain& terrain() const noexcept { return *terrain_; }
  const nav::Heightmap& heightmap() const noexcept { return terrain_->heightmap(); }
  const nav::TerrainGraph& graph() const noexcept { return terrain_->graph(); }
  const nav::ConnectedSets& sets() const noexcept { return terrain_->sets(); }
  const nav::SearchOptions& search_options() const noexcept { return search_options_; }
  /// Time the last serve_requests() spent searching. [Units: microseconds]
  double last_serve_us() const noexcept { return last_serve_us_; }

  std::span<const SceneUnit> units() const noexcept { return units_; }
  /// The unit `id`; throws nav::Error for an id out of range.
  const SceneUnit& unit(UnitId id) const;
  /// Every unit's id, in order.
  std::vector<UnitId> all_units() const;
  /// A unit is walking or waits for its path, or units at rest were still
  /// being pushed apart in the last step.
  bool busy() const noexcept;
  /// Path requests not yet answered.
  std::size_t pending_requests() const { return queue_->pending(); }

  /// The last order given or refused, none before the first.
  const std::optional<OrderReport>& last_order() const noexcept { return last_order_; }
  /// The search that answers path requests: its last query's open and
  /// closed tiles (AStar::state) are the search overlay's.
  const nav::AStar& search() const noexcept { return *queue_->own_search(); }  // 0 workers
  /// Every answer delivered so far and every unit an edit set off
  /// unwalkable ground (PathEvent::kind), oldest first (the engine's log).
  std::span<const PathEvent> events() const noexcept { return events_; }
  /// Counts the terrain's changes: its edits (NavTerrain::revision) and
  /// rebuilds (set_max_slope), so a view redraws what it shows of it.
  std::uint64_t terrain_revision() const noexcept {
    return rebuilt_revisions_ + terrain_->revision();
  }
  /// Incremented each time a unit gets a new path.
  std::uint64_t path_revision() const noexcept { return path_revision_; }

 private:
  /// Queues unit k's request to its goal.
  void request_path(std::size_t k);
  /// Queues again the request of every unit walking or waiting.
  void replan_moving();
  /// Unit k's tile is unwalkable: sets it down, stopped, on the nearest
  /// walkable ground (edit() has the rule), apart from the points in
  /// `placed`, where it appends its own, and logs SteppedOff; with none,
  /// stops it where it is and logs Stranded. Returns whether it stepped.
  bool step_off(std::size_t k, std::vector<nav::Vec3>& placed);

  std::unique_ptr<nav::NavTerrain> terrain_;  // replaced whole by set_max_slope
  nav::SearchOptions search_options_;
  std::unique_ptr<nav::PathRequestQueue> queue_;
  std::unique_ptr<nav::AStar> preview_search_;  // made on the first preview
  std::vector<SceneUnit> units_;
  std::uint64_t orders_ = 0;
  std::optional<OrderReport> last_order_;
  std::vector<PathEvent> events_;
  std::vector<nav::PathAnswer> answers_;
  std::vector<bool> replanning_;  // per unit: the pending request follows an edit
  std::uint64_t path_revision_ = 0;
  bool settling_ = false;
  double last_serve_us_ = 0.0;
  std::uint64_t rebuilt_revisions_ =
      0;  // revisions of the terrains set_max_slope replaced, + 1 each
};

}  // namespace terranav::engine
