// Any-angle paths (PathMode::AnyAngle), the dense-neighbourhood reference
// search and path smoothing, checked against the continuous model
// (SurfaceCost) and against brute force.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "random_terrain.hpp"
#include "sliced_query.hpp"
#include "terranav/nav/connected_sets.hpp"
#include "terranav/nav/path_smoothing.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/nav/surface_cost.hpp"
#include "terranav/nav/surface_search.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

using ::testing::HasSubstr;

CostModel model_of(CostModelKind kind) {
  CostModel m;
  m.kind = kind;
  return m;
}

std::vector<CostModel> models() {
  CostModel updown = model_of(CostModelKind::UphillDownhill);
  updown.uphill_weight = 2.5;
  updown.downhill_weight = 0.5;
  return {model_of(CostModelKind::Reference), model_of(CostModelKind::Tobler), updown,
          model_of(CostModelKind::WalkingTime)};
}

Heightmap flat(int width, int depth, double spacing) {
  return Heightmap(width, depth, spacing,
                   std::vector<float>(static_cast<std::size_t>(width * depth), 3.0f));
}

struct World {
  Heightmap hm;
  TerrainGraph graph;
  ConnectedSets sets;
  World(Heightmap h, const GraphConfig& c, std::span<const std::uint8_t> blocked = {})
      : hm(std::move(h)), graph(hm, c, blocked), sets(graph) {}
};

SearchOptions any_angle(const CostModel& model = {}) {
  SearchOptions o;
  o.path_mode = PathMode::AnyAngle;
  o.cost = model;
  return o;
}

TEST(DenseMoves, CountsAndPrimitiveDirections) {
  EXPECT_EQ(dense_moves(1).size(), 8u);
  EXPECT_EQ(dense_moves(2).size(), 16u);
  EXPECT_EQ(dense_moves(3).size(), 32u);
  EXPECT_EQ(dense_moves(4).size(), 48u);
  for (const TileCoord m : dense_moves(4)) EXPECT_EQ(std::gcd(m.i, m.j), 1);
  EXPECT_THAT(test::error_of([] { dense_moves(0); }), HasSubstr("radius must be in [1, 8]"));
}

TEST(SurfaceSearch, FlatGroundIsEuclideanWithinTheDirectionBias) {
  const World w(flat(65, 65, 2.0), GraphConfig{});
  SurfaceSearch search(w.hm, w.graph);
  std::mt19937 rng(3);
  std::uniform_int_distribution<int> tile(0, 63);
  for (int q = 0; q < 20; ++q) {
    const TileCoord a{tile(rng), tile(rng)};
    const TileCoord b{tile(rng), tile(rng)};
    const double euclid = 2.0 * std::hypot(b.i - a.i, b.j - a.j);
    // R = 1: octile, at most 8.24 % over; R = 4: 48 directions, 0.76 %.
    const SurfacePath r1 = search.find_path(a, b, CostModel{}, 1);
    EXPECT_NEAR(r1.cost, octile_distance(a, b, 2.0), 1e-9);
    const SurfacePath r4 = search.find_path(a, b, CostModel{}, 4);
    EXPECT_GE(r4.cost, euclid - 1e-9);
    EXPECT_LE(r4.cost, euclid * 1.0076 + 1e-9);
  }
}

TEST(SurfaceSearch, AStarEqualsDijkstraOnRandomTerrain) {
  GraphConfig c;
  c.max_slope = 0.5;
  const World w(test::random_heightmap(41, 37, 10.0, 60.0, 2.0, 21), c);
  SurfaceSearch search(w.hm, w.graph);
  std::mt19937 rng(9);
  std::uniform_int_distribution<int> ti(0, w.graph.tiles_wide() - 1);
  std::uniform_int_distribution<int> tj(0, w.graph.tiles_deep() - 1);
  for (const CostModel& model : models()) {
    for (int q = 0; q < 6; ++q) {
      const TileCoord a{ti(rng), tj(rng)};
      const TileCoord b{ti(rng), tj(rng)};
      const SurfacePath astar = search.find_path(a, b, model, 3);
      const SurfacePath dijkstra = search.find_path(a, b, model, 3, true);
      ASSERT_EQ(astar.status, dijkstra.status);
      if (astar.status != SearchStatus::Found) continue;
      EXPECT_NEAR(astar.cost, dijkstra.cost, 1e-9 * dijkstra.cost);
      EXPECT_LE(astar.expanded, dijkstra.expanded);
      const SurfaceMeasure m = SurfaceCost(w.hm, w.graph, model).polyline(astar.points);
      EXPECT_TRUE(m.feasible());
      EXPECT_NEAR(m.cost, astar.cost, 1e-9 * m.cost);
    }
  }
}

TEST(AnyAngle, FlatOpenGroundIsTheStraightLine) {
  const World w(flat(40, 30, 5.0), GraphConfig{});
  AStar astar(w.graph, w.sets, &w.hm);
  const PathResult r = astar.find_path({1, 2}, {35, 20}, any_angle());
  ASSERT_EQ(r.status, SearchStatus::Found);
  ASSERT_EQ(r.waypoints.size(), 2u);
  EXPECT_NEAR(r.cost, 5.0 * std::hypot(34.0, 18.0), 1e-9);
  EXPECT_DOUBLE_EQ(r.waypoints.front().x, 7.5);
  EXPECT_DOUBLE_EQ(r.waypoints.back().z, 102.5);
  EXPECT_DOUBLE_EQ(r.waypoints.back().y, 3.0);
}

TEST(AnyAngle, StartsAndEndsAtPositionsGivenInMetres) {
  const World w(flat(40, 30, 5.0), GraphConfig{});
  AStar astar(w.graph, w.sets, &w.hm);
  const Vec3 from{11.0, 0.0, 13.0};
  const Vec3 to{151.0, 0.0, 97.0};
  ASSERT_EQ(astar.start_at(from, to, any_angle()), SearchStatus::InProgress);
  astar.step();
  PathResult r;
  astar.result(r);
  ASSERT_EQ(r.status, SearchStatus::Found);
  ASSERT_EQ(r.waypoints.size(), 2u);
  EXPECT_DOUBLE_EQ(r.waypoints.front().x, 11.0);
  EXPECT_DOUBLE_EQ(r.waypoints.back().z, 97.0);
  EXPECT_NEAR(r.cost, std::hypot(140.0, 84.0), 1e-9);
}

// Found by fuzz_api: start and goal in one tile are found without a search,
// and were priced under the previous query's cost model.
TEST(AnyAngle, PositionsInOneTileArePricedUnderThisQuerysModel) {
  const World w(test::random_heightmap(20, 20, 10.0, 20.0, 0.0, 3), GraphConfig{});
  AStar astar(w.graph, w.sets, &w.hm);
  ASSERT_EQ(astar.find_path({1, 1}, {15, 12}, any_angle(model_of(CostModelKind::Tobler))).status,
            SearchStatus::Found);
  const Vec3 from{51.0, 0.0, 52.0};
  const Vec3 to{58.0, 0.0, 57.0};  // both in tile (5, 5)
  ASSERT_EQ(astar.start_at(from, to, any_angle()), SearchStatus::Found);
  PathResult r;
  astar.result(r);
  ASSERT_EQ(r.waypoints.size(), 2u);
  EXPECT_NEAR(r.cost, SurfaceCost(w.hm, w.graph, CostModel{}).segment_cost(from, to), 1e-12);
}

// The any-angle path is feasible on the surface and never costs more there
// than the grid path, whenever the grid path is feasible on it.
// Knight16: the search walks the knight's moves feasible on the surface too.
class AnyAngleOn : public ::testing::TestWithParam<Topology> {};

TEST_P(AnyAngleOn, FeasibleAndNeverWorseThanTheGridPathOnRandomTerrain) {
  GraphConfig c;
  c.max_slope = 0.45;
  c.topology = GetParam();
  const World w(test::random_heightmap(60, 50, 10.0, 80.0, 2.0, 4), c);
  AStar astar(w.graph, w.sets, &w.hm);
  std::mt19937 rng(17);
  std::uniform_int_distribution<int> ti(0, w.graph.tiles_wide() - 1);
  std::uniform_int_distribution<int> tj(0, w.graph.tiles_deep() - 1);
  int compared = 0;
  int searched_again = 0;  // grid paths infeasible on the surface
  for (const CostModel& model : models()) {
    const SurfaceCost ruler(w.hm, w.graph, model);
    SearchOptions grid;
    grid.cost = model;
    for (int q = 0; q < 40; ++q) {
      const TileCoord a{ti(rng), tj(rng)};
      const TileCoord b{ti(rng), tj(rng)};
      const PathResult g = astar.find_path(a, b, grid);
      const PathResult any = astar.find_path(a, b, any_angle(model));
      if (g.status != SearchStatus::Found) {
        EXPECT_NE(any.status, SearchStatus::Found);
        continue;
      }
      if (any.status != SearchStatus::Found) {
        // Only when no path is feasible on the surface: then neither is the grid's.
        EXPECT_EQ(any.status, SearchStatus::Unreachable);
        EXPECT_FALSE(ruler.polyline(g.waypoints).feasible());
        continue;
      }
      const SurfaceMeasure m = ruler.polyline(any.waypoints);
      EXPECT_TRUE(m.feasible()) << to_string(m.fault);
      EXPECT_NEAR(m.cost, any.cost, 1e-12 * m.cost);
      EXPECT_DOUBLE_EQ(any.waypoints.front().x, g.waypoints.front().x);
      EXPECT_DOUBLE_EQ(any.waypoints.back().z, g.waypoints.back().z);
      const SurfaceMeasure gm = ruler.polyline(g.waypoints);
      if (gm.feasible()) {
        EXPECT_LE(any.cost, gm.cost * (1 + 1e-12));
        ++compared;
      } else {
        ++searched_again;
      }
    }
  }
  EXPECT_GT(compared, 30);
  EXPECT_GT(searched_again, 10);
}

TEST(AnyAngle, SlicedEqualsUnsliced) {
  const World w(test::random_heightmap(50, 50, 10.0, 50.0, 1.0, 8), GraphConfig{});
  AStar astar(w.graph, w.sets, &w.hm);
  const SearchOptions o = any_angle(model_of(CostModelKind::Tobler));
  const PathResult whole = astar.find_path({2, 3}, {45, 40}, o);
  const auto [parts, steps] = test::sliced(astar, {2, 3}, {45, 40}, o, StepBudget{7});
  EXPECT_GT(steps, 3);
  test::expect_same(whole, parts);
  EXPECT_EQ(whole.waypoints.size(), parts.waypoints.size());
}

// A spike of one sample: the tile centres around it average it away (their
// edges pass max slope), the triangles next to it do not.
TEST(AnyAngle, GridPathAcrossASteepPieceIsSearchedAgainOnTheSurface) {
  std::vector<float> h(21 * 11, 0.0f);
  h[5 * 21 + 10] = 2.0f;  // sample (10, 5)
  GraphConfig c;
  c.max_slope = 0.6;
  const World w(Heightmap(21, 11, 1.0, std::move(h)), c);
  CostModel length_only;
  length_only.slope_weight = 0.0;  // so the grid path runs straight past the spike
  AStar astar(w.graph, w.sets, &w.hm);
  SearchOptions grid;
  grid.cost = length_only;
  const PathResult g = astar.find_path({2, 4}, {18, 4}, grid);
  ASSERT_EQ(g.status, SearchStatus::Found);
  const SurfaceCost ruler(w.hm, w.graph, length_only);
  ASSERT_EQ(ruler.polyline(g.waypoints).fault, SurfaceFault::TooSteep);

  const PathResult any = astar.find_path({2, 4}, {18, 4}, any_angle(length_only));
  ASSERT_EQ(any.status, SearchStatus::Found);
  EXPECT_TRUE(ruler.polyline(any.waypoints).feasible());
  EXPECT_GT(any.cost, 16.0);  // it has to leave the straight row
  EXPECT_LT(any.cost, 16.5);
}

// Moving AI style (flat, blocked tiles): any-angle lengths never exceed the
// grid optimum (octile, or with knight's moves), and no segment crosses a
// blocked tile or squeezes.
TEST_P(AnyAngleOn, BlockedMapsGiveLengthsAtMostTheGridOptimum) {
  const int n = 48;
  std::mt19937 rng(2);
  std::bernoulli_distribution wall(0.25);
  std::vector<std::uint8_t> blocked(static_cast<std::size_t>(n * n));
  for (auto& b : blocked) b = wall(rng) ? 1 : 0;
  GraphConfig c;
  c.topology = GetParam();
  const World w(flat(n + 1, n + 1, 1.0), c, blocked);
  AStar astar(w.graph, w.sets, &w.hm);
  const SurfaceCost ruler(w.hm, w.graph, CostModel{});
  std::uniform_int_distribution<int> tile(0, n - 1);
  int found = 0;
  for (int q = 0; q < 200; ++q) {
    const TileCoord a{tile(rng), tile(rng)};
    const TileCoord b{tile(rng), tile(rng)};
    const PathResult g = astar.find_path(a, b);
    const PathResult any = astar.find_path(a, b, any_angle());
    ASSERT_EQ(g.status, any.status);
    if (g.status != SearchStatus::Found) continue;
    ++found;
    EXPECT_LE(any.cost, g.cost + 1e-9);
    const SurfaceMeasure m = ruler.polyline(any.waypoints);
    EXPECT_TRUE(m.feasible()) << to_string(m.fault);
    EXPECT_GE(any.cost, std::hypot(b.i - a.i, b.j - a.j) - 1e-9);
  }
  EXPECT_GT(found, 50);
}

INSTANTIATE_TEST_SUITE_P(Topologies, AnyAngleOn,
                         ::testing::Values(Topology::Octile8, Topology::Knight16),
                         [](const ::testing::TestParamInfo<Topology>& param_info) {
                           return std::string(to_string(param_info.param));
                         });

TEST(AnyAngle, NeedsTheHeightmapAndAModelWithSurfaceCosts) {
  const World w(flat(10, 10, 1.0), GraphConfig{});
  AStar without(w.graph, w.sets);
  EXPECT_EQ(without.start({1, 1}, {5, 5}, any_angle()), SearchStatus::InvalidOptions);
  EXPECT_THAT(without.error(), HasSubstr("needs the heightmap"));
  AStar with(w.graph, w.sets, &w.hm);
  EXPECT_EQ(with.start({1, 1}, {5, 5}, any_angle(model_of(CostModelKind::Seed))),
            SearchStatus::InvalidOptions);
  EXPECT_THAT(with.error(), HasSubstr("seed model"));
  EXPECT_EQ(parse_path_mode("any-angle"), PathMode::AnyAngle);
  EXPECT_EQ(to_string(PathMode::Grid), "grid");
}

TEST(PathSmoothing, NeverRaisesTheCostOfAFeasiblePolyline) {
  GraphConfig c;
  c.max_slope = 1.0;
  const World w(test::random_heightmap(40, 40, 10.0, 40.0, 1.0, 12), c);
  std::mt19937 rng(1);
  std::uniform_real_distribution<double> step(-15.0, 15.0);
  for (const CostModel& model : models()) {
    const SurfaceCost ruler(w.hm, w.graph, model);
    for (int q = 0; q < 10; ++q) {
      // A random walk of short feasible segments.
      std::vector<Vec3> walk{{200.0, 0.0, 200.0}};
      while (walk.size() < 30) {
        const Vec3 next{walk.back().x + step(rng), 0.0, walk.back().z + step(rng)};
        if (ruler.segment_cost(walk.back(), next) < 1e300) walk.push_back(next);
      }
      std::vector<Vec3> smooth;
      smooth_path(ruler, walk, smooth);
      const SurfaceMeasure before = ruler.polyline(walk);
      const SurfaceMeasure after = ruler.polyline(smooth);
      EXPECT_TRUE(after.feasible());
      EXPECT_LE(after.cost, before.cost * (1 + 1e-12));
      EXPECT_EQ(smooth.front().x, walk.front().x);
      EXPECT_EQ(smooth.back().z, walk.back().z);
    }
  }
}

}  // namespace
}  // namespace terranav::nav
