// navcli bench: replays a .scen, one TSV line per query and a JSON summary
// (apps/warthog.cpp --checkopt is the model); bench_output.hpp says where.
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "bench_output.hpp"
#include "command_options.hpp"
#include "commands.hpp"
#include "path_lines.hpp"
#include "progress.hpp"
#include "scen_replay.hpp"
#include "summary_stats.hpp"
#include "terrain_options.hpp"
#include "text_output.hpp"

namespace terranav::navcli {

int run_bench(Flags& flags) {
  const BenchOptions options = parse_bench_options(flags);
  if (options.search.path_mode == nav::PathMode::AnyAngle) return run_any_angle_bench(options);
  const TerrainOptions& terrain_options = options.terrain;
  const CostOptions& cost_options = options.cost;
  nav::SearchOptions search = options.search;
  const std::string& scen = options.scen;
  const bool check = options.check;
  const std::optional<double> budget_us = options.budget_us;

  const LoadedTerrain loaded(terrain_options, cost_options);
  const BuiltTerrain graph(loaded, terrain_options.config, cost_options);
  search.cost = graph.cost_model();
  const std::vector<nav::ScenarioRow> rows = load_scen_for(scen, graph.graph());
  BenchOutput output(options, make_provenance(terrain_options, cost_options));
  nav::AStar astar(graph.graph(), graph.sets(), &graph.terrain().heightmap());
  std::optional<PathLines> paths;
  if (options.paths) paths.emplace(*options.paths);

  std::vector<std::string> header = {"id",      "status", "expanded", "generated",
                                     "time_us", "cost",   "optimal",  "ok"};
  if (budget_us) header.emplace_back("slices");
  output.row(header);
  std::vector<double> times_us;
  times_us.reserve(rows.size());
  std::vector<double> overruns_us;  // step time minus the budget, every step
  std::vector<double> idle_overruns_us;
  std::uint64_t mismatches = 0;
  std::uint64_t expanded = 0;
  Progress progress("bench", rows.size());
  replay(rows, astar, search, budget_us, [&](std::size_t k, const QueryRecord& q) {
    const bool found = q.status == nav::SearchStatus::Found;
    std::vector<std::string> fields = {
        std::to_string(k),          std::string(nav::to_string(q.status)),
        std::to_string(q.expanded), std::to_string(q.generated),
        fixed(q.time_us, 3),        found ? fixed(q.cost, 8) : std::string(),
        fixed(q.optimal, 8),        q.ok ? "1" : "0"};
    if (budget_us) {
      fields.push_back(std::to_string(q.step_us.size()));
      for (const double us : q.step_us) overruns_us.push_back(us - *budget_us);
      for (const double us : q.idle_us) idle_overruns_us.push_back(us - *budget_us);
    }
    output.row(fields);
    if (paths) paths->write(k, *q.result);
    times_us.push_back(q.time_us);
    mismatches += q.ok ? 0 : 1;
    expanded += q.expanded;
    progress.update(k + 1);
  });
  progress.finish();

  const double total_s = mean(times_us) * static_cast<double>(times_us.size()) / 1e6;
  const double bytes = static_cast<double>(graph.graph().memory_bytes() + astar.memory_bytes());
  const double mean_expanded =
      rows.empty() ? 0.0 : static_cast<double>(expanded) / static_cast<double>(rows.size());
  nlohmann::ordered_json summary = {
      {"queries", rows.size()},
      {"mismatches", mismatches},
      {"median_us", rounded(percentile(times_us, 0.5), 3)},
      {"p95_us", rounded(percentile(times_us, 0.95), 3)},
      {"mean_expanded", rounded(mean_expanded, 3)},
      {"expansions_per_s",
       rounded(total_s > 0.0 ? static_cast<double>(expanded) / total_s : 0.0, 0)},
      {"build_ms", rounded(graph.build_ms(), 3)},
      {"bytes_per_tile", rounded(bytes / static_cast<double>(graph.graph().tile_count()), 3)}};
  if (budget_us) {
    summary["slices"] = rounded(
        rows.empty() ? 0.0
                     : static_cast<double>(overruns_us.size()) / static_cast<double>(rows.size()),
        3);
    summary["overrun_p50_us"] = rounded(percentile(overruns_us, 0.5), 3);
    summary["overrun_p99_us"] = rounded(percentile(overruns_us, 0.99), 3);
    summary["overrun_p999_us"] = rounded(percentile(overruns_us, 0.999), 3);
    summary["idle_overrun_p999_us"] = rounded(percentile(idle_overruns_us, 0.999), 3);
  }
  output.finish(std::move(summary));
  return check && mismatches > 0 ? 1 : 0;
}

}  // namespace terranav::navcli
