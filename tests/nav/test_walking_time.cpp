// walking_time (r.walk's rules, docs/rwalk.md): each rule on a grid of a few
// samples against times worked out by hand, then random grids with nodata
// and friction against an independent fixed-point solver (rwalk_reference).
// The parity with GRASS itself is in terrain_io_tests (test_rwalk_parity.cpp).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "rwalk_reference.hpp"
#include "terranav/nav/walking_time.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

using ::testing::HasSubstr;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// ew 3 m, ns 4 m: diagonal 5 m, knight's moves sqrt(73) m (2 rows) and
// sqrt(52) m (2 columns).
struct Case {
  int width;
  int depth;
  std::vector<double> z;
  std::vector<double> friction;
  WalkingTimeOptions options;

  WalkingTimeSurface run() const {
    return walking_time({.width = width,
                         .depth = depth,
                         .elevation_m = z,
                         .friction_s_per_m = friction,
                         .ew_res_m = 3.0,
                         .ns_res_m = 4.0},
                        options);
  }
};

WalkingTimeOptions from(std::vector<GridSample> starts) {
  WalkingTimeOptions o;
  o.starts = std::move(starts);
  return o;
}

TEST(WalkingTime, UphillCostsBPerMetreClimbed) {
  // East 3 m, 1 m up: 1 * 6.0 + 3 * 0.72.
  const Case c{2, 1, {0.0, 1.0}, {}, from({{0, 0}})};
  const auto t = c.run().time_s;
  EXPECT_EQ(t[0], 0.0);
  EXPECT_NEAR(t[1], 8.16, 1e-12);
}

TEST(WalkingTime, ModerateDownhillUsesCSteepDownhillUsesD) {
  // Slope -0.2 (>= -0.2125): -0.6 * 1.9998 + 2.16.
  EXPECT_NEAR(Case({2, 1, {0.0, -0.6}, {}, from({{0, 0}})}).run().time_s[1], 0.96012, 1e-12);
  // Slope -0.3: -0.9 * -1.9998 + 2.16.
  EXPECT_NEAR(Case({2, 1, {0.0, -0.9}, {}, from({{0, 0}})}).run().time_s[1], 3.95982, 1e-12);
  // Accumulated away from the start: walking the other way climbs 0.9 m.
  EXPECT_NEAR(Case({2, 1, {0.0, -0.9}, {}, from({{1, 0}})}).run().time_s[0], 7.56, 1e-12);
}

TEST(WalkingTime, SlopeFactorIsADiscontinuity) {
  // South 4 m with slope_factor -0.25: slope exactly -0.25 is moderate,
  // just below it steep; the time jumps by about 4 s.
  WalkingTimeOptions o = from({{0, 0}});
  o.walk.slope_factor = -0.25;
  const double at = Case({1, 2, {0.0, -1.0}, {}, o}).run().time_s[1];
  const double below = Case({1, 2, {0.0, -1.000001}, {}, o}).run().time_s[1];
  EXPECT_NEAR(at, -1.0 * 1.9998 + 4 * 0.72, 1e-12);
  EXPECT_NEAR(below, 1.000001 * 1.9998 + 4 * 0.72, 1e-12);
}

TEST(WalkingTime, SlopesWithinAnUlpOfSlopeFactorFollowRWalksDivision) {
  // r.walk compares dh / D with slope_factor; dh * (1 / D) can round to the
  // other side. East 3 m, 1.05 m down, slope_factor -0.35: -1.05 / 3 is
  // just below -0.35 (steep, d) where -1.05 * (1 / 3) is -0.35 (moderate).
  WalkingTimeOptions o = from({{0, 0}});
  o.walk.slope_factor = -0.35;
  EXPECT_EQ(Case({2, 1, {0.0, -1.05}, {}, o}).run().time_s[1],
            (0.0 + -1.05 * -1.9998) + 3.0 * 0.72);
  // The diagonal, 5 m, 1.0625 m down, default slope_factor -0.2125:
  // -1.0625 / 5 is -0.2125 (moderate, c), -1.0625 * (1 / 5) just below.
  EXPECT_EQ(Case({2, 2, {0.0, kNaN, kNaN, -1.0625}, {}, from({{0, 0}})}).run().time_s[3],
            (0.0 + -1.0625 * 1.9998) + 5.0 * 0.72);
}

TEST(WalkingTime, FrictionIsTheMeanOfBothSamplesTimesLambda) {
  // Flat, friction 0.5 and 1.5 s/m, lambda 2: 2.16 + 2 * 1.0 * 3.
  WalkingTimeOptions o = from({{0, 0}});
  o.lambda = 2.0;
  EXPECT_NEAR(Case({2, 1, {5.0, 5.0}, {0.5, 1.5}, o}).run().time_s[1], 8.16, 1e-12);
}

TEST(WalkingTime, DiagonalsPassNodataCorners) {
  // Both samples beside the diagonal are nodata: no corner rule, 5 m.
  const auto t = Case({2, 2, {0.0, kNaN, kNaN, 0.0}, {}, from({{0, 0}})}).run().time_s;
  EXPECT_NEAR(t[3], 3.6, 1e-12);
  EXPECT_TRUE(std::isnan(t[1]) && std::isnan(t[2]));
}

TEST(WalkingTime, KnightsMovesJumpNodataElevationButNotNodataFriction) {
  // 2 x 3, the middle row nodata in elevation: only the knight's move
  // (0,0) -> (1,2) crosses it, sqrt(73) m.
  WalkingTimeOptions o = from({{0, 0}});
  o.knight_moves = true;
  const std::vector<double> wall = {0, 0, kNaN, kNaN, 0, 0};
  auto t = Case({2, 3, wall, {}, o}).run().time_s;
  EXPECT_NEAR(t[5], 0.72 * std::sqrt(73.0), 1e-12);
  EXPECT_NEAR(t[4], 0.72 * std::sqrt(73.0) + 2.16, 1e-12);  // then west
  o.knight_moves = false;
  t = Case({2, 3, wall, {}, o}).run().time_s;
  EXPECT_TRUE(std::isnan(t[5]));
  // Nodata friction in p1 (south of the start) or p2 (south-east) blocks the
  // knight's move; the way round is 4 + 5 m or 5 + 4 m.
  o.knight_moves = true;
  const std::vector<double> flat(6, 0.0);
  for (const std::size_t passed : {2u, 3u}) {
    std::vector<double> f(6, 0.0);
    f[passed] = kNaN;
    t = Case({2, 3, flat, f, o}).run().time_s;
    EXPECT_NEAR(t[5], 0.72 * 9, 1e-12) << "nodata friction at " << passed;
    EXPECT_TRUE(std::isnan(t[passed]));
  }
}

TEST(WalkingTime, StartOnNodataKeepsZeroAndGoesNowhere) {
  const auto t = Case({2, 1, {kNaN, 0.0}, {}, from({{0, 0}})}).run().time_s;
  EXPECT_EQ(t[0], 0.0);
  EXPECT_TRUE(std::isnan(t[1]));
}

TEST(WalkingTime, DirectionsPointBackToThePredecessor) {
  // 3 x 1 flat from the middle: west sample points east (360), east one west.
  WalkingTimeOptions o = from({{1, 0}});
  o.directions = true;
  const auto s = Case({3, 1, {0, 0, 0}, {}, o}).run();
  EXPECT_EQ(s.direction_deg[0], 360.0f);
  EXPECT_EQ(s.direction_deg[2], 180.0f);
  EXPECT_TRUE(std::isnan(s.direction_deg[1]));
}

// Both ways of pricing the steps: four at a time (with AVX2) and one by one
// (other processors, or TERRANAV_SCALAR_STEPS set).
class StepPricing : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    if (GetParam()) setenv("TERRANAV_SCALAR_STEPS", "1", 1);
  }
  void TearDown() override { unsetenv("TERRANAV_SCALAR_STEPS"); }
};
std::string pricing_name(const ::testing::TestParamInfo<bool>& p) {
  return p.param ? "OneByOne" : "FourAtATime";
}
class WalkingTimeSteps : public StepPricing {};
class WalkingTimeThreads : public StepPricing {};
INSTANTIATE_TEST_SUITE_P(, WalkingTimeSteps, ::testing::Bool(), pricing_name);
INSTANTIATE_TEST_SUITE_P(, WalkingTimeThreads, ::testing::Bool(), pricing_name);

TEST_P(WalkingTimeSteps, MatchesAFixedPointSolverOnRandomGrids) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> height(0.0, 40.0);
  std::uniform_real_distribution<double> fric(0.0, 2.0);
  std::uniform_int_distribution<int> pick(0, 9);
  for (int round = 0; round < 24; ++round) {
    const int w = 5 + round % 7;
    const int d = 4 + round % 5;
    std::vector<double> z(static_cast<std::size_t>(w) * d);
    std::vector<double> f(round % 2 == 0 ? z.size() : 0);
    // Every 4th round: heights up to 4e6 m on samples nm apart, too many
    // buckets for the bucket queue, so the radix heap runs.
    const double scale = round % 4 == 3 ? 1e5 : 1.0;
    for (double& v : z) v = pick(rng) == 0 ? kNaN : scale * height(rng);
    for (double& v : f) v = pick(rng) == 0 ? kNaN : fric(rng);
    WalkingTimeOptions o;
    o.knight_moves = round % 3 != 0;
    o.lambda = 0.5 + round % 4;
    o.starts = {{round % w, round % d}, {w - 1, d - 1}};
    const WalkingTimeGrid g{.width = w,
                            .depth = d,
                            .elevation_m = z,
                            .friction_s_per_m = f,
                            .ew_res_m = (30.0 + round) / scale / scale,
                            .ns_res_m = 20.0 / scale / scale};
    const std::vector<double> expected = test::rwalk_reference(g, o);
    const WalkingTimeSurface surface = walking_time(g, o);
    const std::vector<double>& got = surface.time_s;
    std::size_t reached = 0;
    double latest = 0.0;
    for (std::size_t k = 0; k < got.size(); ++k) {
      ASSERT_EQ(std::isnan(got[k]), std::isnan(expected[k]))
          << "round " << round << " sample " << k;
      if (std::isnan(got[k])) continue;
      EXPECT_EQ(got[k], expected[k]) << "round " << round << " sample " << k;  // same bits
      ++reached;
      latest = std::max(latest, expected[k]);
    }
    EXPECT_GT(reached, 2u) << "round " << round;
    EXPECT_EQ(surface.settled, reached) << "round " << round;
    EXPECT_EQ(surface.max_time_s, latest) << "round " << round;
  }
}

// Wide wavefronts: every border sample a start, so that a bucket holds
// thousands of entries (several of the open set's 1 KiB chunks), against
// the fixed-point solver, on one thread and on two, with and without
// knight's moves and friction.
TEST_P(WalkingTimeSteps, MatchesAFixedPointSolverWithBucketsOfThousands) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> height(0.0, 3.0);
  std::uniform_real_distribution<double> fric(0.0, 0.5);
  const int w = 300;
  const int d = 60;
  std::vector<double> z(static_cast<std::size_t>(w) * d);
  std::vector<double> f(z.size());
  for (double& v : z) v = height(rng);
  for (double& v : f) v = fric(rng);
  WalkingTimeOptions o;
  for (int c = 0; c < w; ++c) o.starts.insert(o.starts.end(), {{c, 0}, {c, d - 1}});
  for (int r = 1; r + 1 < d; ++r) o.starts.insert(o.starts.end(), {{0, r}, {w - 1, r}});
  for (int round = 0; round < 4; ++round) {
    o.knight_moves = round % 2 == 1;
    const WalkingTimeGrid g{.width = w,
                            .depth = d,
                            .elevation_m = z,
                            .friction_s_per_m = round < 2 ? std::span<const double>() : f,
                            .ew_res_m = 10.0,
                            .ns_res_m = 10.0};
    const std::vector<double> expected = test::rwalk_reference(g, o);
    for (const int threads : {1, 2}) {
      o.threads = threads;
      const std::vector<double> got = walking_time(g, o).time_s;
      for (std::size_t k = 0; k < got.size(); ++k) {
        ASSERT_EQ(got[k], expected[k])  // same bits
            << "round " << round << ", " << threads << " threads, sample " << k;
      }
    }
  }
}

// The bucket rounds on several threads against the one-thread search (which
// the fixed-point solver above checks): a tall grid, so that each thread
// owns several stripes and many steps are handed between them. The times
// have the same bits; a direction may differ only where two predecessors
// give exactly the same time (it happens, rarely), and then it names one.
TEST_P(WalkingTimeThreads, SameTimesAndDirectionsOnAnyThreadCount) {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> height(0.0, 60.0);
  std::uniform_real_distribution<double> fric(0.0, 2.0);
  std::uniform_int_distribution<int> pick(0, 19);
  for (int round = 0; round < 4; ++round) {
    const int w = 120;
    const int d = 700;
    std::vector<double> z(static_cast<std::size_t>(w) * d);
    std::vector<double> f(round % 2 == 0 ? z.size() : 0);
    for (double& v : z) v = pick(rng) == 0 ? kNaN : height(rng);
    for (double& v : f) v = pick(rng) == 0 ? kNaN : fric(rng);
    WalkingTimeOptions o;
    o.knight_moves = round >= 2;
    o.directions = true;
    o.starts = {{w / 2, d / 3}, {5, d - 10}};
    const WalkingTimeGrid g{.width = w,
                            .depth = d,
                            .elevation_m = z,
                            .friction_s_per_m = f,
                            .ew_res_m = 30.0,
                            .ns_res_m = 25.0};
    o.threads = 1;
    const WalkingTimeSurface one = walking_time(g, o);
    for (const int threads : {2, 3, 4}) {
      o.threads = threads;
      const WalkingTimeSurface many = walking_time(g, o);
      int reached = 0;
      int ties = 0;
      for (std::size_t k = 0; k < one.time_s.size(); ++k) {
        ASSERT_EQ(std::isnan(many.time_s[k]), std::isnan(one.time_s[k]))
            << "round " << round << ", " << threads << " threads, sample " << k;
        if (std::isnan(one.time_s[k])) continue;
        ASSERT_EQ(many.time_s[k], one.time_s[k])  // same bits
            << "round " << round << ", " << threads << " threads, sample " << k;
        const float a = many.direction_deg[k];
        const float b = one.direction_deg[k];
        if (!(a == b || (std::isnan(a) && std::isnan(b)))) {  // NaN at the starts
          const std::optional<GridSample> back = walking_time_back_step(a);
          ASSERT_TRUE(back.has_value()) << a;
          const int c = static_cast<int>(k % w) + back->column;
          const int r = static_cast<int>(k / w) + back->row;
          EXPECT_EQ(test::rwalk_step(g, o, c, r, {-back->row, -back->column},
                                     one.time_s[static_cast<std::size_t>(r) * w + c]),
                    one.time_s[k])
              << a << " vs " << b << ", round " << round << ", " << threads << " threads, sample "
              << k;
          ++ties;
        }
        ++reached;
      }
      EXPECT_GT(reached, w * d / 2) << "round " << round;
      EXPECT_LT(ties, reached / 1000) << "round " << round;
      EXPECT_EQ(many.settled, one.settled) << "round " << round;
    }
  }
}

TEST(WalkingTime, GoalsStopEarlyWithTheirFinalTimesAndBackLinks) {
  // 9 x 1 flat from sample 0: sample k settles at k * 3 m * 0.72 s/m, in
  // order, so a goal at 2 stops after 3 samples, before the goal is left:
  // sample 3 is not reached.
  WalkingTimeOptions o = from({{0, 0}});
  o.directions = true;
  o.goals = {{2, 0}, {2, 0}};  // twice: one goal
  const Case line{9, 1, std::vector<double>(9, 0.0), {}, o};
  const WalkingTimeSurface s = line.run();
  EXPECT_EQ(s.settled, 3u);
  EXPECT_EQ(s.time_s[2], 2 * 3 * 0.72);
  EXPECT_EQ(s.direction_deg[2], 180.0f);  // back west, to sample 1
  EXPECT_TRUE(std::isnan(s.time_s[3]));
  o.goals.clear();
  EXPECT_EQ((Case{9, 1, line.z, {}, o}.run().settled), 9u);

  // Random grids: every goal's time and direction equal the whole surface's.
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> height(0.0, 40.0);
  for (int round = 0; round < 8; ++round) {
    Case c{12, 9, std::vector<double>(12 * 9), {}, from({{round, round % 9}})};
    for (double& v : c.z) v = height(rng);
    c.options.knight_moves = round % 2 == 1;
    c.options.directions = true;
    const WalkingTimeSurface whole = c.run();
    c.options.goals = {{round + 2, 4}, {round / 2, 3}};
    const WalkingTimeSurface part = c.run();
    EXPECT_LT(part.settled, whole.settled) << round;
    for (const GridSample g : c.options.goals) {
      const std::size_t k = static_cast<std::size_t>(g.row) * 12 + g.column;
      EXPECT_EQ(part.time_s[k], whole.time_s[k]) << round;
      EXPECT_EQ(part.direction_deg[k], whole.direction_deg[k]) << round;
    }
  }
}

TEST(WalkingTime, RefusesBadInput) {
  const std::vector<double> z = {0, 0};
  const auto error = [](const WalkingTimeGrid& grid, const WalkingTimeOptions& options) {
    return test::error_of([&] { walking_time(grid, options); });
  };
  const WalkingTimeGrid g{.width = 2, .depth = 1, .elevation_m = z, .friction_s_per_m = {}};
  const WalkingTimeOptions o = from({{0, 0}});
  EXPECT_THAT(error({.width = 3, .depth = 1, .elevation_m = z, .friction_s_per_m = {}}, o),
              HasSubstr("elevation has 2 samples, expected 3"));
  EXPECT_THAT(error({.width = 0, .depth = 1, .elevation_m = z, .friction_s_per_m = {}}, o),
              HasSubstr("grid size 0 x 1"));
  auto bad = g;
  bad.ns_res_m = 0.0;
  EXPECT_THAT(error(bad, o), HasSubstr("ns_res_m must be finite and > 0, got 0"));
  const std::vector<double> negative = {0.0, -1.0};
  bad = g;
  bad.friction_s_per_m = negative;
  EXPECT_THAT(error(bad, o), HasSubstr("friction at sample (1, 0) is -1 s/m"));
  // The first infinite sample is named, in a vector lane or after them.
  std::vector<double> nine(9, 1.0);
  nine[1] = kNaN;
  nine[7] = -kInf;
  const WalkingTimeGrid three{.width = 3, .depth = 3, .elevation_m = nine, .friction_s_per_m = {}};
  EXPECT_THAT(error(three, o), HasSubstr("elevation at sample (1, 2) is infinite"));
  nine[5] = kInf;
  EXPECT_THAT(error(three, o), HasSubstr("elevation at sample (2, 1) is infinite"));
  std::fill(nine.begin(), nine.end(), 1.0);  // in place: `three` views it
  nine[8] = kInf;
  EXPECT_THAT(error(three, o), HasSubstr("elevation at sample (2, 2) is infinite"));
  EXPECT_THAT(error(g, from({})), HasSubstr("no start sample"));
  EXPECT_THAT(error(g, from({{2, 0}})), HasSubstr("start sample (2, 0) is outside the 2 x 1 grid"));
  auto goal = o;
  goal.goals = {{0, 1}};
  EXPECT_THAT(error(g, goal), HasSubstr("goal sample (0, 1) is outside the 2 x 1 grid"));
  auto coeffs = o;
  coeffs.walk.c = 4.0;  // 0.72 - 4 * 0.2125 < 0: moderate downhill steps would be negative
  EXPECT_THAT(error(g, coeffs), HasSubstr("walking time: walk a + c * min(slope_factor, 0) = "
                                          "-0.13 must be > 0 when c > 0"));
  coeffs = o;
  coeffs.walk.d = 0.5;  // validate(WalkCoefficients)'s limits.hpp ranges
  EXPECT_THAT(error(g, coeffs), HasSubstr("walking time: walk d: must be in [-1e+06, 0] s/m"));
  coeffs = o;
  coeffs.walk.a = 1e7;
  EXPECT_THAT(error(g, coeffs), HasSubstr("walk a: must be in [1e-06, 1e+06] s/m, got 10000000"));
  coeffs = o;
  coeffs.lambda = -1.0;
  EXPECT_THAT(error(g, coeffs), HasSubstr("walking time: lambda must be finite and >= 0, got -1"));
  coeffs.lambda = std::numeric_limits<double>::infinity();
  EXPECT_THAT(error(g, coeffs), HasSubstr("lambda must be finite and >= 0, got inf"));
  auto threads = o;
  threads.threads = -1;
  EXPECT_THAT(error(g, threads),
              HasSubstr("walking time: threads must be 0 (every core) to 256, got -1"));
  threads.threads = 257;
  EXPECT_THAT(error(g, threads), HasSubstr("threads must be 0 (every core) to 256, got 257"));
}

// Elevations given a block of rows at a time (how navcli reads a DEM file)
// give the same surface as the whole array: on a grid of several blocks
// (walking_time copies about 2^15 samples at a time), with nodata, friction
// and knight's moves.
TEST(WalkingTime, ElevationRowsGiveTheSameSurfaceAsTheArray) {
  const std::int32_t w = 40;
  const std::int32_t d = 2000;  // 819 rows a block: three blocks, the last short
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> height(0.0, 30.0);
  std::vector<double> z(static_cast<std::size_t>(w) * d);
  std::vector<double> friction(z.size());
  for (std::size_t k = 0; k < z.size(); ++k) {
    z[k] = rng() % 23 == 0 ? kNaN : height(rng);
    friction[k] = height(rng) / 30.0;
  }
  WalkingTimeOptions o = from({{3, 5}, {30, 1500}});
  o.knight_moves = true;
  o.directions = true;
  const WalkingTimeGrid array{.width = w,
                              .depth = d,
                              .elevation_m = z,
                              .friction_s_per_m = friction,
                              .ew_res_m = 3.0,
                              .ns_res_m = 4.0};
  WalkingTimeGrid rows = array;
  rows.elevation_m = {};
  std::vector<std::pair<std::int32_t, std::size_t>> asked;
  rows.elevation_rows = [&](std::int32_t first, std::span<double> out) {
    asked.emplace_back(first, out.size());
    std::copy_n(z.begin() + static_cast<std::ptrdiff_t>(first) * w, out.size(), out.begin());
  };
  const WalkingTimeSurface expected = walking_time(array, o);
  const WalkingTimeSurface got = walking_time(rows, o);
  EXPECT_EQ(asked, (std::vector<std::pair<std::int32_t, std::size_t>>{
                       {0, 819 * 40}, {819, 819 * 40}, {1638, 362 * 40}}));
  EXPECT_EQ(got.settled, expected.settled);
  EXPECT_EQ(got.max_time_s, expected.max_time_s);
  ASSERT_EQ(got.time_s.size(), expected.time_s.size());
  for (std::size_t k = 0; k < got.time_s.size(); ++k) {
    ASSERT_TRUE(got.time_s[k] == expected.time_s[k] ||
                (std::isnan(got.time_s[k]) && std::isnan(expected.time_s[k])))
        << k;
    ASSERT_TRUE(got.direction_deg[k] == expected.direction_deg[k] ||
                (std::isnan(got.direction_deg[k]) && std::isnan(expected.direction_deg[k])))
        << k;
  }
  // An infinite sample in a later block is named by its row in the grid;
  // what the rows throw propagates; both sources at once are refused.
  z[static_cast<std::size_t>(1700) * w + 9] = kInf;
  EXPECT_EQ(test::error_of([&] { walking_time(rows, o); }),
            "walking time: elevation at sample (9, 1700) is infinite");
  rows.elevation_rows = [](std::int32_t first, std::span<double>) {
    throw Error("dem.tif: cannot read band 1 (row " + std::to_string(first) + ")");
  };
  EXPECT_EQ(test::error_of([&] { walking_time(rows, o); }), "dem.tif: cannot read band 1 (row 0)");
  rows.elevation_m = z;
  EXPECT_EQ(test::error_of([&] { walking_time(rows, o); }),
            "walking time: elevation has 80000 samples beside elevation_rows, expected none");
}

// r.walk's outdir, degrees counter-clockwise from east, names the step back
// (docs/rwalk.md): east 360 is column + 1, north 90 row - 1, the knight's
// move at 22.5 two columns east and one row north.
TEST(WalkingTime, DirectionNamesTheStepBack) {
  const auto back = [](float deg) {
    const std::optional<GridSample> s = walking_time_back_step(deg);
    return s ? std::pair(s->column, s->row) : std::pair(99, 99);
  };
  EXPECT_EQ(back(360.0f), std::pair(1, 0));
  EXPECT_EQ(back(90.0f), std::pair(0, -1));
  EXPECT_EQ(back(225.0f), std::pair(-1, 1));
  EXPECT_EQ(back(22.5f), std::pair(2, -1));
  EXPECT_EQ(back(247.5f), std::pair(-1, 2));
  EXPECT_EQ(back(0.0f), std::pair(99, 99));
  EXPECT_EQ(back(10.0f), std::pair(99, 99));
  EXPECT_EQ(back(std::nanf("")), std::pair(99, 99));
}

}  // namespace
}  // namespace terranav::nav
