// The terrain's triangle mesh, built on the CPU (pure): one vertex per
// heightmap sample, indexed with exactly nav::Heightmap's triangulation.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

#include <glm/glm.hpp>

#include "terranav/nav/heightmap.hpp"

namespace terranav::engine {

/// The surface's slope at sample (x, z): (dh/dx, dh/dz), rise over run, from
/// central differences (one-sided at the border). O(1).
glm::vec2 sample_gradient(const nav::Heightmap& heightmap, int x, int z);

/// One vertex per sample of rows [z0, z1) (clamped to the map; all rows
/// unless given), row-major (index (z - z0) * W + x), in nav metres:
/// (x * s, h, z * s). O(W * rows).
std::vector<glm::vec3> terrain_vertices(const nav::Heightmap& heightmap, int z0 = 0,
                                        int z1 = std::numeric_limits<int>::max());

/// Triangle list, 6 indices per cell, cells row-major: triangle A
/// (x,z), (x+1,z), (x+1,z+1) then B (x,z), (x+1,z+1), (x,z+1) — the split of
/// nav::Heightmap, so the drawn surface is the picked one. O(W * D).
std::vector<std::uint32_t> terrain_indices(int width, int depth);

}  // namespace terranav::engine
