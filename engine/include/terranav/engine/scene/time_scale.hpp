// How fast simulated time runs: simulated seconds per real second in the
// window, per second of 60 Hz frames headless. The unit walks at real
// speeds (metres per second), so crossing a map of tens of kilometres wants
// a larger scale.
#pragma once

#include "terranav/engine/platform/event.hpp"
#include "terranav/nav/limits.hpp"

namespace terranav::engine {

/// In the form of nav's limits table, so --time-scale is refused naming
/// itself and --help prints the range.
inline constexpr nav::Limit kTimeScaleLimit{
    "time_scale", "--time-scale", 0.01, 1e4, "", "simulated seconds per real second"};

/// The time scale after `key`: '[' halves it, ']' doubles it, within
/// kTimeScaleLimit; any other key leaves it. O(1).
double next_time_scale(double time_scale, Key key) noexcept;

}  // namespace terranav::engine
