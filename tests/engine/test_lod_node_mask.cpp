// LodNodeMask against brute force: a node is marked exactly when its closed
// sample square meets a marked tile's.
#include "terranav/engine/render/lod_node_mask.hpp"

#include <cstdint>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "terranav/terrain_io/procedural.hpp"

namespace terranav::engine {
namespace {

bool touches(int a0, int a1, int b0, int b1) {
  return a0 <= b1 && b0 <= a1;
}

TEST(LodNodeMask, MarksExactlyTheNodesThatMeetAMarkedTile) {
  const nav::Heightmap heightmap = nav::procedural_heightmap({.size = 131, .seed = 2});
  const LodQuadtree tree(heightmap, 8);
  std::mt19937 random(5);
  for (const int cells : {1, 3, 8, 20}) {
    const int wide = (heightmap.width() - 1) / cells;
    const int deep = (heightmap.depth() - 1) / cells;
    std::vector<std::uint8_t> marked(static_cast<std::size_t>(wide * deep), 0);
    for (std::uint8_t& m : marked) m = random() % 60 == 0 ? 1 : 0;
    marked.back() = 1;  // the far corner's tile
    const LodNodeMask mask(tree, cells, wide, deep, marked);
    int seen = 0;
    for (int level = 0; level < tree.levels(); ++level) {
      const int size = tree.patch_cells() << level;
      for (int nz = 0; nz < tree.nodes_deep(level); ++nz) {
        for (int nx = 0; nx < tree.nodes_wide(level); ++nx) {
          bool expected = false;
          for (int j = 0; j < deep; ++j) {
            for (int i = 0; i < wide; ++i) {
              expected =
                  expected || (marked[static_cast<std::size_t>(j * wide + i)] != 0 &&
                               touches(nx * size, (nx + 1) * size, i * cells, (i + 1) * cells) &&
                               touches(nz * size, (nz + 1) * size, j * cells, (j + 1) * cells));
            }
          }
          const LodPiece piece{nx * size, nz * size, size, level};
          EXPECT_EQ(mask.any(piece), expected)
              << "tile cells " << cells << ", level " << level << ", node " << nx << ", " << nz;
          seen += expected ? 1 : 0;
        }
      }
    }
    EXPECT_GT(seen, tree.levels());  // every level has a marked node, and more
  }
}

TEST(LodNodeMask, NoMarksMarkNothing) {
  const nav::Heightmap heightmap = nav::procedural_heightmap({.size = 65, .seed = 2});
  const LodQuadtree tree(heightmap, 4);
  const LodNodeMask empty;
  const LodNodeMask unmarked(tree, 2, 32, 32, std::vector<std::uint8_t>(32 * 32, 0));
  for (int level = 0; level < tree.levels(); ++level) {
    const int size = tree.patch_cells() << level;
    for (int nz = 0; nz < tree.nodes_deep(level); ++nz) {
      for (int nx = 0; nx < tree.nodes_wide(level); ++nx) {
        EXPECT_FALSE(empty.any({nx * size, nz * size, size, level}));
        EXPECT_FALSE(unmarked.any({nx * size, nz * size, size, level}));
      }
    }
  }
}

TEST(LodNodeMask, RefusesFlagsThatDoNotFitTheTiles) {
  const nav::Heightmap heightmap = nav::procedural_heightmap({.size = 65, .seed = 2});
  const LodQuadtree tree(heightmap, 4);
  EXPECT_THROW(LodNodeMask(tree, 2, 32, 32, std::vector<std::uint8_t>(100, 0)), nav::Error);
  EXPECT_THROW(LodNodeMask(tree, 0, 1, 1, std::vector<std::uint8_t>(1, 0)), nav::Error);
}

}  // namespace
}  // namespace terranav::engine
