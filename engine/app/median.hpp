// The median of a sample, as the reports quote frame times (noisy machines).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace terranav::app {

/// The upper median of `values` (the middle element after sorting; for an
/// even count, the larger of the two middle ones). `values` must not be
/// empty. O(n) (nth_element).
template <typename T>
T median(std::vector<T> values) {
  const auto mid = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), mid, values.end());
  return *mid;
}

}  // namespace terranav::app
