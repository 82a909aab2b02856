// Wall-clock timing of builds and queries (steady clock).
#pragma once

#include <chrono>

namespace terranav::navcli {

using Clock = std::chrono::steady_clock;

/// Microseconds from `from` to `to`.
inline double elapsed_us(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double, std::micro>(to - from).count();
}

}  // namespace terranav::navcli
