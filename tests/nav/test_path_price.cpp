// price_path: grid paths re-priced under another cost model, against costs
// computed by hand on a plane and against the search's own cost.
#include "terranav/nav/path_price.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <numbers>
#include <vector>

#include "random_terrain.hpp"
#include "terranav/nav/connected_sets.hpp"
#include "terranav/nav/multiplier_layer.hpp"
#include "terranav/nav/search.hpp"

namespace terranav::nav {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

CostModel model_of(CostModelKind kind) {
  CostModel m;
  m.kind = kind;
  return m;
}

// h = 0.5 x metres on 5 x 4 samples of 1 m: tiles 4 x 3, centre heights
// 0.5 (i + 0.5), so every step east climbs 0.5 m and north/south is flat.
Heightmap ramp() {
  std::vector<float> h;
  for (int z = 0; z < 4; ++z) {
    for (int x = 0; x < 5; ++x) h.push_back(0.5F * static_cast<float>(x));
  }
  return Heightmap(5, 4, 1.0, std::move(h));
}

GraphConfig config(Topology topology = Topology::Octile8) {
  GraphConfig c;
  c.max_slope = 1.0;
  c.topology = topology;
  return c;
}

TEST(PricePath, ReferenceSumsHandComputedEdges) {
  const TerrainGraph graph(ramp(), config());
  // East twice (1 m, +0.5 m): 1 + 0.5 each; south (flat): 1.
  const std::vector<TileCoord> path = {{0, 0}, {1, 0}, {2, 0}, {2, 1}};
  EXPECT_DOUBLE_EQ(price_path(graph, model_of(CostModelKind::Reference), path), 4.0);
  // A diagonal: sqrt2 m and 0.5 m of climb, d (1 + k |dh| / d) = sqrt2 + 0.5.
  const std::vector<TileCoord> diagonal = {{0, 0}, {1, 1}};
  EXPECT_NEAR(price_path(graph, model_of(CostModelKind::Reference), diagonal),
              std::numbers::sqrt2 + 0.5, 1e-6);
}

TEST(PricePath, DirectedModelsPriceEachWayByItsDirection) {
  const TerrainGraph graph(ramp(), config());
  CostModel updown = model_of(CostModelKind::UphillDownhill);
  updown.uphill_weight = 2.0;
  updown.downhill_weight = 0.5;
  // Up: 1 (1 + 2 * 0.5) = 2; down: 1 (1 + 0.5 * 0.5) = 1.25.
  const std::vector<TileCoord> there_and_back = {{0, 0}, {1, 0}, {0, 0}};
  EXPECT_DOUBLE_EQ(price_path(graph, updown, there_and_back), 3.25);
  // Tobler: 1 m at gradient +0.5 then at -0.5, seconds = 3.6 d / (6 exp(-3.5 |g + 0.05|)).
  const double up = 3.6 / (6.0 * std::exp(-3.5 * 0.55));
  const double down = 3.6 / (6.0 * std::exp(-3.5 * 0.45));
  EXPECT_NEAR(price_path(graph, model_of(CostModelKind::Tobler), there_and_back), up + down, 1e-9);
  // Seed: 1 + slope per step whatever its length.
  EXPECT_DOUBLE_EQ(price_path(graph, model_of(CostModelKind::Seed), there_and_back), 3.0);
}

TEST(PricePath, MultipliersAreTheMeanOfTheEdgesTiles) {
  const TerrainGraph graph(ramp(), config());
  std::vector<float> values(graph.tile_count(), 1.0F);
  values[index(graph.id({1, 0}))] = 3.0F;
  const MultiplierLayer layer(graph.tiles_wide(), graph.tiles_deep(), std::move(values));
  CostModel model = model_of(CostModelKind::Reference);
  model.tile_multipliers = &layer;
  // (0,0) -> (1,0): 1.5 * (1 + 3) / 2 = 3; (1,0) -> (1,1) flat: 1 * (3 + 1) / 2 = 2.
  const std::vector<TileCoord> path = {{0, 0}, {1, 0}, {1, 1}};
  EXPECT_DOUBLE_EQ(price_path(graph, model, path), 5.0);
}

TEST(PricePath, StepsThatAreNoEdgeCostInfinity) {
  const TerrainGraph octile(ramp(), config());
  const CostModel reference = model_of(CostModelKind::Reference);
  const std::vector<TileCoord> jump = {{0, 0}, {2, 0}};
  EXPECT_EQ(price_path(octile, reference, jump), kInf);
  const std::vector<TileCoord> off_map = {{3, 2}, {4, 2}};
  EXPECT_EQ(price_path(octile, reference, off_map), kInf);
  const std::vector<TileCoord> far = {{0, 0}, {std::numeric_limits<std::int32_t>::min(), 0}};
  EXPECT_EQ(price_path(octile, reference, far), kInf);
  const TerrainGraph cardinal(ramp(), config(Topology::Cardinal4));
  const std::vector<TileCoord> diagonal = {{0, 0}, {1, 1}};
  EXPECT_EQ(price_path(cardinal, reference, diagonal), kInf);
  // Seed drops an edge at exactly max slope: 0.5 m over 1 m with max 0.5.
  GraphConfig steep = config();
  steep.max_slope = 0.5;
  const TerrainGraph at_max(ramp(), steep);
  const std::vector<TileCoord> east = {{0, 0}, {1, 0}};
  EXPECT_EQ(price_path(at_max, model_of(CostModelKind::Seed), east), kInf);
  EXPECT_EQ(price_path(octile, reference, std::vector<TileCoord>{{1, 1}}), 0.0);
}

TEST(PricePath, KnightMovesOnKnight16) {
  const TerrainGraph graph(ramp(), config(Topology::Knight16));
  // (0,0) -> (2,1): sqrt5 m, +1 m of climb: sqrt5 + 1 under the reference model.
  const std::vector<TileCoord> knight = {{0, 0}, {2, 1}};
  EXPECT_NEAR(price_path(graph, model_of(CostModelKind::Reference), knight), std::sqrt(5.0) + 1.0,
              1e-6);
}

// The search's own model prices its path at its cost, on every model and
// topology, over random hills.
TEST(PricePath, EqualsTheSearchCostForTheSearchModel) {
  const Heightmap hm = test::random_heightmap(40, 33, 10.0, 60.0, 1.0, 7);
  for (const Topology topology : {Topology::Octile8, Topology::Cardinal4, Topology::Knight16}) {
    const TerrainGraph graph(hm, config(topology));
    const ConnectedSets sets(graph);
    AStar astar(graph, sets);
    for (const CostModelKind kind :
         {CostModelKind::Reference, CostModelKind::Tobler, CostModelKind::UphillDownhill,
          CostModelKind::Seed, CostModelKind::WalkingTime}) {
      SearchOptions options;
      options.cost = model_of(kind);
      options.heuristic = Heuristic::Zero;
      int found = 0;
      for (int k = 0; k < 20; ++k) {
        const TileCoord from{(k * 7) % graph.tiles_wide(), (k * 5) % graph.tiles_deep()};
        const TileCoord to{(k * 13 + 20) % graph.tiles_wide(), (k * 11 + 9) % graph.tiles_deep()};
        const PathResult r = astar.find_path(from, to, options);
        if (r.status != SearchStatus::Found) continue;
        ++found;
        EXPECT_NEAR(price_path(graph, options.cost, r.tiles), r.cost, 1e-9 * r.cost)
            << to_string(kind) << " " << from.i << "," << from.j << " -> " << to.i << "," << to.j;
      }
      EXPECT_GT(found, 10) << to_string(kind);
    }
  }
}

}  // namespace
}  // namespace terranav::nav
