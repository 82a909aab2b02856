#include "terranav/engine/view/camera_controls.hpp"

#include <cmath>

#include <gtest/gtest.h>

namespace terranav::engine {
namespace {

Event mouse(EventType type, double x, double y, MouseButton button = MouseButton::Other) {
  Event e;
  e.type = type;
  e.x = x;
  e.y = y;
  e.button = button;
  return e;
}

Event key(EventType type, Key k) {
  Event e;
  e.type = type;
  e.key = k;
  return e;
}

class ControlsTest : public ::testing::Test {
 protected:
  ControlsTest() {
    camera.target = {100.0, 0.0, 100.0};
    camera.yaw = 0.0;
    camera.pitch = 0.8;
    camera.distance = 1000.0;
  }
  Viewport viewport{800, 600};
  OrbitCamera camera;
  CameraControls controls{ControlSettings{}};
};

TEST_F(ControlsTest, WheelZoomsByStepAndClamps) {
  Event e = mouse(EventType::Scroll, 10, 10);
  e.scroll = 2.0;
  controls.handle(e, camera);
  EXPECT_NEAR(camera.distance, 1000.0 * 0.85 * 0.85, 1e-9);
  e.scroll = -1000.0;
  controls.handle(e, camera);
  EXPECT_DOUBLE_EQ(camera.distance, ControlSettings{}.max_distance);
}

TEST_F(ControlsTest, WheelZoomKeepsTheGroundPointUnderTheCursor) {
  // The ground point seen at pixel (600, 450) stays there through a zoom in
  // and out; the target moves towards it, the distance scales.
  const nav::Ray ray = unproject(camera, viewport, {600.0, 450.0});
  const double t = -ray.origin.y / ray.direction.y;  // the plane y = 0
  const nav::Vec3 ground{ray.origin.x + t * ray.direction.x, 0.0,
                         ray.origin.z + t * ray.direction.z};
  Event e = mouse(EventType::Scroll, 600, 450);
  for (const double steps : {3.0, -5.0}) {
    e.scroll = steps;
    const double before = camera.distance;
    controls.handle(e, camera, ground);
    EXPECT_NEAR(camera.distance, before * std::pow(0.85, steps), 1e-9 * before);
    const auto at = project(camera, viewport, ground);
    ASSERT_TRUE(at.has_value());
    EXPECT_NEAR(at->x, 600.0, 1e-6);
    EXPECT_NEAR(at->y, 450.0, 1e-6);
  }
  EXPECT_NE(camera.target.x, 100.0);  // it did move the target
  // At the distance limit the view does not move at all.
  e.scroll = -1000.0;
  controls.handle(e, camera, ground);
  const glm::dvec3 target = camera.target;
  controls.handle(e, camera, ground);
  EXPECT_EQ(camera.target, target);
}

TEST_F(ControlsTest, MiddleDragOrbitsAndClampsPitch) {
  controls.handle(mouse(EventType::MouseDown, 100, 100, MouseButton::Middle), camera);
  controls.handle(mouse(EventType::MouseMove, 140, 110), camera);
  EXPECT_NEAR(camera.yaw, -40 * 0.005, 1e-12);
  EXPECT_NEAR(camera.pitch, 0.8 + 10 * 0.005, 1e-12);
  EXPECT_DOUBLE_EQ(camera.distance, 1000.0);
  controls.handle(mouse(EventType::MouseMove, 140, 5000), camera);
  EXPECT_DOUBLE_EQ(camera.pitch, kMaxPitch);
  controls.handle(mouse(EventType::MouseUp, 140, 5000, MouseButton::Middle), camera);
  const double yaw = camera.yaw;
  controls.handle(mouse(EventType::MouseMove, 500, 500), camera);
  EXPECT_DOUBLE_EQ(camera.yaw, yaw);  // released: no more orbiting
}

// Left and right drags are selection and orders: the camera stays.
TEST_F(ControlsTest, LeftAndRightDragsLeaveCameraAlone) {
  for (const MouseButton button : {MouseButton::Left, MouseButton::Right}) {
    controls.handle(mouse(EventType::MouseDown, 100, 100, button), camera);
    controls.handle(mouse(EventType::MouseMove, 300, 300), camera);
    controls.handle(mouse(EventType::MouseUp, 300, 300, button), camera);
    EXPECT_DOUBLE_EQ(camera.yaw, 0.0);
    EXPECT_DOUBLE_EQ(camera.pitch, 0.8);
    EXPECT_DOUBLE_EQ(camera.target.x, 100.0);
    EXPECT_DOUBLE_EQ(camera.target.z, 100.0);
  }
}

TEST_F(ControlsTest, HeldKeysPanUntilReleased) {
  controls.handle(key(EventType::KeyDown, Key::W), camera);
  controls.update(0.5, camera);
  // W moves forward, away from the eye: -z at yaw 0, by pan_rate * distance * dt.
  EXPECT_NEAR(camera.target.z, 100.0 - 0.6 * 1000.0 * 0.5, 1e-9);
  EXPECT_NEAR(camera.target.x, 100.0, 1e-9);
  controls.handle(key(EventType::KeyDown, Key::D), camera);
  controls.handle(key(EventType::KeyUp, Key::W), camera);
  controls.update(0.5, camera);
  EXPECT_NEAR(camera.target.x, 100.0 + 300.0, 1e-9);
  controls.handle(key(EventType::KeyUp, Key::D), camera);
  const glm::dvec3 before = camera.target;
  controls.update(1.0, camera);
  EXPECT_EQ(camera.target, before);
}

}  // namespace
}  // namespace terranav::engine
