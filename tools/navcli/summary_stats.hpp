// Order statistics and means of per-query measurements (bench, sweep).
#pragma once

#include <span>
#include <vector>

namespace terranav::navcli {

/// Arithmetic mean; 0 for no values. O(n).
double mean(std::span<const double> values);
/// Nearest-rank percentile, q in [0, 1] (q = 0.5: the median, taking the
/// lower middle value of an even count); 0 for no values. Sorts a copy: O(n log n).
double percentile(std::vector<double> values, double q);

}  // namespace terranav::navcli
