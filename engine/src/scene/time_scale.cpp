#include "terranav/engine/scene/time_scale.hpp"

#include <algorithm>

namespace terranav::engine {

double next_time_scale(double time_scale, Key key) noexcept {
  double next = time_scale;
  if (key == Key::LeftBracket) next /= 2.0;
  if (key == Key::RightBracket) next *= 2.0;
  return std::clamp(next, kTimeScaleLimit.min, kTimeScaleLimit.max);
}

}  // namespace terranav::engine
