#include "terrain_options.hpp"

#include <algorithm>
#include <utility>

#include "stopwatch.hpp"
#include "terranav/nav/tiling.hpp"
#include "terranav/terrain_io/class_image.hpp"
#include "walk_options.hpp"

namespace terranav::navcli {

const char* const kTerrainOptionsUsage =
    "Terrain (every command):\n"
    "  --map FILE            .png, .hgt, .raw/.r16, Moving AI .map, or any raster GDAL\n"
    "                        reads (GeoTIFF .tif, .asc, .img, ...; settings not given\n"
    "                        come from FILE's .terrain sidecar; a GDAL raster brings its\n"
    "                        own spacing and metres)\n"
    "  --procedural SIZE     instead of --map: SIZE x SIZE samples of seeded fBm noise\n"
    "    [--seed S] [--smoothing PASSES]\n"
    "  --spacing S           metres between samples\n"
    "  --height-scale Z      metres at full-scale value (procedural: the relief)\n"
    "  --tile-size T         cells per tile side\n"
    "  --nodata MODE         nodata samples (.hgt voids, a GDAL raster's nodata):\n"
    "                        error (default), fill (from their neighbours) or block\n"
    "                        (filled, and every tile touching one unwalkable)\n"
    "  --resample square     a GDAL raster with non-square pixels: resample it to\n"
    "                        square pixels of the smaller size (bilinear)\n"
    "  --max-slope M         steepest walkable edge, rise over run (default 0.6)\n"
    "  --topology NAME       octile8 (default), cardinal4, hex6, knight16 (octile8 plus\n"
    "                        the knight's moves, as r.walk -k)\n"
    "  --corner-cutting MODE never (default), always, at-least-one-free\n"
    "Cost model:\n"
    "  --cost NAME           reference (default), seed, tobler, uphill-downhill,\n"
    "                        walking-time (r.walk's step time, seconds)\n"
    "  --slope-weight K      reference: cost = d * (1 + K * slope)\n"
    "  --uphill-weight K, --downhill-weight K   uphill-downhill\n"
    "  --walk-coeff A,B,C,D  walking-time: s/m on the flat, up, moderate and steep\n"
    "                        down (default 0.72,6.0,1.9998,-1.9998)\n"
    "  --slope-factor S      walking-time: steep descent below slope S (default -0.2125)\n"
    "  --class-table NAME=MULT,...   terrain classes (MULT a number or 'impassable'),\n"
    "    with --classes FILE (8-bit PNG of TW x TD class indices)\n"
    "    or --class-bands H1,H2,... (ascending tile heights, metres; one more class than bands)\n"
    "  --influence X,Z,R,S   multiplier 1 + S * (1 - r / R) within R metres of (X, Z);\n"
    "                        S < 0 attracts, S > 0 repels; repeatable\n"
    "Search:\n"
    "  --heuristic NAME      octile (default; knight with --topology knight16), zero\n"
    "                        (Dijkstra), manhattan, chebyshev, euclidean, hex, knight;\n"
    "                        scaled by the model's smallest step cost\n"
    "  --climb-bound on|off  add the least cost of the height change to the goal to\n"
    "                        the heuristic (default on; still optimal; not to zero)\n"
    "  --weight W            weighted A*, f = g + W h, W >= 1 (cost <= W * optimal)\n"
    "  --greedy              greedy best-first, f = h\n"
    "  --any-angle           any-angle paths: the grid path shortened and relaxed into\n"
    "                        a polyline on the surface, priced by the continuous model\n"
    "                        (docs/continuous-model.md); cost = its cost on the surface\n";

namespace {

std::string procedural_label(const nav::ProceduralConfig& config) {
  return "procedural-" + std::to_string(config.size) + "-seed-" + std::to_string(config.seed);
}

/// A nav parse_* function's result; its Error becomes a UsageError naming the flag.
template <typename Parse>
auto parse_named(std::string_view flag, std::string_view text, Parse parse) {
  try {
    return parse(text);
  } catch (const nav::Error& e) {
    throw UsageError(std::string(flag) + ": " + e.what());
  }
}

std::vector<nav::TerrainClass> parse_class_table(std::string_view flag, std::string_view text) {
  std::vector<nav::TerrainClass> table;
  for (const std::string_view item : split_list(flag, text)) {
    const std::size_t equals = item.find('=');
    if (equals == std::string_view::npos || equals == 0) {
      throw UsageError(std::string(flag) + ": expected NAME=MULT, got '" + std::string(item) + "'");
    }
    nav::TerrainClass entry;
    entry.name = std::string(item.substr(0, equals));
    const std::string_view value = item.substr(equals + 1);
    if (value == "impassable") {
      entry.impassable = true;
    } else {
      entry.multiplier = parse_number<double>(flag, value);
      if (!nav::within(nav::kClassMultiplierLimit, entry.multiplier)) {
        throw UsageError(
            std::string(flag) + ": class '" + std::string(entry.name) +
            "' multiplier: " + nav::limit_problem(nav::kClassMultiplierLimit, entry.multiplier));
      }
    }
    table.push_back(std::move(entry));
  }
  if (table.size() > 256) {
    throw UsageError(std::string(flag) + ": at most 256 classes, got " +
                     std::to_string(table.size()));
  }
  return table;
}

nav::InfluencePoint parse_influence(std::string_view flag, std::string_view text) {
  const std::vector<double> v = parse_number_list<double>(flag, text);
  if (v.size() != 4) {
    throw UsageError(std::string(flag) + ": expected X,Z,RADIUS,STRENGTH, got '" +
                     std::string(text) + "'");
  }
  const auto check = [&](const nav::Limit& limit, std::string_view what, double value) {
    if (!nav::within(limit, value)) {
      throw UsageError(std::string(flag) + ": " + std::string(what) + ": " +
                       nav::limit_problem(limit, value));
    }
  };
  check(nav::kInfluencePositionLimit, "X", v[0]);
  check(nav::kInfluencePositionLimit, "Z", v[1]);
  check(nav::kInfluenceRadiusLimit, "RADIUS", v[2]);
  check(nav::kInfluenceStrengthLimit, "STRENGTH", v[3]);
  return {.x_m = v[0], .z_m = v[1], .radius_m = v[2], .strength = v[3]};
}

}  // namespace

TerrainOptions take_terrain_options(Flags& flags) {
  TerrainOptions options;
  const auto map = flags.take("--map");
  if (map && map->empty()) throw UsageError("--map: the file name is empty");
  const auto size = optional_bounded<int>(flags, nav::kProceduralSizeLimit);
  if (map && size) throw UsageError("--map and --procedural exclude each other");
  if (!map && !size) throw UsageError("--map or --procedural is required");
  options.request.spacing_m = optional_bounded<double>(flags, nav::kSpacingLimit);
  options.request.tile_size = optional_bounded<int>(flags, nav::kTileSizeLimit);
  const auto height_scale = optional_bounded<double>(flags, nav::kHeightScaleLimit);
  const auto nodata = flags.take("--nodata");
  const auto resample = flags.take("--resample");
  if (!map && (nodata || resample)) {
    throw UsageError(std::string(nodata ? "--nodata" : "--resample") + " needs --map");
  }
  if (nodata) {
    options.request.nodata = parse_named("--nodata", *nodata, nav::parse_nodata_policy);
  }
  if (resample) {
    options.request.resample_square = parse_named("--resample", *resample, nav::parse_resample);
  }
  if (map) {
    options.request.map = std::string(*map);
    options.request.height_scale_m = height_scale;
    options.label = options.request.map.filename().string();
  } else {
    nav::ProceduralConfig procedural;
    procedural.size = *size;
    procedural.seed = optional_number<std::uint32_t>(flags, "--seed").value_or(procedural.seed);
    procedural.relief_m = height_scale.value_or(procedural.relief_m);
    procedural.smoothing_passes =
        optional_bounded<int>(flags, nav::kSmoothingLimit).value_or(procedural.smoothing_passes);
    options.label = procedural_label(procedural);
    options.request.procedural = procedural;
  }
  options.config.max_slope =
      optional_bounded<double>(flags, nav::kMaxSlopeLimit).value_or(options.config.max_slope);
  if (const auto topology = flags.take("--topology")) {
    options.config.topology = parse_named("--topology", *topology, nav::parse_topology);
  }
  if (const auto mode = flags.take("--corner-cutting")) {
    options.config.corner_cutting =
        parse_named("--corner-cutting", *mode, nav::parse_corner_cutting);
  }
  return options;
}

CostOptions take_cost_options(Flags& flags) {
  CostOptions options;
  if (const auto cost = flags.take("--cost")) {
    options.model.kind = parse_named("--cost", *cost, nav::parse_cost_model);
  }
  options.model.slope_weight =
      optional_bounded<double>(flags, nav::kSlopeWeightLimit).value_or(options.model.slope_weight);
  options.model.uphill_weight = optional_bounded<double>(flags, nav::kUphillWeightLimit)
                                    .value_or(options.model.uphill_weight);
  options.model.downhill_weight = optional_bounded<double>(flags, nav::kDownhillWeightLimit)
                                      .value_or(options.model.downhill_weight);
  options.model.walk = take_walk_coefficients(flags);

  const auto table = flags.take("--class-table");
  const auto image = flags.take("--classes");
  const auto bands = flags.take("--class-bands");
  if (image && bands) throw UsageError("--classes and --class-bands exclude each other");
  if ((image || bands) && !table) {
    throw UsageError(std::string(image ? "--classes" : "--class-bands") + " needs --class-table");
  }
  if (table && !image && !bands) throw UsageError("--class-table needs --classes or --class-bands");
  if (table) options.class_table = parse_class_table("--class-table", *table);
  if (image && image->empty()) throw UsageError("--classes: the file name is empty");
  if (image) options.class_image = std::string(*image);
  if (bands) {
    const std::vector<double> heights = parse_number_list<double>("--class-bands", *bands);
    if (heights.size() + 1 != options.class_table.size()) {
      throw UsageError("--class-bands: " + std::to_string(heights.size()) + " bands need " +
                       std::to_string(heights.size() + 1) + " classes in --class-table, got " +
                       std::to_string(options.class_table.size()));
    }
    for (std::size_t k = 0; k < heights.size(); ++k) {
      options.class_bands.push_back({heights[k], static_cast<std::uint8_t>(k)});
    }
  }
  for (const std::string_view text : flags.take_all("--influence")) {
    options.influence.push_back(parse_influence("--influence", text));
  }
  return options;
}

nav::Heuristic default_heuristic(nav::Topology topology) {
  // Octile overestimates a knight's move, so its admissible scale there is 0.93.
  return topology == nav::Topology::Knight16 ? nav::Heuristic::Knight
                                             : nav::SearchOptions{}.heuristic;
}

nav::SearchOptions take_search_options(Flags& flags, nav::Topology topology) {
  nav::SearchOptions options;
  options.heuristic = default_heuristic(topology);
  if (const auto heuristic = flags.take("--heuristic")) {
    options.heuristic = parse_named("--heuristic", *heuristic, nav::parse_heuristic);
  }
  options.weight = optional_bounded<double>(flags, nav::kWeightLimit).value_or(options.weight);
  options.greedy = flags.take_switch("--greedy");
  if (flags.take_switch("--any-angle")) options.path_mode = nav::PathMode::AnyAngle;
  if (const auto climb = flags.take("--climb-bound")) {
    options.climb_bound = parse_on_off("--climb-bound", *climb);
  }
  return options;
}

LoadedTerrain::LoadedTerrain(const TerrainOptions& terrain_options, const CostOptions& cost_options)
    : terrain(nav::load_terrain(terrain_options.request)) {
  if (cost_options.class_table.empty()) return;
  const nav::Heightmap& heights = terrain.heightmap;
  const nav::Tiling tiling(heights, terrain.tile_size);
  classes =
      cost_options.class_bands.empty()
          ? nav::classes_from_image(cost_options.class_image, tiling.tiles_wide(),
                                    tiling.tiles_deep(), cost_options.class_table)
          : nav::classes_from_height_bands(
                heights, terrain.tile_size, cost_options.class_table, cost_options.class_bands,
                static_cast<std::uint8_t>(cost_options.class_table.size() - 1));
}

BuiltTerrain::BuiltTerrain(const LoadedTerrain& loaded, nav::GraphConfig config,
                           const CostOptions& cost_options) {
  config.tile_size = loaded.terrain.tile_size;
  const auto start = Clock::now();
  terrain_ = std::make_unique<nav::NavTerrain>(
      loaded.terrain.heightmap, nav::NavTerrainConfig{.graph = config,
                                                      .blocked = loaded.terrain.blocked,
                                                      .classes = loaded.classes,
                                                      .influence = cost_options.influence});
  build_ms_ = elapsed_us(start, Clock::now()) / 1000.0;
  model_ = terrain_->cost_model(cost_options.model);
  nav::validate(model_, terrain_->graph().tile_count());
}

}  // namespace terranav::navcli
