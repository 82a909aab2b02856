// The terrain brush: raise, lower, flatten or block the terrain in a disc
// around a nav point, through World::edit (so the nav data update for the
// edited region only and walking units whose path crosses it replan). The
// window paints with it under the cursor; headless --brush applies it at a
// pixel. No GL: the caller passes the returned samples to
// Renderer::terrain_changed.
#pragma once

#include <optional>
#include <string_view>

#include "terranav/engine/scene/world.hpp"
#include "terranav/nav/limits.hpp"
#include "terranav/nav/nav_terrain.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::engine {

/// The brush's disc radius. Its cost grows with the square of it (the
/// samples of a 2R square), so it is capped well below a map's size.
inline constexpr nav::Limit kBrushRadiusLimit{"radius_m", "--brush", 0.1,
                                              1e4,        "m",       "terrain brush radius"};
/// Raise and lower: the height change at the centre per application.
inline constexpr nav::Limit kBrushStrengthLimit{
    "strength_m", "--brush", 0.0, 1e4, "m", "terrain brush height change per application"};

/// Headless --brush's raise and lower strength unless given: a hill a fifth
/// as high as its radius (steepest slope 0.2 pi / 2 = 0.31).
inline constexpr double kBrushStrengthPerRadius = 0.2;

enum class BrushMode {
  /// h + a w(r), w(r) = (1 + cos(pi r / R)) / 2 (nav::StampKind::Raise).
  Raise,
  /// h - a w(r) (nav::StampKind::Lower).
  Lower,
  /// Towards the surface height at the centre: fully for r <= R/2,
  /// blended with a cosine out to R (nav::StampKind::Flatten).
  Flatten,
  /// The tiles whose centre lies within R of the point become blocked.
  Block,
};

/// "raise", "lower", "flatten", "block".
std::string_view to_string(BrushMode mode) noexcept;
/// Inverse of to_string; throws nav::Error naming the text and the valid
/// names.
BrushMode parse_brush_mode(std::string_view text);

struct Brush {
  BrushMode mode = BrushMode::Raise;
  /// [Limits: kBrushRadiusLimit] [Units: metres]
  double radius_m = 50.0;
  /// Raise, lower: a in the kernel above, per application. Unused by
  /// flatten and block. [Limits: kBrushStrengthLimit] [Units: metres]
  double strength_m = 5.0;
};

/// What one application changed.
struct BrushResult {
  /// The world's edit: dirty tiles (empty when nothing changed) and the
  /// terrain revision after it.
  nav::EditResult edit{};
  /// The heightmap samples written (pass to Renderer::terrain_changed);
  /// empty for Block, which changes no height.
  nav::SampleRect samples{};
};

/// Applies `brush` at nav point (x_m, z_m) (its height is ignored; flatten
/// reads the surface height there) through world.edit. Raise, lower and
/// flatten write the samples within radius_m (nav::NavTerrain::stamp, the
/// square clipped to the map); block sets the blocked flag of the tiles
/// whose centre is within radius_m (nav::NavTerrain::set_blocked with the
/// other tiles' flags kept), none when no centre is that near. Throws
/// nav::Error naming the field, with nothing changed, for a radius or
/// strength outside its limit, a non-finite point, or a point off the
/// sampled area [0, extent_x] x [0, extent_z] (a brush is applied where the
/// cursor picks the terrain, so a point off it is the caller's bug).
/// O(samples or tiles in the 2R square + the edit's update).
BrushResult apply_brush(World& world, const Brush& brush, double x_m, double z_m);

}  // namespace terranav::engine
