#include "terranav/nav/terrain_graph.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "random_terrain.hpp"
#include "reference_edges.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

constexpr int kE = 0, kSE = 1, kS = 2, kSW = 3, kW = 4, kNW = 5, kN = 6, kNE = 7;
const double kSqrt2 = std::sqrt(2.0);

Heightmap flat(int w, int d, double s = 1.0) {
  return Heightmap(w, d, s, std::vector<float>(static_cast<std::size_t>(w * d), 0.0f));
}

TileId at(const TerrainGraph& g, int i, int j) {
  return g.id({i, j});
}

std::string error_of(const Heightmap& hm, const GraphConfig& config,
                     std::vector<std::uint8_t> blocked = {}) {
  try {
    TerrainGraph g(hm, config, blocked);
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

TEST(TerrainGraph, TileCountsAndSizeFollowTheModel) {
  // 6 x 4 samples, t = 2: TW = floor(5/2) = 2, TD = floor(3/2) = 1.
  const TerrainGraph g(flat(6, 4, 0.5), {.tile_size = 2});
  EXPECT_EQ(g.tiles_wide(), 2);
  EXPECT_EQ(g.tiles_deep(), 1);
  EXPECT_EQ(g.tile_count(), 2u);
  EXPECT_DOUBLE_EQ(g.tile_metres(), 1.0);
  EXPECT_EQ(g.id({1, 0}), TileId{1});
  EXPECT_EQ(g.coord(TileId{1}), (TileCoord{1, 0}));
}

TEST(TerrainGraph, TileSizeOneCentreIsAverageOfFourSamples) {
  // 3 x 3 samples, rows z = 0..2:
  //   0 1 2
  //   4 5 6
  //   8 9 12
  const Heightmap hm(3, 3, 1.0, {0, 1, 2, 4, 5, 6, 8, 9, 12});
  const TerrainGraph g(hm, {.tile_size = 1, .max_slope = 100.0});
  EXPECT_DOUBLE_EQ(g.tile_height(at(g, 0, 0)), (0 + 1 + 4 + 5) / 4.0);
  EXPECT_DOUBLE_EQ(g.tile_height(at(g, 1, 0)), (1 + 2 + 5 + 6) / 4.0);
  EXPECT_DOUBLE_EQ(g.tile_height(at(g, 0, 1)), (4 + 5 + 8 + 9) / 4.0);
  EXPECT_DOUBLE_EQ(g.tile_height(at(g, 1, 1)), (5 + 6 + 9 + 12) / 4.0);
}

TEST(TerrainGraph, TileSizeTwoCentreIsOddSample) {
  // 5 x 5 samples h = 10 x + z^2; t = 2 puts tile (i, j) on sample (2i+1, 2j+1).
  std::vector<float> h;
  for (int z = 0; z < 5; ++z) {
    for (int x = 0; x < 5; ++x) h.push_back(static_cast<float>(10 * x + z * z));
  }
  const TerrainGraph g(Heightmap(5, 5, 1.0, h), {.tile_size = 2, .max_slope = 100.0});
  ASSERT_EQ(g.tile_count(), 4u);
  EXPECT_DOUBLE_EQ(g.tile_height(at(g, 0, 0)), 10 + 1);
  EXPECT_DOUBLE_EQ(g.tile_height(at(g, 1, 0)), 30 + 1);
  EXPECT_DOUBLE_EQ(g.tile_height(at(g, 0, 1)), 10 + 9);
  EXPECT_DOUBLE_EQ(g.tile_height(at(g, 1, 1)), 30 + 9);
}

TEST(TerrainGraph, EdgeCostsFromTheFormula) {
  // 3 x 3 samples, s = 2, t = 1; every row is 0 0 2, so H = 0 in column 0
  // and H = (0 + 2 + 0 + 2) / 4 = 1 in column 1.
  const Heightmap hm(3, 3, 2.0, {0, 0, 2, 0, 0, 2, 0, 0, 2});
  const TerrainGraph g(hm, {.tile_size = 1, .max_slope = 0.6});
  const CostModel k2{.slope_weight = 2.0};
  const TileId a = at(g, 0, 0);
  // East: d = 2, slope = 1/2, cost = 2 (1 + 2 * 0.5) = 4.
  EXPECT_DOUBLE_EQ(g.edge_cost(a, kE, k2), 4.0);
  // South: flat, d = 2, cost = 2.
  EXPECT_DOUBLE_EQ(g.edge_cost(a, kS, k2), 2.0);
  // South-east: d = 2 sqrt2 (float precision), slope = 1 / (2 sqrt2), cost = 2 sqrt2 + 2 * 1.
  EXPECT_NEAR(g.edge_cost(a, kSE, k2), 2 * kSqrt2 + 2.0, 1e-6);
  // Same edges seen from the other end.
  EXPECT_DOUBLE_EQ(g.edge_cost(at(g, 1, 0), kW, k2), 4.0);
  EXPECT_NEAR(g.edge_cost(at(g, 1, 1), kNW, k2), 2 * kSqrt2 + 2.0, 1e-6);
  EXPECT_NEAR(g.edge_cost(at(g, 1, 0), kSW, k2), 2 * kSqrt2 + 2.0, 1e-6);
  // Uphill-downhill: east climbs 1 m, west descends it.
  const CostModel updown{
      .kind = CostModelKind::UphillDownhill, .uphill_weight = 3.0, .downhill_weight = 0.5};
  EXPECT_DOUBLE_EQ(g.edge_cost(a, kE, updown), 2.0 * (1 + 3.0 * 0.5));
  EXPECT_DOUBLE_EQ(g.edge_cost(at(g, 1, 0), kW, updown), 2.0 * (1 + 0.5 * 0.5));
  // Tile multipliers average over the edge's ends: (1 + 3) / 2 = 2.
  const MultiplierLayer m(2, 2, {1.0f, 3.0f, 1.0f, 1.0f});
  EXPECT_DOUBLE_EQ(g.edge_cost(a, kE, {.tile_multipliers = &m}), 2.0 * 1.5 * 2.0);
  // Off-grid directions do not exist.
  EXPECT_FALSE(g.has_edge(a, kW));
  EXPECT_FALSE(g.has_edge(a, kN));
  EXPECT_EQ(g.edge_cost(a, kN, k2), std::numeric_limits<double>::infinity());
  EXPECT_EQ(g.edge_mask(a), (1u << kE) | (1u << kSE) | (1u << kS));
}

TEST(TerrainGraph, StepLengthsAreFloatRoundedDistances) {
  const TerrainGraph g(flat(7, 5, 0.5), {.tile_size = 2});
  EXPECT_EQ(g.step_length(kE), 1.0);
  EXPECT_EQ(g.step_length(kN), 1.0);
  EXPECT_EQ(g.step_length(kSE), static_cast<double>(static_cast<float>(kSqrt2)));
  EXPECT_EQ(g.step_length(kNW), g.step_length(kSE));
}

TEST(TerrainGraph, SlopeEqualToMaxIsWalkable) {
  // 3 x 2 samples, s = 1, t = 1, both rows 0 0.5 1: H = 0.25 and 0.75, so the
  // slope is exactly 0.5.
  const Heightmap hm(3, 2, 1.0, {0.0f, 0.5f, 1.0f, 0.0f, 0.5f, 1.0f});
  const TerrainGraph at_max(hm, {.tile_size = 1, .max_slope = 0.5});
  EXPECT_TRUE(at_max.has_edge(TileId{0}, kE));
  EXPECT_TRUE(at_max.has_edge(TileId{1}, kW));
  EXPECT_DOUBLE_EQ(at_max.edge_cost(TileId{0}, kE, {}), 1.5);
  const TerrainGraph below(hm, {.tile_size = 1, .max_slope = std::nextafter(0.5, 0.0)});
  EXPECT_FALSE(below.has_edge(TileId{0}, kE));
  EXPECT_FALSE(below.has_edge(TileId{1}, kW));
  EXPECT_EQ(below.edge_cost(TileId{0}, kE, {}), std::numeric_limits<double>::infinity());
  // A slope just above 0.5 (last height one float step higher) is not walkable.
  const Heightmap steeper(
      3, 2, 1.0, {0.0f, 0.5f, std::nextafter(1.0f, 2.0f), 0.0f, 0.5f, std::nextafter(1.0f, 2.0f)});
  EXPECT_FALSE(TerrainGraph(steeper, {.tile_size = 1, .max_slope = 0.5}).has_edge(TileId{0}, kE));
}

TEST(TerrainGraph, DiagonalSlopeUsesDiagonalDistance) {
  // 3 x 3 samples, t = 1, s = 1; only the last sample is raised to 4, so
  // H(1, 1) = 1 and the others 0. Diagonal slope = 1 / sqrt2.
  const Heightmap hm(3, 3, 1.0, {0, 0, 0, 0, 0, 0, 0, 0, 4});
  const double slope = 1.0 / (1.0 * 1.0 * kSqrt2);
  EXPECT_TRUE(TerrainGraph(hm, {.tile_size = 1, .max_slope = slope}).has_edge(TileId{0}, kSE));
  const TerrainGraph below(hm, {.tile_size = 1, .max_slope = std::nextafter(slope, 0.0)});
  EXPECT_FALSE(below.has_edge(TileId{0}, kSE));
  // The cardinal edges into (1, 1) have slope 1 > max.
  EXPECT_FALSE(below.has_edge(at(below, 1, 0), kS));
  EXPECT_TRUE(below.has_edge(TileId{0}, kE));
}

TEST(TerrainGraph, BlockedTilesHaveNoEdgesAndDiagonalsDoNotCutCorners) {
  // 3 x 3 flat tiles, centre blocked:
  //   . . .
  //   . # .
  //   . . .
  std::vector<std::uint8_t> blocked(9, 0);
  blocked[4] = 1;
  const TerrainGraph g(flat(4, 4), {.tile_size = 1}, blocked);
  EXPECT_TRUE(g.blocked(at(g, 1, 1)));
  EXPECT_EQ(g.edge_mask(at(g, 1, 1)), 0u);
  EXPECT_FALSE(g.walkable(at(g, 1, 1)));
  // (0,0): E and S; SE is the blocked tile itself.
  EXPECT_EQ(g.edge_mask(at(g, 0, 0)), (1u << kE) | (1u << kS));
  // (1,0): E and W; SE and SW would pass the blocked centre.
  EXPECT_EQ(g.edge_mask(at(g, 1, 0)), (1u << kE) | (1u << kW));
  // (0,1): N and S only.
  EXPECT_EQ(g.edge_mask(at(g, 0, 1)), (1u << kN) | (1u << kS));
  EXPECT_EQ(g.edge_cost(at(g, 0, 0), kE, {}), 1.0);

  // Without the block every interior tile of a flat field has all 8 edges.
  const TerrainGraph open(flat(4, 4), {.tile_size = 1});
  EXPECT_EQ(open.edge_mask(at(open, 1, 1)), 0xFFu);
  EXPECT_NEAR(open.edge_cost(at(open, 1, 1), kNE, {}), kSqrt2, 1e-7);

  // Only a cardinal neighbour blocked: (0,0) -> (1,1) is cut when (1,0) is.
  std::vector<std::uint8_t> side(9, 0);
  side[1] = 1;
  const TerrainGraph cut(flat(4, 4), {.tile_size = 1}, side);
  EXPECT_FALSE(cut.has_edge(at(cut, 0, 0), kSE));
  EXPECT_FALSE(cut.has_edge(at(cut, 1, 1), kNW));
  EXPECT_FALSE(cut.has_edge(at(cut, 2, 1), kNW));
  EXPECT_TRUE(cut.has_edge(at(cut, 0, 1), kSE));
}

TEST(TerrainGraph, MatchesIndependentModelForEveryTopologyCornerRuleAndCostModel) {
  const Heightmap hm = test::random_heightmap(41, 33, 1.5, 25.0, 0.4, 7);
  const int t = 2;
  const auto blocked = test::random_mask(20 * 16, 0.1, 3);
  std::vector<float> multipliers(20 * 16);
  for (std::size_t k = 0; k < multipliers.size(); ++k) {
    multipliers[k] = 0.5f + static_cast<float>(k % 7) * 0.25f;
  }
  const MultiplierLayer layer(20, 16, multipliers);
  const CostModel models[] = {
      {.slope_weight = 1.7},
      {.kind = CostModelKind::Seed},
      {.kind = CostModelKind::Tobler},
      {.kind = CostModelKind::UphillDownhill, .uphill_weight = 2.0, .downhill_weight = 0.3},
      {.kind = CostModelKind::WalkingTime},
      {.slope_weight = 0.8, .tile_multipliers = &layer},
  };
  const struct {
    Topology topology;
    CornerCutting corner;
  } rules[] = {{Topology::Octile8, CornerCutting::Never},
               {Topology::Octile8, CornerCutting::Always},
               {Topology::Octile8, CornerCutting::AtLeastOneFree},
               {Topology::Cardinal4, CornerCutting::Never},
               {Topology::Hex6, CornerCutting::Never},
               {Topology::Knight16, CornerCutting::Never},
               {Topology::Knight16, CornerCutting::Always},
               {Topology::Knight16, CornerCutting::AtLeastOneFree}};
  for (const auto& rule : rules) {
    SCOPED_TRACE(std::string(to_string(rule.topology)) + " " + std::string(to_string(rule.corner)));
    const TerrainGraph g(hm,
                         {.tile_size = t,
                          .max_slope = 0.45,
                          .topology = rule.topology,
                          .corner_cutting = rule.corner},
                         blocked);
    const test::ReferenceEdges ref(hm, t, 0.45, 1.0, blocked, rule.topology, rule.corner);
    ASSERT_EQ(g.tiles_wide(), ref.tiles_wide());
    ASSERT_EQ(g.tiles_deep(), ref.tiles_deep());
    int present = 0;
    int absent = 0;
    for (int j = 0; j < g.tiles_deep(); ++j) {
      for (int i = 0; i < g.tiles_wide(); ++i) {
        const TileId a = at(g, i, j);
        EXPECT_NEAR(g.tile_height(a), ref.centre_height(i, j), 1e-5);
        EXPECT_EQ(g.blocked(a), ref.blocked(i, j));
        for (int d = 0; d < kKnightDirections; ++d) {
          const bool expected = ref.has_edge(i, j, kDirDx[d], kDirDz[d]);
          ASSERT_EQ(g.has_edge(a, d), expected) << i << "," << j << " dir " << d;
          if (!expected) {
            EXPECT_EQ(g.edge_cost(a, d, {}), std::numeric_limits<double>::infinity());
            ++absent;
            continue;
          }
          ++present;
          const TileId b = g.neighbour(a, d);
          EXPECT_EQ(g.coord(b), (TileCoord{i + kDirDx[d], j + kDirDz[d]}));
          EXPECT_TRUE(g.has_edge(b, d ^ 4));
          for (const CostModel& model : models) {
            const auto want = ref.cost(i, j, kDirDx[d], kDirDz[d], model);
            const double got = g.edge_cost(a, d, model);
            if (!want) {
              EXPECT_EQ(got, std::numeric_limits<double>::infinity());
            } else {
              EXPECT_NEAR(got, *want, 1e-6 * *want) << to_string(model.kind);
            }
          }
        }
      }
    }
    // The terrain must exercise both outcomes for the check to mean anything.
    EXPECT_GT(present, 400);
    EXPECT_GT(absent, 300);
  }
}

TEST(TerrainGraph, CornerRulesForDiagonals) {
  // 3 x 3 flat tiles; (1,0) blocked, then (1,0) and (0,1):
  //   . # .      . # .
  //   . . .      # . .
  //   . . .      . . .
  std::vector<std::uint8_t> one(9, 0);
  one[1] = 1;
  std::vector<std::uint8_t> both = one;
  both[3] = 1;
  const auto has_se = [](const std::vector<std::uint8_t>& blocked, CornerCutting corner) {
    const TerrainGraph g(flat(4, 4), {.tile_size = 1, .corner_cutting = corner}, blocked);
    EXPECT_EQ(g.has_edge(at(g, 0, 0), kSE), g.has_edge(at(g, 1, 1), kNW));
    return g.has_edge(at(g, 0, 0), kSE);
  };
  EXPECT_FALSE(has_se(one, CornerCutting::Never));
  EXPECT_TRUE(has_se(one, CornerCutting::AtLeastOneFree));
  EXPECT_TRUE(has_se(one, CornerCutting::Always));
  EXPECT_FALSE(has_se(both, CornerCutting::Never));
  EXPECT_FALSE(has_se(both, CornerCutting::AtLeastOneFree));
  EXPECT_TRUE(has_se(both, CornerCutting::Always));
}

TEST(TerrainGraph, CornerRulesForKnightMoves) {
  // 3 x 2 flat tiles; the knight's move (0, 0) -> (2, 1) (direction 8)
  // crosses x = 1/2 at z = 1/4 and x = 3/2 at z = 3/4: tiles (1, 0) and
  // (1, 1). Blocked: (1, 0), then both.
  std::vector<std::uint8_t> one(6, 0);
  one[1] = 1;
  std::vector<std::uint8_t> both = one;
  both[4] = 1;
  const auto has_knight = [](const std::vector<std::uint8_t>& blocked, CornerCutting corner) {
    const TerrainGraph g(flat(4, 3),
                         {.tile_size = 1, .topology = Topology::Knight16, .corner_cutting = corner},
                         blocked);
    // Its reverse is direction 12 = 8 ^ 4, (-2, -1).
    EXPECT_EQ(g.has_edge(at(g, 0, 0), 8), g.has_edge(at(g, 2, 1), 12));
    return g.has_edge(at(g, 0, 0), 8);
  };
  EXPECT_TRUE(has_knight(std::vector<std::uint8_t>(6, 0), CornerCutting::Never));
  EXPECT_FALSE(has_knight(one, CornerCutting::Never));
  EXPECT_TRUE(has_knight(one, CornerCutting::AtLeastOneFree));
  EXPECT_TRUE(has_knight(one, CornerCutting::Always));
  EXPECT_FALSE(has_knight(both, CornerCutting::Never));
  EXPECT_FALSE(has_knight(both, CornerCutting::AtLeastOneFree));
  EXPECT_TRUE(has_knight(both, CornerCutting::Always));
}

TEST(TerrainGraph, KnightMovesAreLongerSoTheirSlopeIsGentler) {
  // Tile heights rise 1 m per column on 1 m tiles, max slope 0.5: cardinal
  // steps east rise 1 in 1, diagonals 1 in sqrt2 = 0.71, knight's moves
  // (+-1, +-2) 1 in sqrt5 = 0.45: only they and the north-south steps stay.
  std::vector<float> ramp(6 * 6);
  for (std::size_t k = 0; k < ramp.size(); ++k) ramp[k] = static_cast<float>(k % 6);
  const TerrainGraph g(Heightmap(6, 6, 1.0, ramp),
                       {.tile_size = 1, .max_slope = 0.5, .topology = Topology::Knight16});
  EXPECT_EQ(g.directions(), 16);
  const TileId c = at(g, 2, 2);
  EXPECT_EQ(g.edge_mask(c), (1u << kS) | (1u << kN));
  // Directions 9 (1, 2), 10 (-1, 2), 13 (-1, -2), 14 (1, -2).
  EXPECT_EQ(g.knight_mask(c), (1u << 1) | (1u << 2) | (1u << 5) | (1u << 6));
  EXPECT_NEAR(g.step_length(9), std::sqrt(5.0), 1e-6);
  EXPECT_NEAR(g.edge_cost(c, 9, {.slope_weight = 2.0}), std::sqrt(5.0) + 2.0 * 1.0, 1e-5);
  // The same ramp on Octile8 has no knight's moves, and no mask for them.
  const TerrainGraph octile(Heightmap(6, 6, 1.0, ramp), {.tile_size = 1, .max_slope = 0.5});
  EXPECT_EQ(octile.knight_mask(c), 0u);
  EXPECT_FALSE(octile.has_edge(c, 9));
  EXPECT_TRUE(octile.knight_masks().empty());
}

TEST(TerrainGraph, TopologiesChooseTheNeighbours) {
  // The centre of 3 x 3 open flat tiles.
  const auto mask = [](Topology topology, CornerCutting corner) {
    const TerrainGraph g(flat(4, 4),
                         {.tile_size = 1, .topology = topology, .corner_cutting = corner});
    return g.edge_mask(at(g, 1, 1));
  };
  const unsigned cardinal = (1u << kE) | (1u << kS) | (1u << kW) | (1u << kN);
  EXPECT_EQ(mask(Topology::Octile8, CornerCutting::Never), 0xFFu);
  EXPECT_EQ(mask(Topology::Cardinal4, CornerCutting::Never), cardinal);
  // Axial (+1, -1) is north-east, (-1, +1) south-west.
  EXPECT_EQ(mask(Topology::Hex6, CornerCutting::Never), cardinal | (1u << kNE) | (1u << kSW));
  // Corner rules only concern Octile8: a hex diagonal past a blocked tile stays.
  std::vector<std::uint8_t> blocked(9, 0);
  blocked[1] = 1;  // (1, 0): north of the centre, west of (2, 0)
  const TerrainGraph hex(flat(4, 4), {.tile_size = 1, .topology = Topology::Hex6}, blocked);
  EXPECT_TRUE(hex.has_edge(at(hex, 1, 1), kNE));
}

TEST(TerrainGraph, NamesRoundTrip) {
  for (const Topology t :
       {Topology::Octile8, Topology::Cardinal4, Topology::Hex6, Topology::Knight16}) {
    EXPECT_EQ(parse_topology(to_string(t)), t);
  }
  for (const CornerCutting c :
       {CornerCutting::Never, CornerCutting::Always, CornerCutting::AtLeastOneFree}) {
    EXPECT_EQ(parse_corner_cutting(to_string(c)), c);
  }
  EXPECT_EQ(to_string(Topology::Hex6), "hex6");
  EXPECT_EQ(to_string(CornerCutting::AtLeastOneFree), "at-least-one-free");
  EXPECT_EQ(test::error_of([] { parse_topology("hex"); }),
            "unknown topology 'hex' (valid: octile8, cardinal4, hex6, knight16)");
  EXPECT_EQ(test::error_of([] { parse_corner_cutting("sometimes"); }),
            "unknown corner cutting mode 'sometimes' (valid: never, always, at-least-one-free)");
}

TEST(TerrainGraph, StoresAboutSixBytesPerTile) {
  const TerrainGraph g(flat(201, 201), {.tile_size = 1});
  const double per_tile =
      static_cast<double>(g.memory_bytes()) / static_cast<double>(g.tile_count());
  EXPECT_GE(per_tile, 6.0);  // float height + edge mask + surface mask
  EXPECT_LE(per_tile, 6.5);  // + one blocked bit and the object
  // Knight16 adds a knight mask and its surface mask.
  const TerrainGraph knight(flat(201, 201), {.tile_size = 1, .topology = Topology::Knight16});
  EXPECT_EQ(knight.memory_bytes() - g.memory_bytes(), 2 * g.tile_count());
}

TEST(TerrainGraph, TileCentreAndTileAt) {
  // 7 x 5 samples, s = 0.5, t = 2: TW = 3, TD = 2, tiles 1 m wide.
  const TerrainGraph g(flat(7, 5, 0.5), {.tile_size = 2});
  const Vec3 c = g.tile_centre(at(g, 2, 1));
  EXPECT_DOUBLE_EQ(c.x, 2.5);
  EXPECT_DOUBLE_EQ(c.y, 0.0);
  EXPECT_DOUBLE_EQ(c.z, 1.5);
  EXPECT_EQ(g.tile_at(2.5, 1.5), (TileCoord{2, 1}));
  EXPECT_EQ(g.tile_at(0.0, 0.0), (TileCoord{0, 0}));
  EXPECT_EQ(g.tile_at(2.999, 1.999), (TileCoord{2, 1}));
  EXPECT_EQ(g.tile_at(1.0, 0.999), (TileCoord{1, 0}));
  EXPECT_FALSE(g.tile_at(3.0, 0.5).has_value());  // the last sample column is no tile
  EXPECT_FALSE(g.tile_at(0.5, 2.0).has_value());
  EXPECT_FALSE(g.tile_at(-0.001, 0.5).has_value());
  EXPECT_FALSE(g.tile_at(0.5, -0.001).has_value());
  EXPECT_FALSE(g.tile_at(std::nan(""), 0.5).has_value());
  EXPECT_FALSE(g.tile_at(0.5, std::numeric_limits<double>::infinity()).has_value());
}

TEST(TerrainGraph, RejectsBadConfig) {
  const Heightmap hm = flat(5, 4);
  const double nan = std::nan("");
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_NE(error_of(hm, {.tile_size = 0}).find("tile_size 0 outside 1..3"), std::string::npos);
  EXPECT_NE(error_of(hm, {.tile_size = 4}).find("tile_size 4 outside 1..3"), std::string::npos);
  EXPECT_EQ(error_of(hm, {.tile_size = 3}), "no error");
  EXPECT_NE(error_of(hm, {.max_slope = -0.1}).find("max_slope"), std::string::npos);
  EXPECT_NE(error_of(hm, {.max_slope = nan}).find("max_slope"), std::string::npos);
  EXPECT_NE(error_of(hm, {.max_slope = inf}).find("max_slope"), std::string::npos);
  EXPECT_EQ(error_of(hm, {.max_slope = 0.0}), "no error");
  // 4 x 3 tiles need 12 flags.
  EXPECT_NE(error_of(hm, {}, std::vector<std::uint8_t>(11)).find("11 flags, expected 12"),
            std::string::npos);
  EXPECT_EQ(error_of(hm, {}, std::vector<std::uint8_t>(12)), "no error");
}

}  // namespace
}  // namespace terranav::nav
