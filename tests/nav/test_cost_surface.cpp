#include "terranav/nav/cost_surface.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "random_terrain.hpp"
#include "reference_edges.hpp"
#include "terranav/nav/connected_sets.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

using test::error_of;
using ::testing::HasSubstr;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kSide = 24;  // tiles per side of the random maps

/// Bellman-Ford: relax every edge of the graph until nothing changes. Any
/// order of relaxations reaches the same fixed point, the least left-to-right
/// sum over paths, so it must equal Dijkstra's bit for bit.
std::vector<double> bellman_ford(const TerrainGraph& g, const CostModel& model,
                                 const std::vector<TileCoord>& sources) {
  std::vector<double> dist(g.tile_count(), kInf);
  for (const TileCoord s : sources) dist[index(g.id(s))] = 0.0;
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint32_t u = 0; u < g.tile_count(); ++u) {
      for (int dir = 0; dir < g.directions(); ++dir) {
        if (!g.has_edge(TileId{u}, dir)) continue;
        const std::uint32_t v = index(g.neighbour(TileId{u}, dir));
        const double c = dist[u] + g.edge_cost(TileId{u}, dir, model);
        if (c < dist[v]) {
          dist[v] = c;
          changed = true;
        }
      }
    }
  }
  return dist;
}

struct RandomMap {
  Heightmap hm;
  TerrainGraph g;
  ConnectedSets sets;
  RandomMap(Topology topology, std::uint32_t seed)
      : hm(test::random_heightmap(kSide + 1, kSide + 1, 1.0, 12.0, 0.4, seed)),
        g(hm, {.max_slope = 0.7, .topology = topology},
          test::random_mask(kSide * kSide, 0.15, seed)),
        sets(g) {}

  std::vector<TileCoord> walkable_tiles(int count, std::uint32_t seed) const {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> pick(0, kSide - 1);
    std::vector<TileCoord> out;
    while (static_cast<int>(out.size()) < count) {
      const TileCoord c{pick(rng), pick(rng)};
      if (g.walkable(g.id(c))) out.push_back(c);
    }
    return out;
  }
};

constexpr std::array kTopologies = {Topology::Cardinal4, Topology::Octile8, Topology::Hex6,
                                    Topology::Knight16};

std::vector<CostModel> models() {
  return {{.slope_weight = 1.5},
          {.kind = CostModelKind::Tobler},
          {.kind = CostModelKind::UphillDownhill, .uphill_weight = 4.0, .downhill_weight = 0.2},
          {.kind = CostModelKind::WalkingTime}};
}

TEST(CostSurface, EqualsBellmanFordAtEveryTileForEveryTopologyAndModel) {
  int reached = 0;
  for (const Topology topology : kTopologies) {
    for (std::uint32_t seed = 1; seed <= 3; ++seed) {
      const RandomMap map(topology, seed);
      for (const CostModel& model : models()) {
        SCOPED_TRACE(std::string(to_string(topology)) + " " + std::string(to_string(model.kind)) +
                     " seed " + std::to_string(seed));
        const std::vector<TileCoord> sources = map.walkable_tiles(1, seed);
        const CostSurface surface = cost_surface(map.g, model, sources);
        const std::vector<double> truth = bellman_ford(map.g, model, sources);
        ASSERT_EQ(surface.cost.size(), truth.size());
        for (std::size_t t = 0; t < truth.size(); ++t) {
          ASSERT_EQ(surface.cost[t], truth[t]) << "tile " << t;
          reached += std::isfinite(truth[t]) ? 1 : 0;
          // Unreached tiles and sources have no back-link; every other tile one.
          EXPECT_EQ(surface.backlink[t] == kNoBacklink, truth[t] == kInf || truth[t] == 0.0);
        }
      }
    }
  }
  EXPECT_GT(reached, 4 * 3 * 3 * kSide * kSide / 2);  // most tiles reached
}

TEST(CostSurface, DirectionDependentModelIsPricedFromTheSource) {
  // A ramp rising eastwards: 1 m per sample on 1 m tiles. From the west
  // end every step climbs, from the east end every step descends: the same
  // two tiles cost differently from either end.
  std::vector<float> h;
  for (int z = 0; z < 2; ++z) {
    for (int x = 0; x < 4; ++x) h.push_back(static_cast<float>(0.5 * x));
  }
  const Heightmap hm(4, 2, 1.0, h);
  const TerrainGraph g(hm, {.max_slope = 1.0, .topology = Topology::Cardinal4});
  const CostModel model{
      .kind = CostModelKind::UphillDownhill, .uphill_weight = 4.0, .downhill_weight = 0.0};
  const std::vector<TileCoord> west{{0, 0}};
  const std::vector<TileCoord> east{{2, 0}};
  // Climb: 2 steps of d (1 + 4 * 0.5) = 3 m. Descent: 2 steps of 1 m.
  EXPECT_DOUBLE_EQ(cost_surface(g, model, west).cost[index(g.id({2, 0}))], 6.0);
  EXPECT_DOUBLE_EQ(cost_surface(g, model, east).cost[index(g.id({0, 0}))], 2.0);
}

TEST(CostSurface, MultiSourceIsTheElementwiseMinimumOfSingleSources) {
  for (const Topology topology : kTopologies) {
    const RandomMap map(topology, 7);
    for (const CostModel& model : models()) {
      SCOPED_TRACE(std::string(to_string(topology)) + " " + std::string(to_string(model.kind)));
      const std::vector<TileCoord> sources = map.walkable_tiles(3, 11);
      const CostSurface both = cost_surface(map.g, model, sources);
      std::vector<double> minimum(map.g.tile_count(), kInf);
      for (const TileCoord s : sources) {
        const CostSurface one = cost_surface(map.g, model, std::vector<TileCoord>{s});
        for (std::size_t t = 0; t < minimum.size(); ++t) {
          minimum[t] = std::min(minimum[t], one.cost[t]);
        }
      }
      EXPECT_EQ(both.cost, minimum);
    }
  }
}

/// Sum of graph edge costs along `tiles`, from the first.
double path_cost(const TerrainGraph& g, const CostModel& model,
                 const std::vector<TileCoord>& tiles) {
  double sum = 0.0;
  for (std::size_t k = 1; k < tiles.size(); ++k) {
    const TileId u = g.id(tiles[k - 1]);
    int step = -1;
    for (int dir = 0; dir < g.directions(); ++dir) {
      if (g.has_edge(u, dir) && g.neighbour(u, dir) == g.id(tiles[k])) step = dir;
    }
    EXPECT_GE(step, 0) << "no edge into step " << k;
    if (step < 0) return kInf;
    sum += g.edge_cost(u, step, model);
  }
  return sum;
}

TEST(CostSurface, TracedPathsCostTheSurfaceValueAndAStarsOptimum) {
  int checked = 0;
  for (const Topology topology : kTopologies) {
    const RandomMap map(topology, 5);
    AStar astar(map.g, map.sets);
    for (const CostModel& model : models()) {
      SCOPED_TRACE(std::string(to_string(topology)) + " " + std::string(to_string(model.kind)));
      const TileCoord source = map.walkable_tiles(1, 3).front();
      const CostSurface surface = cost_surface(map.g, model, std::vector<TileCoord>{source});
      for (const TileCoord goal : map.walkable_tiles(40, 17)) {
        const double value = surface.cost[index(map.g.id(goal))];
        const PathResult optimal =
            astar.find_path(source, goal, {.heuristic = Heuristic::Zero, .cost = model});
        if (value == kInf) {
          EXPECT_NE(optimal.status, SearchStatus::Found);
          EXPECT_TRUE(follow_backlinks(map.g, surface, goal).empty());
          continue;
        }
        ASSERT_EQ(optimal.status, SearchStatus::Found);
        EXPECT_NEAR(optimal.cost, value, 1e-9 * std::max(1.0, value));

        const std::vector<TileCoord> linked = follow_backlinks(map.g, surface, goal);
        ASSERT_FALSE(linked.empty());
        EXPECT_EQ(linked.front(), source);
        EXPECT_EQ(linked.back(), goal);
        EXPECT_EQ(path_cost(map.g, model, linked), value);  // summed as Dijkstra did

        const PathResult traced = trace_cost_surface(map.g, model, surface.cost, goal, "s.tif");
        ASSERT_EQ(traced.status, SearchStatus::Found);
        EXPECT_EQ(traced.cost, value);
        EXPECT_EQ(traced.tiles.front(), source);
        EXPECT_EQ(traced.tiles.back(), goal);
        EXPECT_NEAR(path_cost(map.g, model, traced.tiles), value, 1e-9 * value);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 4 * 3 * 20);
}

TEST(CostSurface, InvalidSourcesAreErrorsNamingThem) {
  const RandomMap map(Topology::Octile8, 2);
  const CostModel model;
  const auto message = [&](std::vector<TileCoord> sources) {
    return error_of([&] { cost_surface(map.g, model, sources); });
  };
  EXPECT_THAT(message({{kSide, 0}}), HasSubstr("source (24, 0) outside the 24x24 tile grid"));
  EXPECT_THAT(message({{0, -1}}), HasSubstr("source (0, -1) outside"));
  EXPECT_THAT(message({}), HasSubstr("no source tiles"));
  TileCoord blocked{-1, -1};
  for (std::uint32_t t = 0; t < map.g.tile_count(); ++t) {
    if (map.g.blocked(TileId{t})) blocked = map.g.coord(TileId{t});
  }
  ASSERT_NE(blocked.i, -1);
  EXPECT_THAT(message({blocked}), HasSubstr("source (" + std::to_string(blocked.i) + ", " +
                                            std::to_string(blocked.j) + ") is not walkable"));
}

TEST(CostSurface, TraceRefusesValuesThatNoDijkstraWrote) {
  const RandomMap map(Topology::Octile8, 4);
  const CostModel model;
  const TileCoord source = map.walkable_tiles(1, 9).front();
  CostSurface surface = cost_surface(map.g, model, std::vector<TileCoord>{source});
  TileCoord goal{-1, -1};
  for (const TileCoord c : map.walkable_tiles(50, 4)) {
    const double v = surface.cost[index(map.g.id(c))];
    if (std::isfinite(v) && v > 5.0) goal = c;
  }
  ASSERT_NE(goal.i, -1);
  const auto message = [&](std::vector<double> values) {
    return error_of([&] { trace_cost_surface(map.g, model, values, goal, "cost.tif"); });
  };
  std::vector<double> raised = surface.cost;
  raised[index(map.g.id(goal))] += 1.0;  // no neighbour leads to this value
  EXPECT_EQ(message(raised), "cost.tif does not match this terrain and cost model at tile (" +
                                 std::to_string(goal.i) + ", " + std::to_string(goal.j) + ")");
  std::vector<double> negative = surface.cost;
  negative[index(map.g.id(goal))] = -1.0;
  EXPECT_THAT(message(negative), HasSubstr("does not match"));
  EXPECT_EQ(message(std::vector<double>(3, 0.0)),
            "cost.tif has 3 values, not the graph's 576 tiles");

  std::vector<double> unreached = surface.cost;
  unreached[index(map.g.id(goal))] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(trace_cost_surface(map.g, model, unreached, goal, "c").status,
            SearchStatus::Unreachable);
  EXPECT_EQ(trace_cost_surface(map.g, model, surface.cost, {kSide, 0}, "c").status,
            SearchStatus::InvalidGoal);
  const PathResult at_source = trace_cost_surface(map.g, model, surface.cost, source, "c");
  EXPECT_EQ(at_source.status, SearchStatus::Found);
  EXPECT_EQ(at_source.tiles, std::vector<TileCoord>{source});
  EXPECT_EQ(at_source.cost, 0.0);
}

}  // namespace
}  // namespace terranav::nav
