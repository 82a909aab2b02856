// navcli: the nav module from the command line. Subcommands: path (one
// query), bench (replay a .scen), scen (write one), sweep (a grid of
// settings). Errors: one `navcli: ...` line on stderr, exit status 2 for a
// bad command line, 1 for a failed load, build or run.
#include <algorithm>
#include <array>
#include <cstdio>
#include <exception>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli_limits.hpp"
#include "commands.hpp"
#include "flags.hpp"
#include "provenance.hpp"
#include "terrain_options.hpp"
#include "terranav/nav/limits.hpp"
#include "terranav/nav/printable_text.hpp"
#include "terranav/nav/version.hpp"

namespace navcli = terranav::navcli;

namespace {

constexpr const char* kUsage =
    "usage:\n"
    "  navcli path TERRAIN [COST] [SEARCH] --from X,Y --to X,Y\n"
    "             [--png OUT.png [--png-scale PIXELS_PER_TILE] [--show-sets]]\n"
    "             [--geojson FILE] [--csv FILE]\n"
    "      One query between tiles (X = column, Y = row). Prints one JSON object:\n"
    "      {\"status\": \"found\"|\"unreachable\"|\"invalid_start\"|\"invalid_goal\",\n"
    "       \"cost\": model units or null, \"expanded\", \"generated\", \"heap_operations\",\n"
    "       \"time_us\": query time, \"build_ms\": graph + connected sets, \"path\": [[X, Y], "
    "...],\n"
    "       \"path_m\": [[x, z], ...] metres, and on the surface (docs/continuous-model.md;\n"
    "       not for the seed model) \"length_m\", \"ascent_m\", \"descent_m\",\n"
    "       \"surface_cost\", \"surface_fault\" (\"none\" or why a piece is not walkable),\n"
    "       \"provenance\"}\n"
    "      --png draws the terrain (hillshade coloured by height, unwalkable tiles red,\n"
    "      blocked dark) and the path; --show-sets adds the closed (blue) and open\n"
    "      (yellow) sets. Default scale: the longer side at least 512 pixels.\n"
    "      --geojson: the path as a GeoJSON Feature (LineString of [x, y, z]; null\n"
    "      geometry when not found) with status, cost, cost_unit, length_m, ascent_m,\n"
    "      descent_m, model and provenance; --csv: x,y,z,distance_m,cost_UNIT per vertex\n"
    "      (cumulative, on the surface) and FILE.meta.json. x, y: the DEM's CRS when\n"
    "      georeferenced, else nav metres x east and y = -z north. Not for the seed model.\n"
    "  navcli bench TERRAIN [COST] [SEARCH] --scen FILE [--check] [--budget-us B]\n"
    "             [--paths FILE] [--reference-radius R] [--out FILE] [--summary FILE]\n"
    "      Replays every row of a Moving AI .scen (positions in tiles; each row's map\n"
    "      size must be the graph's TW x TD). Prints a TSV header and one line per\n"
    "      query (id, status, expanded, generated, time_us, cost (empty unless found),\n"
    "      optimal, ok = 1 when the cost matches within 1e-6 * max(1, optimal)) on\n"
    "      stdout, or to --out FILE with FILE.meta.json; then a JSON summary line\n"
    "      {queries, mismatches, median_us, p95_us, mean_expanded, expansions_per_s,\n"
    "       build_ms, bytes_per_tile (graph + search memory), provenance} on stderr\n"
    "      after the progress, or to --summary FILE. --check: exit 1 on any\n"
    "      mismatch. --budget-us: each query runs sliced, in steps of B microseconds;\n"
    "      adds a slices column and to the summary slices (mean steps per query),\n"
    "      overrun_p50_us, overrun_p99_us, overrun_p999_us (percentiles of step time\n"
    "      minus B) and idle_overrun_p999_us: the same for an idle step of B us run\n"
    "      after each step (a loop reading the clock), what the machine alone adds.\n"
    "      --paths: one JSON line per query, {\"query\", \"status\", \"cost\", \"path\": [[x, z],\n"
    "      ...] metres} (and FILE.meta.json). With --any-angle each query runs as a grid and as an "
    "any-angle\n"
    "      path in one run, both priced on the surface; columns id, status, grid_us,\n"
    "      any_us, grid_cost, grid_surface_cost, grid_feasible, any_cost, any_vertices,\n"
    "      reference, any_over_reference, grid_over_reference, ok (feasible and no\n"
    "      costlier than a feasible grid path); the reference is the dense search of\n"
    "      radius R (--reference-radius) or else the .scen's optimal column; summary\n"
    "      {found, failures, median_grid_us, median_any_us, time_ratio, ratio\n"
    "       percentiles, below_reference, grid_infeasible, ...}.\n"
    "  navcli scen TERRAIN [COST] --queries N [--seed S] --out FILE\n"
    "             [--any-angle [--reference-radius R]]\n"
    "      N random start/goal pairs in one connected set (seed S, default 1; with\n"
    "      --procedural the terrain's seed), optimal costs by Dijkstra, written as a\n"
    "      Moving AI .scen (version 1, bucket = floor(cost / 4), 8 decimals; map column\n"
    "      = the map's file name or procedural-SIZE-seed-S). --any-angle: the optimal\n"
    "      column is the dense reference on the surface (radius R, default 4: 48\n"
    "      directions), the any-angle ruler, instead of the grid's optimum. Writes\n"
    "      FILE.meta.json (provenance) beside it.\n"
    "  navcli sweep TERRAIN [COST] [SEARCH] --scen FILE --out DIR [--no-charts]\n"
    "      with lists: --max-slope A,B,.. --slope-weight .. --cost .. --heuristic ..\n"
    "      --climb-bound on,off --weight ..: replays the .scen for every combination;\n"
    "      writes DIR/sweep.csv (queries, found, unreachable, common = found in every\n"
    "      cell; over the common queries: mean cost, mean suboptimality = cost / optimum\n"
    "      - 1, mean expanded, median time), DIR/sweep.csv.meta.json and DIR/<metric>.png\n"
    "      charts drawn by gnuplot (found_fraction too). The optimum is each cell's own:\n"
    "      Dijkstra under its cost model, slope weight and max slope (any-angle: the\n"
    "      dense surface reference, radius 4), not the .scen's optimal column.\n"
    "  navcli requests TERRAIN [COST] [SEARCH] --count N --frame-budget-us B\n"
    "             [--threads K] [--frame-ms F] [--radius R] [--seed S]\n"
    "      N random requests between tiles of the largest set (goal within R tiles of\n"
    "      the start when R > 0), submitted at once to a path request queue that\n"
    "      K worker threads serve (K = 0: the main thread, B microseconds a frame);\n"
    "      one update() per frame of F ms (default 16.667), the rest asleep. Prints\n"
    "      {requests, threads, frame_budget_us, frames, frame_p50_us, frame_p99_us,\n"
    "       frame_max_us (main-thread time per frame), all_done_ms, mean_expanded,\n"
    "       mismatches (answers unlike a plain A*'s; exit 1 if any), provenance}.\n"
    "  navcli edits TERRAIN [COST] --count N --radius R [--seed S] [--revert] [--check]\n"
    "      N random edits of radius R tiles at uniform places (raise, lower, flatten,\n"
    "      block or unblock a (2R+1)^2 footprint; paint a class with --class-table),\n"
    "      each updating heights, graph, connected sets, quadtree and multipliers in\n"
    "      place. --revert undoes each edit right after it (timed too), so every edit\n"
    "      meets the loaded terrain instead of one roughened by the edits before.\n"
    "      Prints {edits, updates, changed, radius_tiles, update_p50_us, update_p99_us,\n"
    "      update_max_us, rebuild_ms (a full rebuild, median of 3), rebuild_over_p99,\n"
    "      bytes_per_tile, provenance}; --check compares the state with a full rebuild\n"
    "      after every update and adds mismatches (exit 1 if any, the first one on\n"
    "      stderr).\n"
    "  navcli cost-surface TERRAIN [COST] --from X,Y[;X,Y...] --out COST.tif\n"
    "             [--backlink DIR.tif]\n"
    "      The least cost from the nearest source tile to every tile (Dijkstra), written\n"
    "      as a Float64 GeoTIFF, one pixel per tile, unreachable tiles NaN (nodata).\n"
    "      A GeoTIFF map's CRS and placement carry over (tile pixels centred on the\n"
    "      tile centres); any other map is placed in nav metres, easting = x, northing\n"
    "      = -z, no CRS. --backlink: a Float32 raster of the direction from each tile\n"
    "      to the tile it is reached from, degrees counter-clockwise from east, east =\n"
    "      360 (GRASS r.walk's convention), NaN at sources. Needs a build with GDAL.\n"
    "      Prints {sources, reached (tiles), max_cost, surface_ms, write_ms, total_ms}.\n"
    "      navcli path TERRAIN [COST] --from-surface COST.tif --to X,Y traces the\n"
    "      least-cost path back on such a surface (same terrain and cost flags).\n"
    "  navcli cost-surface --compat r.walk --map DEM.tif --from X,Y[;X,Y...] --out T.tif\n"
    "             [--backlink DIR.tif] [--topology octile8|knight16] [--walk-coeff a,b,c,d]\n"
    "             [--slope-factor S] [--friction F.tif] [--lambda L]\n"
    "      GRASS r.walk's walking-time surface, bit for bit (docs/rwalk.md): nodes are\n"
    "      the DEM's samples (--from: column,row), output on the DEM's grid, no slope\n"
    "      limit; knight16 = r.walk -k; --backlink = its outdir. Prints the JSON above\n"
    "      plus read_ms (opening the DEM; its samples are read within surface_ms).\n"
    "  navcli path --compat r.walk --map DEM.tif --from X,Y --to X,Y [--topology T]\n"
    "             [--walk-coeff a,b,c,d] [--slope-factor S] [--friction F.tif] [--lambda L]\n"
    "             [--geojson FILE] [--csv FILE]\n"
    "      The least walking time between two samples (column,row) under r.walk's\n"
    "      rules: cost = cost-surface --compat r.walk's value at the goal, bit for bit.\n"
    "      Prints {status (\"found\"|\"unreachable\"|\"invalid_start\": a start on\n"
    "       nodata), cost (s), expanded (samples settled), time_us, path: [[X, Y], ...]\n"
    "       samples, length_m, ascent_m, descent_m, provenance}; --geojson/--csv as\n"
    "      path's, vertices at the pixel centres in the DEM's CRS, cost = time so far.\n"
    "  navcli batch --compat r.walk --map DEM.tif --pairs PAIRS.csv --out RESULTS.csv\n"
    "             [--threads K] [the walking-time flags of path --compat r.walk]\n"
    "      batch under r.walk's rules: pairs id,from_i,from_j,to_i,to_j (samples) or\n"
    "      id,from_e,from_n,to_e,to_n (the nearest sample); one surface per distinct\n"
    "      start, shared by its rows (expanded: the samples it settled; time_us: its\n"
    "      time plus the row's trace). batch's columns, cost_s.\n"
    "  navcli batch TERRAIN [COST] [SEARCH] --pairs PAIRS.csv --out RESULTS.csv\n"
    "             [--threads K] [--also-price MODEL,...]\n"
    "      One query per row of PAIRS.csv, whose header names the coordinates:\n"
    "      id,from_i,from_j,to_i,to_j (tiles), id,from_x,from_z,to_x,to_z (nav metres)\n"
    "      or id,from_e,from_n,to_e,to_n (CRS metres; a georeferenced map). K threads\n"
    "      (default: every core; 1: serial), each with its own search. Writes\n"
    "      RESULTS.csv in input order: id,status,cost_<unit>,length_m,ascent_m,\n"
    "      descent_m,expanded,time_us and <model>_cost_<unit> per --also-price model\n"
    "      (the same path priced under it; units m, s for tobler, steps for seed);\n"
    "      empty numbers unless found. Prints {pairs, found, unreachable, invalid,\n"
    "      threads, wall_ms, queries_per_s, provenance}.\n"
    "  navcli --help\n"
    "  navcli --version\n"
    "      Prints navcli VERSION (commit HASH), the commit only when built from git.\n"
    "Progress of bench, scen and sweep goes to stderr (of batch, on a terminal).\n"
    "Provenance (terranav version and commit, command line, input and its SHA-256,\n"
    "cost model, topology, max slope, seed): a \"provenance\" member in JSON output,\n"
    "a FILE.meta.json beside each CSV/TSV/.scen file.\n"
    "Exit status: 0 done, 1 load/build/run error (or a bench --check mismatch),\n"
    "2 bad command line.\n\n";

struct Command {
  std::string_view name;
  int (*run)(navcli::Flags&);
};

constexpr std::array kCommands = {Command{"path", navcli::run_path},
                                  Command{"bench", navcli::run_bench},
                                  Command{"scen", navcli::run_scen},
                                  Command{"sweep", navcli::run_sweep},
                                  Command{"requests", navcli::run_requests},
                                  Command{"edits", navcli::run_edits},
                                  Command{"cost-surface", navcli::run_cost_surface},
                                  Command{"batch", navcli::run_batch}};

int dispatch(std::span<const std::string_view> args) {
  if (std::find(args.begin(), args.end(), "--help") != args.end()) {
    std::fputs(kUsage, stdout);
    std::fputs(navcli::kTerrainOptionsUsage, stdout);
    std::fputs("Limits (a value outside is refused, naming its flag or sidecar key):\n", stdout);
    std::fputs(terranav::nav::limits_table().c_str(), stdout);
    std::fputs(terranav::nav::limits_table(navcli::kCliLimits).c_str(), stdout);
    return 0;
  }
  if (std::find(args.begin(), args.end(), "--version") != args.end()) {
    std::string line = "navcli ";
    line.append(terranav::nav::version());
    if (const std::string_view commit = terranav::nav::git_commit(); !commit.empty()) {
      line.append(" (commit ").append(commit).append(")");
    }
    std::puts(line.c_str());
    return 0;
  }
  if (args.empty()) {
    throw navcli::UsageError("missing command (see navcli --help)");
  }
  const auto command = std::find_if(kCommands.begin(), kCommands.end(),
                                    [&](const Command& c) { return c.name == args[0]; });
  if (command == kCommands.end()) {
    throw navcli::UsageError("unknown command '" + std::string(args[0]) + "' (see navcli --help)");
  }
  navcli::Flags flags(args.subspan(1));
  return command->run(flags);
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string_view> command_line(argv, argv + argc);
  navcli::set_command_line(command_line);
  const std::span<const std::string_view> args =
      std::span(command_line).subspan(command_line.empty() ? 0 : 1);
  try {
    return dispatch(args);
  } catch (const navcli::UsageError& e) {
    std::fprintf(stderr, "navcli: %s\n", terranav::nav::printable_text(e.what()).c_str());
    return 2;
  } catch (const std::exception& e) {  // nav::Error, file errors, bad_alloc
    std::fprintf(stderr, "navcli: %s\n", terranav::nav::printable_text(e.what()).c_str());
    return 1;
  }
}
