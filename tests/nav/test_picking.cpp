// TerrainQuadtree::pick against a brute force over every triangle of the
// surface (brute_pick.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "brute_pick.hpp"
#include "random_terrain.hpp"
#include "terranav/nav/picking.hpp"

namespace terranav::nav {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

using test::describe;
using test::expect_same;

struct Config {
  int width, depth;
  double spacing;
  int tile_size, leaf_cells;
  double relief, noise;
  std::uint32_t seed;
};

class PickVsBruteForce : public ::testing::TestWithParam<Config> {
 protected:
  PickVsBruteForce()
      : hm_(test::random_heightmap(GetParam().width, GetParam().depth, GetParam().spacing,
                                   GetParam().relief, GetParam().noise, GetParam().seed)),
        tree_(hm_, GetParam().tile_size, GetParam().leaf_cells),
        rng_(GetParam().seed * 7919u + 1u) {}

  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng_);
  }
  int uniform_int(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  // Direction lengths vary: t is in units of the direction's length.
  Vec3 scaled(Vec3 v) {
    const double k = std::pow(10.0, uniform(-2.0, 2.0));
    return {v.x * k, v.y * k, v.z * k};
  }
  bool check(const Ray& r) { return expect_same(tree_, hm_, GetParam().tile_size, r); }

  double ex() const { return hm_.extent_x(); }
  double ez() const { return hm_.extent_z(); }
  double top() const { return hm_.max_height(); }
  double bottom() const { return hm_.min_height(); }

  static constexpr int kRays = 30;
  Heightmap hm_;
  TerrainQuadtree tree_;
  std::mt19937 rng_;
};

TEST_P(PickVsBruteForce, RaysFromAboveLookingDown) {
  int hits = 0;
  for (int k = 0; k < kRays; ++k) {
    const Ray r{{uniform(0.0, ex()), top() + uniform(1.0, 50.0), uniform(0.0, ez())},
                scaled({uniform(-0.3, 0.3), -1.0, uniform(-0.3, 0.3)})};
    hits += check(r) ? 1 : 0;
  }
  EXPECT_GT(hits, kRays / 2);
}

TEST_P(PickVsBruteForce, ObliqueRaysFromOutsideTheBox) {
  int hits = 0;
  const double radius = 1.5 * std::max(ex(), ez());
  for (int k = 0; k < kRays; ++k) {
    const double a = uniform(0.0, 6.283185307179586);
    const Vec3 o{0.5 * ex() + radius * std::cos(a), top() + uniform(0.0, 0.5 * radius),
                 0.5 * ez() + radius * std::sin(a)};
    const Vec3 target{uniform(0.0, ex()), uniform(bottom(), top()), uniform(0.0, ez())};
    hits += check({o, scaled({target.x - o.x, target.y - o.y, target.z - o.z})}) ? 1 : 0;
  }
  EXPECT_GT(hits, kRays / 2);
}

TEST_P(PickVsBruteForce, GrazingRaysNearlyParallelToTheSurface) {
  int hits = 0;
  for (int k = 0; k < kRays; ++k) {
    const Vec3 o{uniform(-0.2, 0.0) * ex(), uniform(bottom(), top()), uniform(0.0, ez())};
    const double dx = ex();
    const double dz = uniform(-0.5, 0.5) * ez();
    const double dy = uniform(-0.01, 0.01) * std::hypot(dx, dz);
    hits += check({o, scaled({dx, dy, dz})}) ? 1 : 0;
  }
  EXPECT_GT(hits, 0);
}

TEST_P(PickVsBruteForce, RaysStartingUnderTheSurfaceHitItsUnderside) {
  for (int k = 0; k < kRays; ++k) {
    const double x = uniform(0.0, ex());
    const double z = uniform(0.0, ez());
    const double depth = uniform(0.1, 5.0);
    const double surface = hm_.surface_height(x, z);
    const Vec3 o{x, surface - depth, z};
    // Straight up: the first crossing is the surface right above.
    const std::optional<PickHit> up = tree_.pick({o, {0.0, 2.0, 0.0}});
    ASSERT_TRUE(up.has_value());
    EXPECT_NEAR(up->t, depth / 2.0, 1e-9 * (1.0 + std::abs(surface)));
    EXPECT_TRUE(check({o, {0.0, 2.0, 0.0}}));
    check({o, scaled({uniform(-1.0, 1.0), uniform(-1.0, 1.0), uniform(-1.0, 1.0)})});
  }
}

TEST_P(PickVsBruteForce, VerticalRaysExactlyOnCellEdgesAndVertices) {
  const double s = hm_.spacing();
  const int w = hm_.width();
  const int d = hm_.depth();
  std::vector<Vec3> points = {{0.0, 0, 0.0}, {ex(), 0, 0.0}, {0.0, 0, ez()}, {ex(), 0, ez()}};
  for (int k = 0; k < kRays; ++k) {
    const int x = uniform_int(0, w - 1);
    const int z = uniform_int(0, d - 1);
    const double f = uniform(0.0, 1.0);
    points.push_back({x * s, 0, z * s});                                          // vertex
    if (x + 1 < w) points.push_back({(x + f) * s, 0, z * s});                     // edge along x
    if (z + 1 < d) points.push_back({x * s, 0, (z + f) * s});                     // edge along z
    if (x + 1 < w && z + 1 < d) points.push_back({(x + f) * s, 0, (z + f) * s});  // diagonal
  }
  for (const Vec3& p : points) {
    const Ray r{{p.x, top() + 10.0, p.z}, {0.0, -1.0, 0.0}};
    const std::optional<PickHit> hit = tree_.pick(r);
    ASSERT_TRUE(hit.has_value()) << describe(r);
    EXPECT_NEAR(hit->point.y, hm_.surface_height(p.x, p.z), 1e-9 * (1.0 + std::abs(top())));
    EXPECT_EQ(hit->point.x, p.x);
    EXPECT_EQ(hit->point.z, p.z);
    EXPECT_TRUE(check(r));
  }
}

TEST_P(PickVsBruteForce, RaysThatMiss) {
  for (int k = 0; k < kRays; ++k) {
    // Upwards from above the highest sample.
    const Ray up{{uniform(0.0, ex()), top() + uniform(0.1, 10.0), uniform(0.0, ez())},
                 scaled({uniform(-1.0, 1.0), uniform(0.01, 1.0), uniform(-1.0, 1.0)})};
    EXPECT_FALSE(check(up));
    // Beside the map, parallel to its side.
    const Ray beside{{ex() + uniform(0.01, 10.0), uniform(bottom(), top()), uniform(-ez(), 0.0)},
                     scaled({0.0, uniform(-0.5, 0.5), 1.0})};
    EXPECT_FALSE(check(beside));
    // Pointing away from the map.
    const Ray away{{-uniform(1.0, 10.0), uniform(bottom(), top()), uniform(0.0, ez())},
                   scaled({-1.0, uniform(-0.5, 0.5), uniform(-1.0, 1.0)})};
    EXPECT_FALSE(check(away));
  }
}

TEST_P(PickVsBruteForce, ZeroOrNonFiniteDirectionIsNone) {
  const Vec3 o{0.5 * ex(), top() + 1.0, 0.5 * ez()};
  EXPECT_FALSE(tree_.pick({o, {0.0, 0.0, 0.0}}).has_value());
  const double nan = std::numeric_limits<double>::quiet_NaN();
  EXPECT_FALSE(tree_.pick({o, {0.0, nan, 0.0}}).has_value());
  EXPECT_FALSE(tree_.pick({o, {0.0, -kInf, 0.0}}).has_value());
  EXPECT_FALSE(tree_.pick({{kInf, 1.0, 1.0}, {0.0, -1.0, 0.0}}).has_value());
}

// Sizes: powers of two plus one, non-powers of two, non-square; tile sizes 2
// and 3 with and without a partial strip; leaves from 1 to 16 cells.
INSTANTIATE_TEST_SUITE_P(Maps, PickVsBruteForce,
                         ::testing::Values(Config{17, 17, 1.0, 1, 1, 8.0, 0.5, 1},
                                           Config{33, 20, 2.5, 2, 8, 30.0, 2.0, 2},
                                           Config{50, 37, 1.0, 3, 4, 10.0, 1.0, 3},
                                           Config{65, 65, 10.0, 1, 8, 200.0, 5.0, 4},
                                           Config{101, 73, 30.0, 2, 5, 500.0, 20.0, 5},
                                           Config{129, 96, 1.0, 3, 16, 20.0, 0.0, 6}),
                         [](const ::testing::TestParamInfo<Config>& param_info) {
                           const Config& c = param_info.param;
                           return std::to_string(c.width) + "x" + std::to_string(c.depth) +
                                  "_tile" + std::to_string(c.tile_size) + "_leaf" +
                                  std::to_string(c.leaf_cells);
                         });

TEST(Picking, FlatMapVerticalRayByHand) {
  const Heightmap hm(3, 3, 1.0, std::vector<float>(9, 5.0f));
  const TerrainQuadtree tree(hm, 1);
  const std::optional<PickHit> hit = tree.pick({{0.25, 10.0, 0.75}, {0.0, -1.0, 0.0}});
  ASSERT_TRUE(hit.has_value());
  EXPECT_DOUBLE_EQ(hit->t, 5.0);
  EXPECT_DOUBLE_EQ(hit->point.x, 0.25);
  EXPECT_DOUBLE_EQ(hit->point.y, 5.0);
  EXPECT_DOUBLE_EQ(hit->point.z, 0.75);
  EXPECT_EQ(hit->tile, (TileCoord{0, 0}));
}

TEST(Picking, PartialStripBeyondTheLastTileHasNoTile) {
  // 4 x 4 samples = 3 cells; tile size 2 covers cells 0-1, cell 2 is the strip.
  const Heightmap hm(4, 4, 1.0, std::vector<float>(16, 0.0f));
  const TerrainQuadtree tree(hm, 2);
  const auto strip = tree.pick({{2.5, 1.0, 0.5}, {0.0, -1.0, 0.0}});
  ASSERT_TRUE(strip.has_value());
  EXPECT_FALSE(strip->tile.has_value());
  const auto edge = tree.pick({{2.0, 1.0, 1.0}, {0.0, -1.0, 0.0}});
  ASSERT_TRUE(edge.has_value());
  EXPECT_EQ(edge->tile, (TileCoord{0, 0}));  // the far boundary belongs to the last tile
}

TEST(Picking, NodeCountFollowsLeafSize) {
  const Heightmap small(9, 9, 1.0, std::vector<float>(81, 0.0f));  // 8 x 8 cells
  EXPECT_EQ(TerrainQuadtree(small, 1, 8).node_count(), 1u);
  EXPECT_EQ(TerrainQuadtree(small, 1, 4).node_count(), 5u);
  EXPECT_EQ(TerrainQuadtree(small, 1, 2).node_count(), 21u);
  const Heightmap odd(10, 4, 1.0, std::vector<float>(40, 0.0f));  // 9 x 3 cells
  // Leaves of 8: x splits into 8 + 1 cells, z is one leaf: root + 2 children.
  EXPECT_EQ(TerrainQuadtree(odd, 1, 8).node_count(), 3u);
}

TEST(Picking, RejectsBadParameters) {
  const Heightmap hm(3, 3, 1.0, std::vector<float>(9, 0.0f));
  EXPECT_THROW(TerrainQuadtree(hm, 0), Error);
  EXPECT_THROW(TerrainQuadtree(hm, 3), Error);  // tiles of 3 cells on 2 x 2 cells
  EXPECT_NO_THROW(TerrainQuadtree(hm, 2));
  EXPECT_THROW(TerrainQuadtree(hm, 1, 0), Error);
}

}  // namespace
}  // namespace terranav::nav
