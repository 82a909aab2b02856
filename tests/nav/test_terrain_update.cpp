// In-place updates after terrain edits: TerrainGraph::update against a graph
// built afresh and the independent model (reference_edges.hpp), its changed
// rectangle against a brute-force diff; TerrainQuadtree::update's picks
// against a fresh tree and a brute force over every triangle.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "brute_pick.hpp"
#include "random_terrain.hpp"
#include "reference_edges.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/picking.hpp"
#include "terranav/nav/terrain_graph.hpp"
#include "terranav/nav/tiling.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

using ::testing::HasSubstr;

Heightmap flat(int w, int d, double s = 1.0) {
  return Heightmap(w, d, s, std::vector<float>(static_cast<std::size_t>(w * d), 0.0f));
}

// Smallest rectangle holding both (an empty one adds nothing).
TileRect hull(TileRect a, TileRect b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return {std::min(a.i0, b.i0), std::min(a.j0, b.j0), std::max(a.i1, b.i1), std::max(a.j1, b.j1)};
}

// Bounding rectangle of the tiles whose edge mask or blocked bit differs.
TileRect diff(const TerrainGraph& a, const TerrainGraph& b) {
  TileRect r{};
  for (std::uint32_t k = 0; k < a.tile_count(); ++k) {
    const TileId t{k};
    if (a.edge_mask(t) == b.edge_mask(t) && a.knight_mask(t) == b.knight_mask(t) &&
        a.blocked(t) == b.blocked(t)) {
      continue;
    }
    const TileCoord c = a.coord(t);
    r = hull(r, {c.i, c.j, c.i + 1, c.j + 1});
  }
  return r;
}

// Edge, knight and surface masks and blocked bits equal exactly; heights to
// float rounding of each graph's stored value (their bases differ).
void expect_same_graph(const TerrainGraph& got, const TerrainGraph& want) {
  ASSERT_EQ(got.tile_count(), want.tile_count());
  for (std::uint32_t k = 0; k < got.tile_count(); ++k) {
    const TileId t{k};
    ASSERT_EQ(got.edge_mask(t), want.edge_mask(t)) << "tile " << k;
    ASSERT_EQ(got.knight_mask(t), want.knight_mask(t)) << "tile " << k;
    ASSERT_EQ(got.surface_mask(t), want.surface_mask(t)) << "tile " << k;
    ASSERT_EQ(got.knight_surface_mask(t), want.knight_surface_mask(t)) << "tile " << k;
    ASSERT_EQ(got.blocked(t), want.blocked(t)) << "tile " << k;
    const double h = want.tile_height(t);
    const double tol =
        std::ldexp(std::abs(h - got.height_base()) + std::abs(h - want.height_base()), -23);
    ASSERT_NEAR(got.tile_height(t), h, tol) << "tile " << k;
  }
}

// 8 x 8 flat samples, t = 1: 7 x 7 tiles.
TEST(TerrainGraphUpdate, RaisedSampleCutsTheRingAroundItsTiles) {
  Heightmap hm = flat(8, 8);
  TerrainGraph g(hm, {});
  const TerrainGraph before = g;
  hm.set_heights({3, 3, 4, 4}, std::vector<float>{100.0f});
  const TileRect tiles = g.tiling().tiles_reading({3, 3, 4, 4});
  EXPECT_EQ(tiles, (TileRect{2, 2, 4, 4}));
  // Tiles (2..3, 2..3) rise to 25 m: their edges among each other stay, those
  // to the ring around them go.
  EXPECT_EQ(g.update(hm, {}, tiles), (TileRect{1, 1, 5, 5}));
  EXPECT_EQ(g.edge_mask(g.id({2, 2})), (1u << 0) | (1u << 1) | (1u << 2));
  EXPECT_FALSE(g.has_edge(g.id({1, 1}), 1));
  EXPECT_TRUE(g.has_edge(g.id({1, 1}), 0));  // to (2, 1), also outside the raised tiles
  EXPECT_DOUBLE_EQ(g.tile_height(g.id({3, 3})), 25.0);
  EXPECT_EQ(g.revision(), 1u);
  expect_same_graph(g, TerrainGraph(hm, {}));

  // Back down: everything as before.
  hm.set_heights({3, 3, 4, 4}, std::vector<float>{0.0f});
  EXPECT_EQ(g.update(hm, {}, tiles), (TileRect{1, 1, 5, 5}));
  expect_same_graph(g, before);
  EXPECT_EQ(g.revision(), 2u);
}

TEST(TerrainGraphUpdate, BlockingATileCutsItsEdgesAndTheDiagonalsPastIt) {
  const Heightmap hm = flat(8, 8);
  TerrainGraph g(hm, {});
  std::vector<std::uint8_t> blocked(49, 0);
  blocked[3 * 7 + 3] = 1;
  EXPECT_EQ(g.update(hm, blocked, {3, 3, 4, 4}), (TileRect{2, 2, 5, 5}));
  EXPECT_TRUE(g.blocked(g.id({3, 3})));
  EXPECT_EQ(g.edge_mask(g.id({3, 3})), 0u);
  EXPECT_FALSE(g.has_edge(g.id({2, 3}), 7));  // north-east, past (3, 3)
  EXPECT_TRUE(g.has_edge(g.id({2, 3}), 6));
  expect_same_graph(g, TerrainGraph(hm, {}, blocked));
  // Blocking it again changes nothing.
  EXPECT_TRUE(g.update(hm, blocked, {0, 0, 7, 7}).empty());
  EXPECT_EQ(g.revision(), 2u);
  // Corner cutting allowed: only the blocked tile's own edges go.
  TerrainGraph cut(hm, {.corner_cutting = CornerCutting::Always});
  EXPECT_EQ(cut.update(hm, blocked, {3, 3, 4, 4}), (TileRect{2, 2, 5, 5}));
  EXPECT_TRUE(cut.has_edge(cut.id({2, 3}), 7));
}

TEST(TerrainGraphUpdate, OnlyTheGivenTilesReadTheMask) {
  const Heightmap hm = flat(8, 8);
  TerrainGraph g(hm, {});
  const std::vector<std::uint8_t> all(49, 1);
  EXPECT_EQ(g.update(hm, all, {0, 0, 1, 2}), (TileRect{0, 0, 2, 3}));
  EXPECT_TRUE(g.blocked(g.id({0, 1})));
  EXPECT_FALSE(g.blocked(g.id({1, 1})));
  // An empty mask unblocks the given tiles; rectangles are clipped. (0, 0)
  // gains its east edge only: (0, 1) is still blocked.
  EXPECT_EQ(g.update(hm, {}, {-5, -5, 1, 1}), (TileRect{0, 0, 2, 1}));
  EXPECT_EQ(g.edge_mask(g.id({0, 0})), 1u << 0);
  EXPECT_FALSE(g.blocked(g.id({0, 0})));
  EXPECT_TRUE(g.blocked(g.id({0, 1})));
  EXPECT_TRUE(g.update(hm, {}, {7, 0, 9, 7}).empty());
  EXPECT_EQ(g.revision(), 3u);
}

TEST(TerrainGraphUpdate, RejectsAnotherTilingOrMaskBeforeChangingAnything) {
  const Heightmap hm = flat(8, 8);
  TerrainGraph g(hm, {.tile_size = 2});
  EXPECT_THAT(test::error_of([&] {
                g.update(flat(6, 8), {}, {0, 0, 1, 1});
              }),
              HasSubstr("6x8 heightmap of spacing 1.000000 m, which does not give the graph's "
                        "3x3 tiles of 2.000000 m"));
  EXPECT_THAT(test::error_of([&] {
                g.update(flat(8, 8, 2.0), {}, {0, 0, 1, 1});
              }),
              HasSubstr("does not give the graph's 3x3 tiles"));
  EXPECT_THAT(test::error_of([&] {
                g.update(hm, std::vector<std::uint8_t>(8, 1), {0, 0, 1, 1});
              }),
              HasSubstr("blocked mask has 8 flags, expected 9"));
  // The partial strip may differ: 7 x 7 samples tile as 8 x 8 do for t = 2.
  EXPECT_EQ(test::error_of([&] { g.update(flat(7, 7), {}, {0, 0, 1, 1}); }), "no error");
  EXPECT_EQ(g.revision(), 1u);
  EXPECT_FALSE(g.blocked(TileId{0}));
}

struct Rule {
  Topology topology;
  CornerCutting corner;
};

struct UpdateCase {
  int tile_size;
  Rule rule;
};

// Random edits: sample rectangles with new heights, tile rectangles; at
// the borders and corners too. Same seed, same edits.
class EditMaker {
 public:
  explicit EditMaker(std::uint32_t seed) : rng_(seed) {}

  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng_);
  }

  // [begin, end) of 1..max_size within [0, count), touching an end 1 in 4 times.
  std::pair<int, int> span(int count, int max_size) {
    const int size = std::min(pick(1, max_size), count);
    switch (pick(0, 7)) {
      case 0:
        return {0, size};
      case 1:
        return {count - size, count};
      default: {
        const int begin = pick(0, count - size);
        return {begin, begin + size};
      }
    }
  }

  SampleRect samples(const Heightmap& hm, int max_size) {
    const auto [x0, x1] = span(hm.width(), max_size);
    const auto [z0, z1] = span(hm.depth(), max_size);
    return {x0, z0, x1, z1};
  }

  // New heights for `rect`: a cosine bump up or down by up to `amplitude`
  // metres, a flattening, or noise, at levels up to `amplitude` beyond the
  // map's range.
  std::vector<float> heights(const Heightmap& hm, SampleRect rect, double amplitude) {
    const int w = rect.x1 - rect.x0;
    const int d = rect.z1 - rect.z0;
    std::vector<float> v;
    const int mode = pick(0, 3);
    const double rise = uniform(-amplitude, amplitude);
    const double level =
        uniform(hm.min_height() - amplitude / 4.0, hm.max_height() + amplitude / 4.0);
    for (int z = rect.z0; z < rect.z1; ++z) {
      for (int x = rect.x0; x < rect.x1; ++x) {
        const double u = (x - rect.x0 + 0.5) / w - 0.5;
        const double s = (z - rect.z0 + 0.5) / d - 0.5;
        const double bump =
            0.5 * (1.0 + std::cos(2.0 * std::numbers::pi * std::min(0.5, std::hypot(u, s))));
        switch (mode) {
          case 0:
          case 1:
            v.push_back(static_cast<float>(hm.at(x, z) + rise * bump));
            break;
          case 2:
            v.push_back(static_cast<float>(level));
            break;
          default:
            v.push_back(static_cast<float>(level + uniform(-3.0, 3.0)));
        }
      }
    }
    return v;
  }

 private:
  std::mt19937 rng_;
};

class RandomEdits : public ::testing::TestWithParam<UpdateCase> {
 protected:
  EditMaker edits_{static_cast<std::uint32_t>(GetParam().tile_size * 31 +
                                              static_cast<int>(GetParam().rule.topology) * 7 +
                                              static_cast<int>(GetParam().rule.corner))};
};

TEST_P(RandomEdits, GraphEqualsARebuildAndReportsExactlyTheChangedTiles) {
  const int t = GetParam().tile_size;
  const GraphConfig config{.tile_size = t,
                           .max_slope = 0.5,
                           .topology = GetParam().rule.topology,
                           .corner_cutting = GetParam().rule.corner};
  Heightmap hm = test::random_heightmap(40, 31, 1.5, 12.0, 0.3, 17);
  const Tiling tiling(hm, t);
  std::vector<std::uint8_t> blocked = test::random_mask(tiling.tile_count(), 0.1, 5);
  TerrainGraph g(hm, config, blocked);
  int changed_edits = 0;
  for (int edit = 0; edit < 30; ++edit) {
    SCOPED_TRACE("edit " + std::to_string(edit));
    const int kind = edits_.pick(0, 3);  // 0, 1: heights; 2: blocked; 3: both
    TileRect tiles{};
    if (kind != 2) {
      const SampleRect rect = edits_.samples(hm, 9);
      hm.set_heights(rect, edits_.heights(hm, rect, 30.0));
      tiles = tiling.tiles_touching(rect);  // surface masks read the cells' samples
    }
    if (kind >= 2) {
      const auto [i0, i1] = edits_.span(tiling.tiles_wide(), 4);
      const auto [j0, j1] = edits_.span(tiling.tiles_deep(), 4);
      const int value = edits_.pick(0, 2);  // unblock, block, random
      for (int j = j0; j < j1; ++j) {
        for (int i = i0; i < i1; ++i) {
          blocked[index(tiling.id({i, j}))] =
              static_cast<std::uint8_t>(value < 2 ? value : edits_.pick(0, 1));
        }
      }
      tiles = hull(tiles, {i0, j0, i1, j1});
    }
    const TerrainGraph before = g;
    const TileRect changed = g.update(hm, blocked, tiles);
    EXPECT_EQ(g.revision(), before.revision() + 1);
    const TileRect want = diff(before, g);
    if (want.empty()) {
      EXPECT_TRUE(changed.empty());
    } else {
      EXPECT_EQ(changed, want);
      ++changed_edits;
    }
    expect_same_graph(g, TerrainGraph(hm, config, blocked));

    // And the independent model, straight from the samples.
    const test::ReferenceEdges ref(hm, t, config.max_slope, 1.0, blocked, config.topology,
                                   config.corner_cutting);
    for (int j = 0; j < tiling.tiles_deep(); ++j) {
      for (int i = 0; i < tiling.tiles_wide(); ++i) {
        const TileId a = g.id({i, j});
        ASSERT_NEAR(g.tile_height(a), ref.centre_height(i, j), 1e-4);
        for (int d = 0; d < kKnightDirections; ++d) {
          ASSERT_EQ(g.has_edge(a, d), ref.has_edge(i, j, kDirDx[d], kDirDz[d]))
              << i << "," << j << " dir " << d;
        }
      }
    }
  }
  EXPECT_GT(changed_edits, 15);
}

const Rule kRules[] = {{Topology::Octile8, CornerCutting::Never},
                       {Topology::Octile8, CornerCutting::Always},
                       {Topology::Octile8, CornerCutting::AtLeastOneFree},
                       {Topology::Cardinal4, CornerCutting::Never},
                       {Topology::Hex6, CornerCutting::Never},
                       {Topology::Knight16, CornerCutting::Never},
                       {Topology::Knight16, CornerCutting::AtLeastOneFree}};

std::vector<UpdateCase> update_cases() {
  std::vector<UpdateCase> cases;
  for (const int t : {1, 2, 3}) {
    for (const Rule& r : kRules) cases.push_back({t, r});
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(TileSizesAndRules, RandomEdits, ::testing::ValuesIn(update_cases()),
                         [](const ::testing::TestParamInfo<UpdateCase>& param_info) {
                           const UpdateCase& c = param_info.param;
                           std::string name = "t";
                           name += std::to_string(c.tile_size);
                           name += "_";
                           name += to_string(c.rule.topology);
                           name += "_";
                           name += to_string(c.rule.corner);
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

struct QuadtreeCase {
  int width, depth;
  double spacing;
  int tile_size, leaf_cells;
};

class QuadtreeEdits : public ::testing::TestWithParam<QuadtreeCase> {
 protected:
  EditMaker edits_{static_cast<std::uint32_t>(GetParam().width + GetParam().leaf_cells)};
};

// After each edit and update(), rays at the edited samples (from above,
// oblique from outside the map, grazing) and anywhere pick exactly what a
// tree built afresh picks, and what the brute force over every triangle
// picks.
TEST_P(QuadtreeEdits, PicksEqualAFreshTreeAndTheBruteForce) {
  const QuadtreeCase& c = GetParam();
  Heightmap hm = test::random_heightmap(c.width, c.depth, c.spacing, 20.0, 1.0, 23);
  TerrainQuadtree tree(hm, c.tile_size, c.leaf_cells);
  int hits = 0;
  for (int edit = 0; edit < 25; ++edit) {
    SCOPED_TRACE("edit " + std::to_string(edit));
    const SampleRect rect = edits_.samples(hm, 12);
    // Up to 80 m: well beyond the 20 m relief the tree was built on.
    hm.set_heights(rect, edits_.heights(hm, rect, 80.0));
    tree.update(rect);
    const TerrainQuadtree fresh(hm, c.tile_size, c.leaf_cells);

    const double s = hm.spacing();
    // A point over the edited samples, almost surely off the cell (and tile)
    // boundaries, where the two routines may round to different tiles.
    const auto target = [&] {
      const auto along = [&](int lo, int hi, int count) {
        return edits_.uniform(std::max(lo - 0.5, 0.0), std::min(hi - 0.5, count - 1.0)) * s;
      };
      return Vec3{along(rect.x0, rect.x1, hm.width()), 0.0, along(rect.z0, rect.z1, hm.depth())};
    };
    std::vector<Ray> rays;
    for (int k = 0; k < 3; ++k) {
      const Vec3 p = target();
      rays.push_back({{p.x, hm.max_height() + edits_.uniform(1.0, 30.0), p.z},
                      {edits_.uniform(-0.3, 0.3), -1.0, edits_.uniform(-0.3, 0.3)}});
    }
    for (int k = 0; k < 2; ++k) {
      const Vec3 p = target();
      const double y = hm.surface_height(p.x, p.z);
      const Vec3 o{-0.3 * hm.extent_x(), hm.max_height() + 10.0,
                   edits_.uniform(-0.3, 1.3) * hm.extent_z()};
      rays.push_back({o, {p.x - o.x, y - o.y, p.z - o.z}});
    }
    {
      const Vec3 p = target();
      const Vec3 o{edits_.uniform(-0.2, 0.0) * hm.extent_x(), hm.surface_height(p.x, p.z), p.z};
      rays.push_back({o, {p.x - o.x, edits_.uniform(-0.01, 0.01) * (p.x - o.x), 0.0}});
    }
    rays.push_back({{edits_.uniform(0.0, hm.extent_x()), hm.max_height() + 5.0,
                     edits_.uniform(0.0, hm.extent_z())},
                    {0.0, -1.0, 0.0}});
    for (const Ray& r : rays) {
      const std::optional<PickHit> got = tree.pick(r);
      const std::optional<PickHit> want = fresh.pick(r);
      ASSERT_EQ(got.has_value(), want.has_value()) << test::describe(r);
      if (got) {
        EXPECT_EQ(got->t, want->t) << test::describe(r);
        EXPECT_EQ(got->point.y, want->point.y) << test::describe(r);
        EXPECT_EQ(got->tile, want->tile) << test::describe(r);
      }
      hits += test::expect_same(tree, hm, c.tile_size, r) ? 1 : 0;
    }
  }
  EXPECT_GT(hits, 25 * 3);
}

// Tile sizes 1 to 3, with and without a partial strip; leaves from 1 to 8
// cells, some not dividing the map.
INSTANTIATE_TEST_SUITE_P(Maps, QuadtreeEdits,
                         ::testing::Values(QuadtreeCase{33, 33, 1.0, 1, 4},
                                           QuadtreeCase{40, 29, 2.0, 2, 8},
                                           QuadtreeCase{38, 35, 1.5, 3, 5},
                                           QuadtreeCase{21, 26, 1.0, 1, 1}),
                         [](const ::testing::TestParamInfo<QuadtreeCase>& param_info) {
                           const QuadtreeCase& c = param_info.param;
                           return std::to_string(c.width) + "x" + std::to_string(c.depth) +
                                  "_tile" + std::to_string(c.tile_size) + "_leaf" +
                                  std::to_string(c.leaf_cells);
                         });

}  // namespace
}  // namespace terranav::nav
