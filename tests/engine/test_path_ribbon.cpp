#include "terranav/engine/path_ribbon.hpp"

#include <cmath>

#include <gtest/gtest.h>

namespace terranav::engine {
namespace {

nav::Heightmap slope_map() {
  // h = x_m + 0.5 z_m on 11 x 11 samples, 1 m apart.
  std::vector<float> h;
  for (int z = 0; z < 11; ++z) {
    for (int x = 0; x < 11; ++x) h.push_back(static_cast<float>(x + 0.5 * z));
  }
  return nav::Heightmap(11, 11, 1.0, h);
}

TEST(PathRibbon, ResampleKeepsWaypointsAndBoundsSteps) {
  const std::vector<nav::Vec3> path = {{1, 0, 1}, {1, 0, 1}, {4, 0, 5}, {4, 0, 6}};
  const std::vector<nav::Vec3> points = resample_path(path, 2.0);
  // 5 m segment -> 3 steps, 1 m segment -> 1 step, duplicate dropped.
  ASSERT_EQ(points.size(), 5u);
  EXPECT_DOUBLE_EQ(points[0].x, 1.0);
  EXPECT_DOUBLE_EQ(points[3].x, 4.0);
  EXPECT_DOUBLE_EQ(points[3].z, 5.0);
  EXPECT_DOUBLE_EQ(points[4].z, 6.0);
  for (std::size_t k = 1; k < points.size(); ++k) {
    EXPECT_LE(std::hypot(points[k].x - points[k - 1].x, points[k].z - points[k - 1].z),
              2.0 + 1e-12);
  }
}

TEST(PathRibbon, VerticesHugTheSurfaceAtTheGivenWidth) {
  const nav::Heightmap map = slope_map();
  const std::vector<nav::Vec3> path = {{2, 0, 5}, {8, 0, 5}};
  const RibbonStyle style{.width_m = 2.0, .lift_m = 0.5, .step_m = 1.0};
  const std::vector<glm::vec3> ribbon = path_ribbon(path, map, style);
  ASSERT_EQ(ribbon.size(), 6u * 12u);  // 6 intervals, 2 quads of 2 triangles each
  for (const glm::vec3& v : ribbon) {
    EXPECT_NEAR(v.y, v.x + 0.5 * v.z + 0.5, 1e-4);  // on the plane, lifted
    EXPECT_GE(v.x, 2.0f - 1e-5f);
    EXPECT_LE(v.x, 8.0f + 1e-5f);
    // Path along +x: the ribbon spans z in [4, 6].
    EXPECT_TRUE(std::abs(v.z - 4.0f) < 1e-5f || std::abs(v.z - 5.0f) < 1e-5f ||
                std::abs(v.z - 6.0f) < 1e-5f);
  }
}

TEST(PathRibbon, FewerThanTwoDistinctPointsGiveNothing) {
  const nav::Heightmap map = slope_map();
  const std::vector<nav::Vec3> one = {{2, 0, 5}, {2, 0, 5}};
  EXPECT_TRUE(path_ribbon(one, map, {}).empty());
  EXPECT_TRUE(path_ribbon({}, map, {}).empty());
}

}  // namespace
}  // namespace terranav::engine
