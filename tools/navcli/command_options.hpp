// Each navcli command's options, parsed from its flags before anything is
// loaded or run: parse_<command>_options takes every flag the command knows
// and checks that none is left (check_all_taken), so a bad command line is a
// UsageError (or nav::Error from a nav parser) and nothing else. The commands
// call these first; fuzz/fuzz_flags.cpp calls them alone.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "flags.hpp"
#include "terrain_options.hpp"
#include "walk_options.hpp"

namespace terranav::navcli {

/// --compat r.walk (cost-surface, path, batch): GRASS r.walk's walking time
/// on the DEM's samples (docs/rwalk.md), not on terranav's tiles.
struct RwalkSurfaceOptions {
  /// --map: the DEM, a projected GeoTIFF (load_raster_grid).
  std::filesystem::path map;
  /// The walking-time flags; knight_moves from --topology knight16;
  /// walk.walk.starts holds cost-surface's --from samples (column,row),
  /// directions its --backlink.
  WalkFlags walk;
};

/// navcli path.
struct PathOptions {
  /// --compat r.walk: set, and from, to (sample column,row), geojson and csv
  /// the only other members used.
  std::optional<RwalkSurfaceOptions> rwalk;
  TerrainOptions terrain;
  CostOptions cost;
  nav::SearchOptions search;
  nav::TileCoord from;
  nav::TileCoord to;
  std::optional<std::string> png;
  std::optional<int> png_scale;
  bool show_sets = false;
  /// --geojson FILE, --csv FILE: the path for a GIS or a table (path_export.hpp).
  std::optional<std::string> geojson;
  std::optional<std::string> csv;
  /// --from-surface: trace back on this cost surface (navcli cost-surface)
  /// instead of searching; `from` is then unused.
  std::optional<std::string> from_surface;
};
PathOptions parse_path_options(Flags& flags);

/// navcli cost-surface.
struct CostSurfaceOptions {
  /// --compat r.walk: set, and the other members but out and backlink unused.
  std::optional<RwalkSurfaceOptions> rwalk;
  TerrainOptions terrain;
  CostOptions cost;
  /// --from X,Y[;X,Y...]: the source tiles.
  std::vector<nav::TileCoord> sources;
  std::string out;
  /// --backlink: the direction raster.
  std::optional<std::string> backlink;
};
CostSurfaceOptions parse_cost_surface_options(Flags& flags);

/// navcli bench.
struct BenchOptions {
  TerrainOptions terrain;
  CostOptions cost;
  nav::SearchOptions search;
  std::string scen;
  bool check = false;
  std::optional<double> budget_us;
  /// --paths: one JSON line per query with the path in metres.
  std::optional<std::string> paths;
  /// --reference-radius (with --any-angle): the dense reference's R.
  std::optional<int> reference_radius;
  /// --out: the TSV to a file (with FILE.meta.json) instead of stdout;
  /// --summary: the JSON summary to a file instead of stderr.
  std::optional<std::string> out;
  std::optional<std::string> summary;
};
BenchOptions parse_bench_options(Flags& flags);

/// navcli scen.
struct ScenOptions {
  TerrainOptions terrain;
  CostOptions cost;
  int queries = 0;
  std::string out;
  /// --any-angle: the optimal column holds the dense reference's cost on
  /// the surface (radius --reference-radius, default 4) instead of the grid's.
  bool any_angle = false;
  int reference_radius = 4;
  /// --seed, or the procedural terrain's seed.
  std::uint32_t seed = 1;
};
ScenOptions parse_scen_options(Flags& flags);

/// The values navcli sweep sweeps; each list holds at least one.
struct SweepGrid {
  std::vector<double> max_slopes;
  std::vector<double> slope_weights;
  std::vector<nav::CostModelKind> costs;
  std::vector<nav::Heuristic> heuristics;
  std::vector<bool> climb_bounds;
  std::vector<double> weights;
};

/// navcli sweep.
struct SweepOptions {
  SweepGrid grid;
  TerrainOptions terrain;
  CostOptions cost;
  nav::SearchOptions base_search;
  std::string scen;
  std::filesystem::path dir;
  bool charts = true;
};
SweepOptions parse_sweep_options(Flags& flags);

/// navcli requests.
struct RequestsOptions {
  TerrainOptions terrain;
  CostOptions cost;
  nav::SearchOptions search;
  int count = 0;
  int threads = 0;
  double budget_us = 0.0;
  double frame_ms = 1000.0 / 60.0;
  int radius = 0;
  std::uint32_t seed = 1;
};
RequestsOptions parse_requests_options(Flags& flags);

/// navcli edits.
struct EditsOptions {
  TerrainOptions terrain;
  CostOptions cost;
  int count = 0;
  int radius = 0;
  std::uint32_t seed = 1;
  bool check = false;
  bool revert = false;
};
EditsOptions parse_edits_options(Flags& flags);

/// navcli batch.
struct BatchOptions {
  /// --compat r.walk: set, and pairs, out and threads the only other members
  /// used (pairs in samples or CRS metres).
  std::optional<RwalkSurfaceOptions> rwalk;
  TerrainOptions terrain;
  CostOptions cost;
  nav::SearchOptions search;
  /// --pairs: the pairs CSV (pairs_csv.hpp).
  std::string pairs;
  /// --out: the results CSV.
  std::string out;
  /// --threads: query threads (1: serial); none: every core.
  std::optional<int> threads;
  /// --also-price: models each found path is also priced under, in the
  /// order given, none twice.
  std::vector<nav::CostModelKind> also_price;
};
BatchOptions parse_batch_options(Flags& flags);

}  // namespace terranav::navcli
