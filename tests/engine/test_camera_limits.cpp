#include "terranav/engine/view/camera_limits.hpp"

#include <vector>

#include <gtest/gtest.h>

namespace terranav::engine {
namespace {

// 101 x 101 samples, 10 m apart (1 km square), flat at `base` metres except
// a wall of `wall` metres on rows z >= 80.
nav::Heightmap terrain(float base, float wall) {
  std::vector<float> h(101 * 101, base);
  for (int z = 80; z <= 100; ++z) {
    for (int x = 0; x <= 100; ++x) h[static_cast<std::size_t>(z * 101 + x)] = wall;
  }
  return nav::Heightmap(101, 101, 10.0, std::move(h));
}

// Looking at (500, target_z) from 300 m at pitch 0.1 with yaw 0: the eye is
// on the +z side, 300 cos 0.1 = 298.5 m further, 30 m up.
OrbitCamera low_camera(double target_z) {
  OrbitCamera camera;
  camera.target = {500.0, 0.0, target_z};
  camera.yaw = 0.0;
  camera.pitch = 0.1;
  camera.distance = 300.0;
  return camera;
}

double eye_height(const OrbitCamera& camera) {
  return eye_position(camera).y / camera.vertical_exaggeration;
}

TEST(CameraLimits, TargetIsKeptOverTheMapAndOnTheSurface) {
  const nav::Heightmap hm = terrain(5.0f, 5.0f);
  OrbitCamera camera;
  camera.target = {-300.0, 40.0, 2000.0};
  camera.pitch = 1.0;
  camera.distance = 100.0;
  keep_over_terrain(camera, hm, 2.0);
  EXPECT_EQ(camera.target.x, 0.0);
  EXPECT_EQ(camera.target.z, 1000.0);
  EXPECT_DOUBLE_EQ(camera.target.y, 5.0);
  EXPECT_EQ(camera.pitch, 1.0);  // the eye was well above the ground
}

TEST(CameraLimits, EyeBelowAWallRisesJustAboveIt) {
  // Target at (500, 700): the eye is over the 60 m wall from z = 800, 30 m
  // up (below the wall).
  const nav::Heightmap hm = terrain(0.0f, 60.0f);
  OrbitCamera camera = low_camera(700.0);
  ASSERT_GT(eye_position(camera).z, 800.0);
  keep_over_terrain(camera, hm, 2.0);
  EXPECT_GE(eye_height(camera), 62.0);
  // The least rise: 0.01 rad less is below again (the eye stays over the wall).
  OrbitCamera lower = camera;
  lower.pitch -= 0.01;
  ASSERT_GT(eye_position(lower).z, 800.0);
  EXPECT_LT(eye_height(lower), 62.0);
  EXPECT_EQ(camera.yaw, 0.0);
  EXPECT_EQ(camera.distance, 300.0);
}

TEST(CameraLimits, ExaggerationIsDividedOutAndTheEyeOffTheMapIsFree) {
  // With exaggeration 3 the same eye is 3x higher in the display: 30 m of
  // nav height at pitch 0.1 is still below the 60 m wall...
  const nav::Heightmap hm = terrain(0.0f, 60.0f);
  OrbitCamera camera = low_camera(700.0);
  camera.vertical_exaggeration = 3.0;
  keep_over_terrain(camera, hm, 2.0);
  EXPECT_GE(eye_height(camera), 62.0);
  // ... while an eye beyond the map's edge is not held (no ground there).
  OrbitCamera outside = low_camera(950.0);
  keep_over_terrain(outside, hm, 2.0);
  EXPECT_GT(eye_position(outside).z, 1000.0);
  EXPECT_EQ(outside.pitch, 0.1);
}

}  // namespace
}  // namespace terranav::engine
