// usable_cpus against the affinity mask the kernel reports, and a search on
// more threads than the process has CPUs (it used to spin for seconds).
#include "terranav/nav/cpus.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <thread>
#include <vector>

#ifdef __linux__
#include <sched.h>
#endif

#include "terranav/nav/walking_time.hpp"

namespace terranav::nav {
namespace {

#ifdef __linux__
// The calling thread pinned to its first allowed CPU while in scope.
class PinnedToOneCpu {
 public:
  PinnedToOneCpu() {
    CPU_ZERO(&before_);
    if (sched_getaffinity(0, sizeof before_, &before_) != 0) return;
    int first = 0;
    while (!CPU_ISSET(first, &before_)) ++first;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(first, &one);
    pinned_ = sched_setaffinity(0, sizeof one, &one) == 0;
  }
  ~PinnedToOneCpu() {
    if (pinned_) sched_setaffinity(0, sizeof before_, &before_);
  }
  PinnedToOneCpu(const PinnedToOneCpu&) = delete;
  PinnedToOneCpu& operator=(const PinnedToOneCpu&) = delete;
  bool pinned() const { return pinned_; }
  int cpus_before() const { return CPU_COUNT(&before_); }

 private:
  cpu_set_t before_;
  bool pinned_ = false;
};

TEST(UsableCpus, FollowsTheAffinityMask) {
  cpu_set_t mask;
  CPU_ZERO(&mask);
  ASSERT_EQ(sched_getaffinity(0, sizeof mask, &mask), 0);
  EXPECT_EQ(usable_cpus(), static_cast<unsigned>(CPU_COUNT(&mask)));
  const PinnedToOneCpu pin;
  ASSERT_TRUE(pin.pinned());
  EXPECT_EQ(usable_cpus(), 1u);
  // What std::thread::hardware_concurrency() misses: it still counts the
  // machine's CPUs.
  if (pin.cpus_before() > 1) {
    EXPECT_GT(std::thread::hardware_concurrency(), 1u);
  }
}

TEST(UsableCpus, TwoSearchThreadsPinnedToOneCpuGiveTheOneThreadTimes) {
  const int w = 400;
  const int d = 300;
  std::vector<double> z(static_cast<std::size_t>(w) * d);
  for (std::size_t k = 0; k < z.size(); ++k) z[k] = static_cast<double>((k * 7919) % 97);
  WalkingTimeOptions o;
  o.starts = {{w / 2, d / 2}};
  const WalkingTimeGrid g{.width = w,
                          .depth = d,
                          .elevation_m = z,
                          .friction_s_per_m = {},
                          .ew_res_m = 30.0,
                          .ns_res_m = 30.0};
  const WalkingTimeSurface one = walking_time(g, o);
  const PinnedToOneCpu pin;
  ASSERT_TRUE(pin.pinned());
  // The helper thread inherits the pinned mask, so both share one CPU: the
  // waiting one must give it up rather than spin out its time slice at
  // every one of the search's rounds.
  o.threads = 2;
  const WalkingTimeSurface two = walking_time(g, o);
  ASSERT_EQ(two.time_s.size(), one.time_s.size());
  for (std::size_t k = 0; k < one.time_s.size(); ++k) {
    ASSERT_EQ(two.time_s[k], one.time_s[k]) << "sample " << k;  // same bits
  }
}
#endif

TEST(UsableCpus, IsAtLeastOne) {
  EXPECT_GE(usable_cpus(), 1u);
}

}  // namespace
}  // namespace terranav::nav
