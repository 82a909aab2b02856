#include "terranav/nav/connected_sets.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <random>
#include <string>
#include <vector>

#include "random_terrain.hpp"
#include "reference_edges.hpp"

namespace terranav::nav {
namespace {

constexpr std::uint32_t kUnlabelled = 0xFFFFFFFFu;

Heightmap flat(int w, int d) {
  return Heightmap(w, d, 1.0, std::vector<float>(static_cast<std::size_t>(w * d), 0.0f));
}

/// Components by breadth-first search, labelled in order of each
/// component's lowest tile index: the oracle the sets are checked against.
struct BfsComponents {
  std::vector<std::uint32_t> label;
  std::vector<std::uint32_t> size;
};

/// `edge(t, di, dj)`: whether tile t has an edge to t + (di, dj); `open(t)`:
/// whether t is unblocked.
template <typename Open, typename Edge>
BfsComponents bfs_components(int tw, int td, Open open, Edge edge) {
  BfsComponents out{std::vector<std::uint32_t>(static_cast<std::size_t>(tw * td), kUnlabelled), {}};
  for (int seed = 0; seed < tw * td; ++seed) {
    if (out.label[static_cast<std::size_t>(seed)] != kUnlabelled || !open(seed)) continue;
    const auto id = static_cast<std::uint32_t>(out.size.size());
    out.size.push_back(0);
    std::deque<int> queue{seed};
    out.label[static_cast<std::size_t>(seed)] = id;
    while (!queue.empty()) {
      const int t = queue.front();
      queue.pop_front();
      ++out.size.back();
      for (int dj = -2; dj <= 2; ++dj) {  // `edge` knows which moves exist
        for (int di = -2; di <= 2; ++di) {
          if ((di == 0 && dj == 0) || !edge(t, di, dj)) continue;
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

/// Over the independent model's edges (reference_edges.hpp).
BfsComponents bfs_components(const test::ReferenceEdges& ref) {
  const int tw = ref.tiles_wide();
  return bfs_components(
      tw, ref.tiles_deep(), [&](int t) { return !ref.blocked(t % tw, t / tw); },
      [&](int t, int di, int dj) { return ref.has_edge(t % tw, t / tw, di, dj); });
}

/// Over the graph's own edges, read one direction at a time.
BfsComponents bfs_components(const TerrainGraph& g) {
  const auto n = static_cast<std::uint32_t>(g.tile_count());
  BfsComponents out{std::vector<std::uint32_t>(n, kUnlabelled), {}};
  std::vector<std::uint32_t> queue;
  for (std::uint32_t seed = 0; seed < n; ++seed) {
    if (out.label[seed] != kUnlabelled || g.blocked(TileId{seed})) continue;
    const auto id = static_cast<std::uint32_t>(out.size.size());
    out.label[seed] = id;
    queue.assign(1, seed);
    for (std::size_t head = 0; head < queue.size(); ++head) {
      for (int d = 0; d < g.directions(); ++d) {
        if (!g.has_edge(TileId{queue[head]}, d)) continue;
        const std::uint32_t u = index(g.neighbour(TileId{queue[head]}, d));
        if (out.label[u] != kUnlabelled) continue;
        out.label[u] = id;
        queue.push_back(u);
      }
    }
    out.size.push_back(static_cast<std::uint32_t>(queue.size()));
  }
  return out;
}

/// The sets equal the oracle as a partition: a bijection between oracle
/// labels and set ids that maps every tile's label to its set, with equal
/// sizes; set_count, set_id_bound (unused ids have size 0) and largest()
/// (most tiles, then lowest tile) agree.
::testing::AssertionResult same_partition(const ConnectedSets& sets, const BfsComponents& bfs) {
  const std::size_t bound = sets.set_id_bound();
  std::vector<SetId> set_of_label(bfs.size.size(), kNoSet);
  std::vector<std::uint32_t> label_of_set(bound, kUnlabelled);
  for (std::size_t k = 0; k < bfs.label.size(); ++k) {
    const SetId s = sets.set_of(TileId{static_cast<std::uint32_t>(k)});
    const std::uint32_t label = bfs.label[k];
    if (label == kUnlabelled || s == kNoSet) {
      if (label != kUnlabelled || s != kNoSet) {
        return ::testing::AssertionFailure()
               << "tile " << k << ": blocked in one labelling only (set " << index(s) << ")";
      }
      continue;
    }
    if (index(s) >= bound) {
      return ::testing::AssertionFailure()
             << "tile " << k << ": set " << index(s) << " >= bound " << bound;
    }
    if (set_of_label[label] == kNoSet) set_of_label[label] = s;
    if (label_of_set[index(s)] == kUnlabelled) label_of_set[index(s)] = label;
    if (set_of_label[label] != s || label_of_set[index(s)] != label) {
      return ::testing::AssertionFailure()
             << "tile " << k << ": set " << index(s) << " is not the image of component " << label;
    }
  }
  if (sets.set_count() != bfs.size.size()) {
    return ::testing::AssertionFailure()
           << sets.set_count() << " sets, expected " << bfs.size.size();
  }
  for (std::size_t label = 0; label < bfs.size.size(); ++label) {
    if (sets.set_size(set_of_label[label]) != bfs.size[label]) {
      return ::testing::AssertionFailure()
             << "set " << index(set_of_label[label]) << " has size "
             << sets.set_size(set_of_label[label]) << ", expected " << bfs.size[label];
    }
  }
  for (std::uint32_t s = 0; s < bound; ++s) {
    if (label_of_set[s] == kUnlabelled && sets.set_size(SetId{s}) != 0) {
      return ::testing::AssertionFailure()
             << "unused id " << s << " has size " << sets.set_size(SetId{s});
    }
  }
  // Oracle labels follow the lowest tile: the first maximum is the answer.
  const auto largest = std::max_element(bfs.size.begin(), bfs.size.end());
  const SetId expected = largest == bfs.size.end()
                             ? kNoSet
                             : set_of_label[static_cast<std::size_t>(largest - bfs.size.begin())];
  if (sets.largest() != expected) {
    return ::testing::AssertionFailure()
           << "largest() " << index(sets.largest()) << ", expected " << index(expected);
  }
  return ::testing::AssertionSuccess();
}

/// Smallest rectangle holding every tile whose edge mask or blocked flag
/// differs between the graphs (same size); empty if none does.
TileRect changed_tiles(const TerrainGraph& a, const TerrainGraph& b) {
  TileRect r{a.tiles_wide(), a.tiles_deep(), 0, 0};
  for (int j = 0; j < a.tiles_deep(); ++j) {
    for (int i = 0; i < a.tiles_wide(); ++i) {
      const TileId t = a.id({i, j});
      if (a.edge_mask(t) == b.edge_mask(t) && a.knight_mask(t) == b.knight_mask(t) &&
          a.blocked(t) == b.blocked(t)) {
        continue;
      }
      r = {std::min(r.i0, i), std::min(r.j0, j), std::max(r.i1, i + 1), std::max(r.j1, j + 1)};
    }
  }
  return r.empty() ? TileRect{} : r;
}

TEST(ConnectedSets, KnightMovesJoinColumnsThatOctileStepsCannot) {
  // Tile heights rise 1 m per column (1 m tiles), max slope 0.5: the only
  // octile edges run north-south, so Octile8 has one set per column; the
  // knight's moves (+-1, +-2) rise 1 in sqrt5 and join them all, also
  // across the 16-tile blocks of a 40 x 40 map.
  std::vector<float> ramp(41 * 41);
  for (std::size_t k = 0; k < ramp.size(); ++k) ramp[k] = static_cast<float>(k % 41);
  const Heightmap hm(41, 41, 1.0, ramp);
  const TerrainGraph octile(hm, {.tile_size = 1, .max_slope = 0.5});
  EXPECT_EQ(ConnectedSets(octile).set_count(), 40u);
  const TerrainGraph knight(hm, {.tile_size = 1, .max_slope = 0.5, .topology = Topology::Knight16});
  const ConnectedSets sets(knight);
  EXPECT_EQ(sets.set_count(), 1u);
  EXPECT_TRUE(same_partition(sets, bfs_components(knight)));
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
  const SetId left = sets.set_of(g.id({0, 0}));
  const SetId right = sets.set_of(g.id({3, 0}));
  EXPECT_NE(left, right);
  EXPECT_EQ(sets.set_of(g.id({1, 2})), left);
  EXPECT_EQ(sets.set_of(g.id({3, 2})), right);
  EXPECT_EQ(sets.set_of(g.id({2, 1})), kNoSet);
  EXPECT_EQ(sets.set_size(left), 6u);
  EXPECT_EQ(sets.set_size(right), 3u);
  EXPECT_EQ(sets.largest(), left);
  EXPECT_TRUE(sets.connected(g.id({0, 0}), g.id({1, 2})));
  EXPECT_FALSE(sets.connected(g.id({0, 0}), g.id({3, 0})));
  EXPECT_FALSE(sets.connected(g.id({2, 0}), g.id({2, 1})));  // blocked tiles are in no set
  EXPECT_TRUE(same_partition(sets, bfs_components(g)));
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
  EXPECT_EQ(sets.set_size(sets.set_of(g.id({0, 0}))), 1u);
  EXPECT_EQ(sets.set_size(sets.set_of(g.id({2, 0}))), 6u);
  EXPECT_EQ(sets.largest(), sets.set_of(g.id({2, 0})));
  EXPECT_TRUE(same_partition(sets, bfs_components(g)));
}

TEST(ConnectedSets, LargestPrefersTheLowestTileOnTiesAndNoSetWhenAllBlocked) {
  // 3 x 1 tiles, middle blocked: two sets of one tile each.
  const TerrainGraph two(flat(4, 2), {.tile_size = 1}, std::vector<std::uint8_t>{0, 1, 0});
  const ConnectedSets sets(two);
  ASSERT_EQ(sets.set_count(), 2u);
  EXPECT_EQ(sets.largest(), sets.set_of(TileId{0}));

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
  EXPECT_EQ(sets.set_size(sets.set_of(g.id({1, 1}))), 1u);
  EXPECT_EQ(sets.set_size(sets.set_of(g.id({0, 0}))), 8u);
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
  EXPECT_GE(bfs.size.size(), 3u);  // several components, or the check is weak
  EXPECT_TRUE(same_partition(sets, bfs));
  // A fresh build numbers the sets densely.
  EXPECT_EQ(sets.set_id_bound(), sets.set_count());
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
    // Knight16 joins the open terrain of the first case into one set.
    if (c.blocked_fraction == 0.0) continue;
    for (const CornerCutting corner :
         {CornerCutting::Never, CornerCutting::Always, CornerCutting::AtLeastOneFree}) {
      expect_bfs_components(c, Topology::Knight16, corner);
    }
  }
}

/// A flat map of tw x td tiles (several 16-tile blocks) edited by blocked
/// mask: each apply() rebuilds the graph, updates the sets with the
/// rectangle of changed tiles and checks them against BFS and a rebuild.
class FlatEdits {
 public:
  FlatEdits(int tw, int td, GraphConfig config, std::vector<std::uint8_t> blocked = {})
      : tw_(tw),
        td_(td),
        config_(config),
        heightmap_(flat(tw + 1, td + 1)),
        blocked_(blocked.empty() ? std::vector<std::uint8_t>(static_cast<std::size_t>(tw * td))
                                 : std::move(blocked)),
        graph_(heightmap_, config_, blocked_),
        sets_(graph_) {}

  void raise_sample(int x, int z, float dh) {
    std::vector<float> h(heightmap_.heights().begin(), heightmap_.heights().end());
    h[static_cast<std::size_t>(z * (tw_ + 1) + x)] += dh;
    heightmap_ = Heightmap(tw_ + 1, td_ + 1, 1.0, std::move(h));
  }
  void set_blocked(TileRect r, bool value) {
    for (int j = r.j0; j < r.j1; ++j) {
      for (int i = r.i0; i < r.i1; ++i) blocked_[static_cast<std::size_t>(j * tw_ + i)] = value;
    }
  }
  /// Rebuilds the graph, updates the sets; returns the changed rectangle.
  TileRect apply() {
    TerrainGraph next(heightmap_, config_, blocked_);
    const TileRect changed = changed_tiles(graph_, next);
    graph_ = std::move(next);
    sets_.update(graph_, changed);
    return changed;
  }
  /// The same, updating with the given rectangle.
  void apply(TileRect changed) {
    graph_ = TerrainGraph(heightmap_, config_, blocked_);
    sets_.update(graph_, changed);
  }
  ::testing::AssertionResult check() const { return same_partition(sets_, bfs_components(graph_)); }

  const TerrainGraph& graph() const { return graph_; }
  const ConnectedSets& sets() const { return sets_; }
  SetId set_at(int i, int j) const { return sets_.set_of(graph_.id({i, j})); }

 private:
  int tw_;
  int td_;
  GraphConfig config_;
  Heightmap heightmap_;
  std::vector<std::uint8_t> blocked_;
  TerrainGraph graph_;
  ConnectedSets sets_;
};

TEST(ConnectedSetsUpdate, AWallSplitsTheMapAndAGapJoinsItAgain) {
  FlatEdits map(70, 70, {.tile_size = 1});
  ASSERT_EQ(map.sets().set_count(), 1u);
  map.set_blocked({40, 0, 41, 70}, true);
  const TileRect changed = map.apply();
  EXPECT_EQ(changed, (TileRect{39, 0, 42, 70}));  // the wall and the tiles beside it
  ASSERT_TRUE(map.check());
  EXPECT_EQ(map.sets().set_count(), 2u);
  EXPECT_FALSE(map.sets().connected(map.graph().id({0, 0}), map.graph().id({69, 69})));
  EXPECT_EQ(map.sets().set_size(map.set_at(0, 0)), 40u * 70u);
  EXPECT_EQ(map.sets().largest(), map.set_at(0, 0));

  map.set_blocked({40, 69, 41, 70}, false);  // a gap in the bottom corner row
  map.apply();
  ASSERT_TRUE(map.check());
  EXPECT_EQ(map.sets().set_count(), 1u);
  EXPECT_TRUE(map.sets().connected(map.graph().id({0, 0}), map.graph().id({69, 0})));
  EXPECT_EQ(map.sets().set_size(map.set_at(0, 0)), 70u * 70u - 69u);
}

TEST(ConnectedSetsUpdate, JoinOfTwoSetsAndSetsFarAwayKeepTheirIds) {
  // 200 x 70 tiles: a wall at column 100 splits two halves; a small walled
  // island far from the edit keeps its id through split and join.
  FlatEdits map(200, 70, {.tile_size = 1});
  map.set_blocked({100, 0, 101, 70}, true);
  map.set_blocked({2, 2, 7, 7}, true);
  map.set_blocked({3, 3, 6, 6}, false);
  map.apply();
  ASSERT_TRUE(map.check());
  ASSERT_EQ(map.sets().set_count(), 3u);
  const SetId island = map.set_at(4, 4);
  EXPECT_EQ(map.sets().set_size(island), 9u);

  map.set_blocked({100, 30, 101, 40}, false);
  // Rows 29 and 40 keep their masks: their diagonals pass a blocked corner.
  EXPECT_EQ(map.apply(), (TileRect{99, 30, 102, 40}));
  ASSERT_TRUE(map.check());
  EXPECT_EQ(map.sets().set_count(), 2u);
  EXPECT_TRUE(map.sets().connected(map.graph().id({0, 0}), map.graph().id({199, 69})));
  EXPECT_EQ(map.set_at(4, 4), island);

  map.set_blocked({100, 30, 101, 40}, true);
  map.apply();
  ASSERT_TRUE(map.check());
  EXPECT_EQ(map.sets().set_count(), 3u);
  EXPECT_EQ(map.set_at(4, 4), island);
  EXPECT_LE(map.sets().set_id_bound(), 3u);  // freed ids are reused
}

TEST(ConnectedSetsUpdate, SplitWhosePiecesLieOnlyInTheRing) {
  // A one-tile corridor along row 40 of a 96 x 96 map; its whole stretch
  // through columns 32 .. 63 (whole blocks) is blocked, and the update is
  // told only those tiles: every changed edge has one end inside, which is
  // enough. The pieces lie in the blocks on either side, none in the blocks
  // recomputed: only seeding the ring finds that they split.
  std::vector<std::uint8_t> blocked(96 * 96, 1);
  for (int i = 0; i < 96; ++i) blocked[static_cast<std::size_t>(40 * 96 + i)] = 0;
  FlatEdits map(96, 96, {.tile_size = 1}, blocked);
  ASSERT_EQ(map.sets().set_count(), 1u);
  map.set_blocked({32, 40, 64, 41}, true);
  map.apply({32, 40, 64, 41});
  ASSERT_TRUE(map.check());
  EXPECT_EQ(map.sets().set_count(), 2u);
  EXPECT_EQ(map.sets().set_size(map.set_at(0, 40)), 32u);
  EXPECT_EQ(map.sets().set_size(map.set_at(95, 40)), 32u);
}

TEST(ConnectedSetsUpdate, ACorridorAroundALakeStaysOneSetUntilCutTwice) {
  // 256 x 256 tiles: a 4-tile wide corridor around a blocked square, all
  // else blocked. One cut leaves it connected the long way round, so the
  // search outside the edited blocks must go round too; it keeps its id. A
  // second cut splits it into two long pieces, both mostly outside.
  std::vector<std::uint8_t> blocked(256 * 256, 1);
  for (int j = 20; j < 236; ++j) {
    for (int i = 20; i < 236; ++i) {
      if (i < 24 || i >= 232 || j < 24 || j >= 232) {
        blocked[static_cast<std::size_t>(j * 256 + i)] = 0;
      }
    }
  }
  FlatEdits map(256, 256, {.tile_size = 1}, blocked);
  ASSERT_EQ(map.sets().set_count(), 1u);
  const SetId ring = map.set_at(20, 20);
  map.set_blocked({100, 20, 103, 24}, true);
  map.apply();
  ASSERT_TRUE(map.check());
  EXPECT_EQ(map.sets().set_count(), 1u);
  EXPECT_EQ(map.set_at(20, 20), ring);
  map.set_blocked({150, 232, 153, 236}, true);
  map.apply();
  ASSERT_TRUE(map.check());
  EXPECT_EQ(map.sets().set_count(), 2u);
  EXPECT_FALSE(map.sets().connected(map.graph().id({20, 20}), map.graph().id({235, 20})));
  map.set_blocked({100, 20, 103, 24}, false);
  map.apply();
  ASSERT_TRUE(map.check());
  EXPECT_EQ(map.sets().set_count(), 1u);
}

TEST(ConnectedSetsUpdate, ClosingTheLastGapInAWallSplitsTheMapInHalves) {
  // 320 x 256 tiles, a wall down column 160 with a gap at rows 100 .. 109:
  // closing the gap cuts two halves of about 160 x 256 tiles, nearly all
  // outside the edited blocks; reopening it joins them.
  FlatEdits map(320, 256, {.tile_size = 1});
  map.set_blocked({160, 0, 161, 256}, true);
  map.set_blocked({160, 100, 161, 110}, false);
  map.apply();
  ASSERT_TRUE(map.check());
  ASSERT_EQ(map.sets().set_count(), 1u);
  map.set_blocked({160, 100, 161, 110}, true);
  map.apply();
  ASSERT_TRUE(map.check());
  EXPECT_EQ(map.sets().set_count(), 2u);
  EXPECT_EQ(map.sets().set_size(map.set_at(0, 0)), 160u * 256u);
  EXPECT_EQ(map.sets().set_size(map.set_at(319, 255)), 159u * 256u);
  map.set_blocked({160, 200, 161, 201}, false);
  map.apply();
  ASSERT_TRUE(map.check());
  EXPECT_EQ(map.sets().set_count(), 1u);
  EXPECT_EQ(map.sets().set_size(map.set_at(0, 0)), 320u * 256u - 255u);
}

TEST(ConnectedSetsUpdate, EditsOnTheBorderAndInTheCorners) {
  FlatEdits map(70, 70, {.tile_size = 1});
  // Walls cutting off each corner of the map, then each corner tile alone.
  for (const TileRect wall : {TileRect{0, 3, 4, 4}, TileRect{3, 0, 4, 3}, TileRect{66, 66, 67, 70},
                              TileRect{67, 66, 70, 67}, TileRect{69, 0, 70, 1}}) {
    map.set_blocked(wall, true);
    map.apply();
    ASSERT_TRUE(map.check());
  }
  EXPECT_EQ(map.sets().set_count(), 3u);  // main, top-left 3 x 3, bottom-right 3 x 3
  EXPECT_EQ(map.sets().set_size(map.set_at(0, 0)), 9u);
  EXPECT_EQ(map.sets().set_size(map.set_at(69, 69)), 9u);
  EXPECT_EQ(map.set_at(69, 0), kNoSet);
  map.set_blocked({0, 0, 3, 3}, true);
  map.set_blocked({0, 0, 1, 1}, false);  // a lone corner tile
  map.apply();
  ASSERT_TRUE(map.check());
  EXPECT_EQ(map.sets().set_size(map.set_at(0, 0)), 1u);
  map.set_blocked({0, 0, 70, 70}, false);
  map.apply();
  ASSERT_TRUE(map.check());
  EXPECT_EQ(map.sets().set_count(), 1u);
  // An update with a rectangle reaching outside the map, or an empty one.
  map.set_blocked({68, 0, 70, 2}, true);
  ConnectedSets sets = map.sets();
  sets.update(map.graph(), TileRect{});
  EXPECT_TRUE(same_partition(sets, bfs_components(map.graph())));
  map.apply();
  sets.update(map.graph(), TileRect{60, -5, 80, 10});
  EXPECT_TRUE(same_partition(sets, bfs_components(map.graph())));
}

/// Two regions joined only by a diagonal step across the corner of four
/// blocks: blocks (0, 0) and (1, 1) open, everything else blocked.
std::vector<std::uint8_t> two_blocks_meeting_at_a_corner(int tw, int td, bool anti_diagonal) {
  std::vector<std::uint8_t> blocked(static_cast<std::size_t>(tw * td), 1);
  for (int j = 0; j < 64; ++j) {
    for (int i = 0; i < 64; ++i) {
      const bool open = anti_diagonal ? (i < 32) != (j < 32) : (i < 32) == (j < 32);
      if (open) blocked[static_cast<std::size_t>(j * tw + i)] = 0;
    }
  }
  return blocked;
}

TEST(ConnectedSetsUpdate, DiagonalOnlyConnectionAcrossABlockCorner) {
  // Always: (31, 31) - (32, 32) joins blocks (0, 0) and (1, 1).
  FlatEdits always(70, 70, {.tile_size = 1, .corner_cutting = CornerCutting::Always},
                   two_blocks_meeting_at_a_corner(70, 70, false));
  ASSERT_TRUE(always.check());
  EXPECT_EQ(always.sets().set_count(), 1u);
  always.set_blocked({31, 31, 32, 32}, true);
  always.apply();
  ASSERT_TRUE(always.check());
  EXPECT_EQ(always.sets().set_count(), 2u);
  always.set_blocked({31, 31, 32, 32}, false);
  always.apply();
  ASSERT_TRUE(always.check());
  EXPECT_EQ(always.sets().set_count(), 1u);

  // Never needs both side tiles unblocked, at-least-one-free one. A side tile
  // raised 10 m (one of its own samples by 40 m) is unblocked but has no
  // edge, so it is no bridge itself.
  for (const CornerCutting corner : {CornerCutting::Never, CornerCutting::AtLeastOneFree}) {
    SCOPED_TRACE(std::string(to_string(corner)));
    FlatEdits map(70, 70, {.tile_size = 1, .corner_cutting = corner},
                  two_blocks_meeting_at_a_corner(70, 70, false));
    ASSERT_TRUE(map.check());
    EXPECT_EQ(map.sets().set_count(), 2u);
    map.raise_sample(33, 31, 40.0f);
    map.set_blocked({32, 31, 33, 32}, false);
    map.apply();
    ASSERT_TRUE(map.check());
    ASSERT_EQ(map.graph().edge_mask(map.graph().id({32, 31})), 0u);
    EXPECT_EQ(map.sets().set_count(), corner == CornerCutting::Never ? 3u : 2u);
    map.raise_sample(31, 33, 80.0f);  // 20 m: no edge to the other side tile either
    map.set_blocked({31, 32, 32, 33}, false);
    map.apply();
    ASSERT_TRUE(map.check());
    EXPECT_EQ(map.sets().set_count(), 3u);  // joined, and two lone side tiles
    EXPECT_TRUE(map.sets().connected(map.graph().id({31, 31}), map.graph().id({32, 32})));
    map.set_blocked({32, 31, 33, 32}, true);
    map.set_blocked({31, 32, 32, 33}, true);
    map.apply();
    ASSERT_TRUE(map.check());
    EXPECT_EQ(map.sets().set_count(), 2u);
  }

  // Hex6 has the anti-diagonal (+1, -1): (32, 31) - (31, 32) joins blocks
  // (1, 0) and (0, 1); the main diagonal joins nothing.
  FlatEdits hex(70, 70, {.tile_size = 1, .topology = Topology::Hex6},
                two_blocks_meeting_at_a_corner(70, 70, true));
  ASSERT_TRUE(hex.check());
  EXPECT_EQ(hex.sets().set_count(), 1u);
  hex.set_blocked({32, 31, 33, 32}, true);
  hex.apply();
  ASSERT_TRUE(hex.check());
  EXPECT_EQ(hex.sets().set_count(), 2u);
  FlatEdits hex_main(70, 70, {.tile_size = 1, .topology = Topology::Hex6},
                     two_blocks_meeting_at_a_corner(70, 70, false));
  EXPECT_EQ(hex_main.sets().set_count(), 2u);
  ASSERT_TRUE(hex_main.check());

  // Cardinal4: no diagonal at all; a cardinal bridge joins.
  FlatEdits cardinal(70, 70, {.tile_size = 1, .topology = Topology::Cardinal4},
                     two_blocks_meeting_at_a_corner(70, 70, false));
  ASSERT_TRUE(cardinal.check());
  EXPECT_EQ(cardinal.sets().set_count(), 2u);
  cardinal.set_blocked({32, 31, 33, 32}, false);
  cardinal.apply();
  ASSERT_TRUE(cardinal.check());
  EXPECT_EQ(cardinal.sets().set_count(), 1u);
}

struct SequenceCase {
  int tw, td;
  GraphConfig config;
  int edits;
  std::uint32_t seed;
};

/// Random edits: rectangles of blocked or unblocked tiles and height bumps
/// (a smallish max slope, so edges appear and vanish), each followed by
/// update() with the rectangle of changed tiles (sometimes widened) and a
/// check against BFS.
void run_random_edits(const SequenceCase& c) {
  SCOPED_TRACE(std::string(to_string(c.config.topology)) + " " +
               std::string(to_string(c.config.corner_cutting)) + " seed " + std::to_string(c.seed));
  const Heightmap start = test::random_heightmap(c.tw + 1, c.td + 1, 1.0, 4.0, 0.2, c.seed);
  std::vector<float> heights(start.heights().begin(), start.heights().end());
  std::mt19937 rng(c.seed);
  std::vector<std::uint8_t> blocked =
      test::random_mask(static_cast<std::size_t>(c.tw * c.td), 0.1, c.seed);
  TerrainGraph graph(start, c.config, blocked);
  ConnectedSets sets(graph);
  ASSERT_TRUE(same_partition(sets, bfs_components(graph)));
  std::size_t most_sets = sets.set_count();
  const auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution(lo, hi)(rng); };
  int changed_edits = 0;
  int count_changes = 0;  // edits after which the number of sets differs
  for (int e = 0; e < c.edits; ++e) {
    // Mostly small rectangles, some large; partly outside the map.
    const int size = uniform(0, 9) == 0 ? 40 : 8;
    const int i0 = uniform(-3, c.tw - 1);
    const int j0 = uniform(-3, c.td - 1);
    const TileRect r{std::max(i0, 0), std::max(j0, 0), std::min(i0 + uniform(1, size), c.tw),
                     std::min(j0 + uniform(1, size), c.td)};
    switch (uniform(0, 2)) {
      case 0:
      case 1: {
        const bool value = uniform(0, 1) == 1;
        for (int j = r.j0; j < r.j1; ++j) {
          for (int i = r.i0; i < r.i1; ++i) {
            blocked[static_cast<std::size_t>(j * c.tw + i)] = value ? 1 : 0;
          }
        }
        break;
      }
      default: {
        const auto bump = static_cast<float>(uniform(-20, 20)) * 0.1f;
        for (int z = r.j0; z <= r.j1; ++z) {
          for (int x = r.i0; x <= r.i1; ++x) {
            heights[static_cast<std::size_t>(z * (c.tw + 1) + x)] += bump;
          }
        }
        break;
      }
    }
    TerrainGraph next(Heightmap(c.tw + 1, c.td + 1, 1.0, heights), c.config, blocked);
    TileRect changed = changed_tiles(graph, next);
    changed_edits += changed.empty() ? 0 : 1;
    if (uniform(0, 4) == 0) {  // a wider rectangle than needed is fine too
      changed = {changed.i0 - 5, changed.j0 - 2, changed.i1 + 3, changed.j1 + 6};
    }
    graph = std::move(next);
    const std::size_t count_before = sets.set_count();
    sets.update(graph, changed);
    count_changes += sets.set_count() != count_before ? 1 : 0;
    ASSERT_TRUE(same_partition(sets, bfs_components(graph))) << "edit " << e;
    most_sets = std::max(most_sets, sets.set_count());
    ASSERT_LE(sets.set_id_bound(), most_sets) << "edit " << e;
  }
  // The edits did change the graph, and often split or joined sets.
  EXPECT_GT(changed_edits, c.edits / 2);
  EXPECT_GT(count_changes, c.edits / 8);
}

TEST(ConnectedSetsUpdate, EqualBreadthFirstSearchAfterEveryRandomEdit) {
  const SequenceCase cases[] = {
      {70, 70, {.tile_size = 1, .max_slope = 0.4}, 400, 21},
      {70, 70, {.max_slope = 0.4, .corner_cutting = CornerCutting::Always}, 150, 22},
      {70, 70, {.max_slope = 0.4, .corner_cutting = CornerCutting::AtLeastOneFree}, 150, 23},
      {70, 70, {.max_slope = 0.4, .topology = Topology::Cardinal4}, 150, 24},
      {70, 70, {.max_slope = 0.4, .topology = Topology::Hex6}, 150, 25},
      // Knight16 joins more: a lower max slope keeps sets splitting and joining.
      {70, 70, {.tile_size = 1, .max_slope = 0.25, .topology = Topology::Knight16}, 150, 28},
      {70,
       70,
       {.max_slope = 0.25, .topology = Topology::Knight16, .corner_cutting = CornerCutting::Always},
       150,
       29},
      {161, 97, {.tile_size = 1, .max_slope = 0.4}, 100, 26},
      // Many blocks per edit: most of a set lies outside the edited blocks.
      {288, 224, {.tile_size = 1, .max_slope = 0.4}, 60, 27},
  };
  for (const SequenceCase& c : cases) run_random_edits(c);
}

TEST(ConnectedSets, MemoryIsAboutOneBytePerTileOnOpenGround) {
  const TerrainGraph g(flat(257, 257), {.tile_size = 1});
  const ConnectedSets sets(g);
  EXPECT_EQ(sets.set_count(), 1u);
  EXPECT_GE(sets.memory_bytes(), g.tile_count());
  EXPECT_LE(sets.memory_bytes(), g.tile_count() * 3 / 2);
}

TEST(ConnectedSets, EveryTileItsOwnSetFillsEveryLabelOfABlock) {
  // Distinct heights and max slope 0: no edge at all, so every unblocked
  // tile is a set, and a block without blocked tiles uses all its labels
  // (the label of blocked tiles among them). Then some tiles are blocked,
  // unblocked, and joined by flattening.
  const int n = 40;
  std::vector<float> h(static_cast<std::size_t>((n + 1) * (n + 1)));
  for (std::size_t k = 0; k < h.size(); ++k) h[k] = static_cast<float>(k % 7919) * 0.37f;
  Heightmap hm(n + 1, n + 1, 1.0, h);
  std::vector<std::uint8_t> blocked(static_cast<std::size_t>(n * n), 0);
  TerrainGraph graph(hm, {.tile_size = 1, .max_slope = 0.0}, blocked);
  ConnectedSets sets(graph);
  ASSERT_TRUE(same_partition(sets, bfs_components(graph)));
  EXPECT_EQ(sets.set_count(), static_cast<std::size_t>(n * n));
  for (const TileRect r : {TileRect{0, 0, 16, 16}, TileRect{5, 20, 9, 33}}) {
    for (int j = r.j0; j < r.j1; ++j) {
      for (int i = r.i0; i < r.i1; ++i) blocked[static_cast<std::size_t>(j * n + i)] = 1;
    }
    graph = TerrainGraph(hm, {.tile_size = 1, .max_slope = 0.0}, blocked);
    sets.update(graph, r);
    ASSERT_TRUE(same_partition(sets, bfs_components(graph)));
  }
  std::fill(blocked.begin(), blocked.end(), 0);
  for (int z = 10; z < 30; ++z) {
    for (int x = 10; x < 30; ++x) h[static_cast<std::size_t>(z * (n + 1) + x)] = 1.0f;
  }
  hm = Heightmap(n + 1, n + 1, 1.0, h);
  graph = TerrainGraph(hm, {.tile_size = 1, .max_slope = 0.0}, blocked);
  sets.update(graph, {0, 0, n, n});
  ASSERT_TRUE(same_partition(sets, bfs_components(graph)));
  EXPECT_EQ(sets.set_size(sets.set_of(graph.id({15, 15}))), 19u * 19u);
}

}  // namespace
}  // namespace terranav::nav
