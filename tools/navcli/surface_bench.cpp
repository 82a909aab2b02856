// navcli bench --any-angle: each .scen row answered twice in one run, as a
// grid path and as an any-angle path, both priced on the surface
// (docs/continuous-model.md) and compared with a reference: the dense
// search of --reference-radius R, else the .scen's optimal column (written
// on the surface by scen --any-angle).
#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bench_output.hpp"
#include "command_options.hpp"
#include "commands.hpp"
#include "path_lines.hpp"
#include "progress.hpp"
#include "scen_replay.hpp"
#include "stopwatch.hpp"
#include "summary_stats.hpp"
#include "terrain_options.hpp"
#include "terranav/nav/surface_cost.hpp"
#include "terranav/nav/surface_search.hpp"
#include "text_output.hpp"

namespace terranav::navcli {
namespace {

// Relative slack for "no costlier than the grid path": the two sums run
// over different pieces.
constexpr double kSlack = 1e-9;

double timed_query(nav::AStar& astar, nav::TileCoord from, nav::TileCoord to,
                   const nav::SearchOptions& options, nav::PathResult& out) {
  const auto start = Clock::now();
  if (astar.start(from, to, options) == nav::SearchStatus::InvalidOptions) {
    throw nav::Error(astar.error());
  }
  astar.step();
  astar.result(out);
  return elapsed_us(start, Clock::now());
}

}  // namespace

int run_any_angle_bench(const BenchOptions& options) {
  const LoadedTerrain loaded(options.terrain, options.cost);
  const BuiltTerrain built(loaded, options.terrain.config, options.cost);
  const nav::NavTerrain& terrain = built.terrain();
  nav::SearchOptions any = options.search;
  any.cost = built.cost_model();
  nav::SearchOptions grid = any;
  grid.path_mode = nav::PathMode::Grid;
  const std::vector<nav::ScenarioRow> rows = load_scen_for(options.scen, terrain.graph());
  nav::AStar astar(terrain.graph(), terrain.sets(), &terrain.heightmap());
  const nav::SurfaceCost ruler(terrain.heightmap(), terrain.graph(), any.cost);
  nav::SurfaceSearch reference(terrain.heightmap(), terrain.graph());
  std::optional<PathLines> paths;
  if (options.paths) paths.emplace(*options.paths);
  BenchOutput output(options, make_provenance(options.terrain, options.cost));

  output.row({"id", "status", "grid_us", "any_us", "grid_cost", "grid_surface_cost",
              "grid_feasible", "any_cost", "any_vertices", "reference", "any_over_reference",
              "grid_over_reference", "ok"});
  std::vector<double> grid_us;
  std::vector<double> any_us;
  std::vector<double> reference_us;
  std::vector<double> any_ratio;
  std::vector<double> grid_ratio;
  std::vector<double> any_over_grid;
  std::size_t found = 0;
  std::size_t grid_infeasible = 0;
  std::size_t any_infeasible = 0;
  std::size_t worse_than_grid = 0;
  std::size_t below_reference = 0;
  std::size_t failures = 0;
  nav::PathResult g;
  nav::PathResult a;
  Progress progress("bench", rows.size());
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const nav::ScenarioRow& r = rows[k];
    const nav::TileCoord from{r.start_x, r.start_y};
    const nav::TileCoord to{r.goal_x, r.goal_y};
    const double g_us = timed_query(astar, from, to, grid, g);
    const double a_us = timed_query(astar, from, to, any, a);
    if (paths) paths->write(k, a);
    progress.update(k + 1);
    if (a.status != nav::SearchStatus::Found) {
      ++failures;
      output.row({std::to_string(k), nav::to_string(a.status), fixed(g_us, 3), fixed(a_us, 3), "",
                  "", "", "", "", "", "", "", "0"});
      continue;
    }
    ++found;
    grid_us.push_back(g_us);
    any_us.push_back(a_us);
    const nav::SurfaceMeasure gm = ruler.polyline(g.waypoints);
    const nav::SurfaceMeasure am = ruler.polyline(a.waypoints);
    double ref = r.optimal;
    if (options.reference_radius) {
      const auto start = Clock::now();
      const nav::SurfacePath p = reference.find_path(from, to, any.cost, *options.reference_radius);
      reference_us.push_back(elapsed_us(start, Clock::now()));
      ref = p.status == nav::SearchStatus::Found ? p.cost : 0.0;
    }
    const bool feasible = am.feasible();
    const bool not_worse = !gm.feasible() || am.cost <= gm.cost * (1 + kSlack);
    grid_infeasible += gm.feasible() ? 0 : 1;
    any_infeasible += feasible ? 0 : 1;
    worse_than_grid += not_worse ? 0 : 1;
    const bool ok = feasible && not_worse;
    failures += ok ? 0 : 1;
    if (gm.feasible()) any_over_grid.push_back(am.cost / gm.cost);
    std::string any_ref;
    std::string grid_ref;
    if (ref > 0.0) {
      any_ratio.push_back(am.cost / ref);
      any_ref = fixed(any_ratio.back(), 6);
      below_reference += am.cost < ref ? 1 : 0;
      if (gm.feasible()) {
        grid_ratio.push_back(gm.cost / ref);
        grid_ref = fixed(grid_ratio.back(), 6);
      }
    }
    output.row({std::to_string(k), nav::to_string(a.status), fixed(g_us, 3), fixed(a_us, 3),
                fixed(g.cost, 8), fixed(gm.cost, 8), gm.feasible() ? "1" : "0", fixed(am.cost, 8),
                std::to_string(a.waypoints.size()), ref > 0.0 ? fixed(ref, 8) : "", any_ref,
                grid_ref, ok ? "1" : "0"});
  }
  progress.finish();

  const double median_grid = percentile(grid_us, 0.5);
  const double median_any = percentile(any_us, 0.5);
  nlohmann::ordered_json summary = {
      {"queries", rows.size()},
      {"found", found},
      {"failures", failures},
      {"any_infeasible", any_infeasible},
      {"worse_than_grid", worse_than_grid},
      {"grid_infeasible", grid_infeasible},
      {"median_grid_us", rounded(median_grid, 3)},
      {"median_any_us", rounded(median_any, 3)},
      {"time_ratio", rounded(median_grid > 0.0 ? median_any / median_grid : 0.0, 3)},
      {"reference", options.reference_radius
                        ? "dense R=" + std::to_string(*options.reference_radius)
                        : std::string("scen optimal")},
      {"any_over_reference_p50", rounded(percentile(any_ratio, 0.5), 6)},
      {"any_over_reference_p99", rounded(percentile(any_ratio, 0.99), 6)},
      {"any_over_reference_max", rounded(percentile(any_ratio, 1.0), 6)},
      {"below_reference", below_reference},
      {"grid_over_reference_p50", rounded(percentile(grid_ratio, 0.5), 6)},
      {"grid_over_reference_p99", rounded(percentile(grid_ratio, 0.99), 6)},
      {"any_over_grid_p50", rounded(percentile(any_over_grid, 0.5), 6)}};
  if (options.reference_radius) {
    summary["median_reference_us"] = rounded(percentile(reference_us, 0.5), 3);
  }
  output.finish(std::move(summary));
  return options.check && failures > 0 ? 1 : 0;
}

}  // namespace terranav::navcli
