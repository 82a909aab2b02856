#include "terranav/engine/scene/world.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <iomanip>
#include <sstream>

#include "app/demo_click.hpp"
#include "app/script.hpp"
#include "terranav/engine/ui/messages.hpp"
#include "terranav/engine/ui/minimap.hpp"
#include "terranav/engine/ui/overlay_text.hpp"
#include "test_worlds.hpp"

namespace terranav::engine {
namespace {

using app::Script;
using app::simulate;
using app::SimulationResult;
using app::walked_share;
using test::kSpikeTile;

/// The small world with one unit, seen by the default camera.
class WorldTest : public ::testing::Test {
 protected:
  WorldTest()
      : world(test::small_terrain(), {}),
        camera(default_camera(world.heightmap(), viewport)),
        controller(world) {}

  glm::dvec2 pixel_of(nav::TileCoord tile) const {
    const auto pixel = project(camera, viewport, world.graph().tile_centre(world.graph().id(tile)));
    EXPECT_TRUE(pixel.has_value());
    return *pixel;
  }
  const nav::Unit& unit() const { return world.unit(UnitId{0}).unit; }
  ClickReport right_click(nav::TileCoord tile) {
    return controller.right_click(world, camera, viewport, pixel_of(tile));
  }
  SimulationResult run(const Script& script) {
    return simulate(world, controller, camera, viewport, script);
  }
  /// Frames of 1/60 s until the world is idle (at most `frames`).
  void settle(int frames = 100000) {
    FixedStepLoop loop;
    for (int k = 0; k < frames && world.busy(); ++k) loop.frame(world, kFixedStep, 1.0);
  }

  Viewport viewport{640, 360};
  World world;
  OrbitCamera camera;
  ClickController controller;
};

TEST_F(WorldTest, StartsNearTheCentreOfTheLargestSet) {
  // Centre (16, 16) of the 32 x 32 tiles; (15, 15) and (16, 16) tie, lower id wins.
  EXPECT_EQ(unit().tile(), (nav::TileCoord{15, 15}));
  EXPECT_FALSE(unit().moving());
  EXPECT_FALSE(world.busy());
  EXPECT_EQ(unit().speed(), 0.0);
  EXPECT_EQ(unit().params().max_speed_mps, 5.0);  // a person, whatever the map's size
  EXPECT_EQ(unit().params().corridor_m, 1.0);
  EXPECT_EQ(controller.selection(), std::vector<UnitId>{UnitId{0}});
}

// On tiles of 1 m the corridor and look-ahead shrink to a quarter and a half tile.
TEST(WorldConfig, SmallTilesNarrowTheUnitsCorridor) {
  const World world(nav::Terrain{nav::Heightmap(9, 9, 1.0, std::vector<float>(81, 0.0f)), 1, {}},
                    {});
  const nav::Unit& unit = world.unit(UnitId{0}).unit;
  EXPECT_EQ(unit.params().corridor_m, 0.25);
  EXPECT_EQ(unit.params().lookahead_m, 0.5);
  EXPECT_EQ(unit.params().max_speed_mps, 5.0);
}

TEST_F(WorldTest, ClickOnWalkableTileFindsPathAndUnitWalksThere) {
  const nav::TileCoord goal{3, 28};
  const SimulationResult result =
      run({.clicks = {{pixel_of(goal)}}, .frames = 100000, .until_arrived = true});
  ASSERT_EQ(result.clicks.size(), 1u);
  const OrderReport& order = result.clicks[0].order;
  EXPECT_EQ(order.status, OrderStatus::Ordered);
  EXPECT_EQ(order.units, 1u);
  ASSERT_TRUE(order.tile.has_value());
  EXPECT_EQ(*order.tile, goal);
  ASSERT_TRUE(order.hit.has_value());
  EXPECT_NEAR(order.hit->x, 35.0, 1e-6);  // tile centre (3.5 * 10, 28.5 * 10)
  EXPECT_NEAR(order.hit->z, 285.0, 1e-6);
  EXPECT_EQ(result.click_messages[0], "Ordered 1 unit to tile (3, 28)");
  ASSERT_EQ(world.events().size(), 1u);
  const PathEvent& path = world.events()[0];
  EXPECT_EQ(path.status, nav::SearchStatus::Found);
  EXPECT_EQ(path.from_tile, (nav::TileCoord{15, 15}));
  EXPECT_FALSE(path.goal_adjusted);
  // Any-angle by default: from the unit at (155, 155) m to the clicked
  // point, no longer than the octile path (12 diagonal + 1 straight steps of
  // 10 m) and no shorter than the straight line.
  EXPECT_LE(path.cost, 10.0 * (12.0 * std::sqrt(2.0) + 1.0));
  EXPECT_GE(path.cost, std::hypot(120.0, 130.0) - 1e-9);
  EXPECT_EQ(path.tiles, 14u);
  EXPECT_EQ(describe(path).rfind("Unit 0: path to tile (3, 28): 14 tiles, cost ", 0), 0u);
  EXPECT_NE(describe(path).find("(any-angle, "), std::string::npos);
  EXPECT_EQ(unit().tile(), goal);
  EXPECT_NEAR(unit().position().x, 35.0, 1e-6);  // on the clicked point
  EXPECT_NEAR(unit().position().z, 285.0, 1e-6);
  EXPECT_FALSE(unit().moving());
  EXPECT_LT(result.frames, 100000);
  EXPECT_EQ(world.path_revision(), 1u);
}

TEST(WorldGridPaths, ClickWalksTheOctilePathThroughTileCentres) {
  const Viewport viewport{640, 360};
  WorldConfig config;
  config.path_mode = nav::PathMode::Grid;
  World world(test::small_terrain(), config);
  ClickController controller(world);
  const OrbitCamera camera = default_camera(world.heightmap(), viewport);
  const nav::TileCoord goal{3, 28};
  const auto pixel = project(camera, viewport, world.graph().tile_centre(world.graph().id(goal)));
  ASSERT_TRUE(pixel.has_value());
  simulate(world, controller, camera, viewport,
           {.clicks = {{*pixel}}, .frames = 100000, .until_arrived = true});
  ASSERT_EQ(world.events().size(), 1u);
  const PathEvent& path = world.events()[0];
  // Flat ground: octile distance 12 diagonal + 1 straight steps of 10 m.
  EXPECT_NEAR(path.cost, 10.0 * (12.0 * std::sqrt(2.0) + 1.0), 1e-6);
  EXPECT_EQ(path.tiles, 14u);
  EXPECT_EQ(describe(path), "Unit 0: path to tile (3, 28): 14 tiles, cost 179.7 m");
  EXPECT_EQ(world.unit(UnitId{0}).unit.tile(), goal);
  EXPECT_FALSE(world.busy());
}

TEST_F(WorldTest, ClickOnSteepTileIsInvalidGoalAndUnitStays) {
  const ClickReport report = right_click(kSpikeTile);
  EXPECT_EQ(report.order.status, OrderStatus::InvalidGoal);
  ASSERT_TRUE(report.order.tile.has_value());
  EXPECT_EQ(*report.order.tile, kSpikeTile);
  EXPECT_EQ(describe(report, world),
            "Tile (8, 20) is unwalkable: every slope to its neighbours exceeds 0.6");
  EXPECT_FALSE(world.busy());
  EXPECT_EQ(unit().tile(), (nav::TileCoord{15, 15}));
  EXPECT_EQ(world.path_revision(), 0u);
}

TEST_F(WorldTest, ClickOnBlockedTileIsInvalidGoal) {
  const ClickReport report = right_click({test::kWallColumn, 5});
  EXPECT_EQ(report.order.status, OrderStatus::InvalidGoal);
  EXPECT_EQ(describe(report, world), "Tile (24, 5) is unwalkable: it is blocked");
}

// A tile beyond the wall: the nav module answers with the nearest reachable
// tile, the unit walks there and the answer says so.
TEST_F(WorldTest, ClickInOtherSetGoesToTheNearestReachableTile) {
  const ClickReport report = right_click({28, 10});
  EXPECT_EQ(report.order.status, OrderStatus::Ordered);
  settle();
  ASSERT_EQ(world.events().size(), 1u);
  const PathEvent& path = world.events()[0];
  EXPECT_EQ(path.status, nav::SearchStatus::Found);
  EXPECT_TRUE(path.goal_adjusted);
  EXPECT_EQ(path.goal_tile, (nav::TileCoord{28, 10}));
  EXPECT_EQ(path.end_tile, (nav::TileCoord{23, 10}));  // beside the wall, in the unit's set
  EXPECT_EQ(describe(path).rfind("Unit 0: tile (28, 10) cannot be reached from (15, 15); going "
                                 "to the nearest reachable tile (23, 10): ",
                                 0),
            0u);
  EXPECT_EQ(unit().tile(), (nav::TileCoord{23, 10}));
}

TEST_F(WorldTest, ClickOnSkyIsMiss) {
  const ClickReport report = controller.right_click(world, camera, viewport, {1.0, 1.0});
  EXPECT_EQ(report.order.status, OrderStatus::Miss);
  EXPECT_FALSE(report.order.hit.has_value());
  EXPECT_FALSE(report.order.tile.has_value());
  EXPECT_EQ(describe(report, world), "Click at (1.0, 1.0) hit no terrain");
  ASSERT_TRUE(world.last_order().has_value());
  EXPECT_EQ(world.last_order()->status, OrderStatus::Miss);
}

// The hover preview plans what an order would walk, ordering nothing: the
// same polyline the unit then gets from the request queue.
TEST_F(WorldTest, HoverPreviewIsThePathAnOrderWouldWalk) {
  const nav::Ray ray = unproject(camera, viewport, pixel_of({3, 28}));
  const std::vector<nav::Vec3> preview = world.preview(UnitId{0}, ray);
  ASSERT_GE(preview.size(), 2u);
  EXPECT_FALSE(world.busy());
  EXPECT_EQ(world.pending_requests(), 0u);
  EXPECT_EQ(world.path_revision(), 0u);
  EXPECT_NEAR(preview.front().x, unit().position().x, 1e-9);
  EXPECT_NEAR(preview.back().x, 35.0, 1e-6);
  EXPECT_NEAR(preview.back().z, 285.0, 1e-6);
  world.order(world.all_units(), ray);
  world.serve_requests(1e6);
  ASSERT_EQ(unit().path().size(), preview.size());
  for (std::size_t k = 0; k < preview.size(); ++k) {
    EXPECT_NEAR(unit().path()[k].x, preview[k].x, 1e-9);
    EXPECT_NEAR(unit().path()[k].z, preview[k].z, 1e-9);
  }
  // Nothing to preview on the sky or an unwalkable tile.
  EXPECT_TRUE(world.preview(UnitId{0}, unproject(camera, viewport, {1.0, 1.0})).empty());
  EXPECT_TRUE(world.preview(UnitId{0}, unproject(camera, viewport, pixel_of(kSpikeTile))).empty());
}

TEST_F(WorldTest, NoSelectionOrdersNothing) {
  controller.left_click(world, camera, viewport, {1.0, 1.0});  // on the sky: selection cleared
  EXPECT_TRUE(controller.selection().empty());
  const ClickReport report = right_click({3, 28});
  EXPECT_EQ(report.order.status, OrderStatus::NoUnits);
  EXPECT_EQ(describe(report, world),
            "No unit selected: left-click a unit or drag a box around units");
  EXPECT_FALSE(world.busy());
}

TEST_F(WorldTest, RefusedClickKeepsUnitWalking) {
  right_click({2, 2});
  FixedStepLoop loop;
  for (int k = 0; k < 90; ++k) loop.frame(world, kFixedStep, 1.0);  // turns, then sets off
  ASSERT_TRUE(unit().moving());
  ASSERT_GT(unit().speed(), 1.0);
  const ClickReport refused = right_click(kSpikeTile);
  EXPECT_TRUE(unit().moving());
  const std::vector<std::string> lines =
      overlay_lines(world, controller.selection(), describe(refused, world), "1 fps", 4.0);
  EXPECT_EQ(lines[0], "Tile (8, 20) is unwalkable: every slope to its neighbours exceeds 0.6");
  std::ostringstream walking;
  walking << std::fixed << std::setprecision(1)
          << "1 of 1 units selected; unit 0 at tile (15, 15), walking at " << unit().speed()
          << " m/s";
  EXPECT_EQ(lines[1], walking.str());
  EXPECT_EQ(lines[2], "1 fps, time x4");
}

TEST_F(WorldTest, ScriptedClicksWaitForTheUnitToStop) {
  const SimulationResult result = run({.clicks = {{pixel_of({2, 2})}, {pixel_of({20, 3})}},
                                       .frames = 100000,
                                       .until_arrived = true});
  ASSERT_EQ(result.clicks.size(), 2u);
  ASSERT_EQ(world.events().size(), 2u);
  EXPECT_EQ(world.events()[1].from_tile, (nav::TileCoord{2, 2}));  // second click after arriving
  EXPECT_EQ(unit().tile(), (nav::TileCoord{20, 3}));
}

// Terrain and minimap clicks run in the order given, each once the unit has
// stopped: the last one, of either kind, is where the unit ends.
TEST_F(WorldTest, ScriptedMinimapAndTerrainClicksRunInTheirOrder) {
  const auto on_map = [&](nav::TileCoord tile) {
    const nav::Vec3 c = world.graph().tile_centre(world.graph().id(tile));
    return minimap_pixel(minimap_layout(world.heightmap(), viewport), c.x, c.z);
  };
  // Each pair: the first click's tile, the second's; which one is on the minimap.
  for (const bool minimap_first : {true, false}) {
    const nav::TileCoord first = minimap_first ? nav::TileCoord{3, 28} : nav::TileCoord{2, 2};
    const nav::TileCoord second = minimap_first ? nav::TileCoord{20, 3} : nav::TileCoord{20, 28};
    const auto click = [&](nav::TileCoord tile, bool minimap) {
      return app::ScriptedClick{minimap ? on_map(tile) : pixel_of(tile), minimap};
    };
    const std::size_t seen = world.events().size();
    const SimulationResult result =
        run({.clicks = {click(first, minimap_first), click(second, !minimap_first)},
             .frames = 100000,
             .until_arrived = true});
    ASSERT_EQ(result.clicks.size(), 2u);
    EXPECT_EQ(result.log.front().rfind(minimap_first ? "minimap click (" : "click (", 0), 0u)
        << result.log.front();
    ASSERT_EQ(world.events().size(), seen + 2);
    EXPECT_EQ(world.events()[seen + 1].from_tile, first);  // the second order, from the first
    EXPECT_EQ(unit().tile(), second);
  }
}

// The demo's picture is taken half way: the run stops once the unit has
// walked half its path.
TEST_F(WorldTest, UntilWalkedStopsHalfWay) {
  EXPECT_EQ(walked_share(unit()), 1.0);  // no path yet
  const SimulationResult result =
      run({.clicks = {{pixel_of({3, 28})}}, .frames = 100000, .until_walked = 0.5});
  const double share = walked_share(unit());
  EXPECT_GE(share, 0.5);
  EXPECT_LT(share, 0.51);  // a frame walks 8 cm of the 180 m
  EXPECT_TRUE(unit().moving());
  EXPECT_GT(result.frames, 15 * 60);
  run({.frames = 100000, .until_arrived = true});
  EXPECT_EQ(walked_share(unit()), 1.0);
}

// The same walk at four times the time scale takes a quarter of the frames
// and ends on the same spot: the fixed step does not depend on the frame.
TEST_F(WorldTest, TimeScaleRunsTheWalkInFewerFrames) {
  World fast(test::small_terrain(), {});
  ClickController fast_controller(fast);
  const Script script{.clicks = {{pixel_of({3, 28})}}, .frames = 100000, .until_arrived = true};
  Script faster = script;
  faster.time_scale = 4.0;
  const SimulationResult slow_run = run(script);
  const SimulationResult quick = simulate(fast, fast_controller, camera, viewport, faster);
  EXPECT_GT(slow_run.frames, 36 * 60);  // 180 m at 5 m/s at least
  EXPECT_NEAR(quick.frames, slow_run.frames / 4.0, 1.0);
  const nav::Unit& quick_unit = fast.unit(UnitId{0}).unit;
  EXPECT_EQ(quick_unit.tile(), (nav::TileCoord{3, 28}));
  EXPECT_EQ(quick_unit.position().x, unit().position().x);
}

TEST(FixedStepLoop, RunsWholeStepsAndCarriesTheRest) {
  World world(test::small_terrain(), {});
  FixedStepLoop loop(100);
  EXPECT_EQ(loop.frame(world, kFixedStep, 1.0), 1);
  EXPECT_EQ(loop.frame(world, kFixedStep * 0.5, 1.0), 0);
  EXPECT_EQ(loop.frame(world, kFixedStep * 0.5, 1.0), 1);  // the carried half completes one
  EXPECT_EQ(loop.frame(world, kFixedStep, 8.0), 8);
  EXPECT_EQ(loop.frame(world, 10.0, 1.0), 100);  // capped: the rest is dropped
  EXPECT_EQ(loop.frame(world, kFixedStep, 1.0), 1);
  EXPECT_EQ(loop.frame(world, -1.0, 1.0), 0);
}

// A building dropped across the walking unit's path: the world replans from
// where the unit stands (no jump), around the building, to the same goal.
TEST_F(WorldTest, AnEditAcrossThePathReplansFromWhereTheUnitStands) {
  right_click({2, 15});
  FixedStepLoop loop;
  for (int k = 0; k < 30; ++k) loop.frame(world, kFixedStep, 1.0);
  ASSERT_EQ(world.path_revision(), 1u);
  const nav::Vec3 here = unit().position();
  const nav::EditResult edit = world.edit([](nav::NavTerrain& terrain) {
    return terrain.set_blocked({6, 10, 9, 21}, true);
  });
  EXPECT_FALSE(edit.dirty.empty());
  world.serve_requests(1e6);
  EXPECT_EQ(world.path_revision(), 2u);
  ASSERT_EQ(world.events().size(), 2u);
  EXPECT_TRUE(world.events()[1].replan);
  EXPECT_EQ(unit().path().front().x, here.x);
  EXPECT_EQ(unit().path().front().z, here.z);
  EXPECT_FALSE(unit().path_crosses({6, 10, 9, 21}));
  // An edit away from the path changes nothing of it.
  world.edit([](nav::NavTerrain& terrain) { return terrain.set_blocked({20, 28, 22, 30}, true); });
  world.serve_requests(1e6);
  EXPECT_EQ(world.path_revision(), 2u);
  settle();
  EXPECT_EQ(unit().tile(), (nav::TileCoord{2, 15}));
  // A building on the goal itself: the unit goes as near as it can.
  right_click({10, 5});
  for (int k = 0; k < 12; ++k) loop.frame(world, kFixedStep, 1.0);
  world.edit([](nav::NavTerrain& terrain) { return terrain.set_blocked({9, 4, 12, 7}, true); });
  settle();
  EXPECT_EQ(unit().tile(), (nav::TileCoord{10, 3}));
}

TEST_F(WorldTest, DemoClickPicksAFarTileOfTheUnitsSet) {
  const auto pixel = app::demo_click(world, camera, viewport);
  ASSERT_TRUE(pixel.has_value());
  const auto hit = world.pick(unproject(camera, viewport, *pixel));
  ASSERT_TRUE(hit && hit->tile);
  const nav::TileId tile = world.graph().id(*hit->tile);
  EXPECT_TRUE(world.sets().connected(tile, world.graph().id(unit().tile())));
  EXPECT_GE(std::abs(hit->tile->i - 15) + std::abs(hit->tile->j - 15), 10);
}

TEST(WorldConfig, BadStartTilesAreRejectedWithReason) {
  EXPECT_THROW(
      {
        try {
          World world(test::small_terrain(), {.start = nav::TileCoord{40, 1}, .speed_mps = {}});
        } catch (const nav::Error& e) {
          EXPECT_STREQ(e.what(), "start tile (40, 1) is outside the map's 32 x 32 tiles");
          throw;
        }
      },
      nav::Error);
  EXPECT_THROW(
      {
        try {
          World world(test::small_terrain(), {.start = kSpikeTile, .speed_mps = {}});
        } catch (const nav::Error& e) {
          EXPECT_STREQ(
              e.what(),
              "start tile (8, 20) is not walkable: every slope to its neighbours exceeds 0.6");
          throw;
        }
      },
      nav::Error);
  EXPECT_THROW(World(test::small_terrain(), {.start = {}, .speed_mps = -1.0}), nav::Error);
  WorldConfig none;
  none.units = 0;
  EXPECT_THROW(World(test::small_terrain(), none), nav::Error);
  const World chosen(test::small_terrain(), {.start = nav::TileCoord{30, 30}, .speed_mps = 7.5});
  EXPECT_EQ(chosen.unit(UnitId{0}).unit.tile(), (nav::TileCoord{30, 30}));
  EXPECT_EQ(chosen.unit(UnitId{0}).unit.params().max_speed_mps, 7.5);
  EXPECT_THROW(chosen.unit(UnitId{1}), nav::Error);
}

}  // namespace
}  // namespace terranav::engine
