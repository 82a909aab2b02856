#include "terranav/nav/connected_sets.hpp"

#include <gtest/gtest.h>

#include <deque>
#include <vector>

#include "random_terrain.hpp"
#include "reference_edges.hpp"

namespace terranav::nav {
namespace {

constexpr std::uint32_t kUnlabelled = 0xFFFFFFFFu;

Heightmap flat(int w, int d) {
  return Heightmap(w, d, 1.0, std::vector<float>(static_cast<std::size_t>(w * d), 0.0f));
}

/// Components by breadth-first search over the independent model's edges,
/// labelled in order of each component's lowest tile index.
struct BfsComponents {
  std::vector<std::uint32_t> label;
  std::vector<std::uint32_t> size;
};

BfsComponents bfs_components(const test::ReferenceEdges& ref) {
  const int tw = ref.tiles_wide();
  const int td = ref.tiles_deep();
  BfsComponents out{std::vector<std::uint32_t>(static_cast<std::size_t>(tw * td), kUnlabelled), {}};
  for (int seed = 0; seed < tw * td; ++seed) {
    if (out.label[static_cast<std::size_t>(seed)] != kUnlabelled ||
        ref.blocked(seed % tw, seed / tw)) {
      continue;
    }
    const auto id = static_cast<std::uint32_t>(out.size.size());
    out.size.push_back(0);
    std::deque<int> queue{seed};
    out.label[static_cast<std::size_t>(seed)] = id;
    while (!queue.empty()) {
      const int t = queue.front();
      queue.pop_front();
      ++out.size.back();
      for (int dj = -1; dj <= 1; ++dj) {
        for (int di = -1; di <= 1; ++di) {
          if ((di == 0 && dj == 0) || !ref.has_edge(t % tw, t / tw, di, dj)) continue;
          const int u = t + dj * tw + di;
          if (out.label[static_cast<std::size_t>(u)] != kUnlabelled) continue;
          out.label[static_cast<std::size_t>(u)] = id;
          queue.push_back(u);
        }
      }
    }
  }
  return out;
}

TEST(ConnectedSets, TwoIslandsSplitByABlockedColumn) {
  // 4 x 3 flat tiles, column 2 blocked:
  //   . . # .
  //   . . # .
  //   . . # .
  std::vector<std::uint8_t> blocked(12, 0);
  for (int j = 0; j < 3; ++j) blocked[static_cast<std::size_t>(j * 4 + 2)] = 1;
  const TerrainGraph g(flat(5, 4), {.tile_size = 1}, blocked);
  const ConnectedSets sets(g);
  ASSERT_EQ(sets.set_count(), 2u);
  EXPECT_EQ(sets.set_of(g.id({0, 0})), SetId{0});
  EXPECT_EQ(sets.set_of(g.id({1, 2})), SetId{0});
  EXPECT_EQ(sets.set_of(g.id({3, 0})), SetId{1});
  EXPECT_EQ(sets.set_of(g.id({3, 2})), SetId{1});
  EXPECT_EQ(sets.set_of(g.id({2, 1})), kNoSet);
  EXPECT_EQ(sets.set_size(SetId{0}), 6u);
  EXPECT_EQ(sets.set_size(SetId{1}), 3u);
  EXPECT_EQ(sets.largest(), SetId{0});
  EXPECT_TRUE(sets.connected(g.id({0, 0}), g.id({1, 2})));
  EXPECT_FALSE(sets.connected(g.id({0, 0}), g.id({3, 0})));
  EXPECT_FALSE(sets.connected(g.id({2, 0}), g.id({2, 1})));  // blocked tiles are in no set
}

TEST(ConnectedSets, NoCornerCuttingIsolatesACorner) {
  // 3 x 3 flat tiles; (0,0) touches the rest only diagonally past two blocks:
  //   . # .
  //   # . .
  //   . . .
  std::vector<std::uint8_t> blocked(9, 0);
  blocked[1] = 1;
  blocked[3] = 1;
  const TerrainGraph g(flat(4, 4), {.tile_size = 1}, blocked);
  const ConnectedSets sets(g);
  ASSERT_EQ(sets.set_count(), 2u);
  EXPECT_EQ(sets.set_of(g.id({0, 0})), SetId{0});
  EXPECT_EQ(sets.set_size(SetId{0}), 1u);
  EXPECT_EQ(sets.set_of(g.id({2, 0})), SetId{1});
  EXPECT_EQ(sets.set_size(SetId{1}), 6u);
  EXPECT_EQ(sets.largest(), SetId{1});
}

TEST(ConnectedSets, LargestPrefersLowestIdOnTiesAndNoSetWhenAllBlocked) {
  // 3 x 1 tiles, middle blocked: two sets of one tile each.
  const TerrainGraph two(flat(4, 2), {.tile_size = 1}, std::vector<std::uint8_t>{0, 1, 0});
  const ConnectedSets sets(two);
  ASSERT_EQ(sets.set_count(), 2u);
  EXPECT_EQ(sets.largest(), SetId{0});

  const TerrainGraph none(flat(4, 2), {.tile_size = 1}, std::vector<std::uint8_t>{1, 1, 1});
  const ConnectedSets empty(none);
  EXPECT_EQ(empty.set_count(), 0u);
  EXPECT_EQ(empty.largest(), kNoSet);
}

TEST(ConnectedSets, SteepTileWithoutEdgesIsItsOwnSet) {
  // 3 x 3 tiles (4 x 4 samples); a 100 m spike on the four samples around the
  // centre tile (centre 100, sides 50, corners 25) makes every edge to the centre steeper
  // than 30 while the ring around it stays connected.
  std::vector<float> h(16, 0.0f);
  for (const int k : {5, 6, 9, 10}) h[static_cast<std::size_t>(k)] = 100.0f;
  const TerrainGraph g(Heightmap(4, 4, 1.0, h), {.tile_size = 1, .max_slope = 30.0});
  const ConnectedSets sets(g);
  EXPECT_EQ(g.edge_mask(g.id({1, 1})), 0u);
  EXPECT_EQ(sets.set_count(), 2u);
  EXPECT_EQ(sets.set_of(g.id({1, 1})), SetId{1});
  EXPECT_EQ(sets.set_size(SetId{1}), 1u);
  EXPECT_EQ(sets.set_size(SetId{0}), 8u);
}

struct TerrainCase {
  int w, d, t;
  double spacing, relief, noise, max_slope, blocked_fraction;
  std::uint32_t seed;
};

/// Compares the sets of one random terrain under one edge rule with BFS.
void expect_bfs_components(const TerrainCase& c, Topology topology, CornerCutting corner) {
  const Heightmap hm = test::random_heightmap(c.w, c.d, c.spacing, c.relief, c.noise, c.seed);
  const int tw = (c.w - 1) / c.t;
  const int td = (c.d - 1) / c.t;
  const auto blocked =
      test::random_mask(static_cast<std::size_t>(tw * td), c.blocked_fraction, c.seed);
  const TerrainGraph g(
      hm,
      {.tile_size = c.t, .max_slope = c.max_slope, .topology = topology, .corner_cutting = corner},
      blocked);
  const ConnectedSets sets(g);
  const BfsComponents bfs =
      bfs_components(test::ReferenceEdges(hm, c.t, c.max_slope, 1.0, blocked, topology, corner));
  SCOPED_TRACE("seed " + std::to_string(c.seed) + " " + std::string(to_string(topology)) + " " +
               std::string(to_string(corner)));
  ASSERT_EQ(sets.set_count(), bfs.size.size());
  EXPECT_GT(sets.set_count(), 3u);  // several components, or the check is weak
  for (std::size_t k = 0; k < bfs.label.size(); ++k) {
    const SetId expected = bfs.label[k] == kUnlabelled ? kNoSet : SetId{bfs.label[k]};
    ASSERT_EQ(sets.set_of(TileId{static_cast<std::uint32_t>(k)}), expected) << "tile " << k;
  }
  std::uint32_t largest = 0;
  for (std::uint32_t s = 0; s < bfs.size.size(); ++s) {
    EXPECT_EQ(sets.set_size(SetId{s}), bfs.size[s]);
    if (bfs.size[s] > bfs.size[largest]) largest = s;
  }
  EXPECT_EQ(sets.largest(), SetId{largest});
}

TEST(ConnectedSets, EqualBreadthFirstReachabilityOnRandomTerrain) {
  const TerrainCase cases[] = {
      {97, 81, 1, 1.0, 30.0, 0.5, 0.5, 0.0, 11},
      {121, 101, 2, 0.5, 20.0, 0.3, 0.6, 0.15, 12},
      {90, 130, 3, 2.0, 80.0, 1.0, 0.4, 0.3, 13},
  };
  for (const TerrainCase& c : cases) {
    for (const CornerCutting corner :
         {CornerCutting::Never, CornerCutting::Always, CornerCutting::AtLeastOneFree}) {
      expect_bfs_components(c, Topology::Octile8, corner);
    }
    expect_bfs_components(c, Topology::Cardinal4, CornerCutting::Never);
    expect_bfs_components(c, Topology::Hex6, CornerCutting::Never);
  }
}

}  // namespace
}  // namespace terranav::nav
