#include "terranav/engine/view/camera.hpp"

#include <cmath>
#include <random>

#include <gtest/gtest.h>

namespace terranav::engine {
namespace {

/// Distance from point p to the ray's line (t >= 0 checked separately).
double distance_to_ray(const nav::Ray& ray, const glm::dvec3& p, double* t_out = nullptr) {
  const glm::dvec3 o(ray.origin.x, ray.origin.y, ray.origin.z);
  const glm::dvec3 d(ray.direction.x, ray.direction.y, ray.direction.z);
  const double t = glm::dot(p - o, d) / glm::dot(d, d);
  if (t_out != nullptr) *t_out = t;
  return glm::length(o + t * d - p);
}

OrbitCamera test_camera(double exaggeration) {
  OrbitCamera camera;
  camera.target = {500.0, 40.0, 300.0};
  camera.yaw = 0.7;
  camera.pitch = 0.6;
  camera.distance = 1500.0;
  camera.vertical_exaggeration = exaggeration;
  camera.scene_radius = 2000.0;
  return camera;
}

class CameraTest : public ::testing::TestWithParam<double> {};

TEST_P(CameraTest, UnprojectOfProjectedPointPassesThroughIt) {
  const OrbitCamera camera = test_camera(GetParam());
  const Viewport viewport{800, 600};
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> coord(0.0, 1000.0);
  for (int k = 0; k < 100; ++k) {
    const nav::Vec3 p{coord(rng), coord(rng) / 10.0, coord(rng)};
    const auto pixel = project(camera, viewport, p);
    ASSERT_TRUE(pixel.has_value());
    const nav::Ray ray = unproject(camera, viewport, *pixel);
    double t = 0.0;
    EXPECT_LT(distance_to_ray(ray, {p.x, p.y, p.z}, &t), 1e-6) << "point " << k;
    EXPECT_GT(t, 0.0);
    EXPECT_NEAR(std::hypot(ray.direction.x, ray.direction.y, ray.direction.z), 1.0, 1e-12);
  }
}

// A horizontal step of metres_per_pixel across the view at a point moves its
// projection by one pixel, near the target and far from it.
TEST_P(CameraTest, MetresPerPixelIsOnePixelAcrossTheView) {
  const OrbitCamera camera = test_camera(GetParam());
  const Viewport viewport{800, 600};
  // Across the view on the ground: perpendicular to the yaw direction.
  const glm::dvec2 across(std::cos(camera.yaw), -std::sin(camera.yaw));
  for (const nav::Vec3 p : {nav::Vec3{500.0, 40.0, 300.0}, nav::Vec3{200.0, 10.0, -400.0},
                            nav::Vec3{650.0, 0.0, 700.0}}) {
    const double mpp = metres_per_pixel(camera, viewport, p);
    const auto a = project(camera, viewport, p);
    const auto b =
        project(camera, viewport, {p.x + 10.0 * mpp * across.x, p.y, p.z + 10.0 * mpp * across.y});
    ASSERT_TRUE(a && b);
    EXPECT_NEAR(glm::length(*b - *a), 10.0, 0.05);
  }
  // Twice as far from the eye, twice the metres per pixel.
  OrbitCamera further = camera;
  further.distance *= 2.0;
  const nav::Vec3 target{camera.target.x, camera.target.y, camera.target.z};
  EXPECT_NEAR(metres_per_pixel(further, viewport, target),
              2.0 * metres_per_pixel(camera, viewport, target), 1e-9);
}

// A close-up keeps the view's direction and puts the point at the centre.
TEST_P(CameraTest, LookingAtAPointCentresItAtTheDistance) {
  const OrbitCamera camera = test_camera(GetParam());
  const Viewport viewport{800, 600};
  const nav::Vec3 unit{120.0, 7.0, -30.0};
  const OrbitCamera close = looking_at(camera, unit, 50.0);
  const auto pixel = project(close, viewport, unit);
  ASSERT_TRUE(pixel.has_value());
  EXPECT_NEAR(pixel->x, 400.0, 1e-6);
  EXPECT_NEAR(pixel->y, 300.0, 1e-6);
  const glm::dvec3 shown(unit.x, unit.y * close.vertical_exaggeration, unit.z);
  EXPECT_NEAR(glm::length(eye_position(close) - shown), 50.0, 1e-9);
  EXPECT_EQ(close.yaw, camera.yaw);
  EXPECT_EQ(close.pitch, camera.pitch);
}

TEST_P(CameraTest, ViewportCentreLooksAtTarget) {
  const OrbitCamera camera = test_camera(GetParam());
  const Viewport viewport{640, 480};
  const auto pixel = project(camera, viewport, {500.0, 40.0, 300.0});
  ASSERT_TRUE(pixel.has_value());
  EXPECT_NEAR(pixel->x, 320.0, 1e-9);
  EXPECT_NEAR(pixel->y, 240.0, 1e-9);
  const nav::Ray ray = unproject(camera, viewport, {320.0, 240.0});
  EXPECT_LT(distance_to_ray(ray, camera.target), 1e-6);
}

INSTANTIATE_TEST_SUITE_P(Exaggeration, CameraTest, ::testing::Values(1.0, 3.0));

TEST(Camera, EyeSitsAtDistanceAndPitchAboveTarget) {
  const OrbitCamera camera = test_camera(2.0);
  const glm::dvec3 shown_target(500.0, 80.0, 300.0);  // y doubled in the display frame
  const glm::dvec3 eye = eye_position(camera);
  EXPECT_NEAR(glm::length(eye - shown_target), 1500.0, 1e-9);
  EXPECT_NEAR(eye.y - shown_target.y, 1500.0 * std::sin(0.6), 1e-9);
}

TEST(Camera, PixelAxesPointRightAndDown) {
  OrbitCamera camera = test_camera(1.0);
  camera.yaw = 0.0;  // looking towards -z: +x is screen right, -z is screen up
  const Viewport viewport{640, 480};
  const auto right = project(camera, viewport, {600.0, 40.0, 300.0});
  const auto far = project(camera, viewport, {500.0, 40.0, 200.0});
  ASSERT_TRUE(right && far);
  EXPECT_GT(right->x, 320.0);
  EXPECT_NEAR(right->y, 240.0, 1e-9);
  EXPECT_LT(far->y, 240.0);  // farther north = higher on screen = smaller y
}

TEST(Camera, PointBehindEyeDoesNotProject) {
  const OrbitCamera camera = test_camera(1.0);
  const glm::dvec3 eye = eye_position(camera);
  const glm::dvec3 behind = eye + (eye - glm::dvec3(500.0, 40.0, 300.0));
  EXPECT_FALSE(project(camera, {640, 480}, {behind.x, behind.y, behind.z}).has_value());
}

TEST(Camera, DefaultExaggerationIsClamped) {
  EXPECT_DOUBLE_EQ(default_exaggeration(92160.0, 92160.0, 850.0), 3.0);
  EXPECT_DOUBLE_EQ(default_exaggeration(320.0, 320.0, 1000.0), 1.0);
  EXPECT_DOUBLE_EQ(default_exaggeration(1000.0, 500.0, 15.0), 2.0);
  EXPECT_DOUBLE_EQ(default_exaggeration(1000.0, 1000.0, 0.0), 1.0);
}

TEST(Camera, DefaultCameraSeesTheWholeWidthOfTheMapCentreLine) {
  const Viewport viewport{1280, 720};
  const OrbitCamera camera = default_camera(1000.0, 1000.0, 0.0, 0.0, viewport);
  EXPECT_DOUBLE_EQ(camera.target.x, 500.0);
  EXPECT_DOUBLE_EQ(camera.target.z, 500.0);
  for (const double x : {0.0, 1000.0}) {
    const auto pixel = project(camera, viewport, {x, 0.0, 500.0});
    ASSERT_TRUE(pixel.has_value());
    EXPECT_GE(pixel->x, 0.0);
    EXPECT_LE(pixel->x, 1280.0);
  }
}

}  // namespace
}  // namespace terranav::engine
