#include "terranav/nav/influence_field.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

#include "terranav/nav/terrain_graph.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

using test::error_of;
using ::testing::AllOf;
using ::testing::Each;
using ::testing::FloatEq;
using ::testing::HasSubstr;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// Flat 11 x 11 samples, s = 1, t = 1: 10 x 10 tiles, centre of (i, j) at
// (i + 0.5, j + 0.5) metres.
class Influence : public ::testing::Test {
 protected:
  float at(int i, int j) const { return multipliers_[static_cast<std::size_t>(j * 10 + i)]; }

  const Heightmap flat_{11, 11, 1.0, std::vector<float>(121, 0.0f)};
  const TerrainGraph graph_{flat_, GraphConfig{}};
  std::vector<float> multipliers_;
};

TEST_F(Influence, RepellerRaisesCostInsideTheRadiusOnly) {
  // Centre on tile (2, 2), radius 2 m, strength 1: m = 1 + (1 - r / 2).
  const InfluencePoint p{.x_m = 2.5, .z_m = 2.5, .radius_m = 2.0, .strength = 1.0};
  apply_influence(graph_, {&p, 1}, multipliers_);
  ASSERT_EQ(multipliers_.size(), 100u);
  EXPECT_FLOAT_EQ(at(2, 2), 2.0f);                                               // r = 0
  EXPECT_FLOAT_EQ(at(3, 2), 1.5f);                                               // r = 1
  EXPECT_FLOAT_EQ(at(2, 1), 1.5f);                                               // r = 1
  EXPECT_FLOAT_EQ(at(3, 3), static_cast<float>(2.0 - std::numbers::sqrt2 / 2));  // r = sqrt2
  EXPECT_FLOAT_EQ(at(4, 2), 1.0f);                                               // on the radius
  EXPECT_FLOAT_EQ(at(0, 2), 1.0f);                                               // on the radius
  EXPECT_FLOAT_EQ(at(4, 3), 1.0f);  // r = sqrt5, outside
  // Offsets with dx^2 + dz^2 < 4: the centre, 4 at distance 1, 4 at sqrt2.
  EXPECT_EQ(
      std::count_if(multipliers_.begin(), multipliers_.end(), [](float m) { return m != 1.0f; }),
      9);
}

TEST_F(Influence, OverlappingPointsMultiply) {
  // A repeller on (2, 2) and an attractor (strength -0.5) on (4, 2), both
  // radius 2: tile (3, 2) is 1 m from each, 1.5 * (1 - 0.5 * 0.5) = 1.125.
  const std::vector<InfluencePoint> points = {
      {.x_m = 2.5, .z_m = 2.5, .radius_m = 2.0, .strength = 1.0},
      {.x_m = 4.5, .z_m = 2.5, .radius_m = 2.0, .strength = -0.5}};
  apply_influence(graph_, points, multipliers_);
  EXPECT_FLOAT_EQ(at(3, 2), 1.125f);
  EXPECT_FLOAT_EQ(at(2, 2), 2.0f);   // on the attractor's radius
  EXPECT_FLOAT_EQ(at(4, 2), 0.5f);   // attractor's centre, on the repeller's radius
  EXPECT_FLOAT_EQ(at(5, 2), 0.75f);  // 1 m from the attractor only
}

// One tile recomputed alone (after an edit) equals the whole-map pass bit
// for bit, overlapping points included.
TEST_F(Influence, OneTileAloneEqualsTheWholePass) {
  const std::vector<InfluencePoint> points = {
      {.x_m = 2.5, .z_m = 3.0, .radius_m = 4.0, .strength = 0.7},
      {.x_m = 4.0, .z_m = 4.0, .radius_m = 3.3, .strength = -0.6},
      {.x_m = 9.0, .z_m = 1.0, .radius_m = 20.0, .strength = 0.15}};
  multipliers_.assign(100, 0.0f);
  for (std::size_t k = 0; k < 100; ++k) multipliers_[k] = 0.5f + 0.1f * static_cast<float>(k % 7);
  const std::vector<float> base = multipliers_;
  apply_influence(graph_, points, multipliers_);
  int changed = 0;
  for (std::uint32_t t = 0; t < 100; ++t) {
    EXPECT_EQ(influenced(graph_, points, TileId{t}, base[t]), multipliers_[t]) << t;
    changed += multipliers_[t] != base[t] ? 1 : 0;
  }
  EXPECT_GT(changed, 50);
}

TEST_F(Influence, MultipliesExistingValues) {
  multipliers_.assign(100, 3.0f);
  const InfluencePoint p{.x_m = 0.5, .z_m = 0.5, .radius_m = 1.0, .strength = 1.0};
  apply_influence(graph_, {&p, 1}, multipliers_);
  EXPECT_FLOAT_EQ(at(0, 0), 6.0f);
  EXPECT_FLOAT_EQ(at(1, 0), 3.0f);
}

TEST_F(Influence, NoPointsFillsOnes) {
  apply_influence(graph_, {}, multipliers_);
  EXPECT_EQ(multipliers_.size(), 100u);
  EXPECT_THAT(multipliers_, Each(FloatEq(1.0f)));
}

TEST_F(Influence, PointOffTheMapReachesInAndHugeRadiusCoversAll) {
  // 3 m west of tile (0, 4)'s centre, radius 4: m = 1 + 0.5 * (1 - 3/4).
  const InfluencePoint off{.x_m = -2.5, .z_m = 4.5, .radius_m = 4.0, .strength = 0.5};
  apply_influence(graph_, {&off, 1}, multipliers_);
  EXPECT_FLOAT_EQ(at(0, 4), 1.125f);
  EXPECT_FLOAT_EQ(at(1, 4), 1.0f);

  std::vector<float> all;
  const InfluencePoint huge{.x_m = 5.0, .z_m = 5.0, .radius_m = 1e9, .strength = 0.25};
  apply_influence(graph_, {&huge, 1}, all);
  EXPECT_THAT(all, Each(FloatEq(1.25f)));
}

TEST(InfluenceTiles, UsesTileCentresInMetres) {
  // 9 x 9 samples, s = 1.5, t = 2: 4 x 4 tiles of 3 m, centres at 1.5, 4.5, ...
  const Heightmap flat(9, 9, 1.5, std::vector<float>(81, 0.0f));
  const TerrainGraph graph(flat, GraphConfig{.tile_size = 2});
  const InfluencePoint p{.x_m = 1.5, .z_m = 1.5, .radius_m = 3.5, .strength = 1.0};
  std::vector<float> m;
  apply_influence(graph, {&p, 1}, m);
  EXPECT_FLOAT_EQ(m[0], 2.0f);
  EXPECT_FLOAT_EQ(m[1], static_cast<float>(2.0 - 3.0 / 3.5));  // (1, 0): r = 3
  EXPECT_FLOAT_EQ(m[5], 1.0f);                                 // (1, 1): r = 4.24
}

TEST_F(Influence, RejectsBadPointsNamingThem) {
  const auto error_for = [this](InfluencePoint bad) {
    const std::vector<InfluencePoint> points = {{.x_m = 1.0, .z_m = 1.0}, bad};
    return error_of([&] { apply_influence(graph_, points, multipliers_); });
  };
  EXPECT_THAT(
      error_for({.radius_m = 0.0}),
      AllOf(HasSubstr("point 1"), HasSubstr("radius_m: must be in [0.001, 1e+09] m, got 0")));
  EXPECT_THAT(error_for({.radius_m = 2e9}), HasSubstr("radius_m: must be in"));
  EXPECT_THAT(error_for({.radius_m = kNaN}),
              HasSubstr("radius_m: must be in [0.001, 1e+09] m, got nan"));
  EXPECT_THAT(error_for({.strength = -1.0}),
              HasSubstr("strength: must be in [-0.999, 1000], got -1"));
  EXPECT_THAT(error_for({.strength = 1001.0}), HasSubstr("strength: must be in"));
  EXPECT_THAT(error_for({.strength = std::numeric_limits<double>::infinity()}),
              HasSubstr("strength: must be in [-0.999, 1000], got inf"));
  EXPECT_THAT(error_for({.x_m = kNaN}),
              HasSubstr("position: must be in [-1e+09, 1e+09] m, got nan"));
  EXPECT_TRUE(multipliers_.empty());  // nothing applied on error
}

TEST_F(Influence, OverlappingPointsBeyondTheTileMultiplierLimitNameThePointAndTile) {
  // Each 1 + 999 = 1000 at its centre: two make the limit 1e6, the third 1e9.
  const InfluencePoint p{.x_m = 0.5, .z_m = 0.5, .radius_m = 0.1, .strength = 999.0};
  const std::vector<InfluencePoint> points = {p, p, p};
  multipliers_.assign(100, 1.0f);
  EXPECT_THAT(error_of([&] { apply_influence(graph_, points, multipliers_); }),
              AllOf(HasSubstr("influence point 2: the multiplier of tile (0, 0)"),
                    HasSubstr("must be in [1e-06, 1e+06], got 1000000000")));
  EXPECT_THAT(multipliers_, Each(FloatEq(1.0f)));  // nothing applied on error
}

TEST_F(Influence, RejectsWrongSizeVector) {
  multipliers_.assign(99, 1.0f);
  EXPECT_THAT(error_of([&] { apply_influence(graph_, {}, multipliers_); }),
              AllOf(HasSubstr("has 99 values"), HasSubstr("expected 100")));
}

}  // namespace
}  // namespace terranav::nav
