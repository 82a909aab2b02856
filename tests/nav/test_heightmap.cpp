// Heightmap: constructor validation, bilinear interpolation and the
// triangulated surface, against values worked out by hand.
#include "terranav/nav/heightmap.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "test_support.hpp"

namespace terranav::nav {
namespace {

using ::testing::HasSubstr;

using test::error_of;

std::string construct(int width, int depth, double spacing, std::vector<float> heights) {
  return error_of([&] { Heightmap(width, depth, spacing, std::move(heights)); });
}

// h[z][x]:      x=0 x=1 x=2
//   z=0          0   1   2
//   z=1          3   5   4
//   z=2          6   9   8
Heightmap field() {
  return Heightmap(3, 3, 2.0, {0, 1, 2, 3, 5, 4, 6, 9, 8});
}

TEST(Heightmap, StoresSamplesRowMajorWithExtremes) {
  const Heightmap h = field();
  EXPECT_EQ(h.width(), 3);
  EXPECT_EQ(h.depth(), 3);
  EXPECT_DOUBLE_EQ(h.spacing(), 2.0);
  EXPECT_FLOAT_EQ(h.at(2, 0), 2.0f);
  EXPECT_FLOAT_EQ(h.at(0, 2), 6.0f);
  EXPECT_FLOAT_EQ(h.at(1, 2), 9.0f);
  EXPECT_FLOAT_EQ(h.min_height(), 0.0f);
  EXPECT_FLOAT_EQ(h.max_height(), 9.0f);
  EXPECT_DOUBLE_EQ(h.extent_x(), 4.0);
  EXPECT_DOUBLE_EQ(h.extent_z(), 4.0);
}

TEST(Heightmap, RejectsDimensionsBelowTwo) {
  EXPECT_THAT(construct(1, 3, 1.0, {0, 0, 0}), HasSubstr("dimensions 1x3"));
  EXPECT_THAT(construct(3, 0, 1.0, {}), HasSubstr("dimensions 3x0"));
}

TEST(Heightmap, RejectsHugeDimensionsBeforeAllocating) {
  EXPECT_THAT(construct(kMaxHeightmapDimension + 1, 2, 1.0, {}), HasSubstr("65537x2"));
  // Each side within limits, but 2^29 samples in all.
  EXPECT_THAT(construct(65536, 8192, 1.0, {}), HasSubstr("exceed the limit"));
}

TEST(Heightmap, RejectsWrongHeightCount) {
  EXPECT_THAT(construct(3, 3, 1.0, std::vector<float>(8)), HasSubstr("8 heights given for 3x3"));
}

TEST(Heightmap, RejectsBadSpacing) {
  EXPECT_THAT(construct(2, 2, 0.0, std::vector<float>(4)), HasSubstr("spacing"));
  EXPECT_THAT(construct(2, 2, -1.0, std::vector<float>(4)), HasSubstr("spacing"));
  EXPECT_THAT(construct(2, 2, std::nan(""), std::vector<float>(4)), HasSubstr("spacing"));
  EXPECT_THAT(construct(2, 2, 1e300, std::vector<float>(4)),
              HasSubstr("spacing_m: must be in [0.001, 1e+06] m, got 1e+300"));
  EXPECT_THAT(construct(2, 2, 9e-4, std::vector<float>(4)), HasSubstr("spacing_m: must be in"));
  EXPECT_EQ(construct(2, 2, 1e-3, std::vector<float>(4)), "no error");
  EXPECT_EQ(construct(2, 2, 1e6, std::vector<float>(4)), "no error");
}

TEST(Heightmap, RejectsHeightsOutsideTheLimitNamingTheSample) {
  std::vector<float> heights(9, 1.0f);
  heights[2 * 3 + 1] = std::numeric_limits<float>::quiet_NaN();  // x = 1, z = 2
  EXPECT_THAT(construct(3, 3, 1.0, heights),
              HasSubstr("height at sample (1, 2): must be in [-1e+07, 1e+07] m, got nan"));
  heights[2 * 3 + 1] = 1.0f;
  heights[0 * 3 + 2] = std::numeric_limits<float>::infinity();  // x = 2, z = 0
  EXPECT_THAT(construct(3, 3, 1.0, heights), HasSubstr("(2, 0): must be in"));
  heights[0 * 3 + 2] = -1.5e7f;
  EXPECT_THAT(construct(3, 3, 1.0, heights), HasSubstr("(2, 0): must be in"));
  heights[0 * 3 + 2] = -1e7f;  // the bound itself is accepted
  EXPECT_EQ(construct(3, 3, 1.0, heights), "no error");
}

TEST(Heightmap, BilinearInterpolatesInsideCells) {
  const Heightmap h = field();
  EXPECT_DOUBLE_EQ(h.bilinear(1.0, 1.0), 5.0);
  // Cell (0,0): top row 0..1 -> 0.5, bottom row 3..5 -> 4; halfway: 2.25.
  EXPECT_DOUBLE_EQ(h.bilinear(0.5, 0.5), 2.25);
  // Cell (1,0) at fx = 0.25, fz = 0.5: top 1.25, bottom 4.75 -> 3.
  EXPECT_DOUBLE_EQ(h.bilinear(1.25, 0.5), 3.0);
  // The last sample row and column are reachable.
  EXPECT_DOUBLE_EQ(h.bilinear(2.0, 2.0), 8.0);
  EXPECT_DOUBLE_EQ(h.bilinear(2.0, 1.5), 6.0);
}

TEST(Heightmap, BilinearClampsToTheGrid) {
  const Heightmap h = field();
  EXPECT_DOUBLE_EQ(h.bilinear(-1.0, 5.0), 6.0);
  EXPECT_DOUBLE_EQ(h.bilinear(9.0, -3.0), 2.0);
  EXPECT_DOUBLE_EQ(h.bilinear(-0.5, 0.5), 1.5);
}

TEST(Heightmap, SurfaceUsesTriangleAWhereFxAtLeastFz) {
  const Heightmap h = field();
  // Cell (0,0), fx = 0.75, fz = 0.25: plane through (0,0,0), (1,0,1), (1,1,5)
  // is h = fx + 4 fz = 1.75.
  EXPECT_DOUBLE_EQ(h.surface_height(1.5, 0.5), 1.75);
  // Cell (1,1), fx = 0.5, fz = 0.25: plane through (1,1,5), (2,1,4), (2,2,8)
  // is h = 5 - fx + 4 fz = 5.5.
  EXPECT_DOUBLE_EQ(h.surface_height(3.0, 2.5), 5.5);
}

TEST(Heightmap, SurfaceUsesTriangleBWhereFxBelowFz) {
  const Heightmap h = field();
  // Cell (0,0), fx = 0.25, fz = 0.75: plane through (0,0,0), (1,1,5), (0,1,3)
  // is h = 2 fx + 3 fz = 2.75.
  EXPECT_DOUBLE_EQ(h.surface_height(0.5, 1.5), 2.75);
}

TEST(Heightmap, SurfaceFollowsTheDiagonalNotBilinear) {
  const Heightmap h = field();
  // On the (0,0)-(1,1) diagonal both triangles give the mean of 0 and 5;
  // bilinear gives 2.25 there.
  EXPECT_DOUBLE_EQ(h.surface_height(1.0, 1.0), 2.5);
  EXPECT_DOUBLE_EQ(h.surface_height(2.0, 2.0), 5.0);
}

TEST(Heightmap, SurfaceClampsToTheGrid) {
  const Heightmap h = field();
  EXPECT_DOUBLE_EQ(h.surface_height(-10.0, -10.0), 0.0);
  EXPECT_DOUBLE_EQ(h.surface_height(100.0, 100.0), 8.0);
  // x clamped to the east edge, halfway between samples (2,0)=2 and (2,1)=4.
  EXPECT_DOUBLE_EQ(h.surface_height(100.0, 1.0), 3.0);
}

std::string set(Heightmap& h, SampleRect rect, std::vector<float> heights) {
  return error_of([&] { h.set_heights(rect, heights); });
}

std::vector<float> samples(const Heightmap& h) {
  return {h.heights().begin(), h.heights().end()};
}

TEST(HeightmapSetHeights, WritesTheRectangleRowMajor) {
  Heightmap h = field();
  h.set_heights({1, 0, 3, 2}, std::vector<float>{10, 11, 12, 13});
  EXPECT_EQ(samples(h), (std::vector<float>{0, 10, 11, 3, 12, 13, 6, 9, 8}));
  h.set_heights({0, 2, 3, 3}, std::vector<float>{-1, -2, -3});  // the last row
  EXPECT_EQ(samples(h), (std::vector<float>{0, 10, 11, 3, 12, 13, -1, -2, -3}));
  h.set_heights({2, 1, 2, 3}, {});  // no samples
  EXPECT_EQ(samples(h), (std::vector<float>{0, 10, 11, 3, 12, 13, -1, -2, -3}));
}

TEST(HeightmapSetHeights, RejectsBadInputBeforeChangingAnything) {
  Heightmap h = field();
  const std::vector<float> before = samples(h);
  EXPECT_THAT(set(h, {1, 1, 4, 2}, {1, 1, 1}),
              HasSubstr("samples [1, 4) x [1, 2), not within the 3x3 samples"));
  EXPECT_THAT(set(h, {-1, 0, 1, 1}, {1, 1}), HasSubstr("[-1, 1) x [0, 1), not within"));
  EXPECT_THAT(set(h, {0, 0, 1, 4}, std::vector<float>(4)), HasSubstr("not within"));
  EXPECT_THAT(set(h, {2, 0, 1, 1}, {}), HasSubstr("[2, 1) x [0, 1), not within"));
  EXPECT_THAT(set(h, {0, 0, 2, 2}, {1, 2, 3}),
              HasSubstr("got 3 heights for the 2x2 samples [0, 2) x [0, 2)"));
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_THAT(set(h, {1, 1, 3, 3}, {1, nan, 1, 1}),
              HasSubstr("new height at sample (2, 1): must be in [-1e+07, 1e+07] m, got nan"));
  EXPECT_THAT(set(h, {0, 1, 2, 3}, {1, 1, std::numeric_limits<float>::infinity(), 1}),
              HasSubstr("new height at sample (0, 2): must be in"));
  EXPECT_THAT(set(h, {0, 0, 1, 1}, {2e7f}), HasSubstr("(0, 0): must be in"));
  EXPECT_EQ(samples(h), before);
  EXPECT_EQ(h.min_height(), 0.0f);
  EXPECT_EQ(h.max_height(), 9.0f);
}

TEST(HeightmapSetHeights, KeepsTheExtremesExact) {
  Heightmap h = field();                                // 0 1 2 / 3 5 4 / 6 9 8
  h.set_heights({1, 1, 2, 2}, std::vector<float>{-5});  // below the minimum
  EXPECT_EQ(h.min_height(), -5.0f);
  EXPECT_EQ(h.max_height(), 9.0f);
  h.set_heights({1, 2, 2, 3}, std::vector<float>{2});  // the only 9 goes: next is 8
  EXPECT_EQ(h.max_height(), 8.0f);
  h.set_heights({1, 1, 2, 2}, std::vector<float>{3});  // the only -5 goes: next is 0
  EXPECT_EQ(h.min_height(), 0.0f);
  h.set_heights({2, 0, 3, 1}, std::vector<float>{8});  // a second 8
  h.set_heights({2, 2, 3, 3}, std::vector<float>{1});  // one 8 goes, one stays
  EXPECT_EQ(h.max_height(), 8.0f);
  h.set_heights({0, 0, 3, 3}, std::vector<float>(9, 4.0f));  // everything
  EXPECT_EQ(h.min_height(), 4.0f);
  EXPECT_EQ(h.max_height(), 4.0f);
}

TEST(HeightmapSetHeights, ExtremesMatchAScanAfterRandomEdits) {
  std::mt19937 rng(5);
  std::vector<float> start(12 * 9);
  std::uniform_int_distribution<int> level(-4, 4);  // few levels, so extremes repeat
  for (float& v : start) v = static_cast<float>(level(rng));
  Heightmap h(12, 9, 1.0, start);
  for (int k = 0; k < 300; ++k) {
    const int x0 = std::uniform_int_distribution<int>(0, 11)(rng);
    const int z0 = std::uniform_int_distribution<int>(0, 8)(rng);
    const int x1 = std::uniform_int_distribution<int>(x0, 12)(rng);
    const int z1 = std::uniform_int_distribution<int>(z0, 9)(rng);
    // Values from a random sub-range, so edits also take extremes away.
    const int a = level(rng);
    std::uniform_int_distribution<int> part(a, std::uniform_int_distribution<int>(a, 4)(rng));
    std::vector<float> v(static_cast<std::size_t>((x1 - x0) * (z1 - z0)));
    for (float& f : v) f = static_cast<float>(part(rng));
    h.set_heights({x0, z0, x1, z1}, v);
    const std::vector<float> all = samples(h);
    ASSERT_EQ(h.min_height(), *std::min_element(all.begin(), all.end())) << "edit " << k;
    ASSERT_EQ(h.max_height(), *std::max_element(all.begin(), all.end())) << "edit " << k;
  }
}

}  // namespace
}  // namespace terranav::nav
