// Separation between units: the pushes that take overlapping units apart,
// found with a uniform grid of cells one diameter wide (Reynolds' separation,
// "Steering Behaviors For Autonomous Characters", 1999, as a position
// correction). GL-free.
#pragma once

#include <span>
#include <vector>

#include "terranav/nav/types.hpp"

namespace terranav::engine {

/// For discs of radius `radius_m` at `positions` (nav metres, x/z), the
/// displacement (x, z; y = 0) of each that removes half of every overlap it
/// has with another disc, each pair's push along the line between centres
/// (coincident centres: apart along x, by index), the sum capped at
/// `max_step_m`. Zero for a disc that overlaps none. O(n) expected for
/// spread discs (grid of cells 2 radius wide), O(n^2) when all coincide.
/// [Units: metres] [Limits: radius_m > 0, max_step_m >= 0]
std::vector<nav::Vec3> separation_pushes(std::span<const nav::Vec3> positions, double radius_m,
                                         double max_step_m);

}  // namespace terranav::engine
