#include "terranav/nav/cpus.hpp"

#include <algorithm>
#include <thread>

#ifdef __linux__
#include <sched.h>
#endif

namespace terranav::nav {

unsigned usable_cpus() noexcept {
#ifdef __linux__
  cpu_set_t mask;
  CPU_ZERO(&mask);
  if (sched_getaffinity(0, sizeof mask, &mask) == 0) {
    return static_cast<unsigned>(std::max(1, CPU_COUNT(&mask)));
  }
#endif
  return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace terranav::nav
