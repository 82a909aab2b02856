// The navcli subcommands. Each takes its flags, runs, prints its results on
// stdout and returns the exit status; a bad flag throws UsageError (exit 2),
// a failed load or run throws another std::exception (exit 1).
#pragma once

#include "command_options.hpp"
#include "flags.hpp"

namespace terranav::navcli {

/// One query, printed as one JSON object; optionally a PNG of it.
int run_path(Flags& flags);
/// path --compat r.walk (rwalk_path_command.cpp).
int run_rwalk_path(const PathOptions& options);
/// Replays a .scen: a TSV line per query, then a JSON summary.
int run_bench(Flags& flags);
/// bench --any-angle: every query as a grid path and as an any-angle path,
/// both priced on the surface, against a reference.
int run_any_angle_bench(const BenchOptions& options);
/// Writes random queries with Dijkstra-optimal costs as a .scen.
int run_scen(Flags& flags);
/// Replays a .scen over a grid of settings: CSV plus gnuplot charts.
int run_sweep(Flags& flags);
/// Serves random path requests through a PathRequestQueue frame by frame.
int run_requests(Flags& flags);
/// Times random terrain edits against a full rebuild.
int run_edits(Flags& flags);
/// The accumulated cost from source tiles to every tile, as a GeoTIFF.
int run_cost_surface(Flags& flags);
/// cost-surface --compat r.walk (rwalk_surface_command.cpp).
int run_rwalk_surface(const CostSurfaceOptions& options);
/// Answers the pairs of a CSV on K threads: a CSV row per pair, then a JSON
/// summary.
int run_batch(Flags& flags);

}  // namespace terranav::navcli
