// The unit's marker mesh (pure): an upside-down cone standing on its tip
// with an arrowhead on top pointing along the heading.
#pragma once

#include <vector>

#include <glm/glm.hpp>

#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::engine {

struct SolidVertex {
  glm::vec3 position;
  glm::vec3 normal;  ///< unit length, flat per triangle
};

/// Triangle list of a marker of unit size: tip at the origin, 1.5 tall
/// (+y), arrowhead pointing +x. O(1).
std::vector<SolidVertex> unit_mesh();

/// Marker size in metres that is visible at the default view: 2.5% of the
/// map's larger extent, at least 3 samples.
double default_unit_size(const nav::Heightmap& heightmap);

/// Display-frame model matrix placing the marker at nav position `position`
/// (shown with `vertical_exaggeration`), turned so +x points along the
/// horizontal `heading`, scaled by size_m (not exaggerated).
glm::dmat4 unit_model(const nav::Vec3& position, const nav::Vec3& heading, double size_m,
                      double vertical_exaggeration);

}  // namespace terranav::engine
