#include "terranav/engine/scene/brush.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

#include "terranav/engine/scene/fixed_step.hpp"
#include "terranav/engine/scene/tile_diagnosis.hpp"
#include "terranav/engine/ui/messages.hpp"
#include "terranav/engine/view/brush_controller.hpp"
#include "terranav/engine/view/camera.hpp"
#include "terranav/engine/view/click_controller.hpp"
#include "test_worlds.hpp"

namespace terranav::engine {
namespace {

using test::kSamples;
using test::kSpacing;
using test::kTiles;
using test::kWallColumn;

/// The small world (33 x 33 samples 10 m apart, flat at 0 m but for the 40 m
/// spike under tile (8, 20); tile column 24 blocked) with one unit at (15, 15).
class BrushTest : public ::testing::Test {
 protected:
  BrushTest() : world(test::small_terrain(), {}) {}
  float h(int x, int z) const { return world.heightmap().at(x, z); }
  bool walkable(int i, int j) const { return world.graph().walkable(world.graph().id({i, j})); }
  bool blocked(int i, int j) const { return world.graph().blocked(world.graph().id({i, j})); }
  /// A ray straight down onto nav point (x, z).
  static nav::Ray down_on(double x, double z) { return {{x, 100.0, z}, {0.0, -1.0, 0.0}}; }

  World world;
};

TEST(BrushMode, NamesRoundTripAndUnknownNamesAreRefused) {
  for (const BrushMode m :
       {BrushMode::Raise, BrushMode::Lower, BrushMode::Flatten, BrushMode::Block}) {
    EXPECT_EQ(parse_brush_mode(to_string(m)), m);
  }
  EXPECT_EQ(parse_brush_mode("flatten"), BrushMode::Flatten);
  EXPECT_THROW(parse_brush_mode("smooth"), nav::Error);
  EXPECT_THROW(parse_brush_mode(""), nav::Error);
}

// Raise 4 m, radius 30 m at sample (10, 10): the cosine bump, hand-computed
// at the centre, one sample (10 m) away, a diagonal (14.14 m) and two
// samples (20 m) away; every other sample 30 m or more away keeps 0 m.
TEST_F(BrushTest, RaiseWritesTheCosineKernelInsideTheRadiusOnly) {
  const BrushResult r = apply_brush(world, {BrushMode::Raise, 30.0, 4.0}, 100.0, 100.0);
  EXPECT_FLOAT_EQ(h(10, 10), 4.0f);
  EXPECT_FLOAT_EQ(h(11, 10), 3.0f);                          // 4 (1 + cos(pi/3)) / 2
  EXPECT_FLOAT_EQ(h(10, 8), 1.0f);                           // 4 (1 + cos(2pi/3)) / 2
  EXPECT_NEAR(h(9, 9), 2.0 * (1.0 + 0.0897145618), 1e-5);    // cos(pi sqrt(2)/3)
  EXPECT_NEAR(h(12, 12), 2.0 * (1.0 - 0.9839025948), 1e-5);  // cos(pi sqrt(8)/3)
  EXPECT_EQ(h(13, 10), 0.0f);                                // r = R: unchanged
  int changed = 0;
  for (int z = 0; z < kSamples; ++z) {
    for (int x = 0; x < kSamples; ++x) {
      const bool spike = x >= 8 && x <= 9 && z >= 20 && z <= 21;
      const float before = spike ? 40.0f : 0.0f;
      const int dx = x - 10;
      const int dz = z - 10;
      if (dx * dx + dz * dz >= 9) {
        EXPECT_EQ(h(x, z), before) << x << ", " << z;
      } else {
        EXPECT_GT(h(x, z), 0.0f) << x << ", " << z;
        ++changed;
      }
    }
  }
  EXPECT_EQ(changed, 25);  // offsets with dx^2 + dz^2 < 9
  // The samples the brush may write: the 2R square (+1 for rounding), which
  // holds every changed sample.
  EXPECT_LE(r.samples.x0, 8);
  EXPECT_LE(r.samples.z0, 8);
  EXPECT_GE(r.samples.x1, 13);
  EXPECT_GE(r.samples.z1, 13);
  EXPECT_FALSE(r.edit.dirty.empty());
  EXPECT_EQ(r.edit.revision, 1u);
}

TEST_F(BrushTest, LowerUndoesRaise) {
  apply_brush(world, {BrushMode::Raise, 30.0, 4.0}, 100.0, 100.0);
  apply_brush(world, {BrushMode::Lower, 30.0, 6.0}, 100.0, 100.0);
  EXPECT_FLOAT_EQ(h(10, 10), -2.0f);
  EXPECT_FLOAT_EQ(h(11, 10), -1.5f);
  apply_brush(world, {BrushMode::Raise, 30.0, 2.0}, 100.0, 100.0);
  for (int z = 0; z < 20; ++z) {
    for (int x = 0; x < kSamples; ++x) EXPECT_NEAR(h(x, z), 0.0, 1e-5) << x << ", " << z;
  }
}

// Flatten at the spike's centre (85, 205) m, 40 m high: samples within R/2
// = 15 m go to 40 m at once, those out to R move part way; repeated, every
// sample inside R converges to 40 m and those outside never move.
TEST_F(BrushTest, FlattenConvergesToTheCentreHeight) {
  const Brush brush{BrushMode::Flatten, 30.0, 0.0};
  const double cx = 8.5;  // sample coordinates of the centre
  const double cz = 20.5;
  apply_brush(world, brush, 85.0, 205.0);
  EXPECT_EQ(h(8, 20), 40.0f);
  // r = 15.81 m: blended by w = (1 + cos(pi (2r/R - 1))) / 2 = 0.992798.
  EXPECT_NEAR(h(7, 20), 39.711909, 1e-4);
  for (int k = 0; k < 2000; ++k) apply_brush(world, brush, 85.0, 205.0);
  for (int z = 0; z < kSamples; ++z) {
    for (int x = 0; x < kSamples; ++x) {
      const double r = kSpacing * std::hypot(x - cx, z - cz);
      if (r < 30.0) {
        EXPECT_NEAR(h(x, z), 40.0, 1e-3) << x << ", " << z;
      } else {
        EXPECT_EQ(h(x, z), 0.0f) << x << ", " << z;
      }
    }
  }
}

// Block, radius 25 m at tile (15, 15)'s centre: the 21 tiles with
// di^2 + dj^2 <= 6.25 become blocked, the wall column stays, nothing else.
TEST_F(BrushTest, BlockBlocksTheTilesWhoseCentreIsInsideTheRadius) {
  const BrushResult r = apply_brush(world, {BrushMode::Block, 25.0, 0.0}, 155.0, 155.0);
  EXPECT_TRUE(r.samples.empty());
  // The disc's tiles 13..17 and the ring of neighbours that lost edges.
  EXPECT_EQ(r.edit.dirty, (nav::TileRect{12, 12, 19, 19}));
  int count = 0;
  for (int j = 0; j < kTiles; ++j) {
    for (int i = 0; i < kTiles; ++i) {
      const int di = i - 15;
      const int dj = j - 15;
      const bool disc = 4 * (di * di + dj * dj) <= 25;
      count += disc ? 1 : 0;
      EXPECT_EQ(blocked(i, j), disc || i == kWallColumn) << i << ", " << j;
      if (disc) {
        EXPECT_FALSE(walkable(i, j));
      }
    }
  }
  EXPECT_EQ(count, 21);
  // Over the wall: its flags are kept (none cleared), the disc's added.
  apply_brush(world, {BrushMode::Block, 10.0, 0.0}, 245.0, 55.0);  // tile (24, 5)
  for (int j = 0; j < kTiles; ++j) EXPECT_TRUE(blocked(kWallColumn, j)) << j;
  EXPECT_TRUE(blocked(23, 5));
  EXPECT_TRUE(blocked(25, 5));
  EXPECT_TRUE(blocked(24, 4));
  EXPECT_FALSE(blocked(23, 4));  // 14.1 m > 10 m
  EXPECT_FALSE(blocked(26, 5));
  // A disc with no tile centre inside changes nothing.
  const std::uint64_t revision = world.terrain().revision();
  const BrushResult none = apply_brush(world, {BrushMode::Block, 1.0, 0.0}, 100.0, 100.0);
  EXPECT_TRUE(none.edit.dirty.empty());
  EXPECT_EQ(world.terrain().revision(), revision);
}

TEST_F(BrushTest, BadInputIsRefusedByNameWithNothingChanged) {
  const auto refused = [&](const Brush& brush, double x, double z, const char* word) {
    try {
      apply_brush(world, brush, x, z);
      ADD_FAILURE() << "accepted " << x << ", " << z;
    } catch (const nav::Error& e) {
      EXPECT_NE(std::string(e.what()).find(word), std::string::npos) << e.what();
    }
  };
  refused({BrushMode::Raise, 0.05, 1.0}, 100.0, 100.0, "radius_m");
  refused({BrushMode::Raise, 2e4, 1.0}, 100.0, 100.0, "radius_m");
  refused({BrushMode::Raise, std::nan(""), 1.0}, 100.0, 100.0, "radius_m");
  refused({BrushMode::Lower, 30.0, -1.0}, 100.0, 100.0, "strength_m");
  refused({BrushMode::Block, 30.0, 1.0}, std::nan(""), 100.0, "point");
  refused({BrushMode::Raise, 30.0, 1.0}, -0.5, 100.0, "within the map");
  refused({BrushMode::Flatten, 30.0, 1.0}, 100.0, 320.5, "within the map");
  EXPECT_EQ(world.terrain().revision(), 0u);
  EXPECT_EQ(h(10, 10), 0.0f);
  // The map's edges are on it.
  apply_brush(world, {BrushMode::Raise, 5.0, 1.0}, 320.0, 0.0);
  EXPECT_EQ(h(32, 0), 1.0f);
}

// A unit walks from (15, 15) towards (2, 15); a hill raised across its way
// (100 m high, slopes far above 0.6) makes it plan again from where it
// stands, around the hill.
TEST_F(BrushTest, AWalkingUnitWhosePathCrossesTheBrushReplans) {
  const Viewport viewport{640, 360};
  const OrbitCamera camera = default_camera(world.heightmap(), viewport);
  ClickController controller(world);
  const auto pixel =
      project(camera, viewport, world.graph().tile_centre(world.graph().id({2, 15})));
  ASSERT_TRUE(pixel.has_value());
  controller.right_click(world, camera, viewport, *pixel);
  FixedStepLoop loop;
  for (int k = 0; k < 30; ++k) loop.frame(world, kFixedStep, 1.0);
  ASSERT_EQ(world.events().size(), 1u);
  EXPECT_FALSE(world.events()[0].replan);
  ASSERT_TRUE(world.unit(UnitId{0}).unit.path_crosses({8, 15, 9, 16}));
  const BrushResult r = apply_brush(world, {BrushMode::Raise, 20.0, 100.0}, 85.0, 155.0);
  // The top (72 m over neighbours 41 m high, 10 m away) has no edge left.
  EXPECT_FALSE(walkable(8, 15));
  EXPECT_FALSE(r.edit.dirty.empty());
  world.serve_requests(1e6);
  ASSERT_EQ(world.events().size(), 2u);
  EXPECT_TRUE(world.events()[1].replan);
  const nav::Unit& unit = world.unit(UnitId{0}).unit;
  EXPECT_FALSE(unit.path_crosses({8, 14, 9, 17}));
  for (int k = 0; k < 100000 && world.busy(); ++k) loop.frame(world, kFixedStep, 1.0);
  EXPECT_EQ(unit.tile(), (nav::TileCoord{2, 15}));
}

// A block stroke, radius 25 m, on tile (15, 15)'s centre where the unit
// stands: the 5 x 5 tiles around it but the corners are blocked. Walkable
// ground kept 1 m inside a tile (the unit's radius) is nearest at the inner
// corners of the four corner tiles, 16 m along each axis (22.6 m; a side
// tile such as (15, 12) is 26 m away); ties go to the lowest id, (13, 13).
TEST_F(BrushTest, ABlockStrokeSetsAUnitAtRestOnTheNearestWalkableGround) {
  apply_brush(world, {BrushMode::Block, 25.0, 0.0}, 155.0, 155.0);
  const nav::Unit& unit = world.unit(UnitId{0}).unit;
  EXPECT_EQ(unit.tile(), (nav::TileCoord{13, 13}));
  EXPECT_TRUE(walkable(13, 13));
  EXPECT_DOUBLE_EQ(unit.position().x, 139.0);
  EXPECT_DOUBLE_EQ(unit.position().z, 139.0);
  EXPECT_FALSE(unit.moving());
  EXPECT_FALSE(world.busy());  // nothing to plan: it had no order
  ASSERT_EQ(world.events().size(), 1u);
  const PathEvent& e = world.events()[0];
  EXPECT_EQ(e.kind, PathEventKind::SteppedOff);
  EXPECT_EQ(e.unit, UnitId{0});
  EXPECT_EQ(e.from_tile, (nav::TileCoord{15, 15}));
  EXPECT_EQ(e.end_tile, (nav::TileCoord{13, 13}));
  EXPECT_TRUE(e.from_blocked);
  EXPECT_EQ(describe(e), "Unit 0: tile (15, 15) was blocked; stepped to (13, 13)");
  // It takes orders again: a path from where it stands.
  world.order(world.all_units(), down_on(25.0, 155.0));
  world.serve_requests(1e6);
  ASSERT_EQ(world.events().size(), 2u);
  EXPECT_EQ(world.events()[1].status, nav::SearchStatus::Found);
  EXPECT_EQ(world.events()[1].from_tile, (nav::TileCoord{13, 13}));
}

// Tiles blocked all around the unit's tile but not the tile itself: it has
// no edge left, so no path can start there either. The nearest ground: the
// four tiles two away along the axes, 16 m (ties: (15, 13), lowest id).
TEST_F(BrushTest, AUnitWhoseTileLostEveryEdgeStepsOffToo) {
  std::vector<std::uint8_t> ring(9, 1);
  ring[4] = 0;  // (15, 15) itself
  world.edit([&](nav::NavTerrain& t) { return t.set_blocked({14, 14, 17, 17}, ring); });
  ASSERT_FALSE(blocked(15, 15));
  ASSERT_FALSE(walkable(15, 15));
  const nav::Unit& unit = world.unit(UnitId{0}).unit;
  EXPECT_EQ(unit.tile(), (nav::TileCoord{15, 13}));
  EXPECT_DOUBLE_EQ(unit.position().x, 155.0);
  EXPECT_DOUBLE_EQ(unit.position().z, 139.0);
  ASSERT_EQ(world.events().size(), 1u);
  EXPECT_FALSE(world.events()[0].from_blocked);
  EXPECT_EQ(describe(world.events()[0]),
            "Unit 0: tile (15, 15) became unwalkable; stepped to (15, 13)");
}

// A unit walking west to (2, 15) at full speed; a stroke blocks a disc
// from just behind it to far ahead. It is set down on the nearest walkable
// ground, behind it, stopped (its momentum would carry it back onto the
// disc), plans again from there (a replan of the same order) and walks
// round the disc to its goal, never onto it again.
TEST_F(BrushTest, ABlockStrokeOverAWalkingUnitSetsItDownAndItStillArrives) {
  const std::uint64_t order = world.order(world.all_units(), down_on(25.0, 155.0)).order;
  FixedStepLoop loop;
  for (int k = 0; k < 150; ++k) loop.frame(world, kFixedStep, 1.0);
  const nav::Unit& unit = world.unit(UnitId{0}).unit;
  ASSERT_GT(unit.speed(), 4.0);
  const nav::Vec3 at = unit.position();
  apply_brush(world, {BrushMode::Block, 25.0, 0.0}, at.x - 15.0, at.z);
  EXPECT_GT(unit.position().x, at.x);
  EXPECT_FALSE(blocked(unit.tile().i, unit.tile().j));
  EXPECT_TRUE(walkable(unit.tile().i, unit.tile().j));
  EXPECT_EQ(unit.speed(), 0.0);
  ASSERT_EQ(world.events().size(), 2u);
  EXPECT_EQ(world.events()[1].kind, PathEventKind::SteppedOff);
  EXPECT_EQ(world.events()[1].order, order);
  EXPECT_EQ(world.events()[1].end_tile, unit.tile());
  EXPECT_TRUE(world.busy());  // its new request
  world.serve_requests(1e6);
  ASSERT_EQ(world.events().size(), 3u);
  const PathEvent& replan = world.events()[2];
  EXPECT_EQ(replan.kind, PathEventKind::Answer);
  EXPECT_TRUE(replan.replan);
  EXPECT_EQ(replan.order, order);
  EXPECT_EQ(replan.status, nav::SearchStatus::Found);
  EXPECT_EQ(replan.from_tile, world.events()[1].end_tile);
  int frames = 0;
  for (; frames < 100000 && world.busy(); ++frames) {
    loop.frame(world, kFixedStep, 1.0);
    ASSERT_TRUE(walkable(unit.tile().i, unit.tile().j)) << frames;
  }
  EXPECT_EQ(unit.tile(), (nav::TileCoord{2, 15}));
  EXPECT_NEAR(unit.position().x, 25.0, 1e-6);
  EXPECT_NEAR(unit.position().z, 155.0, 1e-6);
}

// A stroke over the whole map: no tile is walkable. The walking unit stops
// where it is and the event says so; nothing waits for a path.
TEST_F(BrushTest, AStrokeBlockingEveryTileLeavesTheUnitWhereItIs) {
  world.order(world.all_units(), down_on(25.0, 155.0));
  FixedStepLoop loop;
  for (int k = 0; k < 150; ++k) loop.frame(world, kFixedStep, 1.0);
  const nav::Unit& unit = world.unit(UnitId{0}).unit;
  const nav::Vec3 at = unit.position();
  const nav::TileCoord tile = unit.tile();
  ASSERT_TRUE(unit.moving());
  apply_brush(world, {BrushMode::Block, 1000.0, 0.0}, 155.0, 155.0);
  for (int j = 0; j < kTiles; ++j) {
    for (int i = 0; i < kTiles; ++i) ASSERT_TRUE(blocked(i, j)) << i << ", " << j;
  }
  EXPECT_EQ(unit.position().x, at.x);
  EXPECT_EQ(unit.position().z, at.z);
  EXPECT_FALSE(unit.moving());
  EXPECT_FALSE(world.busy());
  ASSERT_EQ(world.events().size(), 2u);
  const PathEvent& e = world.events()[1];
  EXPECT_EQ(e.kind, PathEventKind::Stranded);
  EXPECT_EQ(to_string(e.kind), "stranded");
  EXPECT_EQ(e.from_tile, tile);
  EXPECT_EQ(e.end_tile, tile);
  EXPECT_EQ(describe(e),
            "Unit 0: tile " + format_tile(tile) + " was blocked and no tile is walkable; it stays");
  for (int k = 0; k < 60; ++k) loop.frame(world, kFixedStep, 1.0);
  EXPECT_EQ(world.events().size(), 2u);
  EXPECT_EQ(unit.position().x, at.x);
}

// Nine units around (15, 15) under one stroke: every one is set down on
// walkable ground, and those set down together make way for each other as
// units at rest do (no two closer than their diameter).
TEST(BrushUnits, UnitsSetDownTogetherEndApartOnWalkableGround) {
  WorldConfig config;
  config.units = 9;  // around (15, 15), the default start
  World world(test::small_terrain(), config);
  apply_brush(world, {BrushMode::Block, 25.0, 0.0}, 155.0, 155.0);
  EXPECT_EQ(world.events().size(), 9u);
  FixedStepLoop loop;
  loop.frame(world, kFixedStep, 1.0);  // the first step finds who overlaps
  for (int k = 0; k < 100000 && world.busy(); ++k) loop.frame(world, kFixedStep, 1.0);
  EXPECT_FALSE(world.busy());
  const nav::TerrainGraph& graph = world.graph();
  double closest = std::numeric_limits<double>::infinity();
  for (const SceneUnit& a : world.units()) {
    EXPECT_TRUE(graph.walkable(graph.id(a.unit.tile()))) << static_cast<int>(a.id);
    for (const SceneUnit& b : world.units()) {
      if (a.id == b.id) continue;
      closest = std::min(closest, std::hypot(a.unit.position().x - b.unit.position().x,
                                             a.unit.position().z - b.unit.position().z));
    }
  }
  EXPECT_GE(closest, 2.0 * kUnitRadiusM - 1e-6);
}

// Five units on formation slots around (155, 155) (the centre and 2.5 m
// along each axis) under a blocked square of 5 x 5 tiles, 130..180 m. The
// nearest walkable point of units 0 and 1 (at z = 155 and 152.5) is the
// same, (155, 129), 1 m inside tile (15, 12): unit 0 takes it, unit 1 the
// nearest free point of the rings around it, 2 m away. All five stand at
// once, before any separation step, on walkable ground a diameter apart.
TEST(BrushUnits, UnitsSteppingOffTogetherTakeDistinctPointsADiameterApart) {
  WorldConfig config;
  config.units = 5;
  World world(test::small_terrain(), config);
  const nav::TerrainGraph& graph = world.graph();
  const nav::Vec3 first = world.unit(UnitId{0}).unit.position();
  const nav::Vec3 second = world.unit(UnitId{1}).unit.position();
  ASSERT_EQ(first.x, 155.0);
  ASSERT_EQ(first.z, 155.0);
  ASSERT_EQ(second.x, 155.0);
  ASSERT_EQ(second.z, 152.5);
  world.edit([](nav::NavTerrain& t) { return t.set_blocked({13, 13, 18, 18}, true); });
  ASSERT_EQ(world.events().size(), 5u);
  for (const PathEvent& e : world.events()) EXPECT_EQ(e.kind, PathEventKind::SteppedOff);
  const nav::Vec3 at0 = world.unit(UnitId{0}).unit.position();
  EXPECT_DOUBLE_EQ(at0.x, 155.0);
  EXPECT_DOUBLE_EQ(at0.z, 129.0);
  const nav::Vec3 at1 = world.unit(UnitId{1}).unit.position();
  EXPECT_NEAR(std::hypot(at1.x - at0.x, at1.z - at0.z), 2.0, 1e-9);
  for (const SceneUnit& a : world.units()) {
    EXPECT_TRUE(graph.walkable(graph.id(a.unit.tile()))) << static_cast<int>(a.id);
    for (const SceneUnit& b : world.units()) {
      if (a.id >= b.id) continue;
      EXPECT_GE(std::hypot(a.unit.position().x - b.unit.position().x,
                           a.unit.position().z - b.unit.position().z),
                2.0 * kUnitRadiusM - 1e-9)
          << static_cast<int>(a.id) << " " << static_cast<int>(b.id);
    }
  }
}

// The window's brush: keys pick the mode and size; a held button paints
// where the cursor picks the terrain, at most kBrushRateHz times a second.
TEST_F(BrushTest, ControllerKeysAndPaintingRate) {
  BrushController brush(world.heightmap());
  EXPECT_FALSE(brush.mode());
  EXPECT_EQ(brush.brush().radius_m, 9.6);  // 3% of 320 m
  EXPECT_EQ(brush.status(), "Brush: off");
  EXPECT_FALSE(brush.handle_key(Key::W));
  brush.press();  // off: no painting
  EXPECT_FALSE(brush.painting());
  EXPECT_TRUE(brush.handle_key(Key::Num2));
  EXPECT_EQ(brush.mode(), BrushMode::Lower);
  EXPECT_TRUE(brush.handle_key(Key::Equal));
  EXPECT_EQ(brush.brush().radius_m, 19.2);
  EXPECT_DOUBLE_EQ(brush.brush().strength_m, 0.384);  // 2% of the radius
  EXPECT_TRUE(brush.handle_key(Key::Minus));
  EXPECT_TRUE(brush.handle_key(Key::Num4));
  EXPECT_EQ(brush.status(), "Brush: block, radius 9.6 m (left-drag paints)");

  const Viewport viewport{640, 360};
  const OrbitCamera camera = default_camera(world.heightmap(), viewport);
  const auto pixel_of = [&](nav::TileCoord tile) {
    const auto p = project(camera, viewport, world.graph().tile_centre(world.graph().id(tile)));
    EXPECT_TRUE(p.has_value());
    return p.value_or(glm::dvec2(0.0));
  };
  EXPECT_FALSE(brush.paint(world, camera, viewport, pixel_of({5, 5}), 0.0));  // not pressed
  brush.press();
  ASSERT_TRUE(brush.painting());
  EXPECT_TRUE(brush.paint(world, camera, viewport, pixel_of({5, 5}), 1.0));
  // Radius 9.6 m < 10 m: the picked tile alone.
  EXPECT_TRUE(blocked(5, 5));
  EXPECT_FALSE(blocked(6, 5));
  EXPECT_FALSE(blocked(5, 4));
  EXPECT_FALSE(brush.paint(world, camera, viewport, pixel_of({7, 5}), 1.05));  // too soon
  EXPECT_FALSE(blocked(7, 5));
  EXPECT_TRUE(brush.paint(world, camera, viewport, pixel_of({7, 5}), 1.1));
  EXPECT_TRUE(blocked(7, 5));
  EXPECT_EQ(world.terrain().revision(), 2u);
  // The outline: 48 pixels, each over a surface point 9.6 m from the pick.
  const glm::dvec2 cursor = pixel_of({5, 10});
  const auto centre = world.pick(unproject(camera, viewport, cursor));
  ASSERT_TRUE(centre.has_value());
  const std::vector<glm::dvec2> ring = brush.ring(world, camera, viewport, cursor);
  ASSERT_EQ(ring.size(), 48u);
  for (const glm::dvec2& p : ring) {
    const auto hit = world.pick(unproject(camera, viewport, p));
    ASSERT_TRUE(hit.has_value());
    EXPECT_NEAR(std::hypot(hit->point.x - centre->point.x, hit->point.z - centre->point.z), 9.6,
                0.05);
  }
  brush.release();
  EXPECT_FALSE(brush.paint(world, camera, viewport, pixel_of({9, 5}), 5.0));
  EXPECT_TRUE(brush.handle_key(Key::Num0));
  EXPECT_FALSE(brush.mode());
  EXPECT_TRUE(brush.ring(world, camera, viewport, cursor).empty());  // off: no outline
  EXPECT_EQ(world.terrain().revision(), 2u);
}

}  // namespace
}  // namespace terranav::engine
