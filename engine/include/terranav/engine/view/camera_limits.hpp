// Keeps the orbit camera where a player can use it: over the map and above
// the ground. GL-free; the window applies it after every control.
#pragma once

#include "terranav/engine/view/camera.hpp"
#include "terranav/nav/heightmap.hpp"

namespace terranav::engine {

/// Moves `camera` the least that puts its target on the map (x in
/// [0, extent_x], z in [0, extent_z], nav metres) and on the surface there,
/// and its eye at least `clearance_m` nav metres above the surface under it
/// (where the eye is over the map): the pitch rises in steps of 0.01 rad up
/// to kMaxPitch, where the eye is (nearly) above the target. Yaw and
/// distance are kept. O(1) per step, at most ~150 steps.
void keep_over_terrain(OrbitCamera& camera, const nav::Heightmap& heightmap, double clearance_m);

}  // namespace terranav::engine
