// The path drawn as a ribbon a few metres above the ground (pure): a GL core
// profile line is 1 px wide, a ribbon stays visible from far away.
#pragma once

#include <span>
#include <vector>

#include <glm/glm.hpp>

#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::engine {

struct RibbonStyle {
  double width_m = 10.0;  ///< across the path, metres
  double lift_m = 1.0;    ///< above the surface, nav metres
  double step_m = 1.0;    ///< longest distance between samples along the path, metres (> 0)
};

/// A ribbon style that reads well for this heightmap at the default view:
/// about 0.6% of the map's extent wide (>= 2 samples), lifted a quarter spacing,
/// sampled every half spacing.
RibbonStyle default_ribbon_style(const nav::Heightmap& heightmap);

/// The path's x/z polyline resampled so consecutive points are at most
/// step_m apart (every input point kept, zero-length segments dropped);
/// y is left 0. O(length / step).
std::vector<nav::Vec3> resample_path(std::span<const nav::Vec3> path, double step_m);

/// Triangle list (3 vertices per triangle, nav metres) of a ribbon along the
/// resampled path: at each sample a left, centre and right vertex, each at
/// surface_height + lift, so the ribbon follows bumps across and along the
/// path. Empty for fewer than two distinct points.
std::vector<glm::vec3> path_ribbon(std::span<const nav::Vec3> path, const nav::Heightmap& heightmap,
                                   const RibbonStyle& style);

}  // namespace terranav::engine
