#include "summary_stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace terranav::navcli {

double mean(std::span<const double> values) {
  if (values.empty()) return 0.0;
  return std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

double percentile(std::vector<double> values, double q) {
  if (values.empty()) return 0.0;
  // Nearest rank: the smallest value with at least q * n values <= it.
  const double rank = std::ceil(q * static_cast<double>(values.size()));
  const auto k = static_cast<std::size_t>(std::max(rank, 1.0)) - 1;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
  return values[k];
}

}  // namespace terranav::navcli
