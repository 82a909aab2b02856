// navcli batch's answer to one row, whoever computes it (terranav's A* or,
// under --compat r.walk, walking_time), and the threads that compute them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "terranav/nav/search.hpp"
#include "terranav/nav/surface_cost.hpp"

namespace terranav::navcli {

/// One row of the results CSV, before formatting.
struct Answer {
  nav::SearchStatus status = nav::SearchStatus::InvalidStart;
  /// The path's cost, the cost model's unit (found only).
  double cost = 0.0;
  /// Its length, ascent and descent (found only). [Units: metres]
  nav::SurfaceMeasure surface;
  /// Nodes expanded (A*) or samples settled (walking_time).
  std::uint32_t expanded = 0;
  double time_us = 0.0;
  /// One per --also-price model.
  std::vector<double> also;
};

/// Runs task(k, thread) for every k in [0, count) on `threads` threads
/// (thread in [0, threads), each k once; on this thread when there is one),
/// taking the next k as each finishes. An exception in a task stops that
/// thread and is rethrown here once all have stopped.
void parallel_for(int threads, std::size_t count,
                  const std::function<void(std::size_t k, int thread)>& task);

}  // namespace terranav::navcli
