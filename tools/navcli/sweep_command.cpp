// navcli sweep: one .scen replayed over a grid of max slope x slope weight x
// cost model x heuristic x climb bound x weight; a CSV row per combination
// and a gnuplot chart per metric. Suboptimality is against the optimum under
// each cell's own model, weights and graph; means are over the queries every
// cell found.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "command_options.hpp"
#include "commands.hpp"
#include "gnuplot_chart.hpp"
#include "progress.hpp"
#include "provenance.hpp"
#include "scen_replay.hpp"
#include "summary_stats.hpp"
#include "terrain_options.hpp"
#include "terranav/nav/surface_search.hpp"
#include "text_output.hpp"

namespace terranav::navcli {
namespace {

using Grid = SweepGrid;

/// One combination and what its queries measured.
struct Cell {
  double max_slope = 0.0;
  double slope_weight = 0.0;
  nav::CostModelKind cost = nav::CostModelKind::Reference;
  nav::Heuristic heuristic = nav::Heuristic::Octile;
  bool climb_bound = true;
  double weight = 1.0;
  std::size_t queries = 0;
  std::size_t found = 0;
  /// Queries with status unreachable (the rest of those not found had an
  /// invalid start or goal).
  std::size_t unreachable = 0;
  /// Queries found in every cell: the means are over these.
  std::size_t common = 0;
  double found_fraction = 0.0;
  double mean_cost = 0.0;
  double mean_suboptimality = 0.0;
  double mean_expanded = 0.0;
  double median_us = 0.0;
};

/// One query of one cell.
struct Answer {
  bool found = false;
  double cost = 0.0;
  double suboptimality = 0.0;  ///< cost / optimum - 1 (0 when the optimum is 0)
  double expanded = 0.0;
  double time_us = 0.0;
};

/// Every combination of the grid's search settings, in CSV order within one
/// max slope (cost model, slope weight, heuristic, climb bound, weight), as
/// cells whose max slope and metrics are still to be filled.
std::vector<Cell> settings_of(const Grid& grid) {
  std::vector<Cell> cells;
  for (const nav::CostModelKind cost : grid.costs) {
    for (const double slope_weight : grid.slope_weights) {
      for (const nav::Heuristic heuristic : grid.heuristics) {
        for (const bool climb_bound : grid.climb_bounds) {
          for (const double weight : grid.weights) {
            cells.push_back({.slope_weight = slope_weight,
                             .cost = cost,
                             .heuristic = heuristic,
                             .climb_bound = climb_bound,
                             .weight = weight});
          }
        }
      }
    }
  }
  return cells;
}

/// The optimal cost of every row under `search`'s model on `graph` (NaN
/// where there is no path): Dijkstra (weight 1, zero heuristic) for grid
/// paths; for any-angle paths the dense reference on the surface (radius
/// 4, as navcli scen --any-angle), the continuous model's optimum.
std::vector<double> optima(std::span<const nav::ScenarioRow> rows, const BuiltTerrain& graph,
                           nav::AStar& astar, nav::SearchOptions search, Progress& progress,
                           std::size_t& done) {
  constexpr int kReferenceRadius = 4;
  std::vector<double> out(rows.size(), std::nan(""));
  if (search.path_mode == nav::PathMode::AnyAngle) {
    nav::SurfaceSearch reference(graph.terrain().heightmap(), graph.graph());
    for (std::size_t k = 0; k < rows.size(); ++k) {
      const nav::ScenarioRow& r = rows[k];
      const nav::SurfacePath p = reference.find_path({r.start_x, r.start_y}, {r.goal_x, r.goal_y},
                                                     search.cost, kReferenceRadius);
      if (p.status == nav::SearchStatus::Found) out[k] = p.cost;
      progress.update(++done);
    }
    return out;
  }
  search.heuristic = nav::Heuristic::Zero;
  search.climb_bound = false;
  search.weight = 1.0;
  search.greedy = false;
  replay(rows, astar, search, std::nullopt, [&](std::size_t k, const QueryRecord& q) {
    if (q.status == nav::SearchStatus::Found) out[k] = q.cost;
    progress.update(++done);
  });
  return out;
}

/// Replays rows with `options`, one Answer per row against `optimum`; fills
/// the cell's counts.
std::vector<Answer> measure(std::span<const nav::ScenarioRow> rows, nav::AStar& astar,
                            const nav::SearchOptions& options, std::span<const double> optimum,
                            Progress& progress, std::size_t& done, Cell& cell) {
  std::vector<Answer> answers(rows.size());
  replay(rows, astar, options, std::nullopt, [&](std::size_t k, const QueryRecord& q) {
    Answer& a = answers[k];
    a.found = q.status == nav::SearchStatus::Found;
    a.expanded = static_cast<double>(q.expanded);
    a.time_us = q.time_us;
    if (a.found) {
      a.cost = q.cost;
      a.suboptimality = optimum[k] > 0.0 ? q.cost / optimum[k] - 1.0 : 0.0;
    }
    cell.unreachable += q.status == nav::SearchStatus::Unreachable ? 1 : 0;
    progress.update(++done);
  });
  cell.queries = rows.size();
  cell.found = static_cast<std::size_t>(
      std::count_if(answers.begin(), answers.end(), [](const Answer& a) { return a.found; }));
  cell.found_fraction =
      rows.empty() ? 0.0 : static_cast<double>(cell.found) / static_cast<double>(rows.size());
  return answers;
}

/// The means and median of each cell over the queries every cell found.
void summarise_common(std::span<Cell> cells, std::span<const std::vector<Answer>> answers) {
  const std::size_t queries = answers.empty() ? 0 : answers.front().size();
  std::vector<std::size_t> common;
  for (std::size_t k = 0; k < queries; ++k) {
    if (std::all_of(answers.begin(), answers.end(),
                    [k](const std::vector<Answer>& a) { return a[k].found; })) {
      common.push_back(k);
    }
  }
  for (std::size_t c = 0; c < cells.size(); ++c) {
    std::vector<double> costs;
    std::vector<double> suboptimality;
    std::vector<double> expanded;
    std::vector<double> times;
    for (const std::size_t k : common) {
      const Answer& a = answers[c][k];
      costs.push_back(a.cost);
      suboptimality.push_back(a.suboptimality);
      expanded.push_back(a.expanded);
      times.push_back(a.time_us);
    }
    cells[c].common = common.size();
    cells[c].mean_cost = mean(costs);
    cells[c].mean_suboptimality = mean(suboptimality);
    cells[c].mean_expanded = mean(expanded);
    cells[c].median_us = percentile(times, 0.5);
  }
}

constexpr const char* kCsvHeader =
    "max_slope,slope_weight,cost,heuristic,climb_bound,weight,queries,found,unreachable,common,"
    "mean_cost,mean_suboptimality,mean_expanded,median_us\n";

void write_csv(const std::filesystem::path& file, std::span<const Cell> cells,
               const Provenance& provenance) {
  std::ofstream out(file, std::ios::binary);
  out << kCsvHeader;
  for (const Cell& c : cells) {
    out << row({shortest(c.max_slope), shortest(c.slope_weight),
                std::string(nav::to_string(c.cost)), std::string(nav::to_string(c.heuristic)),
                c.climb_bound ? "on" : "off", shortest(c.weight), std::to_string(c.queries),
                std::to_string(c.found), std::to_string(c.unreachable), std::to_string(c.common),
                shortest(rounded(c.mean_cost, 6)), shortest(rounded(c.mean_suboptimality, 9)),
                shortest(rounded(c.mean_expanded, 3)), shortest(rounded(c.median_us, 3))},
               ',');
  }
  close_checked(out, file);
  write_meta(file, provenance,
             {{"means",
               "mean_cost, mean_suboptimality, mean_expanded and median_us are over the 'common' "
               "queries: those found in every cell, so cells compare on the same queries"},
              {"suboptimality",
               "cost / optimum - 1, the optimum found under the cell's own cost model, slope "
               "weight and max slope (Dijkstra; any-angle: the dense surface reference, radius "
               "4, which an any-angle path may beat a little: a negative value), not the .scen's "
               "optimal column"},
              {"unreachable",
               "queries answered unreachable; queries - found - unreachable had an invalid start "
               "or goal"}});
}

/// A metric chart: x is the first of max slope, slope weight, weight that
/// takes several values (max slope if none does); one line per combination
/// of the other swept settings.
void write_charts(const std::filesystem::path& gnuplot, const std::filesystem::path& dir,
                  const Grid& grid, std::span<const Cell> cells) {
  enum class Axis { MaxSlope, SlopeWeight, Weight };
  Axis axis = Axis::MaxSlope;
  if (grid.max_slopes.size() == 1 && grid.slope_weights.size() > 1) axis = Axis::SlopeWeight;
  if (grid.max_slopes.size() == 1 && grid.slope_weights.size() == 1 && grid.weights.size() > 1) {
    axis = Axis::Weight;
  }
  const auto x_of = [axis](const Cell& c) {
    return axis == Axis::MaxSlope      ? c.max_slope
           : axis == Axis::SlopeWeight ? c.slope_weight
                                       : c.weight;
  };
  const auto label_of = [&](const Cell& c) {
    std::string label;
    const auto add = [&label](const std::string& part) {
      label += (label.empty() ? "" : " ") + part;
    };
    if (axis != Axis::MaxSlope && grid.max_slopes.size() > 1)
      add("max_slope=" + shortest(c.max_slope));
    if (axis != Axis::SlopeWeight && grid.slope_weights.size() > 1)
      add("k=" + shortest(c.slope_weight));
    if (grid.costs.size() > 1) add(std::string(nav::to_string(c.cost)));
    if (grid.heuristics.size() > 1) add(std::string(nav::to_string(c.heuristic)));
    if (grid.climb_bounds.size() > 1) add(c.climb_bound ? "climb" : "no-climb");
    if (axis != Axis::Weight && grid.weights.size() > 1) add("w=" + shortest(c.weight));
    return label.empty() ? std::string(nav::to_string(c.heuristic)) : label;
  };
  const std::string x_label = axis == Axis::MaxSlope      ? "max slope (rise / run)"
                              : axis == Axis::SlopeWeight ? "slope weight k"
                                                          : "heuristic weight w";
  struct Metric {
    const char* name;
    const char* title;
    double Cell::*field;
  };
  constexpr std::array<Metric, 5> kMetrics = {{
      {"found_fraction", "queries found (fraction)", &Cell::found_fraction},
      {"mean_cost", "mean path cost (model units), queries found in every cell", &Cell::mean_cost},
      {"mean_suboptimality", "mean suboptimality (cost / optimum - 1), queries found in every cell",
       &Cell::mean_suboptimality},
      {"mean_expanded", "mean nodes expanded, queries found in every cell", &Cell::mean_expanded},
      {"median_us", "median query time (us), queries found in every cell", &Cell::median_us},
  }};
  for (const Metric& metric : kMetrics) {
    std::vector<ChartSeries> series;
    for (const Cell& c : cells) {
      const std::string label = label_of(c);
      auto it = std::find_if(series.begin(), series.end(),
                             [&](const ChartSeries& s) { return s.label == label; });
      if (it == series.end()) it = series.insert(series.end(), ChartSeries{label, {}});
      it->points.emplace_back(x_of(c), c.*metric.field);
    }
    for (ChartSeries& s : series) std::sort(s.points.begin(), s.points.end());
    plot_line_chart(gnuplot, dir / (std::string(metric.name) + ".png"), metric.title, x_label,
                    metric.name, series);
  }
}

}  // namespace

int run_sweep(Flags& flags) {
  const SweepOptions options = parse_sweep_options(flags);
  const Grid& grid = options.grid;
  const TerrainOptions& terrain_options = options.terrain;
  const CostOptions& cost_options = options.cost;
  const nav::SearchOptions& base_search = options.base_search;
  const std::string& scen = options.scen;
  const std::filesystem::path& dir = options.dir;
  const bool charts = options.charts;
  const auto gnuplot = find_gnuplot();
  if (charts && !gnuplot) {
    throw std::runtime_error(
        "sweep: gnuplot not found on PATH (install Debian gnuplot-nox, or pass --no-charts)");
  }

  const LoadedTerrain loaded(terrain_options, cost_options);
  const Provenance provenance = make_provenance(terrain_options, cost_options);
  std::filesystem::create_directories(dir);
  const std::vector<Cell> settings = settings_of(grid);
  std::vector<Cell> cells;
  std::vector<std::vector<Answer>> answers;
  std::optional<std::vector<nav::ScenarioRow>> rows;
  std::optional<Progress> progress;
  std::size_t done = 0;
  for (const double max_slope : grid.max_slopes) {
    nav::GraphConfig config = terrain_options.config;
    config.max_slope = max_slope;
    const BuiltTerrain graph(loaded, config, cost_options);
    if (!rows) {
      rows = load_scen_for(scen, graph.graph());
      const std::size_t models = grid.costs.size() * grid.slope_weights.size();
      progress.emplace("sweep", grid.max_slopes.size() * (settings.size() + models) * rows->size());
    }
    nav::AStar astar(graph.graph(), graph.sets(), &graph.terrain().heightmap());
    // Optima per (cost model, slope weight) on this graph, as the cells meet them.
    std::vector<std::pair<nav::CostModel, std::vector<double>>> optimum_of;
    for (Cell cell : settings) {
      cell.max_slope = max_slope;
      nav::SearchOptions search = base_search;
      search.cost = graph.cost_model();
      search.cost.kind = cell.cost;
      search.cost.slope_weight = cell.slope_weight;
      search.heuristic = cell.heuristic;
      search.climb_bound = cell.climb_bound;
      search.weight = cell.weight;
      nav::validate(search.cost, graph.graph().tile_count());
      auto optimum = std::find_if(optimum_of.begin(), optimum_of.end(), [&](const auto& o) {
        return o.first.kind == cell.cost && o.first.slope_weight == cell.slope_weight;
      });
      if (optimum == optimum_of.end()) {
        optimum = optimum_of.insert(
            optimum_of.end(), {search.cost, optima(*rows, graph, astar, search, *progress, done)});
      }
      answers.push_back(measure(*rows, astar, search, optimum->second, *progress, done, cell));
      cells.push_back(cell);
    }
  }
  if (progress) progress->finish();
  summarise_common(cells, answers);
  write_csv(dir / "sweep.csv", cells, provenance);
  if (charts) write_charts(*gnuplot, dir, grid, cells);
  return 0;
}

}  // namespace terranav::navcli
