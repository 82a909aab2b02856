// How many CPUs this process may run on, for the "every core" defaults of
// walking_time, navcli batch and the Python module.
#pragma once

namespace terranav::nav {

/// The CPUs this process may run on: on Linux its affinity mask (taskset,
/// a container's cpuset), which std::thread::hardware_concurrency() does
/// not read; elsewhere, or where that fails, hardware_concurrency(). At
/// least 1. More threads than this that spin waiting for each other stall:
/// a walking_time search on two threads pinned to one CPU took 5-7 s
/// instead of 40 ms. O(1): one system call.
unsigned usable_cpus() noexcept;

}  // namespace terranav::nav
