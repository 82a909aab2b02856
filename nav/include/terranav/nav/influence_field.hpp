// Influence fields: points that attract (cheaper nearby) or repel (dearer
// nearby), like seed 001's erupting volcano and tombstone.
#pragma once

#include <span>
#include <vector>

#include "terranav/nav/types.hpp"

namespace terranav::nav {

class TerrainGraph;

/// Multiplier inside the radius: 1 + strength * (1 - r / radius_m), r = the
/// horizontal distance from the tile centre; 1 outside. strength < 0
/// attracts, > 0 repels. [Limits: kInfluencePositionLimit,
/// kInfluenceRadiusLimit, kInfluenceStrengthLimit (-0.999..1e3, so the
/// multiplier stays > 0)] [Units: metres; none]
struct InfluencePoint {
  double x_m = 0.0;
  double z_m = 0.0;
  double radius_m = 1.0;
  double strength = 0.0;
};

/// Multiplies `multipliers` (TW * TD, or empty = start from all 1, which it
/// then fills) by every point's field at each tile centre (TerrainGraph::
/// tile_centre), so overlapping points multiply, in the points' order, each
/// product rounded to float. Throws Error, before changing anything, for a
/// point outside its limits, a tile whose product leaves
/// kTileMultiplierLimit (naming the point's index and the tile) or a
/// wrong-size vector. O(tiles + tiles covered by the radii).
void apply_influence(const TerrainGraph& graph, std::span<const InfluencePoint> points,
                     std::vector<float>& multipliers);

/// What apply_influence makes of one tile whose multiplier is `base`: the
/// same products in the same order, so a tile recomputed alone after an
/// edit equals a full apply bit for bit. The points must be valid (as
/// apply_influence checks). O(points).
float influenced(const TerrainGraph& graph, std::span<const InfluencePoint> points, TileId tile,
                 float base) noexcept;

}  // namespace terranav::nav
