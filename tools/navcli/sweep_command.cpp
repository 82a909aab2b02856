// navcli sweep: one .scen replayed over a grid of max slope x slope weight x
// cost model x heuristic x climb bound x weight; a CSV row per combination
// and a gnuplot chart per metric.
#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "command_options.hpp"
#include "commands.hpp"
#include "gnuplot_chart.hpp"
#include "progress.hpp"
#include "scen_replay.hpp"
#include "summary_stats.hpp"
#include "terrain_options.hpp"
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
  double mean_cost = 0.0;
  double mean_suboptimality = 0.0;
  double mean_expanded = 0.0;
  double median_us = 0.0;
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

/// Fills cell's metrics by replaying rows with `options`.
void measure(std::span<const nav::ScenarioRow> rows, nav::AStar& astar,
             const nav::SearchOptions& options, Progress& progress, std::size_t& done, Cell& cell) {
  std::vector<double> costs;
  std::vector<double> suboptimality;
  std::vector<double> expanded;
  std::vector<double> times;
  replay(rows, astar, options, std::nullopt, [&](std::size_t, const QueryRecord& q) {
    expanded.push_back(static_cast<double>(q.expanded));
    times.push_back(q.time_us);
    if (q.status == nav::SearchStatus::Found) {
      costs.push_back(q.cost);
      if (q.optimal > 0.0) suboptimality.push_back(q.cost / q.optimal - 1.0);
    }
    progress.update(++done);
  });
  cell.queries = rows.size();
  cell.found = costs.size();
  cell.mean_cost = mean(costs);
  cell.mean_suboptimality = mean(suboptimality);
  cell.mean_expanded = mean(expanded);
  cell.median_us = percentile(times, 0.5);
}

constexpr const char* kCsvHeader =
    "max_slope,slope_weight,cost,heuristic,climb_bound,weight,queries,found,mean_cost,"
    "mean_suboptimality,mean_expanded,median_us\n";

void write_csv(const std::filesystem::path& file, std::span<const Cell> cells) {
  std::ofstream out(file, std::ios::binary);
  out << kCsvHeader;
  for (const Cell& c : cells) {
    out << row(
        {shortest(c.max_slope), shortest(c.slope_weight), std::string(nav::to_string(c.cost)),
         std::string(nav::to_string(c.heuristic)), c.climb_bound ? "on" : "off", shortest(c.weight),
         std::to_string(c.queries), std::to_string(c.found), shortest(rounded(c.mean_cost, 6)),
         shortest(rounded(c.mean_suboptimality, 9)), shortest(rounded(c.mean_expanded, 3)),
         shortest(rounded(c.median_us, 3))},
        ',');
  }
  out.close();
  if (!out) throw std::runtime_error("cannot write " + file.string());
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
  constexpr std::array<Metric, 4> kMetrics = {{
      {"mean_cost", "mean path cost (model units)", &Cell::mean_cost},
      {"mean_suboptimality", "mean suboptimality (cost / optimal - 1)", &Cell::mean_suboptimality},
      {"mean_expanded", "mean nodes expanded", &Cell::mean_expanded},
      {"median_us", "median query time (us)", &Cell::median_us},
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
  std::filesystem::create_directories(dir);
  const std::vector<Cell> settings = settings_of(grid);
  std::vector<Cell> cells;
  std::optional<std::vector<nav::ScenarioRow>> rows;
  std::optional<Progress> progress;
  std::size_t done = 0;
  for (const double max_slope : grid.max_slopes) {
    nav::GraphConfig config = terrain_options.config;
    config.max_slope = max_slope;
    const BuiltTerrain graph(loaded, config, cost_options);
    if (!rows) {
      rows = load_scen_for(scen, graph.graph());
      progress.emplace("sweep", grid.max_slopes.size() * settings.size() * rows->size());
    }
    nav::AStar astar(graph.graph(), graph.sets(), &graph.terrain().heightmap());
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
      measure(*rows, astar, search, *progress, done, cell);
      cells.push_back(cell);
    }
  }
  if (progress) progress->finish();
  write_csv(dir / "sweep.csv", cells);
  if (charts) write_charts(*gnuplot, dir, grid, cells);
  return 0;
}

}  // namespace terranav::navcli
