// The overlays drawn from a World, GL-free through a recording DebugDraw:
// hand-counted tiles of the small test world, names and contour intervals.
#include "terranav/engine/render/debug_overlay.hpp"

#include <gtest/gtest.h>

#include "test_worlds.hpp"

namespace terranav::engine {
namespace {

class RecordingDraw final : public nav::DebugDraw {
 public:
  void begin(nav::Primitive, float) override { ++batches; }
  void vertex(const nav::Vec3&, nav::Rgba) override { ++vertices; }
  void end() override {}
  void tile_field(int tiles_wide, int, std::span<const nav::Rgba> colours) override {
    wide = tiles_wide;
    field.assign(colours.begin(), colours.end());
  }
  nav::Rgba at(nav::TileCoord c) const {
    return field.at(static_cast<std::size_t>(c.j * wide + c.i));
  }
  int batches = 0;
  int vertices = 0;
  int wide = 0;
  std::vector<nav::Rgba> field;
};

TEST(DebugOverlay, NamesRoundTrip) {
  for (const DebugOverlay o :
       {DebugOverlay::None, DebugOverlay::Walkability, DebugOverlay::ConnectedSets,
        DebugOverlay::SearchSets, DebugOverlay::Contours}) {
    EXPECT_EQ(parse_debug_overlay(to_string(o)), o);
  }
  EXPECT_EQ(to_string(DebugOverlay::ConnectedSets), "sets");
  EXPECT_EQ(parse_debug_overlay("search"), DebugOverlay::SearchSets);
  EXPECT_FALSE(parse_debug_overlay("Sets").has_value());
  EXPECT_FALSE(parse_debug_overlay("").has_value());
}

TEST(DebugOverlay, OKeyCyclesThroughEveryOverlay) {
  DebugOverlay o = DebugOverlay::Walkability;
  std::vector<std::string_view> seen;
  for (int k = 0; k < 5; ++k) {
    o = next_debug_overlay(o);
    seen.push_back(to_string(o));
  }
  EXPECT_EQ(seen,
            (std::vector<std::string_view>{"sets", "search", "contours", "none", "walkability"}));
}

TEST(DebugOverlay, ContourIntervalIsOneTwoOrFiveTimesAPowerOfTen) {
  EXPECT_DOUBLE_EQ(contour_interval(40.0), 2.0);      // 40 / 20 = 2
  EXPECT_DOUBLE_EQ(contour_interval(1000.0), 50.0);   // 50
  EXPECT_DOUBLE_EQ(contour_interval(1001.0), 100.0);  // 50.05 rounds up to 100
  EXPECT_DOUBLE_EQ(contour_interval(30.0), 2.0);      // 1.5 -> 2
  EXPECT_DOUBLE_EQ(contour_interval(3.0), 0.2);       // 0.15 -> 0.2
  EXPECT_DOUBLE_EQ(contour_interval(0.0), 1.0);
}

// The small world: wall column 24 blocked, the spike tile (8, 20) too
// steep; beside the wall 3 of 8 edges are missing; west of the spike,
// (6, 20) loses the edges to the spike's steep neighbours (7, 19..21).
TEST(DebugOverlay, WalkabilityOfTheSmallWorld) {
  const World world(test::small_terrain(), {});
  RecordingDraw draw;
  const auto legend = draw_overlay(draw, DebugOverlay::Walkability, world);
  EXPECT_EQ(legend.size(), 4u);
  EXPECT_EQ(draw.at({test::kWallColumn, 4}), nav::kNoEdgesColour);
  EXPECT_EQ(draw.at(test::kSpikeTile), nav::kNoEdgesColour);
  EXPECT_EQ(draw.at({2, 2}).a, 0);
  EXPECT_EQ(draw.at({0, 0}).a, 0);
  EXPECT_EQ(draw.at({23, 4}).a, 135);  // 90 + 120 * 3 / 8
  EXPECT_EQ(draw.at({6, 20}).a, 135);
  EXPECT_EQ(draw.batches, 0);
}

TEST(DebugOverlay, SetsSearchContoursAndNone) {
  World world(test::small_terrain(), {});
  {
    RecordingDraw draw;
    draw_overlay(draw, DebugOverlay::ConnectedSets, world);
    EXPECT_EQ(draw.at({0, 0}), draw.at({23, 31}));
    EXPECT_NE(draw.at({0, 0}), draw.at({25, 0}));
    EXPECT_EQ(draw.at({test::kWallColumn, 0}).a, 0);
  }
  {
    RecordingDraw draw;
    const auto legend = draw_overlay(draw, DebugOverlay::SearchSets, world);
    for (const nav::Rgba c : draw.field) EXPECT_EQ(c.a, 0);  // no query yet
    ASSERT_EQ(legend.size(), 2u);
    EXPECT_EQ(legend[0].label, "closed (expanded): 0 tiles");
  }
  const nav::TileCoord start = world.unit(UnitId{0}).unit.tile();
  const nav::Vec3 goal = world.graph().tile_centre(world.graph().id({3, 28}));
  ASSERT_EQ(world.order(world.all_units(), {{goal.x, 1000.0, goal.z}, {0.0, -1.0, 0.0}}).status,
            OrderStatus::Ordered);
  world.serve_requests(1e6);
  ASSERT_EQ(world.events().back().status, nav::SearchStatus::Found);
  {
    RecordingDraw draw;
    draw_overlay(draw, DebugOverlay::SearchSets, world);
    EXPECT_EQ(draw.at(start), nav::kClosedColour);
    EXPECT_EQ(draw.at({30, 2}).a, 0);  // beyond the wall
  }
  {
    RecordingDraw draw;
    const auto legend = draw_overlay(draw, DebugOverlay::Contours, world);
    EXPECT_TRUE(draw.field.empty());
    EXPECT_GT(draw.vertices, 0);
    ASSERT_EQ(legend.size(), 2u);
    EXPECT_EQ(legend[0].label, "contour every 2 m");  // relief 40 m
  }
  {
    RecordingDraw draw;
    EXPECT_TRUE(draw_overlay(draw, DebugOverlay::None, world).empty());
    EXPECT_TRUE(draw.field.empty());
    EXPECT_EQ(draw.batches, 0);
  }
}

}  // namespace
}  // namespace terranav::engine
