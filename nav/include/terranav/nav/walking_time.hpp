// Accumulated walking time over a DEM, exactly as GRASS GIS r.walk computes
// it (docs/rwalk.md): the nodes are the DEM samples (pixel centres), not
// terranav's tiles, and each step is priced by Aitken's (1977) rule as
// Langmuir (1984) corrected it for downhill slopes, plus an optional
// friction term. Standard library only; the raster in and out is the
// caller's (terrain_io's load_raster_grid reads one).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "terranav/nav/cost_model.hpp"

namespace terranav::nav {

/// A DEM sample: column (east) and row (south), both from 0.
struct GridSample {
  std::int32_t column = 0;
  std::int32_t row = 0;
};

/// The rasters r.walk reads, row-major (row 0 = north), width * depth each.
/// The spans are not copied: they must outlive the call.
struct WalkingTimeGrid {
  std::int32_t width = 0;  ///< columns [Limits: >= 1]
  std::int32_t depth = 0;  ///< rows [Limits: >= 1]
  /// Elevation in metres; NaN = nodata (never entered).
  std::span<const double> elevation_m;
  /// Friction in seconds per metre, [Limits: >= 0]; NaN = nodata (never
  /// entered, and blocks the knight's moves passing it). Empty = 0
  /// everywhere (r.walk with a constant-0 friction map).
  std::span<const double> friction_s_per_m;
  double ew_res_m = 1.0;  ///< east-west sample spacing [Units: metres] [Limits: > 0]
  double ns_res_m = 1.0;  ///< north-south sample spacing [Units: metres] [Limits: > 0]
  /// Instead of elevation_m (then empty): fills `rows` with the elevations
  /// of rows first_row to first_row + rows.size() / width - 1, as
  /// elevation_m would hold them. walking_time calls it for each block of
  /// rows in turn, from row 0, and copies each block into its own layout:
  /// so a caller reading a file need not hold a copy of the whole raster
  /// (terrain_io's RasterGridReader::read fits). What it throws propagates.
  std::function<void(std::int32_t first_row, std::span<double> rows)> elevation_rows{};
};

/// r.walk's parameters, with its defaults.
struct WalkingTimeOptions {
  /// walk_coeff a, b, c, d and slope_factor: units, defaults and limits on
  /// WalkCoefficients (cost_model.hpp), checked by validate(walk).
  WalkCoefficients walk{};
  /// Weight of the friction term. [Limits: finite, >= 0]
  double lambda = 1.0;
  /// 16 neighbours (r.walk -k: the 8 plus the knight's moves) instead of 8.
  bool knight_moves = false;
  /// Where the walk starts (time 0); several = the least time from any.
  /// [Limits: at least one, each inside the grid]
  std::vector<GridSample> starts;
  /// Also compute r.walk's outdir raster.
  bool directions = false;
  /// Stop as soon as every one of these samples is settled (its time
  /// final), for queries that need only their times and back-links (a path
  /// between two samples). Only the settled samples' times and directions
  /// are then final; the others hold upper bounds or NaN. Empty: the whole
  /// grid. [Limits: each inside the grid]
  std::vector<GridSample> goals;
  /// Threads that search together (Dial's buckets in rounds, as delta
  /// stepping: the same times; where several predecessors give the same
  /// least time, perhaps another direction), at most a quarter of the
  /// grid's stripes of 32 to 64 rows, rounded down to a power of two; 0:
  /// every CPU this process may use (usable_cpus), up to 4, for grids of
  /// at least 2^20 samples, else 1. Searches with goals, and those on the
  /// radix heap, use one; so does one whose threads cannot be started.
  /// [Limits: 0 to 256]
  int threads = 1;
};

/// The surface: width * depth each, row-major.
struct WalkingTimeSurface {
  /// Least walking time from a start, seconds; NaN at nodata and
  /// unreachable samples; 0 at the starts.
  std::vector<double> time_s;
  /// Only with options.directions: r.walk's outdir, the direction from each
  /// sample back to the sample it is reached from, degrees counter-clockwise
  /// from east (east = 360, knight's moves at odd multiples of 22.5); NaN at
  /// the starts and where time_s is NaN. Where several predecessors give the
  /// same least time, which one is written depends on the order of the
  /// search (so it may differ from r.walk's choice there).
  std::vector<float> direction_deg;
  /// Samples settled (taken from the open set with their final time): the
  /// work done; without `goals`, the samples whose time_s is not NaN.
  std::size_t settled = 0;
  /// The largest time_s that is not NaN, seconds (0 when only starts are).
  double max_time_s = 0.0;
};

/// The step back that a WalkingTimeSurface::direction_deg value names: the
/// column and row offsets from a sample to the one it is reached from
/// (north = row - 1), or nullopt when `deg` is none of r.walk's 16
/// directions (NaN at a start included). O(1).
std::optional<GridSample> walking_time_back_step(float deg);

/// Throws Error ("walking time: lambda must be finite and >= 0, got -1")
/// unless `lambda`, WalkingTimeOptions::lambda, is within its limits. O(1).
void validate_lambda(double lambda);

/// r.walk's accumulated walking time (GRASS GIS 8.2, raster/r.walk/main.c;
/// rules and evidence in docs/rwalk.md): Dijkstra over the samples from the
/// starts outwards. A step from u to neighbour v at horizontal distance D
/// (ew_res, ns_res, the diagonal, or for knight's moves sqrt(4 ns² + ew²)
/// two rows away and sqrt(ns² + 4 ew²) two columns away), dh = z(v) - z(u):
///   time(v) = time(u) + dh * (b if dh/D >= 0, d if dh/D < slope_factor,
///             else c) + D * a + lambda * F * D,
/// F = the mean friction of u and v (of u, v and the two samples a knight's
/// move passes). Evaluated in r.walk's operation order, so the times are
/// bit-identical to r.walk's. Diagonal steps pass nodata corners; knight's
/// moves are blocked only by nodata friction in the samples they pass. A
/// start on nodata keeps time 0 and is not left.
/// Throws Error naming the field for: a size < 1, raster sizes that are not
/// width * depth (or elevation_m given beside elevation_rows), a spacing not
/// finite and > 0, an infinite elevation, a friction that is negative or
/// infinite, coefficients outside their limits (validate(options.walk)), a
/// lambda outside its own (validate_lambda), threads outside its limits, no
/// start, a start or goal outside the grid.
/// O(N) time for N samples with its bucket queue (Dial 1969; buckets half
/// the least step wide, so each sample is settled once); up to 64 moves an
/// entry with the radix heap it uses when the largest step would need over
/// 2^18 buckets (heights of thousands of km over cm spacing). O(N) memory:
/// 16 bytes a sample for elevation and time, 4 for directions, and the
/// open set (4 bytes an entry, in chunks of 1 KiB: 119 chunks at the peak
/// on 3601 x 3601 samples with 8 neighbours, 215 with 16). On an x86 processor with AVX2 a
/// sample's steps are priced four at a time (the same times; 1.9 to 2.2
/// times faster on one thread, docs/rwalk.md section 21); the environment
/// variable TERRANAV_SCALAR_STEPS, when set, prices them one by one, as
/// other processors do. On two threads 1.5 times faster than on one
/// (1025 x 1025 samples, 8 and 16 neighbours, section 21).
WalkingTimeSurface walking_time(const WalkingTimeGrid& grid, const WalkingTimeOptions& options);

}  // namespace terranav::nav
