// Ours (nav::AStar) against the Boost Graph Library baseline and a
// seed-style A* on the same procedural terrain and the same 1000 queries, in
// one run: medians, their ratios (each heuristic also like for like),
// expansions per second, build times and bytes per tile. Every query's cost
// must agree across implementations within the reference model's tolerance,
// else the benchmark fails.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <numeric>
#include <string>
#include <tuple>
#include <vector>

#include "bench_world.hpp"
#include "seed_astar.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/terrain_io/movingai.hpp"
#ifdef TERRANAV_HAVE_BOOST
#include "boost_baseline.hpp"
#endif

namespace {

namespace bench = terranav::bench;
namespace nav = terranav::nav;
using Clock = std::chrono::steady_clock;

const bench::BenchWorld& world_of(const benchmark::State& state) {
  return bench::procedural_world(static_cast<int>(state.range(0)),
                                 static_cast<int>(state.range(1)));
}

// Per-query seconds, costs and expansions of one implementation.
struct Run {
  std::vector<double> seconds;
  std::vector<double> costs;
  std::vector<std::uint32_t> expansions;
  bool all_found = true;
};

// Times one query; `query(start, goal)` returns {found, cost, expanded}.
template <class Query>
void timed(Run& run, Query& query, const bench::Query& q) {
  const auto begin = Clock::now();
  const auto [found, cost, expanded] = query(q.first, q.second);
  run.seconds.push_back(std::chrono::duration<double>(Clock::now() - begin).count());
  run.costs.push_back(cost);
  run.expansions.push_back(static_cast<std::uint32_t>(expanded));
  run.all_found = run.all_found && found;
}

double median(std::vector<double> v) {
  std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
  return v[v.size() / 2];
}

double total(const std::vector<double>& v) {
  double sum = 0.0;
  for (const double x : v) sum += x;
  return sum;
}

// other's median / ours's median over the queries of each quarter of ours's
// expansions (smallest first): how the ratio moves with query size.
std::array<double, 4> ratio_by_quartile(const Run& ours, const Run& other) {
  std::vector<std::size_t> order(ours.expansions.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::ranges::stable_sort(order, {}, [&](std::size_t q) { return ours.expansions[q]; });
  std::array<double, 4> ratios{};
  for (std::size_t k = 0; k < ratios.size(); ++k) {
    std::vector<double> mine;
    std::vector<double> theirs;
    for (std::size_t i = k * order.size() / 4; i < (k + 1) * order.size() / 4; ++i) {
      mine.push_back(ours.seconds[order[i]]);
      theirs.push_back(other.seconds[order[i]]);
    }
    ratios[k] = median(theirs) / median(mine);
  }
  return ratios;
}

// Least-squares line seconds = fixed + per_expansion * expansions over a
// run's queries: a per-query cost and a per-expansion cost.
struct CostLine {
  double fixed = 0.0;
  double per_expansion = 0.0;
};
CostLine fit_cost_line(const Run& run) {
  const auto n = static_cast<double>(run.seconds.size());
  double sx = 0.0;
  double sy = 0.0;
  double sxx = 0.0;
  double sxy = 0.0;
  for (std::size_t q = 0; q < run.seconds.size(); ++q) {
    const auto x = static_cast<double>(run.expansions[q]);
    sx += x;
    sy += run.seconds[q];
    sxx += x * x;
    sxy += x * run.seconds[q];
  }
  const double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  return {(sy - slope * sx) / n, slope};
}

// Empty when both runs found every query at the same cost.
std::string disagreement(const Run& ours, const Run& other, const char* name) {
  if (!other.all_found) return std::string(name) + " missed a query";
  for (std::size_t q = 0; q < ours.costs.size(); ++q) {
    if (!nav::cost_matches(other.costs[q], ours.costs[q])) {
      return std::string(name) + " disagrees on query " + std::to_string(q) + ": " +
             std::to_string(other.costs[q]) + " vs ours " + std::to_string(ours.costs[q]);
    }
  }
  return {};
}

// Median of a run's expansions per query.
double median_expanded(const Run& run) {
  return median(std::vector<double>(run.expansions.begin(), run.expansions.end()));
}

// Sum of a run's expansions.
double total_expanded(const Run& run) {
  return static_cast<double>(
      std::accumulate(run.expansions.begin(), run.expansions.end(), std::uint64_t{0}));
}

// Medians over the world's 1000 queries for each implementation. Ours runs
// with its defaults (octile plus the climb bound) and with the octile
// heuristic alone, as the seed-style A* runs it; Boost runs with octile
// alone and with the climb bound, so each heuristic is compared like for
// like. The benchmark's time is ours (defaults) in total.
void BM_Queries(benchmark::State& state) {
  const bench::BenchWorld& w = world_of(state);
  const nav::GraphConfig& c = w.config;
  const double tiles = static_cast<double>(w.graph.tile_count());
  nav::AStar ours(w.graph, w.sets);
  bench::SeedAStar seed(w.heightmap, c.tile_size, c.max_slope, bench::kSlopeWeight);
  const auto ours_query_with = [&](bool climb_bound) {
    return [&ours, &w, climb_bound](std::uint32_t s, std::uint32_t g) {
      const nav::PathResult r =
          ours.find_path(w.graph.coord(nav::TileId{s}), w.graph.coord(nav::TileId{g}),
                         {.climb_bound = climb_bound});
      return std::tuple{r.status == nav::SearchStatus::Found, r.cost, r.expanded};
    };
  };
  auto ours_query = ours_query_with(true);
  auto ours_octile_query = ours_query_with(false);
  const auto seed_query = [&](std::uint32_t s, std::uint32_t g) {
    const bench::BaselineResult r = seed.find_path(s, g);
    return std::tuple{r.found, r.cost, r.expanded};
  };
#ifdef TERRANAV_HAVE_BOOST
  bench::BoostBaseline boost(w.graph, bench::kSlopeWeight);
  const auto boost_query_with = [&](bool climb_bound) {
    return [&boost, climb_bound](std::uint32_t s, std::uint32_t g) {
      const bench::BaselineResult r = boost.find_path(s, g, climb_bound);
      return std::tuple{r.found, r.cost, r.expanded};
    };
  };
  auto boost_query = boost_query_with(false);
  auto boost_climb_query = boost_query_with(true);
#endif
  for (auto _ : state) {
    // Query by query in turn, so a load change on the shared machine hits
    // every implementation alike; never the same implementation twice in a
    // row, so none finds the query's tiles still in cache from the run before.
    Run mine;
    Run mine_octile;
    Run seeds;
#ifdef TERRANAV_HAVE_BOOST
    Run boosts;
    Run boosts_climb;
#endif
    for (const bench::Query& q : w.queries) {
      timed(mine, ours_query, q);
#ifdef TERRANAV_HAVE_BOOST
      timed(boosts, boost_query, q);
#endif
      timed(seeds, seed_query, q);
      timed(mine_octile, ours_octile_query, q);
#ifdef TERRANAV_HAVE_BOOST
      timed(boosts_climb, boost_climb_query, q);
#endif
    }
    std::string error = mine.all_found ? "" : "ours missed a query in the largest connected set";
    if (error.empty()) error = disagreement(mine, mine_octile, "ours with octile alone");
    if (error.empty()) error = disagreement(mine, seeds, "seed-style");
#ifdef TERRANAV_HAVE_BOOST
    if (error.empty()) error = disagreement(mine, boosts, "Boost");
    if (error.empty()) error = disagreement(mine, boosts_climb, "Boost with the climb bound");
#endif
    if (!error.empty()) {
      state.SkipWithError(error.c_str());
      break;
    }
    const double ours_median = median(mine.seconds);
    const double ours_total = total(mine.seconds);
    const double octile_median = median(mine_octile.seconds);
    state.SetIterationTime(ours_total);
    state.counters["ours_median_ms"] = 1e3 * ours_median;
    state.counters["ours_octile_ms"] = 1e3 * octile_median;
    state.counters["seed_median_ms"] = 1e3 * median(seeds.seconds);
    state.counters["seed/ours"] = median(seeds.seconds) / ours_median;
    state.counters["seed/ours_octile"] = median(seeds.seconds) / octile_median;
    const std::array<double, 4> by_size = ratio_by_quartile(mine, seeds);
    for (std::size_t k = 0; k < by_size.size(); ++k) {
      state.counters["seed/ours_q" + std::to_string(k + 1)] = by_size[k];
    }
    const CostLine ours_line = fit_cost_line(mine);
    const CostLine seed_line = fit_cost_line(seeds);
    state.counters["ours_ns_per_exp"] = 1e9 * ours_line.per_expansion;
    state.counters["seed_ns_per_exp"] = 1e9 * seed_line.per_expansion;
    state.counters["seed_fixed_ms"] = 1e3 * seed_line.fixed;
    const auto queries = static_cast<double>(w.queries.size());
    state.counters["ours_exp_per_s"] = total_expanded(mine) / ours_total;
    state.counters["ours_mean_expanded"] = total_expanded(mine) / queries;
    state.counters["ours_octile_exp_per_s"] =
        total_expanded(mine_octile) / total(mine_octile.seconds);
    state.counters["ours_octile_mean_expanded"] = total_expanded(mine_octile) / queries;
    state.counters["ours_median_expanded"] = median_expanded(mine);
    state.counters["ours_octile_median_expanded"] = median_expanded(mine_octile);
#ifdef TERRANAV_HAVE_BOOST
    state.counters["boost_median_ms"] = 1e3 * median(boosts.seconds);
    state.counters["boost/ours"] = median(boosts.seconds) / ours_median;
    state.counters["boost/ours_octile"] = median(boosts.seconds) / octile_median;
    state.counters["boost_climb_ms"] = 1e3 * median(boosts_climb.seconds);
    state.counters["boost_climb/ours"] = median(boosts_climb.seconds) / ours_median;
    state.counters["boost_B_per_tile"] = static_cast<double>(boost.memory_bytes()) / tiles;
#endif
  }
  if (state.error_occurred()) return;
  state.counters["ours_B_per_tile"] =
      static_cast<double>(w.graph.memory_bytes() + ours.memory_bytes()) / tiles;
  state.counters["sets_B_per_tile"] = static_cast<double>(w.sets.memory_bytes()) / tiles;
  state.counters["seed_B_per_tile"] = static_cast<double>(seed.memory_bytes()) / tiles;
  // The seed-style fixed cost per query: start == goal resets every tile.
  Run resets;
  for (int k = 0; k < 5; ++k) timed(resets, seed_query, {w.queries[0].first, w.queries[0].first});
  state.counters["seed_reset_ms"] = 1e3 * median(resets.seconds);
  state.counters["tiles"] = tiles;
  state.counters["missing_edges"] = bench::missing_edge_fraction(w.graph);
}

// Throughput with one AStar per thread over the shared graph: the threads
// split the same 1000 queries (thread k takes every n-th from k). Reports
// queries and expansions per second of wall time for all threads together.
void BM_OursThreads(benchmark::State& state) {
  const bench::BenchWorld& w = world_of(state);
  nav::AStar mine(w.graph, w.sets);
  const auto threads = static_cast<std::size_t>(state.threads());
  const auto first = static_cast<std::size_t>(state.thread_index());
  std::uint64_t expanded = 0;
  std::int64_t answered = 0;
  for (auto _ : state) {
    for (std::size_t q = first; q < w.queries.size(); q += threads) {
      const nav::PathResult r = mine.find_path(w.graph.coord(nav::TileId{w.queries[q].first}),
                                               w.graph.coord(nav::TileId{w.queries[q].second}));
      expanded += r.expanded;
      ++answered;
    }
  }
  state.SetItemsProcessed(answered);
  state.counters["exp_per_s"] =
      benchmark::Counter(static_cast<double>(expanded), benchmark::Counter::kIsRate);
}

// Graph + connected sets from the heightmap: what a terrain costs to load.
void BM_BuildOurs(benchmark::State& state) {
  const bench::BenchWorld& w = world_of(state);
  for (auto _ : state) {
    const nav::TerrainGraph graph(w.heightmap, w.config);
    const nav::ConnectedSets sets(graph);
    benchmark::DoNotOptimize(sets.set_count());
  }
}

// Per-tile objects, neighbour lists and BFS sets from the heightmap.
void BM_BuildSeed(benchmark::State& state) {
  const bench::BenchWorld& w = world_of(state);
  const nav::GraphConfig& c = w.config;
  for (auto _ : state) {
    const bench::SeedAStar seed(w.heightmap, c.tile_size, c.max_slope, bench::kSlopeWeight);
    benchmark::DoNotOptimize(seed.tile_count());
  }
}

#ifdef TERRANAV_HAVE_BOOST
// Edge list and costs from our graph (edge tests not included: a lower
// bound for Boost), CSR construction, union-find connected sets.
void BM_BuildBoost(benchmark::State& state) {
  const bench::BenchWorld& w = world_of(state);
  for (auto _ : state) {
    const bench::BoostBaseline boost(w.graph, bench::kSlopeWeight);
    benchmark::DoNotOptimize(boost.memory_bytes());
  }
}
#endif

// (a) 1025^2 samples at t = 1 and (b) 2049^2 at t = 2: 1024^2 tiles each.
void worlds(benchmark::internal::Benchmark* b) {
  b->ArgNames({"size", "t"})->Args({1025, 1})->Args({2049, 2});
}

BENCHMARK(BM_Queries)->Apply(worlds)->Iterations(1)->UseManualTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_OursThreads)
    ->Args({1025, 1})
    ->ArgNames({"size", "t"})
    ->Iterations(1)
    ->Threads(1)
    ->Threads(2)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);
BENCHMARK(BM_BuildOurs)->Apply(worlds)->Unit(benchmark::kMillisecond);
#ifdef TERRANAV_HAVE_BOOST
BENCHMARK(BM_BuildBoost)->Apply(worlds)->Unit(benchmark::kMillisecond);
#endif
BENCHMARK(BM_BuildSeed)->Apply(worlds)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
