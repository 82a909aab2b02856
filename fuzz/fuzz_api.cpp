// fuzz_api: the nav API fed a random terrain and a random sequence of calls.
// The input (FuzzedDataProvider) decodes into a heightmap of up to 64 x 64
// samples (odd sizes, NaN / infinite / huge heights and bad spacings
// included), a GraphConfig, optional blocked flags, classes and influence
// points, then up to 64 operations: A* queries (find_path, and start / step /
// cancel), picks, edits (stamp, set_heights, set_blocked, paint_class(es),
// directly or through PathRequestQueue::apply) and path requests through a
// PathRequestQueue with 0 workers. At the end an edited terrain must equal
// its rebuild (first_difference).
//
// Expected: nav::Error from a constructor or an edit, and the documented
// statuses. Everything else is a finding, and so is a violated check
// (FUZZ_CHECK traps): a found path must start at the start, end at the goal,
// follow graph edges whose costs sum to its cost (finite, >= 0), cost what
// Dijkstra finds (weight 1) or at most w times it (weight w), and a sliced
// query must return exactly what find_path returns. An any-angle path must
// be feasible on the surface (SurfaceCost), cost what the surface says, and
// cost no more there than the grid path whenever that is feasible.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "fuzz_support.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/nav_terrain.hpp"
#include "terranav/nav/path_requests.hpp"
#include "terranav/nav/picking.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/stamp.hpp"
#include "terranav/nav/surface_cost.hpp"
#include "terranav/nav/types.hpp"

namespace {

namespace nav = terranav::nav;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// A double in [lo, hi] mostly; now and then a value at or past a limit.
double some_double(FuzzedDataProvider& in, double lo, double hi) {
  hi = std::max(lo, hi);
  switch (in.ConsumeIntegralInRange<int>(0, 31)) {
    case 0:
      return kNaN;
    case 1:
      return kInf;
    case 2:
      return -kInf;
    case 3:
      return 1e300;
    case 4:
      return -1e300;
    case 5:
      return 0.0;
    case 6:
      return -std::numeric_limits<double>::denorm_min();
    case 7:
      return in.ConsumeFloatingPoint<double>();
    default:
      return in.ConsumeFloatingPointInRange<double>(lo, hi);
  }
}

/// A height sample: small relief mostly, sometimes float's extremes or not finite.
float some_height(FuzzedDataProvider& in, int mode) {
  if (mode == 0) return 0.0f;
  if (mode == 1) return static_cast<float>(in.ConsumeIntegral<std::int8_t>()) * 0.25f;
  switch (in.ConsumeIntegralInRange<int>(0, 63)) {
    case 0:
      return std::numeric_limits<float>::quiet_NaN();
    case 1:
      return std::numeric_limits<float>::infinity();
    case 2:
      return std::numeric_limits<float>::max();
    case 3:
      return -std::numeric_limits<float>::max();
    case 4:
      return 1e30f;
    case 5:
      return std::numeric_limits<float>::denorm_min();
    default:
      return static_cast<float>(in.ConsumeIntegral<std::int16_t>()) * 0.01f;
  }
}

nav::TileCoord some_tile(FuzzedDataProvider& in, const nav::TerrainGraph& graph) {
  return {in.ConsumeIntegralInRange<std::int32_t>(-2, graph.tiles_wide() + 1),
          in.ConsumeIntegralInRange<std::int32_t>(-2, graph.tiles_deep() + 1)};
}

nav::TileRect some_tile_rect(FuzzedDataProvider& in, const nav::TerrainGraph& graph) {
  const auto i0 = in.ConsumeIntegralInRange<std::int32_t>(-3, graph.tiles_wide() + 2);
  const auto j0 = in.ConsumeIntegralInRange<std::int32_t>(-3, graph.tiles_deep() + 2);
  return {i0, j0, i0 + in.ConsumeIntegralInRange<std::int32_t>(-1, 6),
          j0 + in.ConsumeIntegralInRange<std::int32_t>(-1, 6)};
}

/// A position in metres around the terrain (a little beyond its edges too).
nav::Vec3 some_position(FuzzedDataProvider& in, const nav::Heightmap& heights) {
  const double margin = 3.0 * heights.spacing();
  return {some_double(in, -margin, heights.extent_x() + margin),
          some_double(in, heights.min_height() - 5.0, heights.max_height() + 20.0),
          some_double(in, -margin, heights.extent_z() + margin)};
}

nav::SearchOptions some_options(FuzzedDataProvider& in, const nav::NavTerrain& terrain) {
  nav::SearchOptions o;
  o.heuristic = static_cast<nav::Heuristic>(in.ConsumeIntegralInRange<int>(0, 6));
  if (in.ConsumeIntegralInRange<int>(0, 3) == 0) o.weight = some_double(in, 1.0, 4.0);
  o.greedy = in.ConsumeIntegralInRange<int>(0, 7) == 0;
  nav::CostModel model;
  model.kind = static_cast<nav::CostModelKind>(in.ConsumeIntegralInRange<int>(0, 3));
  if (in.ConsumeBool()) {
    model.slope_weight = some_double(in, 0.0, 5.0);
    model.uphill_weight = some_double(in, 0.0, 5.0);
    model.downhill_weight = some_double(in, 0.0, 5.0);
  }
  // The terrain's multipliers, or (a caller's mistake) none.
  o.cost = in.ConsumeIntegralInRange<int>(0, 7) != 0 ? terrain.cost_model(model) : model;
  o.climb_bound = in.ConsumeBool();
  if (in.ConsumeIntegralInRange<int>(0, 3) == 0) {
    o.max_expansions = in.ConsumeIntegralInRange<std::uint32_t>(0, 64);
  }
  if (in.ConsumeIntegralInRange<int>(0, 3) == 0) o.max_cost = some_double(in, 0.0, 50.0);
  o.allow_partial = in.ConsumeBool();
  o.nearest_reachable_goal = in.ConsumeIntegralInRange<int>(0, 3) == 0;
  return o;
}

bool limited(const nav::SearchOptions& o) {
  return o.max_expansions != 0 || !(o.max_cost == kInf);
}

/// The direction of one step between tiles, or -1 when they are not neighbours.
int direction(nav::TileCoord a, nav::TileCoord b) {
  for (int d = 0; d < nav::kKnightDirections; ++d) {
    if (a.i + nav::kDirDx[d] == b.i && a.j + nav::kDirDz[d] == b.j) return d;
  }
  return -1;
}

bool close(double a, double b) {
  return std::abs(a - b) <= 1e-6 * std::max({1.0, std::abs(a), std::abs(b)});
}

/// A path of Found or Partial: it starts at `start`, follows edges of the
/// graph, and its edge costs under `cost` sum to result.cost.
void check_path(const nav::TerrainGraph& graph, const nav::CostModel& cost,
                const nav::PathResult& r, std::optional<nav::TileCoord> start) {
  FUZZ_CHECK(!r.tiles.empty());
  FUZZ_CHECK(r.waypoints.size() == r.tiles.size());
  if (start) FUZZ_CHECK(r.tiles.front() == *start);
  FUZZ_CHECK(std::isfinite(r.cost) && r.cost >= 0.0);
  double sum = 0.0;
  for (std::size_t k = 0; k < r.tiles.size(); ++k) {
    FUZZ_CHECK(graph.contains(r.tiles[k]));
    if (k == 0) continue;
    const int d = direction(r.tiles[k - 1], r.tiles[k]);
    FUZZ_CHECK(d >= 0);
    const nav::TileId from = graph.id(r.tiles[k - 1]);
    FUZZ_CHECK(graph.has_edge(from, d));
    sum += graph.edge_cost(from, d, cost);
  }
  FUZZ_CHECK(close(sum, r.cost));
}

/// What a query between tiles returned, against what its options promise.
void check_query(const nav::NavTerrain& terrain, nav::AStar& reference, nav::TileCoord start,
                 nav::TileCoord goal, const nav::SearchOptions& o, const nav::PathResult& r) {
  const nav::TerrainGraph& graph = terrain.graph();
  switch (r.status) {
    case nav::SearchStatus::Found: {
      check_path(graph, o.cost, r, start);
      if (!r.goal_adjusted) FUZZ_CHECK(r.tiles.back() == goal);
      if (o.greedy) break;
      // Optimal for weight 1, at most w times optimal for weight w: against
      // Dijkstra to the tile the path ends at.
      nav::SearchOptions dijkstra;
      dijkstra.heuristic = nav::Heuristic::Zero;
      dijkstra.cost = o.cost;
      const nav::PathResult best = reference.find_path(start, r.tiles.back(), dijkstra);
      FUZZ_CHECK(best.status == nav::SearchStatus::Found);
      FUZZ_CHECK(r.cost <= o.weight * best.cost + 1e-6 * std::max(1.0, o.weight * best.cost));
      if (o.weight == 1.0) FUZZ_CHECK(close(r.cost, best.cost));
      break;
    }
    case nav::SearchStatus::Partial:
      FUZZ_CHECK(o.allow_partial);
      check_path(graph, o.cost, r, start);
      break;
    case nav::SearchStatus::InvalidStart:
      FUZZ_CHECK(r.tiles.empty());
      FUZZ_CHECK(!graph.contains(start) || !graph.walkable(graph.id(start)));
      break;
    case nav::SearchStatus::InvalidGoal:
      FUZZ_CHECK(r.tiles.empty());
      FUZZ_CHECK(!graph.contains(goal) || !graph.walkable(graph.id(goal)));
      break;
    case nav::SearchStatus::LimitReached:
      FUZZ_CHECK(r.tiles.empty());
      FUZZ_CHECK(limited(o) && !o.allow_partial);
      break;
    case nav::SearchStatus::Unreachable:
    case nav::SearchStatus::Cancelled:
    case nav::SearchStatus::InvalidOptions:
      FUZZ_CHECK(r.tiles.empty());
      break;
    case nav::SearchStatus::InProgress:
      FUZZ_CHECK(false);  // find_path and a finished slice never return it
  }
}

/// An any-angle query between tiles (or positions), against the surface
/// and against the grid path of the same options.
void check_any_angle(const nav::NavTerrain& terrain, nav::AStar& astar, nav::AStar& grid,
                     FuzzedDataProvider& in, nav::SearchOptions o) {
  const nav::TerrainGraph& graph = terrain.graph();
  o.path_mode = nav::PathMode::AnyAngle;
  if (o.cost.kind == nav::CostModelKind::Seed) o.cost.kind = nav::CostModelKind::Reference;
  const bool at_positions = in.ConsumeBool();
  const nav::Vec3 from = some_position(in, terrain.heightmap());
  const nav::Vec3 to = some_position(in, terrain.heightmap());
  const nav::TileCoord start = some_tile(in, graph);
  const nav::TileCoord goal = some_tile(in, graph);
  nav::PathResult r;
  if ((at_positions ? astar.start_at(from, to, o) : astar.start(start, goal, o)) ==
      nav::SearchStatus::InvalidOptions) {
    return;
  }
  astar.step();
  astar.result(r);
  if (r.status != nav::SearchStatus::Found && r.status != nav::SearchStatus::Partial) return;
  const nav::SurfaceCost ruler(terrain.heightmap(), graph, o.cost);
  const nav::SurfaceMeasure m = ruler.polyline(r.waypoints);
  FUZZ_CHECK(!r.waypoints.empty() && !r.tiles.empty());
  FUZZ_CHECK(m.feasible());
  FUZZ_CHECK(close(m.cost, r.cost));
  if (at_positions || r.status != nav::SearchStatus::Found || r.goal_adjusted) return;
  nav::SearchOptions g = o;
  g.path_mode = nav::PathMode::Grid;
  const nav::PathResult grid_path = grid.find_path(start, goal, g);
  FUZZ_CHECK(grid_path.status == nav::SearchStatus::Found);
  const nav::SurfaceMeasure gm = ruler.polyline(grid_path.waypoints);
  if (gm.feasible()) FUZZ_CHECK(r.cost <= gm.cost * (1 + 1e-9));
}

bool same(const nav::PathResult& a, const nav::PathResult& b) {
  return a.status == b.status && a.tiles == b.tiles && a.cost == b.cost &&
         a.expanded == b.expanded && a.generated == b.generated &&
         a.heap_operations == b.heap_operations && a.goal_adjusted == b.goal_adjusted;
}

/// The dirty rectangle of an edit lies on the map.
void check_edit(const nav::NavTerrain& terrain, const nav::EditResult& e, std::uint64_t& revision) {
  if (!e.dirty.empty()) {
    FUZZ_CHECK(e.dirty.i0 >= 0 && e.dirty.j0 >= 0);
    FUZZ_CHECK(e.dirty.i1 <= terrain.graph().tiles_wide());
    FUZZ_CHECK(e.dirty.j1 <= terrain.graph().tiles_deep());
  }
  FUZZ_CHECK(e.revision == terrain.revision());
  FUZZ_CHECK(e.revision >= revision);
  revision = e.revision;
}

/// One random edit of `terrain`; throws nav::Error for a refused one.
void edit(FuzzedDataProvider& in, nav::NavTerrain& terrain, std::uint64_t& revision) {
  const nav::Heightmap& heights = terrain.heightmap();
  const nav::TerrainGraph& graph = terrain.graph();
  switch (in.ConsumeIntegralInRange<int>(0, 5)) {
    case 0: {
      const nav::Stamp stamp{
          .kind = static_cast<nav::StampKind>(in.ConsumeIntegralInRange<int>(0, 3)),
          .x_m = some_double(in, -2.0, heights.extent_x() + 2.0),
          .z_m = some_double(in, -2.0, heights.extent_z() + 2.0),
          .radius_m = some_double(in, 0.1, 6.0 * heights.spacing()),
          .amount_m = some_double(in, -5.0, 20.0)};
      check_edit(terrain, terrain.stamp(stamp), revision);
      break;
    }
    case 1: {
      const auto x0 = in.ConsumeIntegralInRange<std::int32_t>(-1, heights.width());
      const auto z0 = in.ConsumeIntegralInRange<std::int32_t>(-1, heights.depth());
      const nav::SampleRect rect{x0, z0, x0 + in.ConsumeIntegralInRange<std::int32_t>(0, 6),
                                 z0 + in.ConsumeIntegralInRange<std::int32_t>(0, 6)};
      std::size_t count = static_cast<std::size_t>(std::max(0, rect.x1 - rect.x0)) *
                          static_cast<std::size_t>(std::max(0, rect.z1 - rect.z0));
      if (in.ConsumeIntegralInRange<int>(0, 15) == 0) ++count;  // a wrong count
      const int mode = in.ConsumeIntegralInRange<int>(1, 2);
      std::vector<float> values(count);
      for (float& v : values) v = some_height(in, mode);
      check_edit(terrain, terrain.set_heights(rect, values), revision);
      break;
    }
    case 2:
      check_edit(terrain, terrain.set_blocked(some_tile_rect(in, graph), in.ConsumeBool()),
                 revision);
      break;
    case 3: {
      const nav::TileRect rect = some_tile_rect(in, graph);
      std::size_t count = rect.empty() ? 0
                                       : static_cast<std::size_t>(rect.i1 - rect.i0) *
                                             static_cast<std::size_t>(rect.j1 - rect.j0);
      if (in.ConsumeIntegralInRange<int>(0, 15) == 0) ++count;
      std::vector<std::uint8_t> flags(count);
      for (std::uint8_t& f : flags) f = in.ConsumeBool() ? 1 : 0;
      check_edit(terrain, terrain.set_blocked(rect, flags), revision);
      break;
    }
    case 4:
      check_edit(terrain,
                 terrain.paint_class(some_tile_rect(in, graph), in.ConsumeIntegral<std::uint8_t>()),
                 revision);
      break;
    default: {
      const nav::TileRect rect = some_tile_rect(in, graph);
      std::size_t count = rect.empty() ? 0
                                       : static_cast<std::size_t>(rect.i1 - rect.i0) *
                                             static_cast<std::size_t>(rect.j1 - rect.j0);
      if (in.ConsumeIntegralInRange<int>(0, 15) == 0) ++count;
      const int table = terrain.classes() ? static_cast<int>(terrain.classes()->classes.size()) : 1;
      std::vector<std::uint8_t> classes(count);
      for (std::uint8_t& c : classes) {
        c = static_cast<std::uint8_t>(in.ConsumeIntegralInRange<int>(0, table));
      }
      check_edit(terrain, terrain.paint_classes(rect, classes), revision);
      break;
    }
  }
}

std::unique_ptr<nav::NavTerrain> some_terrain(FuzzedDataProvider& in) {
  const int width = in.ConsumeIntegralInRange<int>(0, 64);
  const int depth = in.ConsumeIntegralInRange<int>(0, 64);
  const double spacing =
      in.ConsumeIntegralInRange<int>(0, 3) == 0 ? some_double(in, 0.01, 100.0) : 1.0;
  const int mode = in.ConsumeIntegralInRange<int>(0, 2);
  std::size_t count = static_cast<std::size_t>(width) * static_cast<std::size_t>(depth);
  if (in.ConsumeIntegralInRange<int>(0, 31) == 0) ++count;  // a wrong count
  std::vector<float> samples(count);
  for (float& h : samples) h = some_height(in, mode);

  nav::NavTerrainConfig config;
  config.graph.tile_size = in.ConsumeIntegralInRange<int>(0, 3) == 0
                               ? in.ConsumeIntegralInRange<int>(-1, 70)
                               : in.ConsumeIntegralInRange<int>(1, 3);
  config.graph.max_slope = in.ConsumeBool() ? 0.6 : some_double(in, 0.0, 4.0);
  config.graph.topology = static_cast<nav::Topology>(in.ConsumeIntegralInRange<int>(0, 3));
  config.graph.corner_cutting =
      static_cast<nav::CornerCutting>(in.ConsumeIntegralInRange<int>(0, 2));
  // Tiles as Tiling would count them (garbage for a bad size: refused anyway).
  const int t = std::max(1, config.graph.tile_size);
  const std::size_t tiles = static_cast<std::size_t>(std::max(0, (width - 1) / t)) *
                            static_cast<std::size_t>(std::max(0, (depth - 1) / t));
  const auto mask_size = [&] {
    return in.ConsumeIntegralInRange<int>(0, 31) == 0 ? tiles + 1 : tiles;
  };
  if (in.ConsumeBool()) {
    config.blocked.resize(mask_size());
    for (std::uint8_t& b : config.blocked) b = in.ConsumeIntegralInRange<int>(0, 7) == 0 ? 1 : 0;
  }
  if (in.ConsumeBool()) {
    nav::ClassMap classes;
    classes.classes.resize(in.ConsumeIntegralInRange<std::size_t>(1, 4));
    for (nav::TerrainClass& c : classes.classes) {
      c.multiplier = some_double(in, 0.1, 10.0);
      c.impassable = in.ConsumeIntegralInRange<int>(0, 5) == 0;
    }
    classes.tile_class.resize(mask_size());
    const int bad = in.ConsumeIntegralInRange<int>(0, 63) == 0 ? 1 : 0;
    for (std::uint8_t& c : classes.tile_class) {
      c = static_cast<std::uint8_t>(
          in.ConsumeIntegralInRange<int>(0, static_cast<int>(classes.classes.size()) - 1 + bad));
    }
    config.classes = std::move(classes);
  }
  const int points = in.ConsumeIntegralInRange<int>(0, 3);
  for (int k = 0; k < points; ++k) {
    config.influence.push_back({.x_m = some_double(in, -5.0, 70.0),
                                .z_m = some_double(in, -5.0, 70.0),
                                .radius_m = some_double(in, 0.5, 20.0),
                                .strength = some_double(in, -0.9, 3.0)});
  }
  try {
    nav::Heightmap heightmap(width, depth, spacing, std::move(samples));
    auto terrain = std::make_unique<nav::NavTerrain>(std::move(heightmap), std::move(config));
    FUZZ_CHECK(terrain->graph().tile_count() == tiles);
    return terrain;
  } catch (const nav::Error&) {
    return nullptr;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const std::unique_ptr<nav::NavTerrain> built = some_terrain(in);
  if (!built) return 0;
  nav::NavTerrain& terrain = *built;
  const nav::TerrainGraph& graph = terrain.graph();
  nav::AStar astar(graph, terrain.sets(), &terrain.heightmap());
  nav::AStar reference(graph, terrain.sets());
  nav::PathRequestQueue queue(graph, terrain.sets(), 0);
  std::map<std::uint64_t, nav::PathRequest> submitted;
  std::uint64_t next_delivery = 0;
  std::vector<nav::PathAnswer> answers;
  std::uint64_t revision = 0;
  bool edited = false;

  for (int op = 0; op < 64 && in.remaining_bytes() > 0; ++op) {
    switch (in.ConsumeIntegralInRange<int>(0, 10)) {
      case 0:
      case 1: {  // one query in one call
        const nav::TileCoord start = some_tile(in, graph);
        const nav::TileCoord goal = some_tile(in, graph);
        const nav::SearchOptions options = some_options(in, terrain);
        try {
          check_query(terrain, reference, start, goal, options,
                      astar.find_path(start, goal, options));
        } catch (const nav::Error&) {
          // find_path throws for InvalidOptions only.
          FUZZ_CHECK(astar.status() == nav::SearchStatus::InvalidOptions);
        }
        break;
      }
      case 2: {  // sliced, maybe cancelled; unless cancelled, as find_path
        const nav::TileCoord start = some_tile(in, graph);
        const nav::TileCoord goal = some_tile(in, graph);
        const nav::SearchOptions options = some_options(in, terrain);
        const bool at = in.ConsumeIntegralInRange<int>(0, 3) == 0;
        nav::SearchStatus status =
            at ? astar.start_at(
                     graph.tile_centre(graph.contains(start) ? graph.id(start) : nav::TileId{0}),
                     some_position(in, terrain.heightmap()), options)
               : astar.start(start, goal, options);
        const int cancel_after = in.ConsumeIntegralInRange<int>(-1, 8);
        for (int step = 0; status == nav::SearchStatus::InProgress; ++step) {
          if (step == cancel_after) {
            astar.cancel();
            FUZZ_CHECK(astar.status() == nav::SearchStatus::Cancelled);
            break;
          }
          status = astar.step({.max_expansions = in.ConsumeIntegralInRange<std::uint32_t>(0, 40)});
          FUZZ_CHECK(status == astar.status());
        }
        nav::PathResult sliced;
        astar.result(sliced);
        if (at && (sliced.status == nav::SearchStatus::Found ||
                   sliced.status == nav::SearchStatus::Partial)) {
          check_path(graph, options.cost, sliced, std::nullopt);
        }
        if (!at && sliced.status != nav::SearchStatus::Cancelled &&
            sliced.status != nav::SearchStatus::InvalidOptions) {
          check_query(terrain, reference, start, goal, options, sliced);
          FUZZ_CHECK(same(sliced, reference.find_path(start, goal, options)));
        }
        break;
      }
      case 3: {  // a pick
        const nav::Ray ray{
            some_position(in, terrain.heightmap()),
            {some_double(in, -1.0, 1.0), some_double(in, -1.0, 0.2), some_double(in, -1.0, 1.0)}};
        if (const std::optional<nav::PickHit> hit = terrain.quadtree().pick(ray)) {
          FUZZ_CHECK(std::isfinite(hit->t) && hit->t >= 0.0);
          FUZZ_CHECK(std::isfinite(hit->point.x) && std::isfinite(hit->point.y) &&
                     std::isfinite(hit->point.z));
          if (hit->tile) FUZZ_CHECK(graph.contains(*hit->tile));
        }
        break;
      }
      case 4:
      case 5: {  // an edit, directly or while requests are pending
        try {
          // Directly only between requests: a pending one holds search state
          // of the terrain, which apply() reruns after the change.
          if (queue.pending() == 0 && in.ConsumeBool()) {
            edit(in, terrain, revision);
          } else {
            queue.apply([&] { edit(in, terrain, revision); });
          }
          edited = true;
        } catch (const nav::Error&) {
        }
        break;
      }
      case 6:
      case 7: {  // a path request
        const nav::PathRequest request{some_position(in, terrain.heightmap()),
                                       some_position(in, terrain.heightmap()),
                                       some_options(in, terrain)};
        const nav::Ticket ticket = queue.submit(request);
        submitted.emplace(static_cast<std::uint64_t>(ticket), request);
        break;
      }
      case 9:  // an any-angle query
        check_any_angle(terrain, astar, reference, in, some_options(in, terrain));
        break;
      case 8:  // cancel a request (maybe delivered already, maybe never issued)
        queue.cancel(nav::Ticket{in.ConsumeIntegralInRange<std::uint64_t>(0, submitted.size())});
        break;
      default: {  // a frame: with no time limit every request is answered
        const double budget = in.ConsumeBool() ? 1e12 : in.ConsumeFloatingPointInRange(0.0, 50.0);
        answers.clear();
        const std::size_t n = queue.update(budget, answers);
        FUZZ_CHECK(n == answers.size());
        for (const nav::PathAnswer& a : answers) {
          FUZZ_CHECK(static_cast<std::uint64_t>(a.ticket) == next_delivery);
          ++next_delivery;
          const nav::PathRequest& request = submitted.at(static_cast<std::uint64_t>(a.ticket));
          const nav::PathResult& r = a.result;
          if (r.status == nav::SearchStatus::Found || r.status == nav::SearchStatus::Partial) {
            check_path(graph, request.options.cost, r,
                       graph.tile_at(request.start.x, request.start.z));
          } else {
            FUZZ_CHECK(r.tiles.empty());
          }
        }
        if (budget == 1e12) FUZZ_CHECK(queue.pending() == 0);
        FUZZ_CHECK(queue.pending() == submitted.size() - next_delivery);
        break;
      }
    }
  }
  // Edited in place, the terrain must equal one built afresh from its inputs.
  if (edited) {
    const std::string difference = nav::first_difference(terrain, terrain.rebuilt());
    if (!difference.empty()) std::fprintf(stderr, "fuzz_api: %s\n", difference.c_str());
    FUZZ_CHECK(difference.empty());
  }
  return 0;
}
