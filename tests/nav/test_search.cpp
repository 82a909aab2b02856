#include "terranav/nav/search.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <vector>

#include "random_terrain.hpp"
#include "reference_edges.hpp"

namespace terranav::nav {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
const double kSqrt2 = std::sqrt(2.0);

Heightmap flat(int w, int d) {
  return Heightmap(w, d, 1.0, std::vector<float>(static_cast<std::size_t>(w * d), 0.0f));
}

bool close(double cost, double optimal) {
  return std::abs(cost - optimal) <= 1e-6 * std::max(1.0, optimal);
}

/// Textbook Dijkstra over the independent model: distances from `source` to
/// every tile (+inf where unreachable).
std::vector<double> dijkstra(const test::ReferenceEdges& ref, int source) {
  const int tw = ref.tiles_wide();
  std::vector<double> dist(static_cast<std::size_t>(tw * ref.tiles_deep()), kInf);
  using Entry = std::pair<double, int>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
  dist[static_cast<std::size_t>(source)] = 0.0;
  open.push({0.0, source});
  while (!open.empty()) {
    const auto [du, u] = open.top();
    open.pop();
    if (du > dist[static_cast<std::size_t>(u)]) continue;
    for (int dj = -1; dj <= 1; ++dj) {
      for (int di = -1; di <= 1; ++di) {
        if (di == 0 && dj == 0) continue;
        const auto c = ref.cost(u % tw, u / tw, di, dj);
        if (!c) continue;
        const int v = u + dj * tw + di;
        if (du + *c < dist[static_cast<std::size_t>(v)]) {
          dist[static_cast<std::size_t>(v)] = du + *c;
          open.push({du + *c, v});
        }
      }
    }
  }
  return dist;
}

/// Checks that `r` is a connected path of existing edges from start to goal
/// whose graph and model costs add up; returns its cost under the model.
double check_path(const TerrainGraph& g, const test::ReferenceEdges& ref, const PathResult& r,
                  TileCoord start, TileCoord goal) {
  EXPECT_FALSE(r.tiles.empty());
  if (r.tiles.empty()) return kInf;
  EXPECT_EQ(r.tiles.front(), start);
  EXPECT_EQ(r.tiles.back(), goal);
  EXPECT_EQ(r.waypoints.size(), r.tiles.size());
  double graph_sum = 0.0;
  double model_sum = 0.0;
  for (std::size_t k = 0; k < r.tiles.size(); ++k) {
    const Vec3 c = g.tile_centre(g.id(r.tiles[k]));
    EXPECT_EQ(r.waypoints[k].x, c.x);
    EXPECT_EQ(r.waypoints[k].y, c.y);
    EXPECT_EQ(r.waypoints[k].z, c.z);
    if (k == 0) continue;
    const TileCoord a = r.tiles[k - 1];
    const TileCoord b = r.tiles[k];
    const int di = b.i - a.i;
    const int dj = b.j - a.j;
    EXPECT_TRUE(std::abs(di) <= 1 && std::abs(dj) <= 1 && (di != 0 || dj != 0));
    int dir = 0;
    while (dir < kDirections && (kDirDx[dir] != di || kDirDz[dir] != dj)) ++dir;
    EXPECT_LT(dir, kDirections);
    if (dir == kDirections || !g.has_edge(g.id(a), dir)) {
      ADD_FAILURE() << "no edge between consecutive path tiles";
      return kInf;
    }
    graph_sum += g.edge_cost(g.id(a), dir);
    model_sum += ref.cost(a.i, a.j, di, dj).value_or(kInf);
  }
  EXPECT_DOUBLE_EQ(r.cost, graph_sum);
  return model_sum;
}

struct TerrainCase {
  int w, d, t;
  double spacing, relief, noise, max_slope, slope_weight, blocked_fraction;
  std::uint32_t seed;
};

TEST(AStar, MatchesIndependentDijkstraOnRandomTerrain) {
  const TerrainCase cases[] = {
      {101, 91, 1, 1.0, 30.0, 0.5, 0.5, 1.0, 0.0, 21},
      {161, 141, 2, 0.5, 20.0, 0.3, 0.6, 2.5, 0.12, 22},
      {130, 100, 3, 2.0, 80.0, 1.0, 0.45, 0.3, 0.25, 23},
  };
  int found = 0;
  int unreachable = 0;
  int invalid_goal = 0;
  for (const TerrainCase& c : cases) {
    SCOPED_TRACE("seed " + std::to_string(c.seed));
    const Heightmap hm = test::random_heightmap(c.w, c.d, c.spacing, c.relief, c.noise, c.seed);
    const int tw = (c.w - 1) / c.t;
    const int td = (c.d - 1) / c.t;
    const auto blocked =
        test::random_mask(static_cast<std::size_t>(tw * td), c.blocked_fraction, c.seed);
    const TerrainGraph g(
        hm, {.tile_size = c.t, .max_slope = c.max_slope, .slope_weight = c.slope_weight}, blocked);
    const ConnectedSets sets(g);
    const test::ReferenceEdges ref(hm, c.t, c.max_slope, c.slope_weight, blocked);
    const auto has_model_edge = [&](int i, int j) {
      for (int d = 0; d < kDirections; ++d) {
        if (ref.cost(i, j, kDirDx[d], kDirDz[d])) return true;
      }
      return false;
    };
    AStar reused(g, sets);  // answers every query of this terrain
    std::mt19937 rng(c.seed);
    std::uniform_int_distribution<int> pick_i(0, tw - 1);
    std::uniform_int_distribution<int> pick_j(0, td - 1);
    for (int source = 0; source < 10; ++source) {
      TileCoord start{pick_i(rng), pick_j(rng)};
      while (ref.blocked(start.i, start.j) || !has_model_edge(start.i, start.j)) {
        start = {pick_i(rng), pick_j(rng)};
      }
      const std::vector<double> dist = dijkstra(ref, start.j * tw + start.i);
      for (int q = 0; q < 25; ++q) {
        const TileCoord goal{pick_i(rng), pick_j(rng)};
        const PathResult r = reused.find_path(start, goal);
        const PathResult fresh = AStar(g, sets).find_path(start, goal);
        EXPECT_EQ(fresh.status, r.status);
        EXPECT_EQ(fresh.tiles, r.tiles);
        EXPECT_EQ(fresh.cost, r.cost);
        EXPECT_EQ(fresh.expanded, r.expanded);

        const double optimal = dist[static_cast<std::size_t>(goal.j * tw + goal.i)];
        if (ref.blocked(goal.i, goal.j) || (!has_model_edge(goal.i, goal.j) && !(goal == start))) {
          EXPECT_EQ(r.status, SearchStatus::InvalidGoal);
          ++invalid_goal;
        } else if (optimal == kInf) {
          EXPECT_EQ(r.status, SearchStatus::Unreachable);
          EXPECT_EQ(r.expanded, 0u);
          EXPECT_TRUE(r.tiles.empty());
          ++unreachable;
        } else {
          ASSERT_EQ(r.status, SearchStatus::Found);
          EXPECT_TRUE(close(r.cost, optimal)) << r.cost << " vs " << optimal;
          EXPECT_TRUE(close(check_path(g, ref, r, start, goal), optimal));
          ++found;
        }
      }
    }
  }
  // The terrains must produce every outcome, and mostly found paths.
  EXPECT_GE(found, 200);
  EXPECT_GE(unreachable, 20);
  EXPECT_GE(invalid_goal, 20);
}

TEST(AStar, DetoursAroundAWallWithoutCuttingCorners) {
  // 5 x 3 flat tiles, unit cost per metre:
  //   S . # . G
  //   . . # . .
  //   . . . . .
  // Best: (0,0) -> (1,1) -> (1,2) -> (2,2) -> (3,2) -> (3,1) -> (4,0);
  // (1,1) -> (2,2) would cut the corner of (2,1).
  std::vector<std::uint8_t> blocked(15, 0);
  blocked[2] = 1;
  blocked[7] = 1;
  const TerrainGraph g(flat(6, 4), {.tile_size = 1}, blocked);
  const ConnectedSets sets(g);
  AStar astar(g, sets);
  const PathResult r = astar.find_path({0, 0}, {4, 0});
  ASSERT_EQ(r.status, SearchStatus::Found);
  EXPECT_NEAR(r.cost, 4.0 + 2.0 * kSqrt2, 1e-6);
  EXPECT_EQ(r.tiles.size(), 7u);
  EXPECT_GT(r.expanded, 0u);
  EXPECT_LE(r.expanded, 13u);  // at most every walkable tile but the goal
}

TEST(AStar, TiesPreferDeeperNodesOnFlatGround) {
  // 30 x 30 flat tiles: every tile in the parallelogram between (0,0) and
  // (20,7) lies on an optimal path and has the same f. Preferring the larger
  // g walks straight through it: one expansion per step (20), none wasted.
  const TerrainGraph g(flat(31, 31), {.tile_size = 1});
  const ConnectedSets sets(g);
  AStar astar(g, sets);
  const PathResult r = astar.find_path({0, 0}, {20, 7});
  ASSERT_EQ(r.status, SearchStatus::Found);
  EXPECT_NEAR(r.cost, 13.0 + 7.0 * kSqrt2, 1e-5);
  EXPECT_EQ(r.tiles.size(), 21u);
  EXPECT_EQ(r.expanded, 20u);
}

TEST(AStar, StartEqualsGoal) {
  // 3 x 1 tiles, middle blocked: the end tiles are unblocked but have no edges.
  const TerrainGraph g(flat(4, 2), {.tile_size = 1}, std::vector<std::uint8_t>{0, 1, 0});
  const ConnectedSets sets(g);
  AStar astar(g, sets);
  const PathResult r = astar.find_path({0, 0}, {0, 0});
  EXPECT_EQ(r.status, SearchStatus::Found);
  EXPECT_EQ(r.cost, 0.0);
  EXPECT_EQ(r.tiles, (std::vector<TileCoord>{TileCoord{0, 0}}));
  ASSERT_EQ(r.waypoints.size(), 1u);
  EXPECT_DOUBLE_EQ(r.waypoints[0].x, 0.5);
  EXPECT_DOUBLE_EQ(r.waypoints[0].z, 0.5);
  EXPECT_EQ(r.expanded, 0u);
  EXPECT_EQ(astar.find_path({1, 0}, {1, 0}).status, SearchStatus::InvalidStart);  // blocked
}

TEST(AStar, InvalidStartAndGoal) {
  // 4 x 3 flat tiles:
  //   . . # .
  //   . . # .
  //   . . # #      (3,0) and (3,1) form a second island; nothing is isolated.
  std::vector<std::uint8_t> blocked(12, 0);
  for (const int k : {2, 6, 10, 11}) blocked[static_cast<std::size_t>(k)] = 1;
  const TerrainGraph g(flat(5, 4), {.tile_size = 1}, blocked);
  const ConnectedSets sets(g);
  AStar astar(g, sets);
  EXPECT_EQ(astar.find_path({-1, 0}, {0, 0}).status, SearchStatus::InvalidStart);
  EXPECT_EQ(astar.find_path({4, 0}, {0, 0}).status, SearchStatus::InvalidStart);
  EXPECT_EQ(astar.find_path({0, 3}, {0, 0}).status, SearchStatus::InvalidStart);
  EXPECT_EQ(astar.find_path({2, 1}, {0, 0}).status, SearchStatus::InvalidStart);
  EXPECT_EQ(astar.find_path({0, 0}, {0, -1}).status, SearchStatus::InvalidGoal);
  EXPECT_EQ(astar.find_path({0, 0}, {5, 5}).status, SearchStatus::InvalidGoal);
  EXPECT_EQ(astar.find_path({0, 0}, {3, 2}).status, SearchStatus::InvalidGoal);
  // Start is checked before the goal.
  EXPECT_EQ(astar.find_path({2, 0}, {3, 2}).status, SearchStatus::InvalidStart);

  const PathResult across = astar.find_path({0, 0}, {3, 1});
  EXPECT_EQ(across.status, SearchStatus::Unreachable);
  EXPECT_EQ(across.expanded, 0u);
  EXPECT_TRUE(across.tiles.empty());
  EXPECT_EQ(astar.find_path({3, 0}, {3, 1}).status, SearchStatus::Found);
}

TEST(AStar, TilesWithoutEdgesAreInvalidEndpoints) {
  // 3 x 3 tiles (4 x 4 samples) with a spike on the centre tile: slope to
  // the centre is 50 (sides) or 75/sqrt2 (corners), above max 30.
  std::vector<float> h(16, 0.0f);
  for (const int k : {5, 6, 9, 10}) h[static_cast<std::size_t>(k)] = 100.0f;
  const TerrainGraph g(Heightmap(4, 4, 1.0, h), {.tile_size = 1, .max_slope = 30.0});
  const ConnectedSets sets(g);
  AStar astar(g, sets);
  ASSERT_EQ(g.edge_mask(g.id({1, 1})), 0u);
  EXPECT_EQ(astar.find_path({1, 1}, {0, 0}).status, SearchStatus::InvalidStart);
  EXPECT_EQ(astar.find_path({0, 0}, {1, 1}).status, SearchStatus::InvalidGoal);
  EXPECT_EQ(astar.find_path({1, 1}, {1, 1}).status, SearchStatus::Found);
  EXPECT_EQ(astar.find_path({0, 0}, {2, 2}).status, SearchStatus::Found);
}

TEST(AStar, StatusNamesAndOctileDistance) {
  EXPECT_EQ(to_string(SearchStatus::Found), "found");
  EXPECT_EQ(to_string(SearchStatus::Unreachable), "unreachable");
  EXPECT_EQ(to_string(SearchStatus::InvalidStart), "invalid_start");
  EXPECT_EQ(to_string(SearchStatus::InvalidGoal), "invalid_goal");
  // 3 across, 1 down, 2 m tiles: 2 (2 + sqrt2).
  EXPECT_DOUBLE_EQ(octile_distance({0, 0}, {3, 1}, 2.0), 2.0 * (2.0 + kSqrt2));
  EXPECT_DOUBLE_EQ(octile_distance({3, 1}, {0, 0}, 2.0), 2.0 * (2.0 + kSqrt2));
  EXPECT_DOUBLE_EQ(octile_distance({1, 5}, {1, 1}, 0.5), 2.0);
}

}  // namespace
}  // namespace terranav::nav
