#include "terranav/engine/render/path_ribbon.hpp"

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

// Looking down at the middle of the slope map from `distance` metres.
OrbitCamera camera_at(double distance) {
  OrbitCamera camera;
  camera.target = {5.0, 7.5, 5.0};
  camera.pitch = 1.2;
  camera.distance = distance;
  camera.scene_radius = 20.0;
  return camera;
}

TEST(PathRibbon, RemainingPathStartsWhereTheUnitIs) {
  const std::vector<nav::Vec3> path = {{1, 0, 1}, {4, 0, 1}, {4, 0, 6}};
  const std::vector<nav::Vec3> rest = remaining_path(path, 2, {4, 0, 2.5});
  ASSERT_EQ(rest.size(), 2u);  // the walked part, up to (4, 1), is gone
  EXPECT_EQ(rest[0].z, 2.5);
  EXPECT_EQ(rest[1].z, 6.0);
  EXPECT_EQ(remaining_path(path, 1, {2, 0, 1}).size(), 3u);
  EXPECT_TRUE(remaining_path(path, 3, {4, 0, 6}).empty());  // arrived
  EXPECT_TRUE(remaining_path({}, 0, {}).empty());
}

// A sample wherever the path crosses a triangle edge: between two samples
// the surface is one plane, so its height at their midpoint is the mean.
TEST(PathRibbon, SamplesSplitThePathAtTriangleEdges) {
  // A bumpy map: no plane fits two neighbouring triangles.
  std::vector<float> h;
  for (int k = 0; k < 121; ++k) h.push_back(static_cast<float>((k * 7919) % 13));
  const nav::Heightmap map(11, 11, 1.0, h);
  const std::vector<nav::Vec3> path = {{0.3, 0, 0.2}, {0.3, 0, 0.2}, {7.9, 0, 3.4}, {2.2, 0, 9.1}};
  const std::vector<nav::Vec3> points = surface_samples(path, map);
  // 7 columns, 3 rows and 5 diagonals, then 6 columns, 6 rows and 11 diagonals.
  ASSERT_GT(points.size(), 35u);
  EXPECT_EQ(points.front().x, 0.3);
  EXPECT_EQ(points.back().z, 9.1);
  for (std::size_t k = 1; k < points.size(); ++k) {
    const nav::Vec3& a = points[k - 1];
    const nav::Vec3& b = points[k];
    ASSERT_FALSE(a.x == b.x && a.z == b.z);
    const double mid = map.surface_height((a.x + b.x) / 2.0, (a.z + b.z) / 2.0);
    EXPECT_NEAR(mid, (map.surface_height(a.x, a.z) + map.surface_height(b.x, b.z)) / 2.0, 1e-9)
        << "samples " << k - 1 << " and " << k;
  }
}

TEST(PathRibbon, VerticesHugTheSurfaceAtTheirWidth) {
  // The slope map's plane over 101 x 101 samples, so a wide ribbon stays on it.
  std::vector<float> h;
  for (int z = 0; z < 101; ++z) {
    for (int x = 0; x < 101; ++x) h.push_back(static_cast<float>(x + 0.5 * z));
  }
  const nav::Heightmap map(101, 101, 1.0, h);
  const std::vector<nav::Vec3> path = {{20, 0, 50}, {80, 0, 50}};
  const RibbonStyle style{.min_width_m = 0.5, .width_px = 4.0, .lift_px = 1.5};
  // Up close the ribbon is min_width_m wide; far away width_px pixels, wider.
  for (const double distance : {40.0, 2000.0}) {
    OrbitCamera camera = camera_at(distance);
    camera.target = {50.0, 75.0, 50.0};
    camera.scene_radius = 100.0;
    const Viewport viewport{400, 300};
    const std::vector<glm::vec3> ribbon = path_ribbon(path, map, style, camera, viewport);
    int true_width = 0;
    int pixel_width = 0;
    // Along a row, columns and diagonals cross it at the same points,
    // x = 21..79: 60 intervals, 2 quads of 2 triangles each.
    ASSERT_EQ(ribbon.size(), 60u * 12u);
    for (const glm::vec3& v : ribbon) {
      EXPECT_GE(v.x, 20.0f - 1e-4f);
      EXPECT_LE(v.x, 80.0f + 1e-4f);
      // Pixels at the depth of the row's centre sample.
      const double mpp = metres_per_pixel(camera, viewport, {v.x, v.x + 25.0, 50.0});
      const double half = std::max(0.5, 4.0 * mpp) / 2.0;
      (half == 0.25 ? true_width : pixel_width)++;
      // Path along +x: the centre line and the edges at z = 50 -+ half.
      const double off = std::abs(v.z - 50.0);
      EXPECT_TRUE(off < 1e-4 || std::abs(off - half) < 1e-3 * half + 1e-4) << v.z;
      // On the plane, lifted 1.5 pixels.
      EXPECT_NEAR(v.y - (v.x + 0.5 * v.z), 1.5 * mpp, 1e-3 * mpp + 1e-3);
    }
    if (distance > 1000.0) {
      EXPECT_EQ(true_width, 0);
    } else {
      EXPECT_GT(true_width, pixel_width);
    }
  }
}

TEST(PathRibbon, FewerThanTwoDistinctPointsGiveNothing) {
  const nav::Heightmap map = slope_map();
  const std::vector<nav::Vec3> one = {{2, 0, 5}, {2, 0, 5}};
  EXPECT_TRUE(path_ribbon(one, map, {}, camera_at(10.0), {}).empty());
  EXPECT_TRUE(path_ribbon({}, map, {}, camera_at(10.0), {}).empty());
}

}  // namespace
}  // namespace terranav::engine
