// NavTerrain: every edit leaves the state of a full rebuild (first_difference
// against rebuilt()), its dirty rectangle covers every changed edge, bad
// edits change nothing, and a walking unit replans around an edit.
#include "terranav/nav/nav_terrain.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "random_terrain.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/unit.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

using ::testing::HasSubstr;

/// Three classes (the last impassable) from height bands, two influence
/// points, a blocked border strip.
NavTerrain hilly_terrain(int samples, int tile_size, std::uint32_t seed) {
  Heightmap hm = test::random_heightmap(samples, samples, 2.0, 20.0, 0.6, seed);
  const Tiling tiling(hm, tile_size);
  std::vector<std::uint8_t> blocked(tiling.tile_count(), 0);
  for (int i = 0; i < tiling.tiles_wide() / 3; ++i) blocked[static_cast<std::size_t>(i)] = 1;
  const std::vector<HeightBand> bands = {{6.0, 0}, {14.0, 1}};
  ClassMap classes = classes_from_height_bands(
      hm, tile_size, {{"grass", 1.0}, {"scrub", 2.5}, {"rock", 1.0, true}}, bands, 2);
  const double extent = hm.extent_x();
  return NavTerrain(
      std::move(hm),
      {.graph = {.tile_size = tile_size, .max_slope = 0.5},
       .blocked = std::move(blocked),
       .classes = std::move(classes),
       .influence = {{.x_m = extent / 3, .z_m = extent / 2, .radius_m = 30.0, .strength = 0.8},
                     {.x_m = extent, .z_m = 0.0, .radius_m = 50.0, .strength = -0.5}}});
}

/// Tiles whose edge mask or blocked flag differ between two graphs.
std::vector<TileCoord> changed_tiles(const std::vector<std::uint8_t>& masks_before,
                                     const std::vector<bool>& blocked_before,
                                     const TerrainGraph& after) {
  std::vector<TileCoord> out;
  for (std::uint32_t t = 0; t < after.tile_count(); ++t) {
    if (masks_before[t] != after.edge_mask(TileId{t}) ||
        blocked_before[t] != after.blocked(TileId{t})) {
      out.push_back(after.coord(TileId{t}));
    }
  }
  return out;
}

/// A random edit of every kind, borders and corners included.
EditResult random_edit(NavTerrain& terrain, std::mt19937& rng) {
  const Tiling& tiling = terrain.tiling();
  const Heightmap& hm = terrain.heightmap();
  std::uniform_real_distribution<double> x(-10.0, hm.extent_x() + 10.0);
  std::uniform_real_distribution<double> radius(1.0, 25.0);
  std::uniform_real_distribution<double> amount(0.0, 12.0);
  std::uniform_int_distribution<int> tile(-3, tiling.tiles_wide() + 2);
  std::uniform_int_distribution<int> side(1, 12);
  std::uniform_int_distribution<int> kind(0, 10);
  const int i = tile(rng);
  const int j = tile(rng);
  const TileRect rect{i, j, i + side(rng), j + side(rng)};
  switch (kind(rng)) {
    case 0:
      return terrain.stamp({StampKind::Raise, x(rng), x(rng), radius(rng), amount(rng)});
    case 1:
      return terrain.stamp({StampKind::Lower, x(rng), x(rng), radius(rng), amount(rng)});
    case 2:
      return terrain.stamp({StampKind::Flatten, x(rng), x(rng), radius(rng), amount(rng)});
    case 3:
      return terrain.stamp({StampKind::Crater, x(rng), x(rng), radius(rng), amount(rng)});
    case 4:
    case 5:
      return terrain.set_blocked(rect, kind(rng) % 2 == 0);
    case 6:
      return terrain.paint_class(rect, static_cast<std::uint8_t>(side(rng) % 3));
    case 7:
    case 8: {
      // Irregular footprints and class patches, per tile, inside the map.
      const TileRect inside = tiling.clip(rect);
      if (inside.empty()) return {{}, terrain.revision()};
      std::vector<std::uint8_t> values(
          static_cast<std::size_t>((inside.i1 - inside.i0) * (inside.j1 - inside.j0)));
      for (std::uint8_t& v : values) v = static_cast<std::uint8_t>(side(rng) % 3);
      return kind(rng) % 2 == 0 ? terrain.set_blocked(inside, values)
                                : terrain.paint_classes(inside, values);
    }
    default:
      break;
  }
  // Raw heights: a random box of random values.
  std::uniform_int_distribution<int> sample(0, hm.width() - 1);
  const int x0 = sample(rng);
  const int z0 = sample(rng);
  const SampleRect samples{x0, z0, std::min(x0 + side(rng), hm.width()),
                           std::min(z0 + side(rng), hm.depth())};
  std::vector<float> values(
      static_cast<std::size_t>((samples.x1 - samples.x0) * (samples.z1 - samples.z0)));
  for (float& v : values) v = static_cast<float>(amount(rng) * 2.0);
  return terrain.set_heights(samples, values);
}

// After every one of 1,200 random edits (4 terrains x 300) the state equals
// a full rebuild, and the dirty rectangle covers every tile whose edges or
// blocked flag changed.
TEST(NavTerrain, EveryEditEqualsAFullRebuild) {
  for (const auto& [samples, t, seed] : {std::tuple{49, 1, 1u}, std::tuple{49, 2, 2u},
                                         std::tuple{61, 3, 3u}, std::tuple{70, 1, 4u}}) {
    SCOPED_TRACE("t = " + std::to_string(t));
    NavTerrain terrain = hilly_terrain(samples, t, seed);
    std::mt19937 rng(seed);
    int changed_edges = 0;
    std::size_t most_sets = 0;
    std::size_t fewest_sets = terrain.sets().set_count();
    for (int k = 0; k < 300; ++k) {
      const TerrainGraph& g = terrain.graph();
      std::vector<std::uint8_t> masks(g.edge_masks().begin(), g.edge_masks().end());
      std::vector<bool> blocked(g.tile_count());
      for (std::uint32_t u = 0; u < g.tile_count(); ++u) blocked[u] = g.blocked(TileId{u});
      const std::uint64_t revision = terrain.revision();
      const EditResult edit = random_edit(terrain, rng);
      const std::string difference = first_difference(terrain, terrain.rebuilt());
      ASSERT_EQ(difference, "") << "edit " << k;
      for (const TileCoord c : changed_tiles(masks, blocked, g)) {
        ASSERT_TRUE(edit.dirty.contains(c)) << "edit " << k << ": tile " << c.i << "," << c.j;
        ++changed_edges;
      }
      EXPECT_EQ(edit.revision, terrain.revision());
      // A new revision whenever something changed, tiles or not (heights in
      // the untiled strip change picks only).
      EXPECT_LE(terrain.revision(), revision + 1);
      if (!edit.dirty.empty()) {
        EXPECT_EQ(terrain.revision(), revision + 1);
      }
      most_sets = std::max(most_sets, terrain.sets().set_count());
      fewest_sets = std::min(fewest_sets, terrain.sets().set_count());
    }
    EXPECT_GT(changed_edges, 1000);         // the edits did change the graph
    EXPECT_GT(most_sets, fewest_sets + 3);  // and split and joined sets
  }
}

// A wall across the map splits the largest set in two; opening a gate joins
// them again; each state equals a rebuild.
TEST(NavTerrain, AWallSplitsTheMapAndAGateJoinsIt) {
  NavTerrain terrain(Heightmap(65, 65, 1.0, std::vector<float>(65 * 65, 0.0f)));
  ASSERT_EQ(terrain.sets().set_count(), 1u);
  const TileId west = terrain.graph().id({5, 30});
  const TileId east = terrain.graph().id({60, 30});
  terrain.set_blocked({32, 0, 33, 64}, true);
  EXPECT_EQ(terrain.sets().set_count(), 2u);
  EXPECT_FALSE(terrain.sets().connected(west, east));
  EXPECT_EQ(first_difference(terrain, terrain.rebuilt()), "");
  const EditResult gate = terrain.set_blocked({32, 40, 33, 41}, false);
  EXPECT_EQ(gate.dirty, (TileRect{31, 39, 34, 42}));
  EXPECT_EQ(terrain.sets().set_count(), 1u);
  EXPECT_TRUE(terrain.sets().connected(west, east));
  EXPECT_EQ(first_difference(terrain, terrain.rebuilt()), "");
  // A raised ridge with the same gap does what the wall did, by slope.
  terrain.set_blocked({32, 0, 33, 64}, false);
  for (int z = 0; z < 65; z += 8) {
    if (z == 40) continue;
    terrain.stamp({StampKind::Raise, 32.5, z + 0.5, 5.0, 30.0});
  }
  EXPECT_EQ(first_difference(terrain, terrain.rebuilt()), "");
}

TEST(NavTerrain, FirstDifferenceNamesWhatDiffers) {
  const auto flat = [] { return Heightmap(9, 9, 1.0, std::vector<float>(81, 0.0f)); };
  NavTerrain a(flat());
  NavTerrain b(flat());
  EXPECT_EQ(first_difference(a, b), "");
  b.set_heights({3, 4, 4, 5}, std::vector<float>{0.5f});
  EXPECT_EQ(first_difference(a, b), "height at sample (3, 4): 0 vs 0.5");
  NavTerrain c(flat());
  c.set_blocked({2, 2, 3, 3}, true);
  EXPECT_EQ(first_difference(a, c), "tile (1, 1): edge masks 255 vs 253");  // first in id order
  NavTerrain d(flat(), {.influence = {{.x_m = 1.0, .z_m = 1.0, .radius_m = 2.0, .strength = 1.0}}});
  NavTerrain e(flat(), {.influence = {{.x_m = 1.0, .z_m = 1.0, .radius_m = 2.0, .strength = 2.0}}});
  EXPECT_THAT(first_difference(d, e), HasSubstr("tile (0, 0): multipliers"));
}

TEST(NavTerrain, BadEditsThrowAndChangeNothing) {
  NavTerrain terrain = hilly_terrain(33, 1, 9);
  const std::uint64_t revision = terrain.revision();
  const std::vector<float> heights(terrain.heightmap().heights().begin(),
                                   terrain.heightmap().heights().end());
  EXPECT_THAT(test::error_of([&] { terrain.stamp({.radius_m = -1.0}); }), HasSubstr("radius -1"));
  EXPECT_THAT(test::error_of([&] { terrain.stamp({.x_m = 10.0, .z_m = 10.0, .amount_m = 1e39}); }),
              HasSubstr("must be in [-1e+07, 1e+07] m, got inf"));
  EXPECT_THAT(test::error_of([&] {
                terrain.set_heights({0, 0, 40, 1}, std::vector<float>(40));
              }),
              HasSubstr("not within the 33x33 samples"));
  EXPECT_THAT(test::error_of([&] {
                terrain.paint_class({0, 0, 2, 2}, 3);
              }),
              HasSubstr("class index 3 is outside the table of 3 classes"));
  EXPECT_EQ(terrain.revision(), revision);
  EXPECT_TRUE(std::equal(heights.begin(), heights.end(), terrain.heightmap().heights().begin()));
  EXPECT_EQ(first_difference(terrain, terrain.rebuilt()), "");
  EXPECT_THAT(
      test::error_of([&] {
        terrain.set_blocked({30, 30, 34, 31}, std::vector<std::uint8_t>(4));
      }),
      HasSubstr("set blocked: tiles [30, 34) x [30, 31) are empty or not within the 32x32"));
  EXPECT_THAT(test::error_of([&] {
                terrain.set_blocked({0, 0, 2, 2}, std::vector<std::uint8_t>(3));
              }),
              HasSubstr("set blocked: 3 values for 4 tiles"));
  EXPECT_THAT(test::error_of([&] {
                terrain.paint_classes({0, 0, 2, 1}, std::vector<std::uint8_t>{0, 7});
              }),
              HasSubstr("class index 7 is outside"));
  EXPECT_EQ(terrain.revision(), revision);
  NavTerrain plain(Heightmap(9, 9, 1.0, std::vector<float>(81, 0.0f)));
  EXPECT_THAT(test::error_of([&] {
                plain.paint_class({0, 0, 2, 2}, 0);
              }),
              HasSubstr("has no terrain classes"));
  // Off the map: nothing to do, no new revision.
  EXPECT_TRUE(plain.set_blocked({20, 20, 30, 30}, true).dirty.empty());
  EXPECT_TRUE(plain.stamp({.x_m = -50.0, .z_m = 4.0, .radius_m = 3.0}).dirty.empty());
  EXPECT_EQ(plain.revision(), 0u);
}

TEST(NavTerrain, RejectsSetupOfTheWrongSize) {
  const auto flat = [] { return Heightmap(9, 9, 1.0, std::vector<float>(81, 0.0f)); };
  EXPECT_EQ(test::error_of([&] { NavTerrain(flat(), {.blocked = std::vector<std::uint8_t>(10)}); }),
            "nav terrain: blocked mask has 10 flags, expected 64 (8x8 tiles)");
  ClassMap classes{{{"grass", 1.0}}, std::vector<std::uint8_t>(64, 1)};
  EXPECT_THAT(test::error_of([&] { NavTerrain(flat(), {.classes = classes}); }),
              HasSubstr("class index 1 is outside the table of 1 classes"));
  EXPECT_THAT(test::error_of([&] { NavTerrain(flat(), {.graph = {.tile_size = 9}}); }),
              HasSubstr("tile_size 9 outside 1..8"));
  // A class no tile uses yet is checked too: a paint could put it in use
  // (fuzz_api found a NaN multiplier coming in that way).
  const ClassMap unused_nan{{{"grass", 1.0}, {"mud", std::nan("")}}, std::vector<std::uint8_t>(64)};
  EXPECT_EQ(test::error_of([&] { NavTerrain(flat(), {.classes = unused_nan}); }),
            "nav terrain: class 1 ('mud') multiplier: must be in [0.001, 1000], got nan "
            "(or the class impassable)");
}

// A class whose multiplier times the influence points' leaves the tile
// multiplier's range: painting it throws and changes nothing, so the
// terrain still equals its rebuild.
TEST(NavTerrain, APaintLeavingTheMultiplierRangeThrowsAndChangesNothing) {
  const ClassMap classes{{{"grass", 1.0}, {"swamp", 1000.0}}, std::vector<std::uint8_t>(64)};
  NavTerrain terrain(
      Heightmap(9, 9, 1.0, std::vector<float>(81, 0.0f)),
      {.classes = classes,
       .influence = {{.x_m = 0.5, .z_m = 0.5, .radius_m = 8.0, .strength = 1000.0}}});
  const std::uint64_t revision = terrain.revision();
  // Tile (0, 0)'s centre is the point: 1000 * (1 + 1000) > 1e6.
  EXPECT_THAT(test::error_of([&] {
                terrain.paint_class({0, 0, 2, 2}, 1);
              }),
              HasSubstr("multiplier layer: tile (0, 0)"));
  EXPECT_EQ(terrain.revision(), revision);
  EXPECT_EQ(terrain.classes()->tile_class[0], 0);
  EXPECT_EQ(first_difference(terrain, terrain.rebuilt()), "");
  // Away from the point the same class paints.
  EXPECT_FALSE(terrain.paint_class({7, 7, 8, 8}, 1).dirty.empty());
  EXPECT_EQ(first_difference(terrain, terrain.rebuilt()), "");
}

// A unit walking east: a building placed across its path makes the path
// stale (path_crosses the dirty tiles); replanning from where it stands
// goes around, without a jump, and a unit under the building steps off.
TEST(NavTerrain, AUnitReplansAroundAnEditFromWhereItStands) {
  NavTerrain terrain(Heightmap(41, 41, 1.0, std::vector<float>(41 * 41, 0.0f)));
  AStar search(terrain.graph(), terrain.sets());
  Unit unit(terrain.graph(), terrain.heightmap(), {2, 20}, {.max_speed_mps = 2.0});
  ASSERT_EQ(unit.move_to(search, {37, 20}).status, SearchStatus::Found);
  unit.advance(3.3);
  const Vec3 here = unit.position();
  const EditResult building = terrain.set_blocked({15, 10, 20, 31}, true);
  EXPECT_TRUE(unit.path_crosses(building.dirty));
  const PathResult replanned = unit.move_to(search, {37, 20});
  ASSERT_EQ(replanned.status, SearchStatus::Found);
  EXPECT_EQ(unit.path().front().x, here.x);  // no snap to a tile centre
  EXPECT_EQ(unit.path().front().z, here.z);
  for (const TileCoord c : replanned.tiles) {
    EXPECT_FALSE(terrain.graph().blocked(terrain.graph().id(c))) << c.i << "," << c.j;
  }
  EXPECT_FALSE(unit.path_crosses({15, 10, 20, 31}));
  // A second building on top of the unit: it plans from the nearest free tile.
  unit.advance(1.0);
  const TileCoord under = unit.tile();
  terrain.set_blocked({under.i - 1, under.j - 1, under.i + 2, under.j + 2}, true);
  ASSERT_FALSE(terrain.graph().walkable(terrain.graph().id(under)));
  ASSERT_EQ(unit.move_to(search, {37, 20}).status, SearchStatus::Found);
  unit.advance(1000.0);
  EXPECT_EQ(unit.tile(), (TileCoord{37, 20}));
}

}  // namespace
}  // namespace terranav::nav
