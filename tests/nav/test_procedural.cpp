// procedural_heightmap (libnoise fBm) and load_terrain's procedural source.
#include "terranav/terrain_io/procedural.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <fstream>
#include <limits>
#include <vector>

#include "reference_edges.hpp"
#include "terranav/terrain_io/terrain_source.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

using test::error_of;
using ::testing::AllOf;
using ::testing::HasSubstr;

ProceduralConfig small(std::uint32_t seed = 7) {
  return {.size = 65, .seed = seed, .spacing_m = 2.0, .relief_m = 100.0};
}

// Largest |h(a) - h(b)| over 4-neighbour sample pairs.
double max_neighbour_difference(const Heightmap& hm) {
  double most = 0.0;
  for (int z = 0; z < hm.depth(); ++z) {
    for (int x = 0; x < hm.width(); ++x) {
      if (x + 1 < hm.width())
        most = std::max(most, double{std::fabs(hm.at(x + 1, z) - hm.at(x, z))});
      if (z + 1 < hm.depth())
        most = std::max(most, double{std::fabs(hm.at(x, z + 1) - hm.at(x, z))});
    }
  }
  return most;
}

TEST(Procedural, SameConfigGivesTheSameHeights) {
  const Heightmap a = procedural_heightmap(small());
  const Heightmap b = procedural_heightmap(small());
  EXPECT_TRUE(std::ranges::equal(a.heights(), b.heights()));
  // Pinned once (libnoise 1.0.0, Debian 12); a change here changes every
  // experiment that names a seed.
  EXPECT_NEAR(a.at(0, 0), 60.466785, 1e-3);
  EXPECT_NEAR(a.at(10, 20), 25.876337, 1e-3);
  EXPECT_NEAR(a.at(32, 32), 63.270573, 1e-3);
  EXPECT_NEAR(a.at(64, 5), 49.694008, 1e-3);
  EXPECT_NEAR(a.at(64, 64), 37.763962, 1e-3);
}

TEST(Procedural, DifferentSeedsGiveDifferentHeights) {
  const Heightmap a = procedural_heightmap(small(7));
  const Heightmap b = procedural_heightmap(small(8));
  std::size_t differing = 0;
  for (std::size_t k = 0; k < a.heights().size(); ++k) {
    differing += std::fabs(a.heights()[k] - b.heights()[k]) > 1.0f ? 1 : 0;
  }
  EXPECT_GT(differing, a.heights().size() / 2);
}

TEST(Procedural, HeightsSpanZeroToRelief) {
  const Heightmap hm = procedural_heightmap(small());
  EXPECT_EQ(hm.width(), 65);
  EXPECT_EQ(hm.depth(), 65);
  EXPECT_DOUBLE_EQ(hm.spacing(), 2.0);
  EXPECT_FLOAT_EQ(hm.min_height(), 0.0f);
  EXPECT_FLOAT_EQ(hm.max_height(), 100.0f);
}

TEST(Procedural, DefaultReliefIsProportionalToTheExtent) {
  ProceduralConfig config = small();
  config.relief_m = 0.0;
  EXPECT_NEAR(procedural_heightmap(config).max_height(), 0.13 * 64 * 2.0, 1e-3);
  config.spacing_m = 30.0;
  EXPECT_NEAR(procedural_heightmap(config).max_height(), 0.13 * 64 * 30.0, 1e-2);
}

TEST(Procedural, OneSmoothingPassIsA3x3BoxBlurWithClampedBorders) {
  const Heightmap raw = procedural_heightmap(small());
  ProceduralConfig config = small();
  config.smoothing_passes = 1;
  const Heightmap smooth = procedural_heightmap(config);
  const int n = raw.width();
  std::vector<double> blurred;
  for (int z = 0; z < n; ++z) {
    for (int x = 0; x < n; ++x) {
      double sum = 0.0;
      for (int dz = -1; dz <= 1; ++dz) {
        for (int dx = -1; dx <= 1; ++dx) {
          sum += raw.at(std::clamp(x + dx, 0, n - 1), std::clamp(z + dz, 0, n - 1));
        }
      }
      blurred.push_back(sum / 9.0);
    }
  }
  // Blurring commutes with the affine normalisation, so rescaling the blur of
  // the normalised heights to [0, 100] must reproduce the smoothed map.
  const auto [lo, hi] = std::ranges::minmax(blurred);
  for (int z = 0; z < n; ++z) {
    for (int x = 0; x < n; ++x) {
      const double expected =
          (blurred[static_cast<std::size_t>(z * n + x)] - lo) / (hi - lo) * 100.0;
      ASSERT_NEAR(smooth.at(x, z), expected, 1e-3) << x << ", " << z;
    }
  }
}

TEST(Procedural, SmoothingReducesTheLargestNeighbourDifference) {
  ProceduralConfig config = small();
  const double rough = max_neighbour_difference(procedural_heightmap(config));
  config.smoothing_passes = 3;
  const double smooth = max_neighbour_difference(procedural_heightmap(config));
  EXPECT_LT(smooth, 0.8 * rough);
}

// The default relief's promise, counted with the test's own reference-model
// edges (tile centres = mean of 4 samples at t = 1), not with TerrainGraph.
TEST(Procedural, DefaultReliefPutsRoughlyAFifthOfEdgesOverTheMaxSlope) {
  const Heightmap hm = procedural_heightmap({.size = 257, .seed = 1});
  const test::ReferenceEdges edges(hm, 1, 0.6, 1.0);
  std::size_t total = 0;
  std::size_t over = 0;
  for (int j = 0; j < edges.tiles_deep(); ++j) {
    for (int i = 0; i < edges.tiles_wide(); ++i) {
      for (const auto& [di, dj] : {std::pair{1, 0}, {0, 1}, {1, 1}, {-1, 1}}) {
        if (!edges.inside(i + di, j + dj)) continue;
        ++total;
        over += edges.cost(i, j, di, dj) ? 0 : 1;
      }
    }
  }
  const double fraction = static_cast<double>(over) / static_cast<double>(total);
  EXPECT_GT(fraction, 0.10);
  EXPECT_LT(fraction, 0.30);
}

TEST(Procedural, ConfigOutsideItsLimitsIsAnError) {
  const auto error = [](auto change) {
    ProceduralConfig config = small();
    change(config);
    return error_of([&] { procedural_heightmap(config); });
  };
  EXPECT_THAT(error([](auto& c) { c.size = 1; }),
              HasSubstr("procedural terrain: size: must be in [2, 16384] samples, got 1"));
  EXPECT_THAT(error([](auto& c) { c.size = 16385; }), HasSubstr("got 16385"));
  EXPECT_THAT(error([](auto& c) { c.spacing_m = 0.0; }), HasSubstr("spacing_m: must be in"));
  EXPECT_THAT(error([](auto& c) { c.relief_m = std::numeric_limits<double>::quiet_NaN(); }),
              HasSubstr("relief_m: must be in [0.001, 1e+07] m, got nan"));
  EXPECT_THAT(error([](auto& c) { c.relief_m = -1.0; }), HasSubstr("relief_m: must be in"));
  // The default relief scales with the extent: 0.13 * 128 * 1e6 m is beyond 1e7.
  EXPECT_THAT(error([](auto& c) {
                c.size = 129;
                c.spacing_m = 1e6;
                c.relief_m = 0.0;
              }),
              AllOf(HasSubstr("relief_m 0 picks"), HasSubstr("got 16640000")));
  EXPECT_THAT(error([](auto& c) { c.octaves = 0; }),
              HasSubstr("octaves: must be in [1, 30], got 0"));
  EXPECT_THAT(error([](auto& c) { c.octaves = 31; }), HasSubstr("got 31"));
  EXPECT_THAT(error([](auto& c) { c.frequency = -1.0; }), HasSubstr("frequency: must be in"));
  EXPECT_THAT(error([](auto& c) { c.smoothing_passes = -1; }),
              HasSubstr("smoothing_passes: must be in [0, 1000] passes, got -1"));
  EXPECT_THAT(error([](auto& c) { c.smoothing_passes = 2'000'000'000; }),
              HasSubstr("smoothing_passes: must be in"));
}

using ProceduralSource = test::ScratchDirTest;

TEST_F(ProceduralSource, LoadTerrainAppliesOverridesAndReadsNoMapOrSidecar) {
  std::ofstream(path("ignored.terrain")) << "not a sidecar line\n";
  const Terrain terrain = load_terrain(
      {.map = path("ignored.png"), .spacing_m = 5.0, .tile_size = 2, .procedural = small()});
  EXPECT_EQ(terrain.tile_size, 2);
  EXPECT_TRUE(terrain.blocked.empty());
  EXPECT_DOUBLE_EQ(terrain.heightmap.spacing(), 5.0);
  // Relief is in metres, so only the spacing changes.
  EXPECT_TRUE(
      std::ranges::equal(terrain.heightmap.heights(), procedural_heightmap(small()).heights()));
}

TEST_F(ProceduralSource, LoadTerrainDefaultsToTheConfigsSpacingAndTileSizeOne) {
  const Terrain terrain = load_terrain({.procedural = small()});
  EXPECT_EQ(terrain.tile_size, 1);
  EXPECT_DOUBLE_EQ(terrain.heightmap.spacing(), 2.0);
}

TEST_F(ProceduralSource, LoadTerrainRefusesWhatDoesNotApply) {
  EXPECT_THAT(error_of([] { load_terrain({.tile_size = 65, .procedural = small()}); }),
              AllOf(HasSubstr("procedural terrain"), HasSubstr("tile size 65 outside 1..64")));
  EXPECT_THAT(error_of([] { load_terrain({.height_scale_m = 10.0, .procedural = small()}); }),
              AllOf(HasSubstr("procedural terrain"), HasSubstr("height scale")));
}

}  // namespace
}  // namespace terranav::nav
