// The path still ahead of the unit, drawn as a ribbon on the ground (pure):
// a GL core profile line is 1 px wide, a ribbon keeps a width on screen from
// far away and a true width up close. Rebuilt each frame, as the unit walks
// and the camera moves.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "terranav/engine/view/camera.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::engine {

struct RibbonStyle {
  /// Narrowest across the path, up close. [Units: metres]
  double min_width_m = 0.5;
  /// Width on screen from further away. [Units: pixels]
  double width_px = 4.0;
  /// Height above the surface, on screen, so the ground cannot hide it
  /// between samples. [Units: pixels]
  double lift_px = 1.5;
};

/// The part of `path` not walked yet: `position` (the unit's), then
/// path[next..]. Empty when next >= path.size(). O(path).
std::vector<nav::Vec3> remaining_path(std::span<const nav::Vec3> path, std::size_t next,
                                      const nav::Vec3& position);

/// The path's x/z polyline with a point wherever it crosses an edge of the
/// surface's triangles (sample rows and columns, and the cells' (x, z) to
/// (x+1, z+1) diagonals), so the straight line between two consecutive
/// points lies on one triangle; zero-length segments dropped, y left 0.
/// O(points + crossings).
std::vector<nav::Vec3> surface_samples(std::span<const nav::Vec3> path,
                                       const nav::Heightmap& heightmap);

/// Triangle list (3 vertices per triangle, nav metres) of a ribbon along
/// surface_samples(path): at each sample a left, centre and right vertex at
/// surface_height + lift, max(min_width_m, width_px pixels) wide and lift_px
/// pixels up, pixels measured at that sample's depth (metres_per_pixel; the
/// lift divided by the vertical exaggeration). Empty for fewer than two
/// distinct points. O(samples).
std::vector<glm::vec3> path_ribbon(std::span<const nav::Vec3> path, const nav::Heightmap& heightmap,
                                   const RibbonStyle& style, const OrbitCamera& camera,
                                   Viewport viewport);

}  // namespace terranav::engine
