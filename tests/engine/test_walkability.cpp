#include "terranav/engine/render/walkability.hpp"

#include <gtest/gtest.h>

#include "test_worlds.hpp"

namespace terranav::engine {
namespace {

TEST(Walkability, TexelsCountEdgesOverNeighboursInRange) {
  const nav::Terrain terrain = test::small_terrain();
  const nav::TerrainGraph graph(terrain.heightmap, {.tile_size = 1}, terrain.blocked);
  const std::vector<std::uint8_t> texels = walkability_texels(graph);
  ASSERT_EQ(texels.size(), 32u * 32u);
  const auto at = [&](int i, int j) { return texels[static_cast<std::size_t>(j * 32 + i)]; };
  EXPECT_EQ(at(2, 2), 255);                // flat interior: 8 of 8
  EXPECT_EQ(at(0, 0), 255);                // corner: 3 of 3
  EXPECT_EQ(at(test::kWallColumn, 4), 0);  // blocked
  EXPECT_EQ(at(8, 20), 0);                 // the steep tile
  EXPECT_EQ(at(23, 4), 159);               // east, north-east, south-east blocked: 5 of 8
  // West of the 500 m tile (7, 20): its 250 m/500 m neighbours are too steep.
  EXPECT_EQ(at(6, 20), 159);
}

}  // namespace
}  // namespace terranav::engine
