// The resumable query: start / step / result against the one-call search
// (sliced equals unsliced), limits and partial paths against brute force,
// cancel, rejected options, goals adjusted to the nearest reachable tile.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <vector>

#include "random_terrain.hpp"
#include "sliced_query.hpp"
#include "terranav/nav/search.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

using ::testing::HasSubstr;

constexpr double kInf = std::numeric_limits<double>::infinity();

/// A hilly 61 x 61-tile world with blocked tiles and several sets.
struct HillWorld {
  Heightmap hm = test::random_heightmap(62, 62, 1.0, 14.0, 0.5, 77);
  std::vector<std::uint8_t> blocked = [] {
    std::vector<std::uint8_t> b(61 * 61, 0);
    // A wall down column 30 with a gap, and a closed box in the corner.
    for (int j = 0; j < 61; ++j) b[static_cast<std::size_t>(j * 61 + 30)] = j == 45 ? 0 : 1;
    for (int k = 50; k <= 58; ++k) {
      b[static_cast<std::size_t>(50 * 61 + k)] = b[static_cast<std::size_t>(58 * 61 + k)] = 1;
      b[static_cast<std::size_t>(k * 61 + 50)] = b[static_cast<std::size_t>(k * 61 + 58)] = 1;
    }
    return b;
  }();
  TerrainGraph graph{hm, {.tile_size = 1, .max_slope = 0.8}, blocked};
  ConnectedSets sets{graph};

  /// Deterministic pairs of walkable tiles in the largest set.
  std::vector<std::pair<TileCoord, TileCoord>> pairs(int count, std::uint32_t seed) const {
    std::vector<std::pair<TileCoord, TileCoord>> out;
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> pick(0, 60);
    const auto tile = [&] {
      while (true) {
        const TileCoord c{pick(rng), pick(rng)};
        if (graph.walkable(graph.id(c)) && sets.set_of(graph.id(c)) == sets.largest()) return c;
      }
    };
    while (static_cast<int>(out.size()) < count) out.emplace_back(tile(), tile());
    return out;
  }
};

// Sliced by time too, under every cost model with and without a multiplier
// layer, weighted and greedy: the same answers.
TEST(SearchQuery, SlicedEqualsUnslicedForEveryOptionAndTimeBudget) {
  const HillWorld w;
  std::vector<float> m(61 * 61);
  for (std::size_t k = 0; k < m.size(); ++k) m[k] = 0.5f + static_cast<float>(k % 5) * 0.4f;
  const MultiplierLayer layer(61, 61, m);
  const std::vector<SearchOptions> options = {
      {},
      {.cost = {.kind = CostModelKind::Tobler}},
      {.cost = {.kind = CostModelKind::Seed}},
      {.cost = {.kind = CostModelKind::UphillDownhill, .uphill_weight = 3.0}},
      {.cost = {.slope_weight = 2.0, .tile_multipliers = &layer}},
      {.heuristic = Heuristic::Euclidean, .weight = 1.7},
      {.heuristic = Heuristic::Manhattan, .greedy = true},
  };
  AStar whole(w.graph, w.sets);
  AStar parts(w.graph, w.sets);
  for (const SearchOptions& o : options) {
    for (const auto& [from, to] : w.pairs(12, 5)) {
      const PathResult expected = whole.find_path(from, to, o);
      test::expect_same(test::sliced(parts, from, to, o, {.max_microseconds = 3.0}).first,
                        expected);
      test::expect_same(test::sliced(parts, from, to, o, {.max_expansions = 13}).first, expected);
    }
  }
}

// A new query started while another is half done (its open set not yet
// emptied) answers as if it were the first.
TEST(SearchQuery, RestartingMidQueryLeavesNoTrace) {
  const HillWorld w;
  AStar fresh(w.graph, w.sets);
  AStar reused(w.graph, w.sets);
  const auto pairs = w.pairs(20, 9);
  for (std::size_t k = 0; k + 1 < pairs.size(); ++k) {
    // Half of query k, then query k + 1 from scratch.
    reused.start(pairs[k].first, pairs[k].second);
    reused.step({.max_expansions = 150});
    reused.start(pairs[k + 1].first, pairs[k + 1].second);
    reused.step({.max_expansions = 3});
    // Restarted before its first steps emptied the last open set.
    reused.start(pairs[k + 1].first, pairs[k + 1].second);
    reused.step();
    PathResult r;
    reused.result(r);
    test::expect_same(r, fresh.find_path(pairs[k + 1].first, pairs[k + 1].second));
  }
}

/// Whether `path` is a walk over existing edges from start whose edge costs
/// sum to `cost` under `model`.
void expect_walk(const TerrainGraph& graph, const PathResult& path, TileCoord start,
                 const CostModel& model) {
  ASSERT_FALSE(path.tiles.empty());
  EXPECT_EQ(path.tiles.front(), start);
  double sum = 0.0;
  for (std::size_t k = 1; k < path.tiles.size(); ++k) {
    const TileCoord a = path.tiles[k - 1];
    const TileCoord b = path.tiles[k];
    int dir = -1;
    for (int d = 0; d < graph.directions(); ++d) {
      if (a.i + kDirDx[static_cast<std::size_t>(d)] == b.i &&
          a.j + kDirDz[static_cast<std::size_t>(d)] == b.j) {
        dir = d;
      }
    }
    ASSERT_GE(dir, 0);
    ASSERT_TRUE(graph.has_edge(graph.id(a), dir));
    sum += graph.edge_cost(graph.id(a), dir, model);
  }
  EXPECT_NEAR(path.cost, sum, 1e-9 * std::max(1.0, sum));
}

// max_expansions ends the search after exactly that many expansions; a
// partial path leads over real edges to the closed tile of least h, found
// here by scanning every tile the search closed.
TEST(SearchQuery, ExpansionLimitEndsWithAPartialPathToTheBestTile) {
  const HillWorld w;
  AStar astar(w.graph, w.sets);
  const TileCoord from{3, 5};
  const TileCoord to{57, 20};  // beyond the wall
  const PathResult full = astar.find_path(from, to);
  ASSERT_EQ(full.status, SearchStatus::Found);
  for (const std::uint32_t limit : {1u, 10u, 200u, full.expanded / 2}) {
    SearchOptions o{.max_expansions = limit};
    const PathResult limited = astar.find_path(from, to, o);
    EXPECT_EQ(limited.status, SearchStatus::LimitReached);
    EXPECT_EQ(limited.expanded, limit);
    EXPECT_TRUE(limited.tiles.empty());
    o.allow_partial = true;
    const PathResult partial = astar.find_path(from, to, o);
    ASSERT_EQ(partial.status, SearchStatus::Partial);
    EXPECT_EQ(partial.expanded, limit);
    std::optional<TileCoord> best;
    double best_h = kInf;
    std::size_t closed = 0;
    for (std::uint32_t t = 0; t < w.graph.tile_count(); ++t) {
      if (astar.state(TileId{t}) != NodeState::Closed) continue;
      ++closed;
      const double h = heuristic_distance(w.graph, o, w.graph.coord(TileId{t}), to);
      if (h < best_h) {
        best_h = h;
        best = w.graph.coord(TileId{t});
      }
    }
    EXPECT_EQ(closed, limit);
    ASSERT_TRUE(best);
    EXPECT_NEAR(heuristic_distance(w.graph, o, partial.tiles.back(), to), best_h, 1e-9);
    expect_walk(w.graph, partial, from, o.cost);
  }
  // A limit at least the search's own is no limit.
  test::expect_same(astar.find_path(from, to, {.max_expansions = full.expanded}), full);
}

// With weight 1 a cost limit below the optimum proves there is no such
// path; at or above it the query is found unchanged.
TEST(SearchQuery, CostLimitAgainstTheOptimum) {
  const HillWorld w;
  AStar astar(w.graph, w.sets);
  for (const auto& [from, to] : w.pairs(10, 3)) {
    if (from == to) continue;
    const PathResult full = astar.find_path(from, to);
    ASSERT_EQ(full.status, SearchStatus::Found);
    const PathResult below = astar.find_path(from, to, {.max_cost = full.cost * 0.999});
    EXPECT_EQ(below.status, SearchStatus::LimitReached);
    EXPECT_LE(below.expanded, full.expanded);
    const PathResult partial =
        astar.find_path(from, to, {.max_cost = full.cost * 0.5, .allow_partial = true});
    ASSERT_EQ(partial.status, SearchStatus::Partial);
    expect_walk(w.graph, partial, from, {});
    EXPECT_LE(partial.cost, full.cost * 0.5);
    test::expect_same(astar.find_path(from, to, {.max_cost = full.cost * 1.0001}), full);
  }
}

TEST(SearchQuery, CancelEndsTheQuery) {
  const HillWorld w;
  AStar astar(w.graph, w.sets);
  ASSERT_EQ(astar.start({3, 5}, {57, 20}), SearchStatus::InProgress);
  EXPECT_EQ(astar.step({.max_expansions = 20}), SearchStatus::InProgress);
  astar.cancel();
  EXPECT_EQ(astar.status(), SearchStatus::Cancelled);
  EXPECT_EQ(astar.step(), SearchStatus::Cancelled);
  PathResult r;
  astar.result(r);
  EXPECT_EQ(r.status, SearchStatus::Cancelled);
  EXPECT_EQ(r.expanded, 20u);
  EXPECT_TRUE(r.tiles.empty());
  // Cancelling a finished query changes nothing.
  astar.find_path({3, 5}, {10, 5});
  astar.cancel();
  EXPECT_EQ(astar.status(), SearchStatus::Found);
}

TEST(SearchQuery, BadOptionsAreAStatusNamingTheProblem) {
  const HillWorld w;
  AStar astar(w.graph, w.sets);
  EXPECT_EQ(astar.start({3, 5}, {10, 5}, {.weight = 0.5}), SearchStatus::InvalidOptions);
  EXPECT_EQ(astar.error(), "search: weight: must be in [1, 1e+06], got 0.5");
  EXPECT_EQ(astar.step(), SearchStatus::InvalidOptions);
  EXPECT_EQ(astar.start({3, 5}, {10, 5}, {.max_cost = std::nan("")}), SearchStatus::InvalidOptions);
  EXPECT_THAT(astar.error(), HasSubstr("max_cost nan"));
  EXPECT_EQ(astar.start({3, 5}, {10, 5}, {.max_cost = -1.0}), SearchStatus::InvalidOptions);
  const MultiplierLayer wrong(3, 3);
  EXPECT_EQ(astar.start({3, 5}, {10, 5}, {.cost = {.tile_multipliers = &wrong}}),
            SearchStatus::InvalidOptions);
  EXPECT_THAT(astar.error(), HasSubstr("9 values, expected 3721"));
  // Good options clear the error.
  EXPECT_EQ(astar.start({3, 5}, {10, 5}), SearchStatus::InProgress);
  EXPECT_EQ(astar.error(), "");
}

// A goal on a blocked tile or in another set is replaced by the nearest tile
// (Euclidean, lowest id on ties) of the start's set, found by a full scan.
TEST(SearchQuery, NearestReachableGoalMatchesAFullScan) {
  const HillWorld w;
  AStar astar(w.graph, w.sets);
  const TileCoord from{3, 5};
  const TileId from_id = w.graph.id(from);
  const auto nearest_by_scan = [&](TileCoord target) {
    std::optional<TileCoord> best;
    std::int64_t best_d2 = std::numeric_limits<std::int64_t>::max();
    for (std::uint32_t t = 0; t < w.graph.tile_count(); ++t) {
      if (!w.sets.connected(from_id, TileId{t})) continue;
      const TileCoord c = w.graph.coord(TileId{t});
      const std::int64_t d2 = std::int64_t{c.i - target.i} * (c.i - target.i) +
                              std::int64_t{c.j - target.j} * (c.j - target.j);
      if (d2 < best_d2) {
        best_d2 = d2;
        best = c;
      }
    }
    return *best;
  };
  const SearchOptions nearest{.nearest_reachable_goal = true};
  int adjusted = 0;
  for (int j = 0; j < 61; j += 3) {
    for (int i = 0; i < 61; i += 3) {
      const TileCoord goal{i, j};
      const PathResult r = astar.find_path(from, goal, nearest);
      ASSERT_EQ(r.status, SearchStatus::Found) << i << "," << j;
      const bool reachable = w.sets.connected(from_id, w.graph.id(goal));
      EXPECT_EQ(r.goal_adjusted, !reachable);
      EXPECT_EQ(r.tiles.back(), reachable ? goal : nearest_by_scan(goal)) << i << "," << j;
      adjusted += reachable ? 0 : 1;
      if (!reachable) {
        EXPECT_NE(astar.find_path(from, goal).status, SearchStatus::Found);
      }
    }
  }
  EXPECT_GT(adjusted, 20);  // the wall and the box
  // Outside the grid: clamped first.
  const PathResult far = astar.find_path(from, {-40, 200}, nearest);
  EXPECT_TRUE(far.goal_adjusted);
  EXPECT_EQ(far.tiles.back(), nearest_by_scan({0, 60}));
}

// Positions in metres snap to their tiles; outside the tiled area they are
// invalid, unless the goal may be moved.
TEST(SearchQuery, StartAtPositionsSnapsToTiles) {
  const HillWorld w;  // s = 1, t = 1
  AStar astar(w.graph, w.sets);
  ASSERT_EQ(astar.start_at({3.9, 0.0, 5.2}, {10.01, 0.0, 5.99}), SearchStatus::InProgress);
  astar.step();
  PathResult r;
  astar.result(r);
  test::expect_same(r, astar.find_path({3, 5}, {10, 5}));
  EXPECT_EQ(astar.start_at({-0.5, 0.0, 5.0}, {10.0, 0.0, 5.0}), SearchStatus::InvalidStart);
  EXPECT_EQ(astar.start_at({3.0, 0.0, 5.0}, {10.0, 0.0, 61.5}), SearchStatus::InvalidGoal);
  EXPECT_EQ(astar.start_at({3.0, 0.0, 5.0}, {std::nan(""), 0.0, 5.0}), SearchStatus::InvalidGoal);
  EXPECT_EQ(astar.start_at({3.0, 0.0, 5.0}, {10.0, 0.0, 61.5}, {.nearest_reachable_goal = true}),
            SearchStatus::InProgress);
}

}  // namespace
}  // namespace terranav::nav
