// Where a group goes when it is ordered to one point: a block of slots around
// the point, facing the way the group moves, on ground the units can stand
// on, each unit given the free slot nearest its place in the group (so the
// block keeps roughly the group's shape and paths cross little). GL-free.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "terranav/nav/types.hpp"

namespace terranav::engine {

/// Goals for units at `positions` ordered to `target` (nav metres; y
/// ignored): positions.size() points on a square lattice of `spacing_m`
/// centred on target, its rows across the direction from the group's
/// centroid to the target, from the smallest square block around the target
/// with enough points that `usable` accepts (e.g. a walkable tile in the
/// target's connected set).
/// Every two goals are at least spacing_m apart. Unit k gets the free slot
/// nearest target + (positions[k] - centroid), units taken nearest the
/// centroid first (ties by index); none for the units left over when `usable` accepts fewer
/// lattice points than units within max_rings rings. One entry per unit.
/// O(n^2 + max_rings^2) for n units.
/// [Units: metres] [Limits: spacing_m > 0]
std::vector<std::optional<nav::Vec3>> formation_goals(
    std::span<const nav::Vec3> positions, const nav::Vec3& target, double spacing_m,
    const std::function<bool(const nav::Vec3&)>& usable, int max_rings = 64);

}  // namespace terranav::engine
