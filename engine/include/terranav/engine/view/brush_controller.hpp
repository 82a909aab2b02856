// The window's terrain brush: keys choose its mode and size, a held left
// button paints it where the cursor picks the terrain, a bounded number of
// times per second. GL-free (the window passes the returned samples to
// Renderer::terrain_changed), so tests drive it with events.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "terranav/engine/platform/event.hpp"
#include "terranav/engine/scene/brush.hpp"
#include "terranav/engine/scene/world.hpp"
#include "terranav/engine/view/camera.hpp"

namespace terranav::engine {

/// Applications per second while the button is held. [Units: 1/s]
inline constexpr double kBrushRateHz = 10.0;
/// Raise and lower per application, as a share of the radius: 10 per second
/// raise a hill of R / 5 in a second.
inline constexpr double kBrushStrokePerRadius = 0.02;

class BrushController {
 public:
  /// Off, with a radius of 3% of the map's larger side (within
  /// kBrushRadiusLimit). O(1).
  explicit BrushController(const nav::Heightmap& heightmap) noexcept;

  /// Keys: 1 raise, 2 lower, 3 flatten, 4 block, 0 off; - and = halve and
  /// double the radius (within kBrushRadiusLimit). Returns whether the key
  /// was the brush's. O(1).
  bool handle_key(Key key) noexcept;
  /// The mode, none when the brush is off (left-drag selects then).
  std::optional<BrushMode> mode() const noexcept { return mode_; }
  /// The brush painted now: mode (Raise when off), radius and strength.
  Brush brush() const noexcept;

  /// Left button down / up (painting starts and stops; ignored when off).
  void press() noexcept;
  void release() noexcept { painting_ = false; }
  bool painting() const noexcept { return painting_; }

  /// While painting, applies the brush where `cursor` (window pixels) picks
  /// the terrain if at least 1 / kBrushRateHz seconds passed since the last
  /// application (the first applies at once); none otherwise (not painting,
  /// too soon, the cursor off the terrain). O(pick + apply_brush).
  std::optional<BrushResult> paint(World& world, const OrbitCamera& camera, Viewport viewport,
                                   glm::dvec2 cursor, double now_s);

  /// The brush's outline where `cursor` picks the terrain: `points` points
  /// of the circle of radius_m around the pick, on the surface, in window
  /// pixels (those behind the eye left out); empty when the brush is off or
  /// the cursor misses the terrain. O(pick + points).
  std::vector<glm::dvec2> ring(const World& world, const OrbitCamera& camera, Viewport viewport,
                               glm::dvec2 cursor, int points = 48) const;

  /// "Brush: raise, radius 120 m (left-drag paints)" or "Brush: off". O(1).
  std::string status() const;

 private:
  std::optional<BrushMode> mode_;
  double radius_m_;
  bool painting_ = false;
  std::optional<double> last_s_;
};

}  // namespace terranav::engine
