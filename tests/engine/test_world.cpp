#include "terranav/engine/scene/world.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <iomanip>
#include <sstream>

#include "app/demo_click.hpp"
#include "terranav/engine/scene/simulation.hpp"
#include "terranav/engine/ui/overlay_text.hpp"
#include "test_worlds.hpp"

namespace terranav::engine {
namespace {

using test::kSpikeTile;

class WorldTest : public ::testing::Test {
 protected:
  WorldTest()
      : world(test::small_terrain(), {}), camera(default_camera(world.heightmap(), viewport)) {}

  glm::dvec2 pixel_of(nav::TileCoord tile) const {
    const auto pixel = project(camera, viewport, world.graph().tile_centre(world.graph().id(tile)));
    EXPECT_TRUE(pixel.has_value());
    return *pixel;
  }

  Viewport viewport{640, 360};
  World world;
  OrbitCamera camera;
};

TEST_F(WorldTest, StartsNearTheCentreOfTheLargestSet) {
  // Centre (16, 16) of the 32 x 32 tiles; (15, 15) and (16, 16) tie, lower id wins.
  EXPECT_EQ(world.unit().tile(), (nav::TileCoord{15, 15}));
  EXPECT_FALSE(world.unit().moving());
  EXPECT_EQ(world.unit().speed(), 0.0);
  EXPECT_EQ(world.unit().params().max_speed_mps, 5.0);  // a person, whatever the map's size
  EXPECT_EQ(world.unit().params().corridor_m, 1.0);
}

// On tiles of 1 m the corridor and look-ahead shrink to a quarter and a half tile.
TEST(WorldConfig, SmallTilesNarrowTheUnitsCorridor) {
  const World world(nav::Terrain{nav::Heightmap(9, 9, 1.0, std::vector<float>(81, 0.0f)), 1, {}},
                    {});
  EXPECT_EQ(world.unit().params().corridor_m, 0.25);
  EXPECT_EQ(world.unit().params().lookahead_m, 0.5);
  EXPECT_EQ(world.unit().params().max_speed_mps, 5.0);
}

TEST_F(WorldTest, ClickOnWalkableTileFindsPathAndUnitWalksThere) {
  const nav::TileCoord goal{3, 28};
  const glm::dvec2 pixel = pixel_of(goal);
  const SimulationResult run = simulate(
      world, camera, viewport, {.clicks = {pixel}, .frames = 100000, .until_arrived = true});
  ASSERT_EQ(run.clicks.size(), 1u);
  const ClickReport& report = run.clicks[0];
  EXPECT_EQ(report.status, ClickStatus::Found);
  ASSERT_TRUE(report.tile.has_value());
  EXPECT_EQ(*report.tile, goal);
  ASSERT_TRUE(report.hit.has_value());
  EXPECT_NEAR(report.hit->x, 35.0, 1e-6);  // tile centre (3.5 * 10, 28.5 * 10)
  EXPECT_NEAR(report.hit->z, 285.0, 1e-6);
  EXPECT_EQ(report.from_tile, (nav::TileCoord{15, 15}));
  // Any-angle by default: from the unit at (155, 155) m to the clicked
  // point, no longer than the octile path (12 diagonal + 1 straight steps of
  // 10 m) and no shorter than the straight line.
  EXPECT_LE(report.cost, 10.0 * (12.0 * std::sqrt(2.0) + 1.0));
  EXPECT_GE(report.cost, std::hypot(120.0, 130.0) - 1e-9);
  EXPECT_EQ(report.tiles, 14u);
  EXPECT_EQ(report.message.rfind("Path to tile (3, 28): 14 tiles, cost ", 0), 0u);
  EXPECT_NE(report.message.find("(any-angle, "), std::string::npos);
  EXPECT_EQ(world.unit().tile(), goal);
  EXPECT_NEAR(world.unit().position().x, 35.0, 1e-6);  // on the clicked point
  EXPECT_NEAR(world.unit().position().z, 285.0, 1e-6);
  EXPECT_FALSE(world.unit().moving());
  EXPECT_LT(run.frames, 100000);
  EXPECT_EQ(world.path_revision(), 1u);
}

TEST(WorldGridPaths, ClickWalksTheOctilePathThroughTileCentres) {
  const Viewport viewport{640, 360};
  WorldConfig config;
  config.path_mode = nav::PathMode::Grid;
  World world(test::small_terrain(), config);
  const OrbitCamera camera = default_camera(world.heightmap(), viewport);
  const nav::TileCoord goal{3, 28};
  const auto pixel = project(camera, viewport, world.graph().tile_centre(world.graph().id(goal)));
  ASSERT_TRUE(pixel.has_value());
  const SimulationResult run = simulate(
      world, camera, viewport, {.clicks = {*pixel}, .frames = 100000, .until_arrived = true});
  ASSERT_EQ(run.clicks.size(), 1u);
  const ClickReport& report = run.clicks[0];
  EXPECT_EQ(report.status, ClickStatus::Found);
  // Flat ground: octile distance 12 diagonal + 1 straight steps of 10 m.
  EXPECT_NEAR(report.cost, 10.0 * (12.0 * std::sqrt(2.0) + 1.0), 1e-6);
  EXPECT_EQ(report.tiles, 14u);
  EXPECT_EQ(report.message, "Path to tile (3, 28): 14 tiles, cost 179.7 m");
  EXPECT_EQ(world.unit().tile(), goal);
  EXPECT_FALSE(world.unit().moving());
}

TEST_F(WorldTest, ClickOnSteepTileIsInvalidGoalAndUnitStays) {
  const ClickReport report = world.right_click(pixel_of(kSpikeTile), camera, viewport);
  EXPECT_EQ(report.status, ClickStatus::InvalidGoal);
  ASSERT_TRUE(report.tile.has_value());
  EXPECT_EQ(*report.tile, kSpikeTile);
  EXPECT_EQ(report.message,
            "Tile (8, 20) is unwalkable: every slope to its neighbours exceeds 0.6");
  EXPECT_FALSE(world.unit().moving());
  EXPECT_EQ(world.unit().tile(), (nav::TileCoord{15, 15}));
  EXPECT_EQ(world.path_revision(), 0u);
}

TEST_F(WorldTest, ClickOnBlockedTileIsInvalidGoal) {
  const ClickReport report = world.right_click(pixel_of({test::kWallColumn, 5}), camera, viewport);
  EXPECT_EQ(report.status, ClickStatus::InvalidGoal);
  EXPECT_EQ(report.message, "Tile (24, 5) is unwalkable: it is blocked");
}

TEST_F(WorldTest, ClickInOtherSetIsUnreachable) {
  const ClickReport report = world.right_click(pixel_of({28, 10}), camera, viewport);
  EXPECT_EQ(report.status, ClickStatus::Unreachable);
  EXPECT_EQ(report.message,
            "Tile (28, 10) is in another connected set than the unit's tile (15, 15)");
  EXPECT_EQ(report.cost, 0.0);
  EXPECT_FALSE(world.unit().moving());
}

TEST_F(WorldTest, ClickOnSkyIsMiss) {
  const ClickReport report = world.right_click({1.0, 1.0}, camera, viewport);
  EXPECT_EQ(report.status, ClickStatus::Miss);
  EXPECT_FALSE(report.hit.has_value());
  EXPECT_FALSE(report.tile.has_value());
  EXPECT_EQ(report.message, "Click at (1.0, 1.0) hit no terrain");
  ASSERT_TRUE(world.last_click().has_value());
  EXPECT_EQ(world.last_click()->status, ClickStatus::Miss);
}

TEST_F(WorldTest, FailedClickKeepsUnitWalking) {
  world.right_click(pixel_of({2, 2}), camera, viewport);
  world.update(1.5);  // turns from +x to the south-west, then sets off
  ASSERT_TRUE(world.unit().moving());
  ASSERT_GT(world.unit().speed(), 1.0);
  world.right_click(pixel_of({28, 10}), camera, viewport);
  EXPECT_TRUE(world.unit().moving());
  const std::vector<std::string> lines = overlay_lines(world, "1 fps", 4.0);
  EXPECT_EQ(lines[0], "Tile (28, 10) is in another connected set than the unit's tile (15, 15)");
  std::ostringstream walking;
  walking << std::fixed << std::setprecision(1) << "Unit at tile (15, 15), walking at "
          << world.unit().speed() << " m/s";
  EXPECT_EQ(lines[1], walking.str());
  EXPECT_EQ(lines[2], "Path to (2, 2): 14 tiles, cost 183.8 m");
  EXPECT_EQ(lines[3], "1 fps, time x4");
}

TEST_F(WorldTest, ScriptedClicksWaitForTheUnitToStop) {
  const Script script{
      .clicks = {pixel_of({2, 2}), pixel_of({20, 3})}, .frames = 100000, .until_arrived = true};
  const SimulationResult run = simulate(world, camera, viewport, script);
  ASSERT_EQ(run.clicks.size(), 2u);
  EXPECT_EQ(run.clicks[1].from_tile, (nav::TileCoord{2, 2}));  // second click after arriving
  EXPECT_EQ(world.unit().tile(), (nav::TileCoord{20, 3}));
}

// The demo's picture is taken half way: the run stops once the unit has
// walked half its path.
TEST_F(WorldTest, UntilWalkedStopsHalfWay) {
  EXPECT_EQ(walked_share(world.unit()), 1.0);  // no path yet
  const Script half{.clicks = {pixel_of({3, 28})}, .frames = 100000, .until_walked = 0.5};
  const SimulationResult run = simulate(world, camera, viewport, half);
  const double share = walked_share(world.unit());
  EXPECT_GE(share, 0.5);
  EXPECT_LT(share, 0.51);  // a frame walks 8 cm of the 180 m
  EXPECT_TRUE(world.unit().moving());
  EXPECT_GT(run.frames, 15 * 60);
  simulate(world, camera, viewport, {.frames = 100000, .until_arrived = true});
  EXPECT_EQ(walked_share(world.unit()), 1.0);
}

// The same walk at four times the time scale takes a quarter of the frames.
TEST_F(WorldTest, TimeScaleRunsTheWalkInFewerFrames) {
  World fast(test::small_terrain(), {});
  const Script script{.clicks = {pixel_of({3, 28})}, .frames = 100000, .until_arrived = true};
  Script faster = script;
  faster.time_scale = 4.0;
  const SimulationResult run = simulate(world, camera, viewport, script);
  const SimulationResult quick = simulate(fast, camera, viewport, faster);
  EXPECT_GT(run.frames, 36 * 60);  // 180 m at 5 m/s at least
  EXPECT_NEAR(quick.frames, run.frames / 4.0, 1.0);
  EXPECT_EQ(fast.unit().tile(), (nav::TileCoord{3, 28}));
  EXPECT_EQ(fast.unit().position().x, world.unit().position().x);
}

// A building dropped across the walking unit's path: the world replans from
// where the unit stands (no jump), around the building, to the same goal.
TEST_F(WorldTest, AnEditAcrossThePathReplansFromWhereTheUnitStands) {
  world.right_click(pixel_of({2, 15}), camera, viewport);
  world.update(0.5);
  const nav::Vec3 here = world.unit().position();
  const nav::EditResult edit = world.edit([](nav::NavTerrain& terrain) {
    return terrain.set_blocked({6, 10, 9, 21}, true);
  });
  EXPECT_FALSE(edit.dirty.empty());
  EXPECT_EQ(world.path_revision(), 2u);
  EXPECT_EQ(world.unit().path().front().x, here.x);
  EXPECT_EQ(world.unit().path().front().z, here.z);
  EXPECT_FALSE(world.unit().path_crosses({6, 10, 9, 21}));
  ASSERT_TRUE(world.path_summary().has_value());
  EXPECT_EQ(world.path_summary()->goal, (nav::TileCoord{2, 15}));
  // An edit away from the path changes nothing of it.
  world.edit([](nav::NavTerrain& terrain) { return terrain.set_blocked({20, 28, 22, 30}, true); });
  EXPECT_EQ(world.path_revision(), 2u);
  for (int k = 0; k < 1000 && world.unit().moving(); ++k) world.update(0.1);
  EXPECT_EQ(world.unit().tile(), (nav::TileCoord{2, 15}));
  // A building on the goal itself: the unit goes as near as it can.
  world.right_click(pixel_of({10, 5}), camera, viewport);
  world.update(0.2);
  world.edit([](nav::NavTerrain& terrain) { return terrain.set_blocked({9, 4, 12, 7}, true); });
  for (int k = 0; k < 1000 && world.unit().moving(); ++k) world.update(0.1);
  EXPECT_EQ(world.unit().tile(), (nav::TileCoord{10, 3}));
}

TEST_F(WorldTest, DemoClickPicksAFarTileOfTheUnitsSet) {
  const auto pixel = app::demo_click(world, camera, viewport);
  ASSERT_TRUE(pixel.has_value());
  const auto hit = world.pick(*pixel, camera, viewport);
  ASSERT_TRUE(hit && hit->tile);
  const nav::TileId tile = world.graph().id(*hit->tile);
  EXPECT_TRUE(world.sets().connected(tile, world.graph().id(world.unit().tile())));
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
  const World chosen(test::small_terrain(), {.start = nav::TileCoord{30, 30}, .speed_mps = 7.5});
  EXPECT_EQ(chosen.unit().tile(), (nav::TileCoord{30, 30}));
  EXPECT_EQ(chosen.unit().params().max_speed_mps, 7.5);
}

}  // namespace
}  // namespace terranav::engine
