#include "terranav/nav/cost_model.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <numbers>
#include <vector>

#include "terranav/nav/heightmap.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

using test::error_of;
using ::testing::AllOf;
using ::testing::HasSubstr;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kSqrt2 = std::numbers::sqrt2;

CostModel model_of(CostModelKind kind) {
  CostModel m;
  m.kind = kind;
  return m;
}

TEST(CostModelNames, RoundTripEveryKind) {
  for (CostModelKind kind : {CostModelKind::Reference, CostModelKind::Seed, CostModelKind::Tobler,
                             CostModelKind::UphillDownhill, CostModelKind::WalkingTime}) {
    EXPECT_EQ(parse_cost_model(to_string(kind)), kind);
  }
  EXPECT_EQ(to_string(CostModelKind::UphillDownhill), "uphill-downhill");
  EXPECT_EQ(parse_cost_model("tobler"), CostModelKind::Tobler);
  EXPECT_EQ(to_string(CostModelKind::WalkingTime), "walking-time");
}

TEST(CostModelNames, UnknownNameListsTheValidOnes) {
  EXPECT_THAT(error_of([] { parse_cost_model("Tobler"); }),
              AllOf(HasSubstr("'Tobler'"), HasSubstr("reference, seed, tobler, uphill-downhill")));
  EXPECT_THAT(error_of([] { parse_cost_model(""); }), HasSubstr("''"));
}

TEST(ReferenceCost, IsLengthTimesOnePlusWeightedSlope) {
  CostModel m = model_of(CostModelKind::Reference);
  m.slope_weight = 2.0;
  // d = 2, |dh| = 0.5: slope 0.25, cost 2 * (1 + 2 * 0.25) = 3, either direction.
  EXPECT_DOUBLE_EQ(base_edge_cost(m, 2.0, 0.5, 0.6), 3.0);
  EXPECT_DOUBLE_EQ(base_edge_cost(m, 2.0, -0.5, 0.6), 3.0);
  EXPECT_DOUBLE_EQ(base_edge_cost(m, kSqrt2, 0.0, 0.6), kSqrt2);
}

// A two-tile ramp: samples rise 1 m per column (3 x 2 samples, s = 10 m,
// t = 1), so tile A at sample (0.5, 0.5) is 0.5 m high and tile B at
// (1.5, 0.5) is 1.5 m: dh(A->B) = +1 m over d = 10 m, a 10 % climb.
class Ramp : public ::testing::Test {
 protected:
  static constexpr double kD = 10.0;
  const Heightmap ramp_{3, 2, kD, {0.0f, 1.0f, 2.0f, 0.0f, 1.0f, 2.0f}};
  const double h_a_ = ramp_.bilinear(0.5, 0.5);
  const double h_b_ = ramp_.bilinear(1.5, 0.5);
};

TEST_F(Ramp, ToblerClimbCostsMoreThanDescent) {
  ASSERT_DOUBLE_EQ(h_b_ - h_a_, 1.0);
  const CostModel m = model_of(CostModelKind::Tobler);
  // v = 6 exp(-3.5 |dh/d + 0.05|) km/h; time = d / (v / 3.6) seconds.
  const double v_up = 6.0 * std::exp(-3.5 * std::abs(0.1 + 0.05));
  const double v_down = 6.0 * std::exp(-3.5 * std::abs(-0.1 + 0.05));
  const double up = base_edge_cost(m, kD, h_b_ - h_a_, 0.6);
  const double down = base_edge_cost(m, kD, h_a_ - h_b_, 0.6);
  EXPECT_NEAR(up, kD / (v_up / 3.6), 1e-12);
  EXPECT_NEAR(down, kD / (v_down / 3.6), 1e-12);
  // Written out: 6 e^0.525 = 10.1428... s and 6 e^0.175 = 7.1475... s.
  EXPECT_NEAR(up, 10.14275, 1e-5);
  EXPECT_NEAR(down, 7.14748, 1e-5);
}

TEST_F(Ramp, UphillDownhillWeighsClimbAndDescentApart) {
  CostModel m = model_of(CostModelKind::UphillDownhill);
  m.uphill_weight = 2.0;
  m.downhill_weight = 0.5;
  // d (1 + k_up * 0.1) = 10 * 1.2 up; d (1 + k_down * 0.1) = 10 * 1.05 down.
  EXPECT_DOUBLE_EQ(base_edge_cost(m, kD, h_b_ - h_a_, 0.6), 12.0);
  EXPECT_DOUBLE_EQ(base_edge_cost(m, kD, h_a_ - h_b_, 0.6), 10.5);
}

TEST(ToblerCost, FastestOnAFivePercentDescent) {
  const CostModel m = model_of(CostModelKind::Tobler);
  // 6 km/h = 1/0.6 m/s: 0.6 s per metre, here 20 m at dh/d = -0.05.
  EXPECT_NEAR(base_edge_cost(m, 20.0, -1.0, 0.6), 12.0, 1e-12);
  EXPECT_NEAR(min_base_edge_cost(m, 20.0, 0.6), 12.0, 1e-12);
  // Flat ground is slower: 6 exp(-0.175) km/h.
  EXPECT_NEAR(base_edge_cost(m, 1.0, 0.0, 0.6), 0.6 * std::exp(0.175), 1e-12);
  // With max slope 0.02 the fastest allowed gradient is -0.02.
  EXPECT_NEAR(min_base_edge_cost(m, 1.0, 0.02), 0.6 * std::exp(3.5 * 0.03), 1e-12);
}

// The seed's rule on a hand-made field: 7 x 7 samples, t = 2, s = 0.5, so
// tiles are 1 m wide and tile (i, j)'s centre lies exactly on sample
// (2i+1, 2j+1). The centre tile (1, 1) is 0 m high; its neighbours' heights
// are chosen below. max_slope = 0.5.
class SeedField : public ::testing::Test {
 protected:
  static constexpr int kT = 2;
  static constexpr double kS = 0.5;
  static constexpr double kMaxSlope = 0.5;

  static Heightmap field() {
    // Tile heights, row j = 0..2 (only the centre samples matter).
    const double tile_h[3][3] = {{0.25, 0.5, 0.75}, {0.3, 0.0, 0.5}, {1.0, 0.0, -0.7}};
    std::vector<float> h(49, 0.0f);
    for (int j = 0; j < 3; ++j) {
      for (int i = 0; i < 3; ++i) {
        h[static_cast<std::size_t>((2 * j + 1) * 7 + 2 * i + 1)] = static_cast<float>(tile_h[j][i]);
      }
    }
    return Heightmap(7, 7, kS, std::move(h));
  }

  double step(int i, int j) const {
    const double d = (i != 1 && j != 1 ? kSqrt2 : 1.0) * kT * kS;
    const double dh = heightmap_.bilinear((i + 0.5) * kT, (j + 0.5) * kT) -
                      heightmap_.bilinear(1.5 * kT, 1.5 * kT);
    return base_edge_cost(model_of(CostModelKind::Seed), d, dh, kMaxSlope);
  }

  const Heightmap heightmap_ = field();
};

TEST_F(SeedField, StepCostIsOnePlusSlopeWhateverTheLength) {
  // Diagonal up 0.25 m to (0, 0): 1 + 0.25 / sqrt2. Diagonal up 0.75 m to
  // (2, 0): slope 0.75 / sqrt2 = 0.530 >= 0.5, dropped.
  EXPECT_NEAR(step(0, 0), 1.0 + 0.25 / kSqrt2, 1e-7);
  EXPECT_EQ(step(2, 0), kInf);
  // Cardinal to (0, 1): 1 + 0.3; flat step to (1, 2): exactly 1, not 1 m of octile.
  EXPECT_NEAR(step(0, 1), 1.3, 1e-7);
  EXPECT_EQ(step(1, 2), 1.0);
  // Diagonal down 0.7 m to (2, 2): slope 0.495 < 0.5, kept: 1 + 0.7 / sqrt2.
  EXPECT_NEAR(step(2, 2), 1.0 + 0.7 / kSqrt2, 1e-7);
  // A diagonal step over 1 m of height: slope 0.707, dropped.
  EXPECT_EQ(step(0, 2), kInf);
}

TEST_F(SeedField, EdgeDroppedExactlyAtMaxSlope) {
  // (1, 0) and (2, 1) are 0.5 m above the centre over 1 m: slope == max.
  EXPECT_EQ(step(1, 0), kInf);
  EXPECT_EQ(step(2, 1), kInf);
  const CostModel seed = model_of(CostModelKind::Seed);
  EXPECT_EQ(base_edge_cost(seed, 1.0, 0.5, 0.5), kInf);
  EXPECT_EQ(base_edge_cost(seed, 1.0, std::nextafter(0.5, 0.0), 0.5),
            1.0 + std::nextafter(0.5, 0.0));
  // The reference model keeps an edge at slope == max (the graph decides).
  EXPECT_DOUBLE_EQ(base_edge_cost(model_of(CostModelKind::Reference), 1.0, 0.5, 0.5), 1.5);
}

TEST(SeedCost, OctileInMetresOverestimatesIt) {
  // Flat diagonal step of 1 m tiles: the seed charges 1, octile says sqrt2.
  const CostModel seed = model_of(CostModelKind::Seed);
  const double d = kSqrt2;
  EXPECT_EQ(base_edge_cost(seed, d, 0.0, 0.6), 1.0);
  EXPECT_GT(d * 1.0, base_edge_cost(seed, d, 0.0, 0.6));
  EXPECT_EQ(min_base_edge_cost(seed, d, 0.6), 1.0);
}

// Walking time with a negative c (moderate descents slower than the flat).
CostModel walk_slow_descents() {
  CostModel m = model_of(CostModelKind::WalkingTime);
  m.walk = {.a = 0.5, .b = 3.0, .c = -0.4, .d = -1.5, .slope_factor = -0.3};
  return m;
}

// Walking time with slope_factor >= 0: every descent is steep.
CostModel walk_no_moderate() {
  CostModel m = model_of(CostModelKind::WalkingTime);
  m.walk = {.a = 1.0, .b = 0.0, .c = 5.0, .d = -0.5, .slope_factor = 0.1};
  return m;
}

// Walking time with d = 0 and a c that nearly cancels a at slope_factor.
CostModel walk_steep_only() {
  CostModel m = model_of(CostModelKind::WalkingTime);
  m.walk = {.a = 0.3, .b = 2.0, .c = 2.9, .d = 0.0, .slope_factor = -0.1};
  return m;
}

// Every kind with its default parameters, then `extra`.
std::vector<CostModel> every_kind_and(std::initializer_list<CostModel> extra) {
  std::vector<CostModel> models;
  for (CostModelKind kind : {CostModelKind::Reference, CostModelKind::Seed, CostModelKind::Tobler,
                             CostModelKind::UphillDownhill, CostModelKind::WalkingTime}) {
    models.push_back(model_of(kind));
  }
  models.insert(models.end(), extra);
  return models;
}

// Brute force: over a fine sweep of allowed gradients, the base cost never
// falls below min_base_edge_cost, and the sweep's minimum comes within the
// grid's resolution of it (it is attained, not just a bound).
TEST(MinBaseEdgeCost, IsTheExactLowerBoundOverAllowedSlopes) {
  CostModel heavy = model_of(CostModelKind::UphillDownhill);
  heavy.uphill_weight = 3.0;
  heavy.downhill_weight = 0.0;
  CostModel zero_k = model_of(CostModelKind::Reference);
  zero_k.slope_weight = 0.0;
  const std::vector<CostModel> models =
      every_kind_and({heavy, zero_k, walk_slow_descents(), walk_no_moderate(), walk_steep_only()});

  constexpr int kSteps = 20000;
  for (const CostModel& m : models) {
    for (double d : {1.0, kSqrt2, 2.5, 30.0}) {
      for (double max_slope : {0.0, 0.02, 0.05, 0.6, 2.0}) {
        SCOPED_TRACE(std::string(to_string(m.kind)) + " d=" + std::to_string(d) +
                     " max=" + std::to_string(max_slope));
        const double bound = min_base_edge_cost(m, d, max_slope);
        double lowest = kInf;
        for (int k = 0; k <= kSteps; ++k) {
          const double gradient = max_slope * (2.0 * k / kSteps - 1.0);
          const double cost = base_edge_cost(m, d, gradient * d, max_slope);
          ASSERT_GE(cost, bound * (1.0 - 1e-12)) << "gradient " << gradient;
          lowest = std::min(lowest, cost);
        }
        if (m.kind == CostModelKind::Seed && max_slope == 0.0) {
          EXPECT_EQ(lowest, kInf);  // every edge dropped; 1 is still a bound
          continue;
        }
        // The Tobler kink is linear: 3.5 per unit gradient, step 2*max/kSteps;
        // walking time's floor at slope_factor may fall between two samples,
        // |c| s/m per unit gradient away.
        const double step = 2.0 * max_slope / kSteps;
        const double walk_c = m.kind == CostModelKind::WalkingTime ? std::abs(m.walk.c) : 0.0;
        EXPECT_LE(lowest, bound * (1.0 + 3.5 * step + 1e-12) + d * walk_c * step);
      }
    }
  }
}

// Brute force: base cost >= min_base_edge_cost + up * max(dh, 0) + down *
// max(-dh, 0) over a fine sweep of allowed gradients and step lengths up to
// the longest, for every model (the climb bound's premise).
TEST(MinClimbCost, BoundsTheCostOfEveryAllowedSlope) {
  CostModel steep_up = model_of(CostModelKind::UphillDownhill);
  steep_up.uphill_weight = 3.0;
  steep_up.downhill_weight = 0.25;
  const std::vector<CostModel> models =
      every_kind_and({steep_up, walk_slow_descents(), walk_no_moderate(), walk_steep_only()});

  constexpr int kSteps = 4000;
  constexpr double kLongest = 2.5 * kSqrt2;
  for (const CostModel& m : models) {
    const ClimbCost climb = min_climb_cost(m, kLongest);
    EXPECT_GE(climb.up, 0.0);
    EXPECT_GE(climb.down, 0.0);
    for (double d : {1.0, 2.5, kLongest}) {
      for (double max_slope : {0.02, 0.05, 0.6, 2.0}) {
        SCOPED_TRACE(std::string(to_string(m.kind)) + " d=" + std::to_string(d) +
                     " max=" + std::to_string(max_slope));
        const double floor = min_base_edge_cost(m, d, max_slope);
        for (int k = 0; k <= kSteps; ++k) {
          const double dh = d * max_slope * (2.0 * k / kSteps - 1.0);
          const double cost = base_edge_cost(m, d, dh, max_slope);
          if (cost == kInf) continue;  // Seed drops the steepest
          const double bound =
              floor + climb.up * std::max(dh, 0.0) + climb.down * std::max(-dh, 0.0);
          ASSERT_GE(cost, bound * (1.0 - 1e-12)) << "dh " << dh;
        }
      }
    }
  }
  // The coefficients by hand.
  EXPECT_EQ(min_climb_cost(model_of(CostModelKind::Reference), kLongest).up, 1.0);
  EXPECT_EQ(min_climb_cost(steep_up, kLongest).down, 0.25);
  EXPECT_EQ(min_climb_cost(model_of(CostModelKind::Seed), 2.0).down, 0.5);
  EXPECT_NEAR(min_climb_cost(model_of(CostModelKind::Tobler), 2.0).up, 2.1, 1e-12);
  EXPECT_EQ(min_climb_cost(model_of(CostModelKind::Tobler), 2.0).down, 0.0);
  EXPECT_EQ(min_climb_cost(model_of(CostModelKind::WalkingTime), 2.0).up, 6.0);
  EXPECT_EQ(min_climb_cost(model_of(CostModelKind::WalkingTime), 2.0).down, 0.0);
  EXPECT_EQ(min_climb_cost(walk_slow_descents(), 2.0).down, 0.4);  // min(-c, -d)
  EXPECT_EQ(min_climb_cost(walk_no_moderate(), 2.0).down, 0.5);    // -d: none moderate
}

// r.walk's rule by hand on a 10 m step: uphill dh * b + d * a, the
// boundary slope_factor itself moderate (c), below it steep (d).
TEST(WalkingTimeCost, PricesEachSlopeBandByHand) {
  const CostModel m = model_of(CostModelKind::WalkingTime);  // r.walk's defaults
  EXPECT_DOUBLE_EQ(base_edge_cost(m, 10.0, 0.0, 1.0), 7.2);
  EXPECT_DOUBLE_EQ(base_edge_cost(m, 10.0, 1.0, 1.0), 6.0 + 7.2);
  EXPECT_DOUBLE_EQ(base_edge_cost(m, 10.0, -1.0, 1.0), -1.9998 + 7.2);
  EXPECT_DOUBLE_EQ(base_edge_cost(m, 10.0, -2.125, 1.0), -2.125 * 1.9998 + 7.2);
  EXPECT_DOUBLE_EQ(base_edge_cost(m, 10.0, -3.0, 1.0), 3.0 * 1.9998 + 7.2);
  // The floor: the steepest moderate descent, or -max_slope when gentler.
  EXPECT_DOUBLE_EQ(min_base_edge_cost(m, 10.0, 1.0), 10.0 * (0.72 - 0.2125 * 1.9998));
  EXPECT_DOUBLE_EQ(min_base_edge_cost(m, 10.0, 0.1), 10.0 * (0.72 - 0.1 * 1.9998));
  EXPECT_DOUBLE_EQ(min_base_edge_cost(walk_slow_descents(), 10.0, 1.0), 5.0);
}

TEST(WalkingTimeCost, ValidateRefusesCoefficientsAllowingNonPositiveSteps) {
  CostModel m = model_of(CostModelKind::WalkingTime);
  m.walk.c = 4.0;  // 0.72 + 4 * -0.2125 < 0
  EXPECT_THAT(error_of([&] { validate(m, 1); }),
              AllOf(HasSubstr("walk a + c * min(slope_factor, 0)"), HasSubstr("must be > 0")));
  m.walk.c = 1.0;
  m.walk.d = 0.5;
  EXPECT_THAT(error_of([&] { validate(m, 1); }),
              HasSubstr("walk d: must be in [-1e+06, 0] s/m, got 0.5"));
  m.walk.d = -1.0;
  m.walk.a = 0.0;
  EXPECT_THAT(error_of([&] { validate(m, 1); }), HasSubstr("walk a: must be in"));
  m.walk.a = 0.72;
  m.walk.slope_factor = kNaN;
  EXPECT_THAT(error_of([&] { validate(m, 1); }), HasSubstr("slope_factor: must be in"));
}

TEST(MinMultiplier, SmallestTileValueOrOne) {
  CostModel m;
  EXPECT_EQ(min_multiplier(m), 1.0);
  const MultiplierLayer tiles(2, 2, {2.0f, 0.5f, 3.0f, 0.75f});
  m.tile_multipliers = &tiles;
  EXPECT_EQ(min_multiplier(m), 0.5);
}

TEST(ValidateCostModel, AcceptsDefaultsAndGoodMultipliers) {
  const MultiplierLayer tiles(3, 1, {1.0f, 0.25f, 4.0f});
  CostModel m;
  EXPECT_EQ(error_of([&] { validate(m, 3); }), "no error");
  m.tile_multipliers = &tiles;
  EXPECT_EQ(error_of([&] { validate(m, 3); }), "no error");
}

TEST(ValidateCostModel, RejectsBadWeightsNamingThem) {
  CostModel m;
  m.slope_weight = -1.0;
  EXPECT_THAT(error_of([&] { validate(m, 0); }),
              HasSubstr("cost model: slope_weight: must be in [0, 1e+06], got -1"));
  m.slope_weight = 1e308;
  EXPECT_THAT(error_of([&] { validate(m, 0); }), HasSubstr("slope_weight: must be in"));
  m = CostModel{};
  m.uphill_weight = kNaN;
  EXPECT_THAT(error_of([&] { validate(m, 0); }), HasSubstr("uphill_weight: must be in"));
  m = CostModel{};
  m.downhill_weight = kInf;
  EXPECT_THAT(error_of([&] { validate(m, 0); }), HasSubstr("downhill_weight: must be in"));
}

TEST(ValidateCostModel, RejectsWrongMultiplierCount) {
  CostModel m;
  const MultiplierLayer tiles(3, 1);
  m.tile_multipliers = &tiles;
  EXPECT_THAT(error_of([&] { validate(m, 4); }),
              AllOf(HasSubstr("has 3 values"), HasSubstr("expected 4")));
}

}  // namespace
}  // namespace terranav::nav
