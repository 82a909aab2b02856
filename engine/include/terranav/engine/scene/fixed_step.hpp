// The one game loop of the window and the headless mode: per frame, path
// searches within a time budget, then whole fixed steps of simulated time
// (Fiedler, "Fix Your Timestep!", 2004), so the motion does not depend on
// the frame rate.
#pragma once

#include "terranav/engine/scene/world.hpp"

namespace terranav::engine {

/// Simulated seconds per fixed step.
inline constexpr double kFixedStep = 1.0 / 60.0;
/// Path search time per frame. [Units: microseconds]
inline constexpr double kPathBudgetUs = 4000.0;

class FixedStepLoop {
 public:
  /// [Limits: max_steps >= 1] At most this many steps per frame; simulated
  /// time beyond them is dropped (the game slows rather than stalls).
  explicit FixedStepLoop(int max_steps = 1024) : max_steps_(max_steps) {}

  /// One frame that took `real_dt_s` seconds of real time at `time_scale`
  /// simulated seconds per real second: serves path requests for
  /// `budget_us`, then runs every whole kFixedStep of the simulated time
  /// accumulated (the remainder is kept for the next frame). Returns the
  /// steps run. O(steps * World::step).
  int frame(World& world, double real_dt_s, double time_scale, double budget_us = kPathBudgetUs);

 private:
  int max_steps_;
  double accumulated_s_ = 0.0;
};

}  // namespace terranav::engine
