#include "command_options.hpp"

#include <cmath>
#include <string_view>

#include "text_output.hpp"

namespace terranav::navcli {
namespace {

template <typename T, typename Parse>
std::vector<T> take_list(Flags& flags, std::string_view flag, T fallback, Parse parse) {
  const auto text = flags.take(flag);
  if (!text) return {fallback};
  std::vector<T> values;
  for (const std::string_view item : split_list(flag, *text)) values.push_back(parse(item));
  return values;
}

SweepGrid take_grid(Flags& flags) {
  const nav::GraphConfig graph;
  const nav::CostModel model;
  const nav::SearchOptions search;
  const auto number = [](std::string_view flag) {
    return [flag](std::string_view item) { return parse_number<double>(flag, item); };
  };
  const auto named = [](std::string_view flag, auto parse) {
    return [flag, parse](std::string_view item) {
      try {
        return parse(item);
      } catch (const nav::Error& e) {
        throw UsageError(std::string(flag) + ": " + e.what());
      }
    };
  };
  SweepGrid grid;
  grid.max_slopes = take_list(flags, "--max-slope", graph.max_slope, number("--max-slope"));
  grid.slope_weights =
      take_list(flags, "--slope-weight", model.slope_weight, number("--slope-weight"));
  grid.costs = take_list(flags, "--cost", model.kind, named("--cost", nav::parse_cost_model));
  grid.heuristics =
      take_list(flags, "--heuristic", search.heuristic, named("--heuristic", nav::parse_heuristic));
  grid.climb_bounds =
      take_list(flags, "--climb-bound", search.climb_bound,
                [](std::string_view item) { return parse_on_off("--climb-bound", item); });
  grid.weights = take_list(flags, "--weight", search.weight, number("--weight"));
  return grid;
}

}  // namespace

PathOptions parse_path_options(Flags& flags) {
  PathOptions o;
  o.terrain = take_terrain_options(flags);
  o.cost = take_cost_options(flags);
  o.search = take_search_options(flags);
  o.from = parse_tile("--from", flags.require("--from"));
  o.to = parse_tile("--to", flags.require("--to"));
  if (const auto png = flags.take("--png")) o.png = std::string(*png);
  o.png_scale = optional_number<int>(flags, "--png-scale");
  o.show_sets = flags.take_switch("--show-sets");
  if ((o.png_scale || o.show_sets) && !o.png) {
    throw UsageError(std::string(o.png_scale ? "--png-scale" : "--show-sets") + " needs --png");
  }
  if (o.png_scale && *o.png_scale < 1) throw UsageError("--png-scale: must be >= 1");
  flags.check_all_taken();
  return o;
}

BenchOptions parse_bench_options(Flags& flags) {
  BenchOptions o;
  o.terrain = take_terrain_options(flags);
  o.cost = take_cost_options(flags);
  o.search = take_search_options(flags);
  o.scen = std::string(flags.require("--scen"));
  o.check = flags.take_switch("--check");
  o.budget_us = optional_number<double>(flags, "--budget-us");
  if (o.budget_us && !(*o.budget_us > 0.0 && std::isfinite(*o.budget_us))) {
    throw UsageError("--budget-us: must be finite and > 0, got " + shortest(*o.budget_us));
  }
  flags.check_all_taken();
  return o;
}

ScenOptions parse_scen_options(Flags& flags) {
  ScenOptions o;
  o.terrain = take_terrain_options(flags);
  o.cost = take_cost_options(flags);
  o.queries = parse_number<int>("--queries", flags.require("--queries"));
  if (o.queries < 1) throw UsageError("--queries: must be >= 1");
  o.out = std::string(flags.require("--out"));
  o.seed = o.terrain.request.procedural
               ? o.terrain.request.procedural->seed
               : optional_number<std::uint32_t>(flags, "--seed").value_or(1);
  flags.check_all_taken();
  return o;
}

SweepOptions parse_sweep_options(Flags& flags) {
  SweepOptions o;
  // The swept lists first: take_terrain/cost_options would read them as single values.
  o.grid = take_grid(flags);
  o.terrain = take_terrain_options(flags);
  o.cost = take_cost_options(flags);
  o.base_search = take_search_options(flags);
  o.scen = std::string(flags.require("--scen"));
  o.dir = std::filesystem::path(std::string(flags.require("--out")));
  o.charts = !flags.take_switch("--no-charts");
  flags.check_all_taken();
  return o;
}

RequestsOptions parse_requests_options(Flags& flags) {
  RequestsOptions o;
  o.terrain = take_terrain_options(flags);
  o.cost = take_cost_options(flags);
  o.search = take_search_options(flags);
  o.count = parse_number<int>("--count", flags.require("--count"));
  if (o.count < 1) throw UsageError("--count: must be >= 1");
  o.threads = optional_number<int>(flags, "--threads").value_or(0);
  if (o.threads < 0 || o.threads > 64) throw UsageError("--threads: must be 0..64");
  o.budget_us = parse_number<double>("--frame-budget-us", flags.require("--frame-budget-us"));
  if (!(o.budget_us > 0.0) || !std::isfinite(o.budget_us)) {
    throw UsageError("--frame-budget-us: must be finite and > 0");
  }
  o.frame_ms = optional_number<double>(flags, "--frame-ms").value_or(1000.0 / 60.0);
  if (!(o.frame_ms > 0.0) || !std::isfinite(o.frame_ms)) {
    throw UsageError("--frame-ms: must be finite and > 0");
  }
  o.radius = optional_number<int>(flags, "--radius").value_or(0);
  if (o.radius < 0) throw UsageError("--radius: must be >= 0");
  o.seed = optional_number<std::uint32_t>(flags, "--seed").value_or(1);
  flags.check_all_taken();
  return o;
}

EditsOptions parse_edits_options(Flags& flags) {
  EditsOptions o;
  o.terrain = take_terrain_options(flags);
  o.cost = take_cost_options(flags);
  o.count = parse_number<int>("--count", flags.require("--count"));
  if (o.count < 1) throw UsageError("--count: must be >= 1");
  o.radius = parse_number<int>("--radius", flags.require("--radius"));
  if (o.radius < 1) throw UsageError("--radius: must be >= 1");
  o.seed = optional_number<std::uint32_t>(flags, "--seed").value_or(1);
  o.check = flags.take_switch("--check");
  o.revert = flags.take_switch("--revert");
  flags.check_all_taken();
  return o;
}

}  // namespace terranav::navcli
