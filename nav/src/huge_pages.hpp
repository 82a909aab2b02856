// Private: large arrays on transparent huge pages. On a VM, faulting in
// fresh 4 KiB pages dominated the r.walk command: filling a new 8 MiB
// vector took 29 ms of CPU, 8 ms after madvise(MADV_HUGEPAGE) (Linux only;
// elsewhere, or where the kernel declines, the pages stay small).
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace terranav::nav::detail {

/// Asks the kernel to back the 2 MiB-aligned part of [data, data + bytes)
/// with huge pages when it is first touched. Advice only: the memory and
/// its contents are unchanged, and nothing is reported. O(1).
void advise_huge_pages(void* data, std::size_t bytes) noexcept;

/// `values` becomes `n` copies of `value` in fresh memory advised as above
/// before it is written. O(n).
template <typename T>
void assign_on_huge_pages(std::vector<T>& values, std::size_t n, const T& value) {
  std::vector<T> fresh;
  fresh.reserve(n);
  advise_huge_pages(fresh.data(), n * sizeof(T));
  fresh.assign(n, value);
  values = std::move(fresh);
}

}  // namespace terranav::nav::detail
