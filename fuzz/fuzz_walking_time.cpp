// fuzz_walking_time: nav::walking_time (r.walk's surface) against the
// independent fixed-point solver of the tests (tests/support/
// rwalk_reference.hpp: Bellman-Ford sweeps over plain indices, written from
// docs/rwalk.md alone). The input (FuzzedDataProvider) decodes into a grid
// of up to 24 x 24 samples, or a tall one of 6 x 360 to 400 so that two
// threads each own stripes of it, with nodata, flat runs, relief from
// millimetres to thousands of kilometres (the radix heap instead of the
// buckets), spacings, friction, coefficients, lambda, 8 or 16 neighbours,
// 1 to 4 threads, up to 3 starts and up to 3 goals, the steps priced four
// at a time (AVX2) or one by one (TERRANAV_SCALAR_STEPS).
//
// Expected: nav::Error for options or grids walking_time refuses. Else every
// time must have the reference's bits (unreached alike); with goals, each
// goal's time is the reference's and no other time is below it; each
// reached sample's direction but the starts' names a step from a neighbour
// that gives exactly the sample's time. Anything else is a finding.
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <vector>

#include "fuzz_support.hpp"
#include "rwalk_reference.hpp"
#include "terranav/nav/types.hpp"
#include "terranav/nav/walking_time.hpp"

namespace {

namespace nav = terranav::nav;
namespace test = terranav::test;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A height or friction value: nodata, one of a few exact levels (flat runs
// and equal times), or a fraction of `scale`.
double value(FuzzedDataProvider& in, double scale) {
  switch (in.ConsumeIntegralInRange<int>(0, 7)) {
    case 0:
      return kNaN;
    case 1:
      return 0.0;
    case 2:
      return scale;
    default:
      return scale * in.ConsumeProbability<double>();
  }
}

// The direction at sample k names a neighbour whose step gives time[k].
void check_direction(const nav::WalkingTimeGrid& g, const nav::WalkingTimeOptions& o,
                     const nav::WalkingTimeSurface& s, std::size_t k) {
  const float deg = s.direction_deg[k];
  if (std::isnan(s.time_s[k]) || s.time_s[k] == 0.0) return;  // unreached, or a start
  const std::optional<nav::GridSample> back = nav::walking_time_back_step(deg);
  FUZZ_CHECK(back.has_value());
  const int c = static_cast<int>(k % static_cast<std::size_t>(g.width)) + back->column;
  const int r = static_cast<int>(k / static_cast<std::size_t>(g.width)) + back->row;
  FUZZ_CHECK(c >= 0 && c < g.width && r >= 0 && r < g.depth);
  const double from = s.time_s[static_cast<std::size_t>(r) * g.width + c];
  FUZZ_CHECK(test::rwalk_step(g, o, c, r, {-back->row, -back->column}, from) == s.time_s[k]);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  const bool tall = in.ConsumeBool();
  // Tall: at least 8 stripes of 512 padded samples, so 2 threads search.
  const int width = tall ? 6 : in.ConsumeIntegralInRange<int>(1, 24);
  const int depth = in.ConsumeIntegralInRange<int>(tall ? 360 : 1, tall ? 400 : 24);
  // Relief from 1 mm to 4000 km: the largest needs more buckets than the
  // queue allows, so the radix heap runs.
  const double relief = std::pow(10.0, in.ConsumeIntegralInRange<int>(-3, 6) + 0.6);
  const double spacing_scale = std::pow(10.0, in.ConsumeIntegralInRange<int>(-3, 3));
  const bool with_friction = in.ConsumeBool();
  nav::WalkingTimeOptions o;
  o.knight_moves = in.ConsumeBool();
  o.directions = true;
  o.threads = in.ConsumeIntegralInRange<int>(1, 4);
  o.lambda = in.ConsumeFloatingPointInRange<double>(0.0, 4.0);
  if (in.ConsumeBool()) {
    o.walk = {.a = in.ConsumeFloatingPointInRange<double>(0.0, 2.0),
              .b = in.ConsumeFloatingPointInRange<double>(0.0, 10.0),
              .c = in.ConsumeFloatingPointInRange<double>(-4.0, 4.0),
              .d = in.ConsumeFloatingPointInRange<double>(-4.0, 4.0),
              .slope_factor = in.ConsumeFloatingPointInRange<double>(-1.0, 0.0)};
  }
  for (int k = in.ConsumeIntegralInRange<int>(1, 3); k > 0; --k) {
    o.starts.push_back({in.ConsumeIntegralInRange<int>(0, width - 1),
                        in.ConsumeIntegralInRange<int>(0, depth - 1)});
  }
  for (int k = in.ConsumeIntegralInRange<int>(0, 3); k > 0; --k) {
    o.goals.push_back({in.ConsumeIntegralInRange<int>(0, width - 1),
                       in.ConsumeIntegralInRange<int>(0, depth - 1)});
  }
  const double ew = spacing_scale * in.ConsumeFloatingPointInRange<double>(0.5, 100.0);
  const double ns = spacing_scale * in.ConsumeFloatingPointInRange<double>(0.5, 100.0);
  const std::size_t n = static_cast<std::size_t>(width) * static_cast<std::size_t>(depth);
  std::vector<double> z(n);
  std::vector<double> f(with_friction ? n : 0);
  for (double& v : z) v = value(in, relief);
  for (double& v : f) v = value(in, 3.0);
  if (in.ConsumeBool()) {
    setenv("TERRANAV_SCALAR_STEPS", "1", 1);
  } else {
    unsetenv("TERRANAV_SCALAR_STEPS");
  }
  const nav::WalkingTimeGrid g{.width = width,
                               .depth = depth,
                               .elevation_m = z,
                               .friction_s_per_m = f,
                               .ew_res_m = ew,
                               .ns_res_m = ns};
  nav::WalkingTimeSurface s;
  try {
    s = nav::walking_time(g, o);
  } catch (const nav::Error&) {
    return 0;  // coefficients or lambda outside their limits
  }
  FUZZ_CHECK(s.time_s.size() == n && s.direction_deg.size() == n);
  const std::vector<double> expected = test::rwalk_reference(g, o);
  // Sample k's time is final: the reference's bits, or unreached alike.
  const auto check_final = [&](std::size_t k) {
    FUZZ_CHECK(std::isnan(s.time_s[k]) == std::isnan(expected[k]));
    FUZZ_CHECK(std::isnan(s.time_s[k]) || s.time_s[k] == expected[k]);
  };
  for (const nav::GridSample goal : o.goals) {
    check_final(static_cast<std::size_t>(goal.row) * width + goal.column);
  }
  for (std::size_t k = 0; k < n; ++k) {
    if (o.goals.empty()) {
      check_final(k);
    } else {
      // Stopped early: times not yet final are upper bounds, or unreached.
      FUZZ_CHECK(std::isnan(s.time_s[k]) || s.time_s[k] >= expected[k]);
    }
    check_direction(g, o, s, k);
  }
  return 0;
}
