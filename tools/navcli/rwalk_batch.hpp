// navcli batch --compat r.walk: the pairs of a chunk grouped by start, one
// walking_time surface per start (stopped once all that start's goals are
// settled), each pair's path traced back on it (rwalk_path.hpp).
#pragma once

#include <vector>

#include "batch_answer.hpp"
#include "pairs_csv.hpp"
#include "rwalk_input.hpp"
#include "terranav/nav/walking_time.hpp"

namespace terranav::navcli {

/// Answers `rows` (samples: i = column, j = row) into `answers` (resized to
/// match) under `walk`'s coefficients and topology (its starts, goals and
/// directions are set per start), one start at a time on each of `threads`
/// threads. A row's status is found, unreachable or invalid_start (a start
/// on nodata, rwalk_walkable), its cost the surface's time at the goal
/// (seconds), expanded the samples its start's run settled and time_us that
/// run's time plus the row's trace. Throws nav::Error for a
/// sample off the grid. Time: one walking_time run per distinct start;
/// memory: one surface per thread.
void answer_rwalk_rows(const RwalkRasters& rasters, const nav::WalkingTimeOptions& walk,
                       int threads, const std::vector<PairRow>& rows, std::vector<Answer>& answers);

}  // namespace terranav::navcli
