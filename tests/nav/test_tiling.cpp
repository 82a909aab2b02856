// Tiling: counts, centres, tile_at and tiles_reading against values worked
// out by hand, and tiles_reading against a brute force over every tile.
#include "terranav/nav/tiling.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "random_terrain.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

using ::testing::HasSubstr;

Heightmap flat(int w, int d, double s = 1.0) {
  return Heightmap(w, d, s, std::vector<float>(static_cast<std::size_t>(w * d), 0.0f));
}

TEST(Tiling, CountsAndSizeFollowTheModel) {
  // 7 x 5 samples = 6 x 4 cells.
  const Tiling one(flat(7, 5, 0.5), 1);
  EXPECT_EQ(one.tile_size(), 1);
  EXPECT_EQ(one.tiles_wide(), 6);
  EXPECT_EQ(one.tiles_deep(), 4);
  EXPECT_EQ(one.tile_count(), 24u);
  EXPECT_DOUBLE_EQ(one.tile_metres(), 0.5);
  const Tiling two(flat(7, 5, 0.5), 2);
  EXPECT_EQ(two.tiles_wide(), 3);
  EXPECT_EQ(two.tiles_deep(), 2);
  EXPECT_DOUBLE_EQ(two.tile_metres(), 1.0);
  // 8 x 6 samples = 7 x 5 cells, t = 3: a partial strip of 1 cell east and 2 south.
  const Tiling three(flat(8, 6, 2.0), 3);
  EXPECT_EQ(three.tiles_wide(), 2);
  EXPECT_EQ(three.tiles_deep(), 1);
  EXPECT_EQ(three.tile_count(), 2u);
  EXPECT_DOUBLE_EQ(three.tile_metres(), 6.0);
  EXPECT_EQ(three.bounds(), (TileRect{0, 0, 2, 1}));
  EXPECT_EQ(Tiling(flat(7, 6, 0.5), 2), two);  // the partial strip does not matter
  EXPECT_NE(Tiling(flat(7, 5, 1.0), 2), two);
  EXPECT_NE(Tiling(flat(7, 5, 0.5), 1), two);
}

TEST(Tiling, RejectsTileSizeOutsideTheMap) {
  EXPECT_THAT(test::error_of([] { Tiling(flat(7, 5), 0); }),
              HasSubstr("tile_size 0 outside 1..4 for a 7x5 heightmap"));
  EXPECT_THAT(test::error_of([] { Tiling(flat(7, 5), 5); }),
              HasSubstr("tile_size 5 outside 1..4 for a 7x5 heightmap"));
  EXPECT_EQ(test::error_of([] { Tiling(flat(7, 5), 4); }), "no error");
}

TEST(Tiling, IdsAreRowMajor) {
  const Tiling t(flat(7, 5), 2);  // 3 x 2 tiles
  EXPECT_EQ(t.id({0, 0}), TileId{0});
  EXPECT_EQ(t.id({2, 0}), TileId{2});
  EXPECT_EQ(t.id({1, 1}), TileId{4});
  EXPECT_EQ(t.coord(TileId{5}), (TileCoord{2, 1}));
  EXPECT_TRUE(t.contains({2, 1}));
  EXPECT_FALSE(t.contains({3, 0}));
  EXPECT_FALSE(t.contains({0, 2}));
  EXPECT_FALSE(t.contains({-1, 0}));
}

TEST(Tiling, Centres) {
  // t = 3, s = 2: tile k spans samples 3k..3k+3, centre at 3k + 1.5.
  const Tiling t(flat(8, 6, 2.0), 3);
  EXPECT_DOUBLE_EQ(t.centre_sample(0), 1.5);
  EXPECT_DOUBLE_EQ(t.centre_sample(1), 4.5);
  EXPECT_DOUBLE_EQ(t.centre_metres(0), 3.0);
  EXPECT_DOUBLE_EQ(t.centre_metres(1), 9.0);
  // t = 2 puts the centre on an odd sample.
  EXPECT_DOUBLE_EQ(Tiling(flat(7, 5), 2).centre_sample(2), 5.0);
  EXPECT_DOUBLE_EQ(Tiling(flat(7, 5), 1).centre_sample(3), 3.5);
}

TEST(Tiling, TileAt) {
  // 7 x 5 samples, s = 0.5, t = 2: 3 x 2 tiles 1 m wide.
  const Tiling t(flat(7, 5, 0.5), 2);
  EXPECT_EQ(t.tile_at(2.5, 1.5), (TileCoord{2, 1}));
  EXPECT_EQ(t.tile_at(0.0, 0.0), (TileCoord{0, 0}));
  EXPECT_EQ(t.tile_at(2.999, 1.999), (TileCoord{2, 1}));
  EXPECT_EQ(t.tile_at(1.0, 0.999), (TileCoord{1, 0}));
  EXPECT_FALSE(t.tile_at(3.0, 0.5).has_value());  // the last sample column is no tile
  EXPECT_FALSE(t.tile_at(0.5, 2.0).has_value());
  EXPECT_FALSE(t.tile_at(-0.001, 0.5).has_value());
  EXPECT_FALSE(t.tile_at(std::nan(""), 0.5).has_value());
  EXPECT_FALSE(t.tile_at(0.5, std::numeric_limits<double>::infinity()).has_value());
  // 8 x 6 samples, s = 1, t = 3: the partial strip x in [6, 7) is no tile.
  const Tiling three(flat(8, 6), 3);
  EXPECT_EQ(three.tile_at(5.9, 2.9), (TileCoord{1, 0}));
  EXPECT_FALSE(three.tile_at(6.5, 1.0).has_value());
  EXPECT_FALSE(three.tile_at(1.0, 3.5).has_value());
}

TEST(Tiling, ClipKeepsThePartInside) {
  const Tiling t(flat(7, 5), 1);  // 6 x 4 tiles
  EXPECT_EQ(t.clip({-3, -1, 2, 9}), (TileRect{0, 0, 2, 4}));
  EXPECT_EQ(t.clip({1, 1, 3, 3}), (TileRect{1, 1, 3, 3}));
  EXPECT_TRUE(t.clip({6, 0, 8, 2}).empty());
  EXPECT_TRUE(t.clip({2, 2, 2, 3}).empty());
}

TEST(Tiling, TilesReadingWithTileSizeOne) {
  // Tile k's centre k + 0.5 reads samples k and k + 1.
  const Tiling t(flat(7, 5), 1);  // 6 x 4 tiles
  EXPECT_EQ(t.tiles_reading({2, 1, 3, 2}), (TileRect{1, 0, 3, 2}));
  EXPECT_EQ(t.tiles_reading({0, 0, 1, 1}), (TileRect{0, 0, 1, 1}));  // corner sample
  EXPECT_EQ(t.tiles_reading({6, 4, 7, 5}), (TileRect{5, 3, 6, 4}));  // far corner sample
  EXPECT_EQ(t.tiles_reading({0, 0, 7, 5}), t.bounds());
  EXPECT_EQ(t.tiles_reading({2, 2, 5, 3}), (TileRect{1, 1, 5, 3}));
}

TEST(Tiling, TilesReadingWithTileSizeTwo) {
  // Tile k's centre 2k + 1 is a sample; bilinear also reads 2k + 2 (at
  // weight 0). Sample 0 is read by no tile.
  const Tiling t(flat(7, 5), 2);  // 3 x 2 tiles
  EXPECT_TRUE(t.tiles_reading({0, 0, 1, 5}).empty());
  EXPECT_EQ(t.tiles_reading({1, 1, 2, 2}), (TileRect{0, 0, 1, 1}));
  EXPECT_EQ(t.tiles_reading({2, 2, 3, 3}), (TileRect{0, 0, 1, 1}));
  EXPECT_EQ(t.tiles_reading({2, 1, 4, 3}), (TileRect{0, 0, 2, 1}));
  EXPECT_EQ(t.tiles_reading({5, 4, 7, 5}), (TileRect{2, 1, 3, 2}));
  EXPECT_EQ(t.tiles_reading({0, 0, 7, 5}), t.bounds());
}

TEST(Tiling, TilesReadingWithTileSizeThreeAndAPartialStrip) {
  // Tile k's centre 3k + 1.5 reads samples 3k + 1 and 3k + 2: samples 0 and
  // 3 are read by no tile; samples 7 (east) and 4, 5 (south) lie in the strip.
  const Tiling t(flat(8, 6), 3);  // 2 x 1 tiles
  EXPECT_TRUE(t.tiles_reading({3, 1, 4, 2}).empty());
  EXPECT_TRUE(t.tiles_reading({0, 0, 1, 6}).empty());
  EXPECT_EQ(t.tiles_reading({0, 0, 2, 6}), (TileRect{0, 0, 1, 1}));
  EXPECT_EQ(t.tiles_reading({4, 0, 8, 6}), (TileRect{1, 0, 2, 1}));
  EXPECT_EQ(t.tiles_reading({2, 2, 5, 3}), (TileRect{0, 0, 2, 1}));
  EXPECT_TRUE(t.tiles_reading({7, 0, 8, 6}).empty());
  EXPECT_TRUE(t.tiles_reading({0, 3, 8, 6}).empty());
}

TEST(Tiling, TilesTouchingHaveTheSampleOnACellCorner) {
  // t = 3, 2 x 1 tiles: tile k spans samples 3k .. 3k + 3. Sample 3 is read
  // by no centre but is a corner of cells of both tiles; samples 4, 5 (south)
  // and 7 (east) lie in the strip, on corners of the tiles' last cells only
  // for 3 (south).
  const Tiling t(flat(8, 6), 3);
  EXPECT_EQ(t.tiles_touching({3, 1, 4, 2}), (TileRect{0, 0, 2, 1}));
  EXPECT_EQ(t.tiles_touching({0, 0, 1, 1}), (TileRect{0, 0, 1, 1}));
  EXPECT_EQ(t.tiles_touching({4, 3, 5, 4}), (TileRect{1, 0, 2, 1}));
  EXPECT_TRUE(t.tiles_touching({7, 0, 8, 6}).empty());
  EXPECT_TRUE(t.tiles_touching({0, 4, 8, 6}).empty());
  EXPECT_TRUE(t.tiles_touching({3, 3, 3, 4}).empty());  // no samples
  constexpr std::int32_t lo = std::numeric_limits<std::int32_t>::min();
  constexpr std::int32_t hi = std::numeric_limits<std::int32_t>::max();
  EXPECT_EQ(t.tiles_touching({lo, lo, hi, hi}), t.bounds());
  // Every tile reading a sample touches it.
  for (int x = 0; x < 8; ++x) {
    const TileRect reading = t.tiles_reading({x, 1, x + 1, 2});
    const TileRect touching = t.tiles_touching({x, 1, x + 1, 2});
    if (reading.empty()) continue;
    EXPECT_LE(touching.i0, reading.i0);
    EXPECT_GE(touching.i1, reading.i1);
  }
}

TEST(Tiling, TilesReadingIgnoresSamplesOutsideTheMap) {
  const Tiling t(flat(7, 5), 1);
  EXPECT_TRUE(t.tiles_reading({-5, -5, -1, -1}).empty());
  EXPECT_TRUE(t.tiles_reading({100, 0, 200, 5}).empty());
  EXPECT_TRUE(t.tiles_reading({3, 3, 3, 4}).empty());  // no samples
  constexpr std::int32_t lo = std::numeric_limits<std::int32_t>::min();
  constexpr std::int32_t hi = std::numeric_limits<std::int32_t>::max();
  EXPECT_EQ(t.tiles_reading({lo, lo, hi, hi}), t.bounds());
  EXPECT_EQ(t.tiles_reading({-3, -3, 1, 1}), (TileRect{0, 0, 1, 1}));
}

// For random sample rectangles: tiles_reading is the bounding box of the tiles
// whose bilinear cell (found by a per-tile loop in double) meets the
// rectangle, and changing those samples changes no tile height outside it.
TEST(Tiling, TilesReadingMatchesBruteForce) {
  std::mt19937 rng(11);
  for (const int t : {1, 2, 3, 4, 5}) {
    const Heightmap hm =
        test::random_heightmap(23, 18, 1.0, 10.0, 1.0, static_cast<std::uint32_t>(t));
    const Tiling tiling(hm, t);
    const auto pick = [&](int lo, int hi) {
      return std::uniform_int_distribution<int>(lo, hi)(rng);
    };
    for (int k = 0; k < 60; ++k) {
      SampleRect s{pick(-2, hm.width()), pick(-2, hm.depth()), 0, 0};
      s.x1 = s.x0 + pick(0, 6);
      s.z1 = s.z0 + pick(0, 6);
      SCOPED_TRACE("t " + std::to_string(t) + " samples [" + std::to_string(s.x0) + ", " +
                   std::to_string(s.x1) + ") x [" + std::to_string(s.z0) + ", " +
                   std::to_string(s.z1) + ")");
      const TileRect got = tiling.tiles_reading(s);
      TileRect want{tiling.tiles_wide(), tiling.tiles_deep(), 0, 0};
      for (int j = 0; j < tiling.tiles_deep(); ++j) {
        for (int i = 0; i < tiling.tiles_wide(); ++i) {
          const int cx = static_cast<int>(std::floor((i + 0.5) * t));
          const int cz = static_cast<int>(std::floor((j + 0.5) * t));
          const auto in = [](int v, std::int32_t lo, std::int32_t hi) { return v >= lo && v < hi; };
          const bool reads = (in(cx, s.x0, s.x1) || in(cx + 1, s.x0, s.x1)) &&
                             (in(cz, s.z0, s.z1) || in(cz + 1, s.z0, s.z1));
          if (!reads) continue;
          want = {std::min(want.i0, i), std::min(want.j0, j), std::max(want.i1, i + 1),
                  std::max(want.j1, j + 1)};
        }
      }
      if (want.empty()) {
        EXPECT_TRUE(got.empty());
      } else {
        EXPECT_EQ(got, want);
      }

      std::vector<float> h(hm.heights().begin(), hm.heights().end());
      for (int z = std::max(s.z0, 0); z < std::min(s.z1, hm.depth()); ++z) {
        for (int x = std::max(s.x0, 0); x < std::min(s.x1, hm.width()); ++x) {
          h[static_cast<std::size_t>(z * hm.width() + x)] += 7.0f;
        }
      }
      const Heightmap edited(hm.width(), hm.depth(), hm.spacing(), h);
      for (int j = 0; j < tiling.tiles_deep(); ++j) {
        for (int i = 0; i < tiling.tiles_wide(); ++i) {
          if (got.contains({i, j})) continue;
          const double sx = tiling.centre_sample(i);
          const double sz = tiling.centre_sample(j);
          EXPECT_EQ(edited.bilinear(sx, sz), hm.bilinear(sx, sz)) << i << "," << j;
        }
      }
    }
  }
}

}  // namespace
}  // namespace terranav::nav
