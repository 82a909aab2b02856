#include "terranav/nav/search.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>
#include <queue>
#include <random>
#include <thread>
#include <vector>

#include "random_terrain.hpp"
#include "reference_edges.hpp"
#include "terranav/nav/limits.hpp"
#include "terranav/nav/nav_terrain.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

using ::testing::HasSubstr;

constexpr double kInf = std::numeric_limits<double>::infinity();
const double kSqrt2 = std::sqrt(2.0);

Heightmap flat(int w, int d) {
  return Heightmap(w, d, 1.0, std::vector<float>(static_cast<std::size_t>(w * d), 0.0f));
}

bool close(double cost, double optimal) {
  return std::abs(cost - optimal) <= 1e-6 * std::max(1.0, optimal);
}

/// Textbook Dijkstra over the independent model: distances from `source` to
/// every tile (+inf where unreachable), following directed edge costs.
std::vector<double> dijkstra(const test::ReferenceEdges& ref, const CostModel& model, int source) {
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
    for (int dj = -2; dj <= 2; ++dj) {  // the reference knows which moves exist
      for (int di = -2; di <= 2; ++di) {
        if (di == 0 && dj == 0) continue;
        const auto c = ref.cost(u % tw, u / tw, di, dj, model);
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
/// whose graph and reported costs add up; returns its cost under the
/// independent model.
double check_path(const TerrainGraph& g, const test::ReferenceEdges& ref, const CostModel& model,
                  const PathResult& r, TileCoord start, TileCoord goal) {
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
    int dir = 0;
    while (dir < kKnightDirections && (kDirDx[dir] != di || kDirDz[dir] != dj)) ++dir;
    if (dir == kKnightDirections || !g.has_edge(g.id(a), dir)) {
      ADD_FAILURE() << "no edge between consecutive path tiles";
      return kInf;
    }
    graph_sum += g.edge_cost(g.id(a), dir, model);
    model_sum += ref.cost(a.i, a.j, di, dj, model).value_or(kInf);
  }
  EXPECT_NEAR(r.cost, graph_sum, 1e-9 * graph_sum);
  return model_sum;
}

/// True iff a tile has an edge in the independent model (under `model`
/// when it drops edges).
bool has_model_edge(const test::ReferenceEdges& ref, const CostModel& model, int i, int j) {
  for (int d = 0; d < kKnightDirections; ++d) {
    if (ref.cost(i, j, kDirDx[d], kDirDz[d], model)) return true;
  }
  return false;
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
    const TerrainGraph g(hm, {.tile_size = c.t, .max_slope = c.max_slope}, blocked);
    const ConnectedSets sets(g);
    const test::ReferenceEdges ref(hm, c.t, c.max_slope, c.slope_weight, blocked);
    const SearchOptions options{.cost = {.slope_weight = c.slope_weight}};
    AStar reused(g, sets);  // answers every query of this terrain
    std::mt19937 rng(c.seed);
    std::uniform_int_distribution<int> pick_i(0, tw - 1);
    std::uniform_int_distribution<int> pick_j(0, td - 1);
    for (int source = 0; source < 10; ++source) {
      TileCoord start{pick_i(rng), pick_j(rng)};
      while (ref.blocked(start.i, start.j) ||
             !has_model_edge(ref, options.cost, start.i, start.j)) {
        start = {pick_i(rng), pick_j(rng)};
      }
      const std::vector<double> dist = dijkstra(ref, options.cost, start.j * tw + start.i);
      for (int q = 0; q < 25; ++q) {
        const TileCoord goal{pick_i(rng), pick_j(rng)};
        const PathResult r = reused.find_path(start, goal, options);
        const PathResult fresh = AStar(g, sets).find_path(start, goal, options);
        EXPECT_EQ(fresh.status, r.status);
        EXPECT_EQ(fresh.tiles, r.tiles);
        EXPECT_EQ(fresh.cost, r.cost);
        EXPECT_EQ(fresh.expanded, r.expanded);
        EXPECT_EQ(fresh.generated, r.generated);
        EXPECT_EQ(fresh.heap_operations, r.heap_operations);

        const double optimal = dist[static_cast<std::size_t>(goal.j * tw + goal.i)];
        if (ref.blocked(goal.i, goal.j) ||
            (!has_model_edge(ref, options.cost, goal.i, goal.j) && !(goal == start))) {
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
          EXPECT_TRUE(close(check_path(g, ref, options.cost, r, start, goal), optimal));
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

constexpr Heuristic kAllHeuristics[] = {
    Heuristic::Zero,      Heuristic::Manhattan, Heuristic::Chebyshev, Heuristic::Octile,
    Heuristic::Euclidean, Heuristic::Hex,       Heuristic::Knight};

struct EdgeRule {
  Topology topology;
  CornerCutting corner;
};
constexpr EdgeRule kAllRules[] = {{Topology::Octile8, CornerCutting::Never},
                                  {Topology::Octile8, CornerCutting::Always},
                                  {Topology::Octile8, CornerCutting::AtLeastOneFree},
                                  {Topology::Cardinal4, CornerCutting::Never},
                                  {Topology::Hex6, CornerCutting::Never},
                                  {Topology::Knight16, CornerCutting::Never},
                                  {Topology::Knight16, CornerCutting::Always},
                                  {Topology::Knight16, CornerCutting::AtLeastOneFree}};

/// One small random terrain with blocked tiles, its graph for `rule`, and
/// the independent model.
struct SmallWorld {
  static constexpr int kSamples = 36;  // 35 x 35 tiles at t = 1
  Heightmap hm = test::random_heightmap(kSamples, kSamples, 1.0, 12.0, 0.4, 31);
  std::vector<std::uint8_t> blocked = test::random_mask(35 * 35, 0.15, 31);
  MultiplierLayer multipliers = [] {
    std::vector<float> m(35 * 35);
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> pick(0.4f, 3.0f);
    for (float& x : m) x = pick(rng);
    return MultiplierLayer(35, 35, std::move(m));
  }();
  EdgeRule rule;
  TerrainGraph g;
  ConnectedSets sets;
  test::ReferenceEdges ref;

  explicit SmallWorld(EdgeRule r)
      : rule(r),
        g(hm,
          {.tile_size = 1, .max_slope = 0.7, .topology = r.topology, .corner_cutting = r.corner},
          blocked),
        sets(g),
        ref(hm, 1, 0.7, 1.0, blocked, r.topology, r.corner) {}

  /// Every cost model, each with its own parameters, one with multipliers.
  std::vector<CostModel> models() const {
    return {
        {.slope_weight = 1.5},
        {.kind = CostModelKind::Seed},
        {.kind = CostModelKind::Tobler},
        {.kind = CostModelKind::UphillDownhill, .uphill_weight = 4.0, .downhill_weight = 0.2},
        {.kind = CostModelKind::WalkingTime},
        {.kind = CostModelKind::WalkingTime,
         .walk = {.a = 0.5, .b = 3.0, .c = -0.4, .d = -1.5, .slope_factor = -0.3}},
        {.slope_weight = 0.5, .tile_multipliers = &multipliers},
    };
  }

  /// Deterministic walkable tiles to start from.
  std::vector<TileCoord> starts(const CostModel& model, int count) const {
    std::vector<TileCoord> out;
    std::mt19937 rng(static_cast<std::uint32_t>(count) * 7u + 1u);
    std::uniform_int_distribution<int> pick(0, 34);
    while (static_cast<int>(out.size()) < count) {
      const TileCoord c{pick(rng), pick(rng)};
      if (!ref.blocked(c.i, c.j) && has_model_edge(ref, model, c.i, c.j)) out.push_back(c);
    }
    return out;
  }
};

// Every heuristic under `model`, each without and (but Zero, where it does
// not apply) with the climb bound.
std::vector<SearchOptions> every_heuristic(const CostModel& model) {
  std::vector<SearchOptions> out;
  for (const Heuristic h : kAllHeuristics) {
    out.push_back({.heuristic = h, .cost = model, .climb_bound = false});
    if (h != Heuristic::Zero) out.push_back({.heuristic = h, .cost = model, .climb_bound = true});
  }
  return out;
}

TEST(AStar, EveryHeuristicOnEveryTopologyAndCostModelIsOptimal) {
  int found = 0;
  int checked_h = 0;
  for (const EdgeRule& rule : kAllRules) {
    const SmallWorld w(rule);
    AStar astar(w.g, w.sets);
    for (const CostModel& model : w.models()) {
      SCOPED_TRACE(std::string(to_string(rule.topology)) + " " +
                   std::string(to_string(rule.corner)) + " " + std::string(to_string(model.kind)) +
                   (model.tile_multipliers ? " multipliers" : ""));
      for (const TileCoord start : w.starts(model, 2)) {
        const std::vector<double> dist = dijkstra(w.ref, model, start.j * 35 + start.i);
        for (const SearchOptions& options : every_heuristic(model)) {
          SCOPED_TRACE(std::string(to_string(options.heuristic)) +
                       (options.climb_bound ? " climb" : ""));
          // Admissible: h(start -> t) never exceeds the optimal cost. The
          // climb bound is exact on a straight climb and reads the graph's
          // float heights, while this Dijkstra recomputes them in double: a
          // tight bound may exceed it by float rounding, inside the cost
          // tolerance.
          for (int t = 0; t < 35 * 35; ++t) {
            const double optimal = dist[static_cast<std::size_t>(t)];
            if (optimal == kInf) continue;
            const double estimate = heuristic_distance(w.g, options, start, {t % 35, t / 35});
            EXPECT_TRUE(estimate <= optimal || close(estimate, optimal))
                << "tile " << t << ": " << estimate << " > " << optimal;
            ++checked_h;
          }
          for (int goal = 0; goal < 35 * 35; goal += 97) {
            const TileCoord gc{goal % 35, goal / 35};
            const double optimal = dist[static_cast<std::size_t>(goal)];
            if (optimal == kInf || gc == start) continue;
            const PathResult r = astar.find_path(start, gc, options);
            ASSERT_EQ(r.status, SearchStatus::Found);
            EXPECT_TRUE(close(r.cost, optimal)) << r.cost << " vs " << optimal;
            EXPECT_TRUE(close(check_path(w.g, w.ref, model, r, start, gc), optimal));
            EXPECT_GE(r.generated, r.expanded);
            EXPECT_GE(r.heap_operations, r.generated + r.expanded);
            ++found;
          }
        }
      }
    }
  }
  EXPECT_GE(found, 5 * 5 * 2 * 11 * 6);  // most goals reachable in every combination
  EXPECT_GE(checked_h, 200000);
}

TEST(AStar, HeuristicsAreConsistentOnEveryEdge) {
  // h(u) <= c(u, v) + h(v) for every edge and a few goals: the property that
  // makes A* without reopening optimal.
  for (const EdgeRule& rule : kAllRules) {
    const SmallWorld w(rule);
    for (const CostModel& model : w.models()) {
      for (const SearchOptions& options : every_heuristic(model)) {
        int edges = 0;
        for (const TileCoord goal : {TileCoord{3, 4}, TileCoord{30, 17}}) {
          for (std::uint32_t u = 0; u < w.g.tile_count(); ++u) {
            const TileCoord uc = w.g.coord(TileId{u});
            const double hu = heuristic_distance(w.g, options, uc, goal);
            for (int d = 0; d < kKnightDirections; ++d) {
              const double c = w.g.edge_cost(TileId{u}, d, model);
              if (c == kInf) continue;
              const TileCoord vc = w.g.coord(w.g.neighbour(TileId{u}, d));
              const double hv = heuristic_distance(w.g, options, vc, goal);
              ASSERT_LE(hu, c + hv + 1e-12 * hu)
                  << to_string(rule.topology) << " " << to_string(model.kind) << " "
                  << to_string(options.heuristic) << (options.climb_bound ? " climb" : "") << " at "
                  << uc.i << "," << uc.j << " dir " << d;
              ++edges;
            }
          }
        }
        EXPECT_GT(edges, 2000);
      }
    }
  }
}

TEST(AStar, WeightedStaysWithinWeightTimesOptimalAndGreedyFindsAPath) {
  int checked = 0;
  std::uint64_t greedy_expanded = 0;
  std::uint64_t exact_expanded = 0;
  for (const EdgeRule& rule : {kAllRules[0], kAllRules[3], kAllRules[4], kAllRules[5]}) {
    const SmallWorld w(rule);
    AStar astar(w.g, w.sets);
    for (const CostModel& model : w.models()) {
      for (const TileCoord start : w.starts(model, 2)) {
        const std::vector<double> dist = dijkstra(w.ref, model, start.j * 35 + start.i);
        for (int goal = 5; goal < 35 * 35; goal += 61) {
          const TileCoord gc{goal % 35, goal / 35};
          const double optimal = dist[static_cast<std::size_t>(goal)];
          if (optimal == kInf || gc == start) continue;
          for (const Heuristic h : {Heuristic::Octile, Heuristic::Manhattan, Heuristic::Hex}) {
            const PathResult exact = astar.find_path(start, gc, {.heuristic = h, .cost = model});
            for (const double weight : {1.5, 4.0}) {
              const PathResult r =
                  astar.find_path(start, gc, {.heuristic = h, .weight = weight, .cost = model});
              ASSERT_EQ(r.status, SearchStatus::Found);
              EXPECT_GE(r.cost, optimal * (1 - 1e-6));
              EXPECT_LE(r.cost, weight * optimal * (1 + 1e-6));
              EXPECT_NEAR(check_path(w.g, w.ref, model, r, start, gc), r.cost, 1e-6 * r.cost);
              ++checked;
            }
            const PathResult greedy =
                astar.find_path(start, gc, {.heuristic = h, .greedy = true, .cost = model});
            ASSERT_EQ(greedy.status, SearchStatus::Found);
            EXPECT_GE(greedy.cost, optimal * (1 - 1e-6));
            EXPECT_NEAR(check_path(w.g, w.ref, model, greedy, start, gc), greedy.cost,
                        1e-6 * greedy.cost);
            greedy_expanded += greedy.expanded;
            exact_expanded += exact.expanded;
          }
        }
      }
    }
  }
  EXPECT_GE(checked, 500);
  // Greedy best-first heads for the goal: far fewer expansions overall.
  EXPECT_LT(greedy_expanded, exact_expanded / 2);
}

TEST(AStar, DirectedCostsDifferUphillAndDownhill) {
  // 4 x 1 tiles on a ramp rising 1 m per tile eastwards (s = 2, t = 1):
  // columns of samples 0, 1, 2, 3, 4 m; tile centres 0.5, 1.5, 2.5, 3.5 m.
  std::vector<float> h;
  for (int z = 0; z < 2; ++z) {
    for (int x = 0; x < 5; ++x) h.push_back(static_cast<float>(x));
  }
  const TerrainGraph g(Heightmap(5, 2, 2.0, h), {.tile_size = 1, .max_slope = 0.6});
  const ConnectedSets sets(g);
  AStar astar(g, sets);
  // Uphill-downhill: 3 steps of d = 2, |dh| = 1: up 2 + 3 * 1 = 5 each, down 2 + 0.5 * 1.
  const CostModel updown{
      .kind = CostModelKind::UphillDownhill, .uphill_weight = 3.0, .downhill_weight = 0.5};
  EXPECT_DOUBLE_EQ(astar.find_path({0, 0}, {3, 0}, {.cost = updown}).cost, 3 * 5.0);
  EXPECT_DOUBLE_EQ(astar.find_path({3, 0}, {0, 0}, {.cost = updown}).cost, 3 * 2.5);
  // Tobler, gradient +-0.5: v = 6 exp(-3.5 * 0.55) or 6 exp(-3.5 * 0.45) km/h.
  const CostModel tobler{.kind = CostModelKind::Tobler};
  const double up = 3 * 2.0 / (6 * std::exp(-3.5 * 0.55) / 3.6);
  const double down = 3 * 2.0 / (6 * std::exp(-3.5 * 0.45) / 3.6);
  EXPECT_NEAR(astar.find_path({0, 0}, {3, 0}, {.cost = tobler}).cost, up, 1e-9 * up);
  EXPECT_NEAR(astar.find_path({3, 0}, {0, 0}, {.cost = tobler}).cost, down, 1e-9 * down);
}

TEST(AStar, SeedModelDropsEdgesAtTheMaxSlope) {
  // 2 x 1 tiles, slope exactly 0.5 = max: the graph keeps the edge (so the
  // tiles share a set) but the seed rule drops it: the search runs dry.
  const Heightmap hm(3, 2, 1.0, {0.0f, 0.5f, 1.0f, 0.0f, 0.5f, 1.0f});
  const TerrainGraph g(hm, {.tile_size = 1, .max_slope = 0.5});
  const ConnectedSets sets(g);
  AStar astar(g, sets);
  const PathResult seed = astar.find_path({0, 0}, {1, 0}, {.cost = {.kind = CostModelKind::Seed}});
  EXPECT_EQ(seed.status, SearchStatus::Unreachable);
  EXPECT_EQ(seed.expanded, 1u);
  EXPECT_TRUE(seed.tiles.empty());
  const PathResult reference = astar.find_path({0, 0}, {1, 0});
  EXPECT_EQ(reference.status, SearchStatus::Found);
  EXPECT_DOUBLE_EQ(reference.cost, 1.5);
}

TEST(AStar, StatesOfTheLastQuery) {
  const SmallWorld w(kAllRules[0]);
  AStar astar(w.g, w.sets);
  const auto count = [&](NodeState s) {
    std::uint32_t n = 0;
    for (std::uint32_t t = 0; t < w.g.tile_count(); ++t) n += astar.state(TileId{t}) == s ? 1 : 0;
    return n;
  };
  EXPECT_EQ(count(NodeState::Unvisited), w.g.tile_count());  // before any query
  const std::vector<TileCoord> ends = w.starts({}, 2);
  const PathResult r = astar.find_path(ends[0], ends[1], {.heuristic = Heuristic::Zero});
  ASSERT_EQ(r.status, SearchStatus::Found);
  ASSERT_GT(r.expanded, 20u);
  // Closed: every expanded tile and the goal; open: generated, never expanded.
  EXPECT_EQ(count(NodeState::Closed), r.expanded + 1);
  EXPECT_EQ(count(NodeState::Open), r.generated - r.expanded - 1);
  EXPECT_EQ(astar.state(w.g.id(ends[0])), NodeState::Closed);
  EXPECT_EQ(astar.state(w.g.id(ends[1])), NodeState::Closed);
  // A query that searches nothing leaves nothing visited.
  EXPECT_EQ(astar.find_path(ends[0], ends[0]).status, SearchStatus::Found);
  EXPECT_EQ(count(NodeState::Unvisited), w.g.tile_count());
}

TEST(AStar, RejectsInvalidOptions) {
  const SmallWorld w(kAllRules[0]);
  AStar astar(w.g, w.sets);
  const TileCoord a = w.starts({}, 1)[0];
  EXPECT_EQ(test::error_of([&] { astar.find_path(a, a, {.weight = 0.5}); }),
            "search: weight: must be in [1, 1e+06], got 0.5");
  EXPECT_THAT(test::error_of([&] { astar.find_path(a, a, {.weight = std::nan("")}); }),
              HasSubstr("weight: must be in [1, 1e+06], got nan"));
  EXPECT_THAT(test::error_of([&] { astar.find_path(a, a, {.weight = kInf}); }),
              HasSubstr("got inf"));
  EXPECT_THAT(test::error_of([&] { astar.find_path(a, a, {.weight = 1e308}); }),
              HasSubstr("got 1e+308"));
  EXPECT_THAT(test::error_of([&] { astar.find_path(a, a, {.cost = {.slope_weight = -1.0}}); }),
              HasSubstr("slope_weight: must be in [0, 1e+06], got -1"));
  const MultiplierLayer short_layer(2, 5);
  EXPECT_THAT(
      test::error_of([&] { astar.find_path(a, a, {.cost = {.tile_multipliers = &short_layer}}); }),
      HasSubstr("10 values"));
  EXPECT_EQ(test::error_of([&] { astar.find_path(a, a, {.weight = 1.0}); }), "no error");
}

// The threading contract: one AStar per thread over one graph and set
// table shared read-only. Each thread answers every query in its own order
// and must reproduce the single-threaded answers exactly.
TEST(AStar, OneAStarPerThreadSharesTheGraph) {
  const Heightmap hm = test::random_heightmap(161, 161, 1.0, 40.0, 0.4, 31);
  const TerrainGraph g(hm, {.tile_size = 1, .max_slope = 0.5});
  const ConnectedSets sets(g);
  std::mt19937 rng(31);
  std::uniform_int_distribution<int> pick(0, g.tiles_wide() - 1);
  std::vector<std::pair<TileCoord, TileCoord>> queries;
  for (int q = 0; q < 60; ++q) queries.push_back({{pick(rng), pick(rng)}, {pick(rng), pick(rng)}});
  const SearchOptions options[] = {{}, {.heuristic = Heuristic::Zero}, {.weight = 1.5}};

  const auto answer = [&](std::size_t q) {
    return AStar(g, sets).find_path(queries[q].first, queries[q].second,
                                    options[q % std::size(options)]);
  };
  std::vector<PathResult> serial;
  for (std::size_t q = 0; q < queries.size(); ++q) serial.push_back(answer(q));

  constexpr std::size_t kThreads = 4;
  std::vector<std::vector<PathResult>> parallel(kThreads, std::vector<PathResult>(queries.size()));
  {
    std::vector<std::jthread> threads;
    for (std::size_t t = 0; t < kThreads; ++t) {
      threads.emplace_back([&, t] {
        AStar mine(g, sets);  // reused for all of this thread's queries
        for (std::size_t k = 0; k < queries.size(); ++k) {
          // Each thread its own order: rotated, every other one reversed.
          const std::size_t rotated = (k + 15 * t) % queries.size();
          const std::size_t q = t % 2 == 0 ? rotated : queries.size() - 1 - rotated;
          parallel[t][q] =
              mine.find_path(queries[q].first, queries[q].second, options[q % std::size(options)]);
        }
      });
    }
  }
  int found = 0;
  for (std::size_t q = 0; q < queries.size(); ++q) {
    found += serial[q].status == SearchStatus::Found ? 1 : 0;
    for (std::size_t t = 0; t < kThreads; ++t) {
      SCOPED_TRACE("thread " + std::to_string(t) + " query " + std::to_string(q));
      EXPECT_EQ(parallel[t][q].status, serial[q].status);
      EXPECT_EQ(parallel[t][q].tiles, serial[q].tiles);
      EXPECT_EQ(parallel[t][q].cost, serial[q].cost);
      EXPECT_EQ(parallel[t][q].expanded, serial[q].expanded);
    }
  }
  EXPECT_GE(found, 30);  // most queries search, so the threads really ran A*
}

TEST(AStar, SearchMemoryIsSixteenBytesPerTilePlusTheOpenSet) {
  const Heightmap hm = test::random_heightmap(201, 201, 1.0, 30.0, 0.3, 4);
  const TerrainGraph g(hm, {.tile_size = 1});
  const ConnectedSets sets(g);
  AStar astar(g, sets);
  const auto n = static_cast<double>(g.tile_count());
  EXPECT_LE(static_cast<double>(astar.memory_bytes()) / n, 16.5);
  ASSERT_EQ(astar.find_path({0, 0}, {199, 199}, {.heuristic = Heuristic::Zero}).status,
            SearchStatus::Found);
  // Graph and search together after a Dijkstra over the whole map.
  EXPECT_LE(static_cast<double>(astar.memory_bytes() + g.memory_bytes()) / n, 32.0);
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

TEST(AStar, HeuristicValuesByHand) {
  // Flat, t = 1: cardinal step 1, diagonal step float(sqrt2). No height
  // change, so the climb bound (on by default) adds nothing.
  const TerrainGraph g(flat(11, 11), {.tile_size = 1});
  const double diag = g.step_length(1);
  const auto h = [&](const TerrainGraph& graph, Heuristic heuristic, TileCoord a, TileCoord b,
                     const CostModel& model = {}) {
    return heuristic_distance(graph, {.heuristic = heuristic, .cost = model}, a, b);
  };
  EXPECT_EQ(h(g, Heuristic::Octile, {0, 0}, {3, 1}), 2 + diag);
  EXPECT_EQ(h(g, Heuristic::Chebyshev, {0, 0}, {3, 1}), 3.0);
  EXPECT_EQ(h(g, Heuristic::Manhattan, {0, 0}, {3, 1}), 4 * diag / 2);
  EXPECT_EQ(h(g, Heuristic::Zero, {0, 0}, {3, 1}), 0.0);
  EXPECT_NEAR(h(g, Heuristic::Euclidean, {0, 0}, {3, 1}), std::sqrt(10.0), 1e-6);
  // Hex (2, -1): (2 + 1 + 1) / 2 = 2 hex steps; on Octile8 a diagonal
  // (1, 1) is 2 hex steps, so each is worth diag / 2.
  EXPECT_EQ(h(g, Heuristic::Hex, {0, 1}, {2, 0}), diag);
  const TerrainGraph hex(flat(11, 11), {.tile_size = 1, .topology = Topology::Hex6});
  EXPECT_EQ(h(hex, Heuristic::Hex, {0, 1}, {2, 0}), 2.0);
  // Seed: every step costs at least 1, diagonal too.
  const CostModel seed{.kind = CostModelKind::Seed};
  EXPECT_EQ(h(g, Heuristic::Octile, {0, 0}, {3, 1}, seed), 3.0);
  // Multipliers scale by their minimum.
  const MultiplierLayer m(10, 10, std::vector<float>(100, 0.5f));
  EXPECT_EQ(h(g, Heuristic::Chebyshev, {0, 0}, {3, 1}, {.tile_multipliers = &m}), 1.5);
  // A tile outside the 10 x 10 grid is named, not read.
  EXPECT_EQ(test::error_of([&] {
              h(g, Heuristic::Octile, {0, 0}, {10, 3});
            }),
            "heuristic_distance: tile (10, 3) outside the 10x10 tile grid");
  EXPECT_EQ(test::error_of([&] {
              h(g, Heuristic::Zero, {-1, 0}, {3, 3});
            }),
            "heuristic_distance: tile (-1, 0) outside the 10x10 tile grid");
}

TEST(AStar, ClimbBoundByHandOnARamp) {
  // Heights 0.5 x (x in metres, s = 1), t = 1: tile i's centre is 0.5 (i +
  // 0.5) m high, so tile 3 is 1.5 m above tile 0.
  std::vector<float> heights(11 * 11);
  for (std::size_t k = 0; k < heights.size(); ++k) heights[k] = 0.5f * static_cast<float>(k % 11);
  const TerrainGraph g(Heightmap(11, 11, 1.0, heights), {.tile_size = 1});
  const double octile = 2 + g.step_length(1);  // (3, 1) apart
  const auto h = [&](TileCoord a, TileCoord b, const CostModel& model, bool climb = true,
                     Heuristic heuristic = Heuristic::Octile) {
    return heuristic_distance(g, {.heuristic = heuristic, .cost = model, .climb_bound = climb}, a,
                              b);
  };
  // Reference, k = 2: 2 * 1.5 m either way.
  EXPECT_DOUBLE_EQ(h({0, 0}, {3, 1}, {.slope_weight = 2.0}), octile + 3.0);
  EXPECT_DOUBLE_EQ(h({3, 1}, {0, 0}, {.slope_weight = 2.0}), octile + 3.0);
  EXPECT_DOUBLE_EQ(h({0, 0}, {3, 1}, {.slope_weight = 2.0}, false), octile);
  EXPECT_EQ(h({0, 0}, {3, 1}, {.slope_weight = 2.0}, true, Heuristic::Zero), 0.0);
  // Uphill-downhill 4 / 0.2: 6 m up the ramp, 0.3 m down it.
  const CostModel updown{
      .kind = CostModelKind::UphillDownhill, .uphill_weight = 4.0, .downhill_weight = 0.2};
  EXPECT_DOUBLE_EQ(h({0, 0}, {3, 1}, updown), octile + 6.0);
  EXPECT_DOUBLE_EQ(h({3, 1}, {0, 0}, updown), octile + 0.3);
  // Tobler: 2.1 s per metre climbed, nothing for descending.
  const CostModel tobler{.kind = CostModelKind::Tobler};
  const double tobler_flat = h({0, 0}, {3, 1}, tobler, false);
  EXPECT_DOUBLE_EQ(h({0, 0}, {3, 1}, tobler), tobler_flat + 2.1 * 1.5);
  EXPECT_DOUBLE_EQ(h({3, 1}, {0, 0}, tobler), tobler_flat);
  // Seed: 1 + |dh| / d per step, d at most the diagonal.
  EXPECT_DOUBLE_EQ(h({0, 0}, {3, 1}, {.kind = CostModelKind::Seed}), 3.0 + 1.5 / g.step_length(1));
  // The bound is tight on a straight climb: A*'s cost along the row equals it.
  const ConnectedSets sets(g);
  AStar astar(g, sets);
  const PathResult r = astar.find_path({0, 4}, {3, 4}, {.cost = {.slope_weight = 2.0}});
  ASSERT_EQ(r.status, SearchStatus::Found);
  EXPECT_DOUBLE_EQ(r.cost, h({0, 4}, {3, 4}, {.slope_weight = 2.0}));
  EXPECT_EQ(r.expanded, 3u);
}

TEST(AStar, Knight16OnFlatGroundTakesKnightMoves) {
  // 1 m tiles: (0, 0) -> (4, 2) is two knight's moves, 2 sqrt5 = 4.47 m,
  // against 2 + 2 sqrt2 = 4.83 m on Octile8.
  const TerrainGraph g(flat(12, 12), {.tile_size = 1, .topology = Topology::Knight16});
  const ConnectedSets sets(g);
  AStar astar(g, sets);
  for (const Heuristic h : {Heuristic::Knight, Heuristic::Octile, Heuristic::Euclidean}) {
    const PathResult r = astar.find_path({0, 0}, {4, 2}, {.heuristic = h});
    ASSERT_EQ(r.status, SearchStatus::Found);
    EXPECT_NEAR(r.cost, 2 * std::sqrt(5.0), 1e-5);
    EXPECT_EQ(r.tiles, (std::vector<TileCoord>{{0, 0}, {2, 1}, {4, 2}}));
    if (h == Heuristic::Knight) {
      EXPECT_EQ(r.expanded, 2u);  // exact on flat ground
    }
  }
  // The knight heuristic is the flat knight16 distance: (7, 3) is one
  // cardinal step and three knight's moves.
  EXPECT_NEAR(heuristic_distance(g, {.heuristic = Heuristic::Knight}, {0, 0}, {7, 3}),
              1 + 3 * std::sqrt(5.0), 1e-5);
  // (5, 4): one knight's move and three diagonals.
  EXPECT_NEAR(heuristic_distance(g, {.heuristic = Heuristic::Knight}, {0, 0}, {5, 4}),
              std::sqrt(5.0) + 3 * std::sqrt(2.0), 1e-5);
  const TerrainGraph octile(flat(12, 12), {.tile_size = 1});
  const ConnectedSets octile_sets(octile);
  AStar octile_astar(octile, octile_sets);
  EXPECT_NEAR(octile_astar.find_path({0, 0}, {4, 2}).cost, 2 + 2 * std::sqrt(2.0), 1e-5);
}

TEST(AStar, StatusNamesAndOctileDistance) {
  for (const Heuristic h : kAllHeuristics) EXPECT_EQ(parse_heuristic(to_string(h)), h);
  EXPECT_EQ(to_string(Heuristic::Chebyshev), "chebyshev");
  EXPECT_EQ(test::error_of([] { parse_heuristic("diagonal"); }),
            "unknown heuristic 'diagonal' (valid: zero, manhattan, chebyshev, octile, euclidean, "
            "hex, knight)");
  EXPECT_EQ(to_string(SearchStatus::Found), "found");
  EXPECT_EQ(to_string(SearchStatus::Unreachable), "unreachable");
  EXPECT_EQ(to_string(SearchStatus::InvalidStart), "invalid_start");
  EXPECT_EQ(to_string(SearchStatus::InvalidGoal), "invalid_goal");
  EXPECT_EQ(to_string(SearchStatus::InProgress), "in_progress");
  EXPECT_EQ(to_string(SearchStatus::Partial), "partial");
  EXPECT_EQ(to_string(SearchStatus::LimitReached), "limit_reached");
  EXPECT_EQ(to_string(SearchStatus::Cancelled), "cancelled");
  EXPECT_EQ(to_string(SearchStatus::InvalidOptions), "invalid_options");
  // 3 across, 1 down, 2 m tiles: 2 (2 + sqrt2).
  EXPECT_DOUBLE_EQ(octile_distance({0, 0}, {3, 1}, 2.0), 2.0 * (2.0 + kSqrt2));
  EXPECT_DOUBLE_EQ(octile_distance({3, 1}, {0, 0}, 2.0), 2.0 * (2.0 + kSqrt2));
  EXPECT_DOUBLE_EQ(octile_distance({1, 5}, {1, 1}, 0.5), 2.0);
}

// fuzz_api found it: on flat ground, where equal keys abound, a query that
// grew the open set's tree broke ties differently from the same query on an
// AStar whose tree had grown before, so the expansions (and, among equal-cost
// paths, the path) depended on the AStar's past: a worker of a request queue
// could answer differently from another. Now the tree grows keeping every
// node as it was.
TEST(AStar, ResultsOnFlatGroundDoNotDependOnEarlierQueries) {
  const int side = 97;
  const Heightmap flat(side, side, 1.0, std::vector<float>(side * side, 0.0f));
  const auto blocked = test::random_mask(96 * 96, 0.2, 11);
  const TerrainGraph g(flat, {}, blocked);
  const ConnectedSets sets(g);
  AStar reused(g, sets);
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> pick(0, 95);
  int compared = 0;
  for (int q = 0; q < 60; ++q) {
    const TileCoord start{pick(rng), pick(rng)};
    const TileCoord goal{pick(rng), pick(rng)};
    for (const CostModelKind kind : {CostModelKind::Reference, CostModelKind::Seed}) {
      const SearchOptions options{.cost = {.kind = kind}};
      const PathResult warm = reused.find_path(start, goal, options);
      const PathResult cold = AStar(g, sets).find_path(start, goal, options);
      ASSERT_EQ(cold.status, warm.status);
      EXPECT_EQ(cold.tiles, warm.tiles) << q;
      EXPECT_EQ(cold.expanded, warm.expanded) << q;
      EXPECT_EQ(cold.heap_operations, warm.heap_operations) << q;
      compared += warm.status == SearchStatus::Found && warm.generated > 64 ? 1 : 0;
    }
  }
  EXPECT_GT(compared, 40);  // most queries grow a fresh AStar's tree past 64 slots
}

// fuzz_api found it (tests/data/fuzz/fuzz_api-reference-cost-overflows-to-inf
// replays it through the harness): a Reference slope weight of 1.4e308 made
// an edge cost overflow, and A* reported Found with cost +inf. The weight is
// now bounded (limits.hpp): refused by name, and the largest accepted one
// gives a finite cost.
TEST(AStarFuzz, HugeSlopeWeightIsRefusedAndTheLargestAcceptedGivesAFiniteCost) {
  // 2 x 2 tiles, rows 1.5 m apart: slope 1.5 <= max_slope 2.
  const NavTerrain terrain(Heightmap(3, 3, 1.0, {0, 0, 0, 1.5f, 1.5f, 1.5f, 3, 3, 3}),
                           NavTerrainConfig{.graph = {.max_slope = 2.0}});
  AStar astar(terrain.graph(), terrain.sets());
  SearchOptions options;
  options.cost.slope_weight = 1.4e308;
  EXPECT_THAT(test::error_of([&] {
                astar.find_path({0, 0}, {0, 1}, options);
              }),
              HasSubstr("slope_weight: must be in [0, 1e+06]"));
  options.cost.slope_weight = kSlopeWeightLimit.max;
  const PathResult result = astar.find_path({0, 0}, {0, 1}, options);
  EXPECT_EQ(result.status, SearchStatus::Found);
  EXPECT_DOUBLE_EQ(result.cost, 1.0 * (1.0 + 1e6 * 1.5));  // one edge, d = 1, dh = 1.5
}

// fuzz_api found it (tests/data/fuzz/fuzz_api-huge-weight-nan-key): a weight
// of 1.26e308 made w * (heuristic scale) overflow; inf * 0 gave a NaN key,
// and the search answered Unreachable on a flat open map. The weight is now
// bounded: refused by name, and the largest accepted one still finds paths.
TEST(AStarFuzz, HugeWeightIsRefusedAndTheLargestAcceptedStillFindsPaths) {
  const NavTerrain terrain(Heightmap(9, 9, 2.0, std::vector<float>(81, 0.0f)));
  AStar astar(terrain.graph(), terrain.sets());
  for (const Heuristic heuristic : {Heuristic::Octile, Heuristic::Euclidean}) {
    SearchOptions options;
    options.heuristic = heuristic;
    options.weight = 1.26e308;
    EXPECT_THAT(test::error_of([&] {
                  astar.find_path({0, 0}, {7, 3}, options);
                }),
                HasSubstr("weight: must be in [1, 1e+06]"));
    options.weight = kWeightLimit.max;
    const PathResult result = astar.find_path({0, 0}, {7, 3}, options);
    EXPECT_EQ(result.status, SearchStatus::Found) << to_string(heuristic);
    // Flat: the optimum is 4 straight and 3 diagonal 2 m steps; weighted A*
    // stays within w times it (costs are summed from float step lengths).
    const double optimal = 2.0 * (4.0 + 3.0 * kSqrt2);
    EXPECT_TRUE(std::isfinite(result.cost)) << to_string(heuristic);
    EXPECT_GE(result.cost, optimal * (1.0 - 1e-6)) << to_string(heuristic);
    EXPECT_LE(result.cost, optimal * kWeightLimit.max) << to_string(heuristic);
  }
}

}  // namespace
}  // namespace terranav::nav
