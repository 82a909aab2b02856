#include "terranav/engine/view/click_controller.hpp"

#include <algorithm>
#include <limits>

namespace terranav::engine {

bool ClickController::left_click(const World& world, const OrbitCamera& camera, Viewport viewport,
                                 glm::dvec2 pixel) {
  std::optional<UnitId> best;
  double best_d = std::numeric_limits<double>::infinity();
  for (const SceneUnit& u : world.units()) {
    const nav::Vec3 at = u.unit.position();
    const std::optional<glm::dvec2> drawn = project(camera, viewport, at);
    if (!drawn) continue;
    const double reach =
        std::max(kSelectRadiusPx, kUnitRadiusM / metres_per_pixel(camera, viewport, at));
    if (const double d = glm::distance(*drawn, pixel); d <= reach && d < best_d) {
      best_d = d;
      best = u.id;
    }
  }
  selection_.clear();
  if (best) selection_.push_back(*best);
  return best.has_value();
}

std::size_t ClickController::box_select(const World& world, const OrbitCamera& camera,
                                        Viewport viewport, glm::dvec2 a, glm::dvec2 b) {
  const glm::dvec2 lo = glm::min(a, b);
  const glm::dvec2 hi = glm::max(a, b);
  selection_.clear();
  for (const SceneUnit& u : world.units()) {
    const std::optional<glm::dvec2> drawn = project(camera, viewport, u.unit.position());
    if (drawn && drawn->x >= lo.x && drawn->x <= hi.x && drawn->y >= lo.y && drawn->y <= hi.y) {
      selection_.push_back(u.id);
    }
  }
  return selection_.size();
}

ClickReport ClickController::right_click(World& world, const OrbitCamera& camera, Viewport viewport,
                                         glm::dvec2 pixel) const {
  return order_along(world, pixel, unproject(camera, viewport, pixel));
}

ClickReport ClickController::order_along(World& world, glm::dvec2 pixel,
                                         const nav::Ray& ray) const {
  return {pixel, world.order(selection_, ray)};
}

}  // namespace terranav::engine
