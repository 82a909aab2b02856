#include "terranav/engine/view/brush_controller.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <numbers>
#include <sstream>

namespace terranav::engine {

BrushController::BrushController(const nav::Heightmap& heightmap) noexcept
    : radius_m_(std::clamp(0.03 * std::max(heightmap.extent_x(), heightmap.extent_z()),
                           kBrushRadiusLimit.min, kBrushRadiusLimit.max)) {}

bool BrushController::handle_key(Key key) noexcept {
  switch (key) {
    case Key::Num0:
      mode_.reset();
      painting_ = false;
      return true;
    case Key::Num1:
      mode_ = BrushMode::Raise;
      return true;
    case Key::Num2:
      mode_ = BrushMode::Lower;
      return true;
    case Key::Num3:
      mode_ = BrushMode::Flatten;
      return true;
    case Key::Num4:
      mode_ = BrushMode::Block;
      return true;
    case Key::Minus:
      radius_m_ = std::max(radius_m_ * 0.5, kBrushRadiusLimit.min);
      return true;
    case Key::Equal:
      radius_m_ = std::min(radius_m_ * 2.0, kBrushRadiusLimit.max);
      return true;
    default:
      return false;
  }
}

Brush BrushController::brush() const noexcept {
  return {.mode = mode_.value_or(BrushMode::Raise),
          .radius_m = radius_m_,
          .strength_m = kBrushStrokePerRadius * radius_m_};
}

void BrushController::press() noexcept {
  if (!mode_) return;
  painting_ = true;
  last_s_.reset();
}

std::optional<BrushResult> BrushController::paint(World& world, const OrbitCamera& camera,
                                                  Viewport viewport, glm::dvec2 cursor,
                                                  double now_s) {
  if (!painting_ || !mode_) return std::nullopt;
  if (last_s_ && now_s - *last_s_ < 1.0 / kBrushRateHz) return std::nullopt;
  const auto hit = world.pick(unproject(camera, viewport, cursor));
  if (!hit) return std::nullopt;
  last_s_ = now_s;
  return apply_brush(world, brush(), hit->point.x, hit->point.z);
}

std::vector<glm::dvec2> BrushController::ring(const World& world, const OrbitCamera& camera,
                                              Viewport viewport, glm::dvec2 cursor,
                                              int points) const {
  std::vector<glm::dvec2> pixels;
  if (!mode_) return pixels;
  const auto hit = world.pick(unproject(camera, viewport, cursor));
  if (!hit) return pixels;
  const nav::Heightmap& map = world.heightmap();
  for (int k = 0; k < points; ++k) {
    const double a = 2.0 * std::numbers::pi * k / points;
    const double x = hit->point.x + radius_m_ * std::cos(a);
    const double z = hit->point.z + radius_m_ * std::sin(a);
    if (const auto p = project(camera, viewport, {x, map.surface_height(x, z), z})) {
      pixels.push_back(*p);
    }
  }
  return pixels;
}

std::string BrushController::status() const {
  if (!mode_) return "Brush: off";
  std::ostringstream out;
  out << "Brush: " << to_string(*mode_) << ", radius " << std::setprecision(4) << radius_m_
      << " m (left-drag paints)";
  return out.str();
}

}  // namespace terranav::engine
