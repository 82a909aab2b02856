// Height stamps: the radial profiles by hand, the samples they touch, and
// the limits they refuse.
#include "terranav/nav/stamp.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "test_support.hpp"

namespace terranav::nav {
namespace {

using test::error_of;
using ::testing::HasSubstr;

TEST(Stamp, RaiseAndLowerFollowACosineFromTheCentreToTheRim) {
  const Stamp raise{.kind = StampKind::Raise, .radius_m = 8.0, .amount_m = 10.0};
  EXPECT_DOUBLE_EQ(stamped_height(raise, 3.0, 0.0), 13.0);
  EXPECT_DOUBLE_EQ(stamped_height(raise, 3.0, 4.0), 8.0);  // (1 + cos(pi/2)) / 2 = 1/2
  EXPECT_NEAR(stamped_height(raise, 3.0, 6.0), 3.0 + 10.0 * (1.0 - std::sqrt(0.5)) / 2.0, 1e-12);
  EXPECT_EQ(stamped_height(raise, 3.0, 8.0), 3.0);
  EXPECT_EQ(stamped_height(raise, 3.0, 100.0), 3.0);
  const Stamp lower{.kind = StampKind::Lower, .radius_m = 8.0, .amount_m = 10.0};
  EXPECT_DOUBLE_EQ(stamped_height(lower, 3.0, 0.0), -7.0);
  EXPECT_DOUBLE_EQ(stamped_height(lower, 3.0, 4.0), -2.0);
}

TEST(Stamp, FlattenHoldsThePadAndBlendsOutside) {
  const Stamp flat{.kind = StampKind::Flatten, .radius_m = 8.0, .amount_m = -2.0};
  EXPECT_EQ(stamped_height(flat, 30.0, 0.0), -2.0);
  EXPECT_EQ(stamped_height(flat, 30.0, 4.0), -2.0);
  EXPECT_DOUBLE_EQ(stamped_height(flat, 30.0, 6.0), 14.0);  // halfway: cos(pi/2)
  EXPECT_EQ(stamped_height(flat, 30.0, 8.0), 30.0);
}

TEST(Stamp, CraterHasABowlAndARim) {
  const Stamp crater{.kind = StampKind::Crater, .radius_m = 10.0, .amount_m = 4.0};
  EXPECT_DOUBLE_EQ(stamped_height(crater, 1.0, 0.0), -3.0);
  EXPECT_DOUBLE_EQ(stamped_height(crater, 1.0, 3.5), 1.0 - 4.0 * 0.75);
  EXPECT_NEAR(stamped_height(crater, 1.0, 7.0), 1.0, 1e-12);
  EXPECT_DOUBLE_EQ(stamped_height(crater, 1.0, 8.5), 2.0);  // the rim's top, a / 4
  EXPECT_NEAR(stamped_height(crater, 1.0, 9.999999), 1.0, 1e-5);
}

TEST(Stamp, SamplesCoverTheDiscClippedToTheMap) {
  const Heightmap hm(5, 5, 10.0, std::vector<float>(25, 0.0f));
  EXPECT_EQ(stamp_samples(hm, {.x_m = 15.0, .z_m = 25.0, .radius_m = 10.0}),
            (SampleRect{0, 1, 4, 5}));
  EXPECT_EQ(stamp_samples(hm, {.x_m = 20.0, .z_m = 20.0, .radius_m = 1000.0}),
            (SampleRect{0, 0, 5, 5}));
  EXPECT_TRUE(stamp_samples(hm, {.x_m = -100.0, .z_m = 0.0, .radius_m = 5.0}).empty());
  EXPECT_TRUE(stamp_samples(hm, {.x_m = 1e300, .z_m = 0.0, .radius_m = 1e300}).x1 <= 5);
}

TEST(Stamp, RefusesFieldsOutsideTheirLimitsNamingThem) {
  const Heightmap hm(5, 5, 10.0, std::vector<float>(25, 0.0f));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(error_of([&] { stamp_samples(hm, {.radius_m = 0.0}); }),
            "stamp (raise): radius 0 m must be finite and > 0");
  EXPECT_THAT(error_of([&] { stamp_samples(hm, {.x_m = nan}); }), HasSubstr("centre (nan, 0)"));
  EXPECT_EQ(error_of([&] { stamp_samples(hm, {.kind = StampKind::Lower, .amount_m = -1.0}); }),
            "stamp (lower): amount -1 m must be finite and >= 0");
  EXPECT_EQ(error_of([&] { stamp_samples(hm, {.kind = StampKind::Flatten, .amount_m = -1.0}); }),
            "no error");
  EXPECT_THAT(error_of([&] { stamp_samples(hm, {.kind = StampKind::Flatten, .amount_m = nan}); }),
              HasSubstr("amount nan m must be finite"));
}

TEST(Stamp, KindNames) {
  for (const StampKind k :
       {StampKind::Raise, StampKind::Lower, StampKind::Flatten, StampKind::Crater}) {
    EXPECT_EQ(parse_stamp_kind(to_string(k)), k);
  }
  EXPECT_EQ(error_of([] { parse_stamp_kind("dig"); }),
            "unknown stamp kind 'dig' (valid: raise, lower, flatten, crater)");
}

}  // namespace
}  // namespace terranav::nav
