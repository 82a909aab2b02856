// Live settings: what apply_settings changes in the world, checked against
// the graph rebuilt from scratch and against hand-computed cases.
#include "terranav/engine/ui/settings.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "terranav/engine/scene/brush.hpp"
#include "terranav/engine/scene/fixed_step.hpp"
#include "test_worlds.hpp"

namespace terranav::engine {
namespace {

nav::Ray down_onto(const World& world, nav::TileCoord tile) {
  const nav::Vec3 c = world.graph().tile_centre(world.graph().id(tile));
  return {{c.x, 1000.0, c.z}, {0.0, -1.0, 0.0}};
}

TEST(Settings, CurrentSettingsReadTheWorld) {
  WorldConfig config;
  config.max_slope = 0.8;
  config.speed_mps = 3.0;
  const World world(test::small_terrain(), config);
  const Settings s = current_settings(world, 4.0);
  EXPECT_EQ(s.max_slope, 0.8);
  EXPECT_EQ(s.speed_mps, 3.0);
  EXPECT_EQ(s.time_scale, 4.0);
  EXPECT_EQ(s.path_mode, nav::PathMode::AnyAngle);
  EXPECT_EQ(s.cost_model, nav::CostModelKind::Reference);
}

// A steeper max slope makes the spike tile (slopes >= 1.4 all round)
// walkable: the graph matches one built with that slope from the start, and
// the units stay where they stood.
TEST(Settings, MaxSlopeRebuildsTheGraphAndKeepsTheUnits) {
  WorldConfig config;
  config.units = 3;
  World world(test::small_terrain(), config);
  const nav::TileId spike = world.graph().id(test::kSpikeTile);
  ASSERT_FALSE(world.graph().walkable(spike));
  std::vector<nav::Vec3> before;
  for (const SceneUnit& u : world.units()) before.push_back(u.unit.position());
  const std::uint64_t revision = world.terrain_revision();
  Settings to = current_settings(world, 1.0);
  to.max_slope = 2.0;
  apply_settings(world, current_settings(world, 1.0), to);
  EXPECT_TRUE(world.graph().walkable(spike));
  EXPECT_GT(world.terrain_revision(), revision);
  WorldConfig steep;
  steep.max_slope = 2.0;
  const World fresh(test::small_terrain(), steep);
  for (std::uint32_t k = 0; k < world.graph().tile_count(); ++k) {
    for (int dir = 0; dir < nav::kDirections; ++dir) {
      ASSERT_EQ(world.graph().has_edge(nav::TileId{k}, dir),
                fresh.graph().has_edge(nav::TileId{k}, dir));
    }
  }
  for (std::size_t k = 0; k < before.size(); ++k) {
    EXPECT_NEAR(world.units()[k].unit.position().x, before[k].x, 1e-9);
    EXPECT_NEAR(world.units()[k].unit.position().z, before[k].z, 1e-9);
  }
  // The spike tile now accepts an order.
  EXPECT_EQ(world.order(world.all_units(), down_onto(world, test::kSpikeTile)).status,
            OrderStatus::Ordered);
}

// A lower max slope leaves the top of a hill unwalkable (slope 0.15 from
// the top tile to each neighbour): the unit standing there steps off, as
// after an edit, to the nearest point 1 m inside a walkable tile (checked
// against every tile).
TEST(Settings, ALowerMaxSlopeSetsAUnitOffGroundItMakesUnwalkable) {
  World world(test::small_terrain(), {});
  apply_brush(world, {BrushMode::Raise, 30.0, 6.0}, 155.0, 155.0);
  const nav::Vec3 at = world.unit(UnitId{0}).unit.position();
  ASSERT_TRUE(world.graph().walkable(world.graph().id({15, 15})));
  Settings to = current_settings(world, 1.0);
  to.max_slope = 0.1;
  apply_settings(world, current_settings(world, 1.0), to);
  const nav::TerrainGraph& graph = world.graph();
  ASSERT_FALSE(graph.walkable(graph.id({15, 15})));
  double nearest = std::numeric_limits<double>::infinity();
  for (std::uint32_t k = 0; k < graph.tile_count(); ++k) {
    if (!graph.walkable(nav::TileId{k})) continue;
    const nav::TileCoord c = graph.coord(nav::TileId{k});
    nearest =
        std::min(nearest, std::hypot(std::clamp(at.x, c.i * 10.0 + 1.0, c.i * 10.0 + 9.0) - at.x,
                                     std::clamp(at.z, c.j * 10.0 + 1.0, c.j * 10.0 + 9.0) - at.z));
  }
  const nav::Unit& unit = world.unit(UnitId{0}).unit;
  EXPECT_TRUE(graph.walkable(graph.id(unit.tile())));
  EXPECT_NEAR(std::hypot(unit.position().x - at.x, unit.position().z - at.z), nearest, 1e-9);
  ASSERT_EQ(world.events().size(), 1u);
  EXPECT_EQ(world.events()[0].kind, PathEventKind::SteppedOff);
  EXPECT_FALSE(world.events()[0].from_blocked);
  EXPECT_EQ(world.events()[0].end_tile, unit.tile());
}

// New search settings replan the walking units; the Tobler model prices
// the same walk in seconds: 130 m of flat ground at 6 exp(-3.5 * 0.05) km/h.
TEST(Settings, SearchSettingsReplanWalkingUnits) {
  WorldConfig config;
  config.path_mode = nav::PathMode::Grid;
  World world(test::small_terrain(), config);
  world.order(world.all_units(), down_onto(world, {2, 15}));  // 13 tiles west
  FixedStepLoop loop;
  loop.frame(world, kFixedStep, 1.0);
  ASSERT_EQ(world.events().size(), 1u);
  EXPECT_NEAR(world.events()[0].cost, 130.0, 1e-9);
  Settings to = current_settings(world, 1.0);
  to.cost_model = nav::CostModelKind::Tobler;
  apply_settings(world, current_settings(world, 1.0), to);
  world.serve_requests(1e6);
  ASSERT_EQ(world.events().size(), 2u);
  EXPECT_TRUE(world.events()[1].replan);
  const double kmh = 6.0 * std::exp(-3.5 * 0.05);
  // From where the unit stands now (a few cm along): at most the whole way.
  EXPECT_LE(world.events()[1].cost, 130.0 * 3.6 / kmh + 1e-9);
  EXPECT_GT(world.events()[1].cost, 120.0 * 3.6 / kmh);
  EXPECT_EQ(world.search_options().cost.kind, nav::CostModelKind::Tobler);
  EXPECT_TRUE(world.search_options().nearest_reachable_goal);
}

TEST(Settings, BadValuesChangeNothing) {
  World world(test::small_terrain(), {});
  const Settings from = current_settings(world, 1.0);
  using Edit = void (*)(Settings&);
  for (const Edit bad :
       {Edit{[](Settings& s) { s.weight = 0.5; }}, Edit{[](Settings& s) { s.max_slope = -1.0; }},
        Edit{[](Settings& s) { s.speed_mps = 0.0; }},
        Edit{[](Settings& s) { s.time_scale = 1e9; }}}) {
    Settings to = from;
    to.heuristic = nav::Heuristic::Euclidean;
    bad(to);
    EXPECT_THROW(apply_settings(world, from, to), nav::Error);
    EXPECT_EQ(current_settings(world, 1.0), from);
  }
  Settings faster = from;
  faster.speed_mps = 9.0;
  apply_settings(world, from, faster);
  EXPECT_EQ(world.units()[0].unit.params().max_speed_mps, 9.0);
}

}  // namespace
}  // namespace terranav::engine
