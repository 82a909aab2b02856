#include "terranav/engine/view/camera_controls.hpp"

#include <algorithm>
#include <cmath>

namespace terranav::engine {
namespace {

int held_index(Key key) {
  switch (key) {
    case Key::W:
      return 0;
    case Key::A:
      return 1;
    case Key::S:
      return 2;
    case Key::D:
      return 3;
    default:
      return -1;
  }
}

}  // namespace

void pan(OrbitCamera& camera, double right_m, double forward_m) {
  const glm::dvec3 right(std::cos(camera.yaw), 0.0, -std::sin(camera.yaw));
  const glm::dvec3 forward(-std::sin(camera.yaw), 0.0, -std::cos(camera.yaw));
  camera.target += right_m * right + forward_m * forward;
}

void zoom_towards(OrbitCamera& camera, const nav::Vec3& point, double factor) {
  const glm::dvec3 p(point.x, point.y, point.z);
  camera.target = p + factor * (camera.target - p);
  camera.distance *= factor;
}

void CameraControls::handle(const Event& event, OrbitCamera& camera,
                            const std::optional<nav::Vec3>& under_cursor) {
  switch (event.type) {
    case EventType::MouseDown:
      if (event.button == MouseButton::Middle) orbiting_ = true;
      last_cursor_ = {event.x, event.y};
      break;
    case EventType::MouseUp:
      if (event.button == MouseButton::Middle) orbiting_ = false;
      break;
    case EventType::MouseMove: {
      const glm::dvec2 cursor(event.x, event.y);
      const glm::dvec2 delta = cursor - last_cursor_;
      last_cursor_ = cursor;
      if (orbiting_) {
        camera.yaw -= delta.x * settings_.orbit_rate;
        camera.pitch =
            std::clamp(camera.pitch + delta.y * settings_.orbit_rate, kMinPitch, kMaxPitch);
      }
      break;
    }
    case EventType::Scroll: {
      const double distance =
          std::clamp(camera.distance * std::pow(settings_.zoom_step, event.scroll),
                     settings_.min_distance, settings_.max_distance);
      const double factor = distance / camera.distance;
      if (factor == 1.0) break;  // at a limit: the view stays exactly
      if (under_cursor) {
        zoom_towards(camera, *under_cursor, factor);
      } else {
        camera.distance = distance;
      }
      break;
    }
    case EventType::KeyDown:
    case EventType::KeyUp:
      if (const int k = held_index(event.key); k >= 0) {
        held_[static_cast<std::size_t>(k)] = event.type == EventType::KeyDown;
      }
      break;
    case EventType::Resize:
      break;
  }
}

void CameraControls::update(double dt_s, OrbitCamera& camera) const {
  const double step = settings_.pan_rate * camera.distance * dt_s;
  const double forward = (held_[0] ? step : 0.0) - (held_[2] ? step : 0.0);
  const double right = (held_[3] ? step : 0.0) - (held_[1] ? step : 0.0);
  if (forward != 0.0 || right != 0.0) pan(camera, right, forward);
}

}  // namespace terranav::engine
