// navcli requests: many path requests served by a PathRequestQueue under a
// per-frame budget, as an engine's main loop would, each answer checked
// against a plain A*.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "command_options.hpp"
#include "commands.hpp"
#include "progress.hpp"
#include "provenance.hpp"
#include "random_draw.hpp"
#include "stopwatch.hpp"
#include "summary_stats.hpp"
#include "terrain_options.hpp"
#include "terranav/nav/path_requests.hpp"
#include "text_output.hpp"

namespace terranav::navcli {
namespace {

/// `count` requests between tile centres of the largest set, the goal
/// within `radius` tiles (Chebyshev) of the start when radius > 0.
std::vector<nav::PathRequest> random_requests(const BuiltTerrain& graph, int count, int radius,
                                              std::uint32_t seed,
                                              const nav::SearchOptions& options) {
  const nav::TerrainGraph& g = graph.graph();
  const nav::SetId largest = graph.sets().largest();
  std::vector<std::uint32_t> tiles;
  for (std::uint32_t t = 0; t < g.tile_count(); ++t) {
    if (graph.sets().set_of(nav::TileId{t}) == largest) tiles.push_back(t);
  }
  if (tiles.size() < 2) throw std::runtime_error("no two connected walkable tiles");
  std::mt19937_64 rng(seed);
  std::vector<nav::PathRequest> requests;
  while (static_cast<int>(requests.size()) < count) {
    const nav::TileId start{tiles[draw(rng, tiles.size())]};
    nav::TileId goal{tiles[draw(rng, tiles.size())]};
    if (radius > 0) {
      // Near the start: drawn again until in the start's set.
      const nav::TileCoord c = g.coord(start);
      const auto side = static_cast<std::size_t>(2 * radius + 1);
      const nav::TileCoord near{c.i - radius + static_cast<int>(draw(rng, side)),
                                c.j - radius + static_cast<int>(draw(rng, side))};
      if (!g.contains(near) || graph.sets().set_of(g.id(near)) != largest) continue;
      goal = g.id(near);
    }
    requests.push_back({g.tile_centre(start), g.tile_centre(goal), options});
  }
  return requests;
}

}  // namespace

int run_requests(Flags& flags) {
  const RequestsOptions options = parse_requests_options(flags);
  const TerrainOptions& terrain_options = options.terrain;
  const CostOptions& cost_options = options.cost;
  nav::SearchOptions search = options.search;
  const int count = options.count;
  const int threads = options.threads;
  const double budget_us = options.budget_us;
  const double frame_ms = options.frame_ms;
  const int radius = options.radius;
  const std::uint32_t seed = options.seed;

  const LoadedTerrain loaded(terrain_options, cost_options);
  const BuiltTerrain graph(loaded, terrain_options.config, cost_options);
  search.cost = graph.cost_model();
  const std::vector<nav::PathRequest> requests =
      random_requests(graph, count, radius, seed, search);

  // The main loop: submit everything at the first frame, then once per
  // frame update() within the budget, the rest of the frame asleep (as a
  // renderer waiting for vsync would be).
  nav::PathRequestQueue queue(graph.graph(), graph.sets(), threads, &graph.terrain().heightmap());
  std::vector<nav::PathAnswer> answers;
  answers.reserve(requests.size());
  std::vector<double> frame_us;
  const auto frame = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double, std::milli>(frame_ms));
  Progress progress("requests", requests.size());
  const auto begin = Clock::now();
  auto frame_start = begin;
  auto all_done = begin;
  for (const nav::PathRequest& r : requests) queue.submit(r);
  while (answers.size() < requests.size()) {
    const auto work_start = Clock::now();
    const std::size_t delivered = queue.update(budget_us, answers);
    const auto work_end = Clock::now();
    frame_us.push_back(elapsed_us(work_start, work_end));
    if (delivered > 0) {
      progress.update(answers.size());
      all_done = work_end;
    }
    frame_start += frame;
    std::this_thread::sleep_until(frame_start);
  }
  progress.finish();

  // Each answer against a plain A* on the same data.
  nav::AStar plain(graph.graph(), graph.sets(), &graph.terrain().heightmap());
  std::uint64_t mismatches = 0;
  double expanded = 0.0;
  nav::PathResult expected;
  for (const nav::PathAnswer& a : answers) {
    const nav::PathRequest& r = requests[static_cast<std::size_t>(a.ticket)];
    plain.start_at(r.start, r.goal, r.options);
    plain.step();
    plain.result(expected);
    mismatches += a.result.status != expected.status || a.result.cost != expected.cost ? 1 : 0;
    expanded += a.result.expanded;
  }
  nlohmann::ordered_json summary = {
      {"requests", requests.size()},
      {"threads", threads},
      {"frame_budget_us", budget_us},
      {"frames", frame_us.size()},
      {"frame_p50_us", rounded(percentile(frame_us, 0.5), 3)},
      {"frame_p99_us", rounded(percentile(frame_us, 0.99), 3)},
      {"frame_max_us", rounded(percentile(frame_us, 1.0), 3)},
      {"all_done_ms", rounded(elapsed_us(begin, all_done) / 1000.0, 3)},
      {"mean_expanded", rounded(expanded / static_cast<double>(answers.size()), 1)},
      {"mismatches", mismatches}};
  summary["provenance"] = provenance_json(make_provenance(terrain_options, cost_options, seed));
  std::fputs(json_line(summary).c_str(), stdout);
  return mismatches > 0 ? 1 : 0;
}

}  // namespace terranav::navcli
