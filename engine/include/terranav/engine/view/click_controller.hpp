// The player's mouse, as pure state: left-click selects the unit under the
// cursor, a left-drag box selects every unit drawn inside it, right-click
// turns the pixel into a ray and the ray into a move order for the
// selection. Used by the window, the headless script and the tests alike.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "terranav/engine/scene/world.hpp"
#include "terranav/engine/view/camera.hpp"

namespace terranav::engine {

/// A unit is under the cursor within this many pixels of its drawn position
/// (or its drawn radius, when larger). [Units: pixels]
inline constexpr double kSelectRadiusPx = 12.0;

/// What one right-click did.
struct ClickReport {
  /// Window pixel clicked (origin top-left, y down).
  glm::dvec2 pixel{0.0};
  OrderReport order;
};

class ClickController {
 public:
  /// Starts with every unit of `world` selected.
  explicit ClickController(const World& world) : selection_(world.all_units()) {}

  /// The selected units, in the order chosen; the first is the primary one
  /// (the camera follows it).
  const std::vector<UnitId>& selection() const noexcept { return selection_; }
  void select_all(const World& world) { selection_ = world.all_units(); }

  /// Selects the unit drawn nearest `pixel`, within kSelectRadiusPx of where
  /// its position projects (or of its projected radius, if larger); clears
  /// the selection when none is. Returns whether one was hit. O(units).
  bool left_click(const World& world, const OrbitCamera& camera, Viewport viewport,
                  glm::dvec2 pixel);

  /// Selects every unit whose position projects inside the rectangle with
  /// corners `a` and `b` (any two opposite corners, edges included), in id
  /// order. Returns how many. O(units).
  std::size_t box_select(const World& world, const OrbitCamera& camera, Viewport viewport,
                         glm::dvec2 a, glm::dvec2 b);

  /// Orders the selection to the surface point seen at `pixel`
  /// (World::order with the pixel's ray). O(World::order).
  ClickReport right_click(World& world, const OrbitCamera& camera, Viewport viewport,
                          glm::dvec2 pixel) const;

  /// Orders the selection to where `ray` (nav metres) first meets the
  /// surface (World::order), reported as a click at window pixel `pixel`:
  /// a right-click whose ray is not the camera's (the minimap's).
  /// O(World::order).
  ClickReport order_along(World& world, glm::dvec2 pixel, const nav::Ray& ray) const;

 private:
  std::vector<UnitId> selection_;
};

}  // namespace terranav::engine
