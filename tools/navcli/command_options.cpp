#include "command_options.hpp"

#include <algorithm>
#include <array>
#include <string_view>

#include "cli_limits.hpp"

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

// A parser of one list item by a nav parse function, its errors as usage errors.
auto named(std::string_view flag, auto parse) {
  return [flag, parse](std::string_view item) {
    try {
      return parse(item);
    } catch (const nav::Error& e) {
      throw UsageError(std::string(flag) + ": " + e.what());
    }
  };
}

// Every list but --heuristic's, whose default depends on the topology.
SweepGrid take_grid(Flags& flags) {
  const nav::GraphConfig graph;
  const nav::CostModel model;
  const nav::SearchOptions search;
  const auto number = [](const nav::Limit& limit) {
    return
        [&limit](std::string_view item) { return parse_bounded<double>(limit.flag, item, limit); };
  };
  SweepGrid grid;
  grid.max_slopes = take_list(flags, "--max-slope", graph.max_slope, number(nav::kMaxSlopeLimit));
  grid.slope_weights =
      take_list(flags, "--slope-weight", model.slope_weight, number(nav::kSlopeWeightLimit));
  grid.costs = take_list(flags, "--cost", model.kind, named("--cost", nav::parse_cost_model));
  grid.climb_bounds =
      take_list(flags, "--climb-bound", search.climb_bound,
                [](std::string_view item) { return parse_on_off("--climb-bound", item); });
  grid.weights = take_list(flags, "--weight", search.weight, number(nav::kWeightLimit));
  return grid;
}

// --any-angle prices paths on the surface, where the seed model (steps,
// not metres) has no cost.
void check_any_angle(bool any_angle, nav::CostModelKind kind) {
  if (any_angle && kind == nav::CostModelKind::Seed) {
    throw UsageError(
        "--any-angle: the seed cost model counts steps, not metres, so it has no cost on the "
        "surface (use reference, tobler or uphill-downhill)");
  }
}

bool any_angle(const nav::SearchOptions& search) {
  return search.path_mode == nav::PathMode::AnyAngle;
}

// The terrain, cost and search flags of a command that runs queries.
template <class Options>
void take_query_flags(Flags& flags, Options& o) {
  o.terrain = take_terrain_options(flags);
  o.cost = take_cost_options(flags);
  o.search = take_search_options(flags, o.terrain.config.topology);
  check_any_angle(any_angle(o.search), o.cost.model.kind);
}

// --from X,Y[;X,Y...]: tiles, or with --compat r.walk samples.
std::vector<nav::TileCoord> take_sources(Flags& flags) {
  const std::string_view from = flags.require("--from");
  std::vector<nav::TileCoord> sources;
  for (std::size_t at = 0; at <= from.size();) {
    const std::size_t end = std::min(from.find(';', at), from.size());
    sources.push_back(parse_tile("--from", from.substr(at, end - at)));
    at = end + 1;
  }
  return sources;
}

// The flags of terranav's own graphs and cost models, which r.walk has no
// counterpart for (no slope limit, no tiles, no classes; nodata stays
// nodata and pixels keep their own E-W and N-S sizes).
constexpr std::array<std::string_view, 17> kNotRwalk = {
    "--procedural",      "--seed",        "--smoothing",      "--spacing",      "--height-scale",
    "--tile-size",       "--max-slope",   "--corner-cutting", "--slope-weight", "--uphill-weight",
    "--downhill-weight", "--class-table", "--classes",        "--class-bands",  "--influence",
    "--nodata",          "--resample"};

// What a path or batch under --compat r.walk has no use for: it is traced
// on r.walk's own surface, an exact Dijkstra over the samples.
constexpr std::array<std::string_view, 10> kNotRwalkQuery = {
    "--heuristic", "--weight",    "--greedy",    "--climb-bound",  "--any-angle",
    "--png",       "--png-scale", "--show-sets", "--from-surface", "--also-price"};

// `query`: path or batch, whose search and drawing flags are refused too.
RwalkSurfaceOptions take_rwalk_options(Flags& flags, const WalkFlags& walk, bool query) {
  for (const std::string_view flag : kNotRwalkQuery) {
    if (query && !flags.take_all(flag).empty()) {
      throw UsageError(std::string(flag) +
                       ": has no meaning with --compat r.walk (the path is traced on r.walk's "
                       "own surface: no A* options, drawing or other cost models)");
    }
  }
  for (const std::string_view flag : kNotRwalk) {
    if (!flags.take_all(flag).empty()) {
      throw UsageError(std::string(flag) +
                       ": has no meaning with --compat r.walk (r.walk has no "
                       "tiles, slope limit or cost classes, never enters nodata and keeps "
                       "non-square pixels)");
    }
  }
  RwalkSurfaceOptions o{.map = {}, .walk = walk};
  const std::string_view map = flags.require("--map");
  if (map.empty()) throw UsageError("--map: the file name is empty");
  o.map = std::filesystem::path(std::string(map));
  if (const auto cost = flags.take("--cost"); cost && *cost != "walking-time") {
    throw UsageError("--cost: --compat r.walk prices steps by walking-time only, got '" +
                     std::string(*cost) + "'");
  }
  if (const auto topology = flags.take("--topology")) {
    if (*topology != "octile8" && *topology != "knight16") {
      throw UsageError(
          "--topology: --compat r.walk has octile8 (r.walk's 8 neighbours) or "
          "knight16 (r.walk -k), got '" +
          std::string(*topology) + "'");
    }
    o.walk.walk.knight_moves = *topology == "knight16";
  }
  return o;
}

// --compat r.walk's flags, or none when --compat is not given (then
// --lambda and --friction are refused); `query`: for path and batch, whose
// search and drawing flags are refused too.
std::optional<RwalkSurfaceOptions> take_compat(Flags& flags, bool query) {
  const auto compat = flags.take("--compat");
  if (!compat) {
    for (const std::string_view flag : {"--lambda", "--friction"}) {
      if (flags.take(flag)) {
        throw UsageError(std::string(flag) +
                         " needs --compat r.walk (r.walk's walking time on the DEM's samples)");
      }
    }
    return std::nullopt;
  }
  if (*compat != "r.walk") {
    throw UsageError("--compat: expected r.walk, got '" + std::string(*compat) + "'");
  }
  return take_rwalk_options(flags, take_walk_flags(flags), query);
}

}  // namespace

PathOptions parse_path_options(Flags& flags) {
  PathOptions o;
  o.rwalk = take_compat(flags, true);
  if (o.rwalk) {
    o.from = parse_tile("--from", flags.require("--from"));
    o.to = parse_tile("--to", flags.require("--to"));
    if (const auto geojson = flags.take("--geojson")) o.geojson = std::string(*geojson);
    if (const auto csv = flags.take("--csv")) o.csv = std::string(*csv);
    flags.check_all_taken();
    return o;
  }
  o.terrain = take_terrain_options(flags);
  o.cost = take_cost_options(flags);
  o.search = take_search_options(flags, o.terrain.config.topology);
  check_any_angle(any_angle(o.search), o.cost.model.kind);
  if (const auto surface = flags.take("--from-surface")) o.from_surface = std::string(*surface);
  if (o.from_surface) {
    if (flags.take("--from")) throw UsageError("--from and --from-surface: give one");
    if (any_angle(o.search)) {
      throw UsageError("--from-surface traces a grid path: --any-angle does not apply");
    }
  } else {
    o.from = parse_tile("--from", flags.require("--from"));
  }
  o.to = parse_tile("--to", flags.require("--to"));
  if (const auto png = flags.take("--png")) o.png = std::string(*png);
  o.png_scale = optional_bounded<int>(flags, kPngScaleLimit);
  o.show_sets = flags.take_switch("--show-sets");
  if ((o.png_scale || o.show_sets) && !o.png) {
    throw UsageError(std::string(o.png_scale ? "--png-scale" : "--show-sets") + " needs --png");
  }
  if (const auto geojson = flags.take("--geojson")) o.geojson = std::string(*geojson);
  if (const auto csv = flags.take("--csv")) o.csv = std::string(*csv);
  if ((o.geojson || o.csv) && o.cost.model.kind == nav::CostModelKind::Seed) {
    throw UsageError(std::string(o.geojson ? "--geojson" : "--csv") +
                     ": the seed cost model counts steps, not metres, so it has no cost on the "
                     "surface (use reference, tobler or uphill-downhill)");
  }
  if (o.show_sets && o.from_surface) {
    throw UsageError("--show-sets: --from-surface runs no search to show");
  }
  flags.check_all_taken();
  return o;
}

CostSurfaceOptions parse_cost_surface_options(Flags& flags) {
  CostSurfaceOptions o;
  o.rwalk = take_compat(flags, false);
  if (o.rwalk) {
    for (const nav::TileCoord s : take_sources(flags))
      o.rwalk->walk.walk.starts.push_back({s.i, s.j});
  } else {
    o.terrain = take_terrain_options(flags);
    o.cost = take_cost_options(flags);
    o.sources = take_sources(flags);
  }
  o.out = std::string(flags.require("--out"));
  if (const auto backlink = flags.take("--backlink")) o.backlink = std::string(*backlink);
  flags.check_all_taken();
  return o;
}

BenchOptions parse_bench_options(Flags& flags) {
  BenchOptions o;
  o.terrain = take_terrain_options(flags);
  o.cost = take_cost_options(flags);
  o.search = take_search_options(flags, o.terrain.config.topology);
  check_any_angle(any_angle(o.search), o.cost.model.kind);
  o.scen = std::string(flags.require("--scen"));
  o.check = flags.take_switch("--check");
  o.budget_us = optional_bounded<double>(flags, kStepBudgetLimit);
  if (const auto paths = flags.take("--paths")) o.paths = std::string(*paths);
  if (const auto out = flags.take("--out")) o.out = std::string(*out);
  if (const auto summary = flags.take("--summary")) o.summary = std::string(*summary);
  o.reference_radius = optional_bounded<int>(flags, kReferenceRadiusLimit);
  if (o.reference_radius && !any_angle(o.search)) {
    throw UsageError("--reference-radius needs --any-angle");
  }
  if (o.budget_us && any_angle(o.search)) {
    throw UsageError("--budget-us and --any-angle: the any-angle bench times whole queries");
  }
  flags.check_all_taken();
  return o;
}

ScenOptions parse_scen_options(Flags& flags) {
  ScenOptions o;
  o.terrain = take_terrain_options(flags);
  o.cost = take_cost_options(flags);
  o.queries = parse_bounded<int>("--queries", flags.require("--queries"), kQueriesLimit);
  o.out = std::string(flags.require("--out"));
  o.any_angle = flags.take_switch("--any-angle");
  check_any_angle(o.any_angle, o.cost.model.kind);
  o.reference_radius =
      optional_bounded<int>(flags, kReferenceRadiusLimit).value_or(o.reference_radius);
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
  o.grid.heuristics = take_list(flags, "--heuristic", default_heuristic(o.terrain.config.topology),
                                named("--heuristic", nav::parse_heuristic));
  o.base_search = take_search_options(flags, o.terrain.config.topology);
  for (const nav::CostModelKind kind : o.grid.costs)
    check_any_angle(any_angle(o.base_search), kind);
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
  o.search = take_search_options(flags, o.terrain.config.topology);
  check_any_angle(any_angle(o.search), o.cost.model.kind);
  o.count = parse_bounded<int>("--count", flags.require("--count"), kCountLimit);
  o.threads = optional_bounded<int>(flags, kThreadsLimit).value_or(0);
  o.budget_us = parse_bounded<double>("--frame-budget-us", flags.require("--frame-budget-us"),
                                      kFrameBudgetLimit);
  o.frame_ms = optional_bounded<double>(flags, kFrameLimit).value_or(1000.0 / 60.0);
  const auto radius = flags.take("--radius");
  o.radius = radius ? parse_bounded<int>("--radius", *radius, kRequestRadiusLimit) : 0;
  o.seed = optional_number<std::uint32_t>(flags, "--seed").value_or(1);
  flags.check_all_taken();
  return o;
}

EditsOptions parse_edits_options(Flags& flags) {
  EditsOptions o;
  o.terrain = take_terrain_options(flags);
  o.cost = take_cost_options(flags);
  o.count = parse_bounded<int>("--count", flags.require("--count"), kCountLimit);
  o.radius = parse_bounded<int>("--radius", flags.require("--radius"), kStampRadiusLimit);
  o.seed = optional_number<std::uint32_t>(flags, "--seed").value_or(1);
  o.check = flags.take_switch("--check");
  o.revert = flags.take_switch("--revert");
  flags.check_all_taken();
  return o;
}

BatchOptions parse_batch_options(Flags& flags) {
  BatchOptions o;
  o.rwalk = take_compat(flags, true);
  if (!o.rwalk) take_query_flags(flags, o);
  o.pairs = std::string(flags.require("--pairs"));
  o.out = std::string(flags.require("--out"));
  if (const auto threads = flags.take("--threads")) {
    o.threads = parse_bounded<int>("--threads", *threads, kBatchThreadsLimit);
  }
  if (const auto models = flags.take("--also-price")) {
    for (const std::string_view item : split_list("--also-price", *models)) {
      const nav::CostModelKind kind = named("--also-price", nav::parse_cost_model)(item);
      if (std::find(o.also_price.begin(), o.also_price.end(), kind) != o.also_price.end()) {
        throw UsageError("--also-price: " + std::string(item) + " given twice");
      }
      if (any_angle(o.search) && kind == nav::CostModelKind::Seed) {
        throw UsageError(
            "--also-price: seed counts steps, not metres, so it cannot price an any-angle path");
      }
      o.also_price.push_back(kind);
    }
  }
  flags.check_all_taken();
  return o;
}

}  // namespace terranav::navcli
