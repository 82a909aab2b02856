#include "terranav/engine/scene/fixed_step.hpp"

#include <algorithm>
#include <cmath>

namespace terranav::engine {

int FixedStepLoop::frame(World& world, double real_dt_s, double time_scale, double budget_us) {
  world.serve_requests(budget_us);
  if (real_dt_s > 0.0 && std::isfinite(real_dt_s)) accumulated_s_ += real_dt_s * time_scale;
  // 1e-9: a frame of exactly n steps is not one short by rounding.
  const double whole = std::floor(accumulated_s_ / kFixedStep + 1e-9);
  const int steps = static_cast<int>(std::min<double>(whole, max_steps_));
  for (int k = 0; k < steps; ++k) world.step(kFixedStep);
  accumulated_s_ = steps < whole ? 0.0 : std::max(0.0, accumulated_s_ - steps * kFixedStep);
  return steps;
}

}  // namespace terranav::engine
