#include "terranav/nav/multiplier_layer.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <vector>

#include "test_support.hpp"

namespace terranav::nav {
namespace {

using test::error_of;
using ::testing::AllOf;
using ::testing::HasSubstr;

TEST(MultiplierLayer, DefaultsToOne) {
  const MultiplierLayer layer(3, 2);
  EXPECT_EQ(layer.tile_count(), 6u);
  EXPECT_EQ(layer.min(), 1.0f);
  for (const float m : layer.values()) EXPECT_EQ(m, 1.0f);
}

TEST(MultiplierLayer, RejectsBadValuesNamingTheTile) {
  EXPECT_THAT(error_of([] {
                MultiplierLayer(3, 1, {1.0f, 1.0f, 0.0f});
              }),
              HasSubstr("tile (2, 0): must be in [1e-06, 1e+06], got 0"));
  EXPECT_THAT(error_of([] {
                MultiplierLayer(2, 2, {1.0f, 1.0f, -0.5f, 1.0f});
              }),
              HasSubstr("tile (0, 1): must be in [1e-06, 1e+06], got -0.5"));
  EXPECT_THAT(error_of([] {
                MultiplierLayer(3, 1, {1.0f, std::numeric_limits<float>::quiet_NaN(), 1.0f});
              }),
              HasSubstr("tile (1, 0): must be in [1e-06, 1e+06], got nan"));
  EXPECT_THAT(error_of([] {
                MultiplierLayer(2, 2, {1.0f, 1.0f, 1.0f});
              }),
              AllOf(HasSubstr("3 values"), HasSubstr("expected 4")));
  EXPECT_THAT(error_of([] { MultiplierLayer(0, 2); }), HasSubstr("width 0"));
}

TEST(MultiplierLayer, AssignChecksBeforeChangingAnything) {
  MultiplierLayer layer(4, 4);
  EXPECT_THAT(error_of([&] {
                layer.assign({2, 2, 5, 3}, std::vector<float>(3, 2.0f));
              }),
              HasSubstr("outside the 4x4 tiles"));
  EXPECT_THAT(error_of([&] {
                layer.assign({0, 0, 2, 2}, std::vector<float>(3, 2.0f));
              }),
              HasSubstr("3 values for a 4-tile rectangle"));
  EXPECT_THAT(error_of([&] {
                layer.assign({1, 1, 3, 3}, std::vector<float>{0.5f, 0.5f, 0.5f, -1.0f});
              }),
              HasSubstr("tile (2, 2): must be in [1e-06, 1e+06], got -1"));
  EXPECT_EQ(layer.min(), 1.0f);
  for (const float m : layer.values()) EXPECT_EQ(m, 1.0f);
}

// After random rectangle writes the values equal a plain copy and min()
// equals a scan of them, across block borders (blocks of 32 tiles).
TEST(MultiplierLayer, MinimumFollowsRandomWritesLikeAScan) {
  const int tw = 75;
  const int td = 41;
  MultiplierLayer layer(tw, td);
  std::vector<float> truth(static_cast<std::size_t>(tw * td), 1.0f);
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> x(0, tw - 1);
  std::uniform_int_distribution<int> z(0, td - 1);
  std::uniform_real_distribution<float> value(0.2f, 5.0f);
  for (int edit = 0; edit < 300; ++edit) {
    const int xa = x(rng);
    const int xb = x(rng);
    const int za = z(rng);
    const int zb = z(rng);
    const int i0 = std::min(xa, xb);
    const int i1 = std::max(xa, xb);
    const int j0 = std::min(za, zb);
    const int j1 = std::max(za, zb);
    const TileRect rect{i0, j0, i1 + 1, j1 + 1};
    std::vector<float> values(static_cast<std::size_t>((i1 + 1 - i0) * (j1 + 1 - j0)));
    for (float& v : values) v = value(rng);
    layer.assign(rect, values);
    std::size_t k = 0;
    for (int j = j0; j <= j1; ++j) {
      for (int i = i0; i <= i1; ++i) truth[static_cast<std::size_t>(j * tw + i)] = values[k++];
    }
    ASSERT_TRUE(std::equal(truth.begin(), truth.end(), layer.values().begin()));
    ASSERT_EQ(layer.min(), *std::min_element(truth.begin(), truth.end())) << "edit " << edit;
  }
}

}  // namespace
}  // namespace terranav::nav
