#include "terranav/nav/walking_time.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>

#include "huge_pages.hpp"
#include "number_text.hpp"
#include "terranav/nav/cpus.hpp"
#include "terranav/nav/types.hpp"
#include "walking_time_search.hpp"

namespace terranav::nav {
namespace {

using detail::Entry;
using detail::kCell;
using detail::kTime;
using detail::number_text;
using detail::Step;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Knight's moves reach two samples away: a border of two NaN samples makes
// every neighbour an index into the padded arrays, and NaN elevation is
// never entered (section 5 of docs/rwalk.md), so no bounds checks.
constexpr std::int32_t kPad = 2;
// Most buckets the search may use (6 MiB of empty vectors).
constexpr double kMaxBuckets = 1 << 18;
// WalkingTimeOptions::threads = 0 runs in parallel from this many samples.
constexpr std::size_t kParallelSamples = std::size_t{1} << 20;
constexpr int kMaxThreads = 256;
// Threads that 0 (every core) asks for at most: measured on 2 cores only.
constexpr std::size_t kAutoThreads = 4;

// r.walk's 16 moves in its visiting order [M 1097-1209]: (row, column)
// offsets and the outdir value written at the target (back towards u).
struct Move {
  std::int32_t drow;
  std::int32_t dcol;
  float back_deg;
};
constexpr std::array<Move, 16> kMoves = {{{0, -1, 360.0f},
                                          {0, 1, 180.0f},
                                          {-1, 0, 270.0f},
                                          {1, 0, 90.0f},
                                          {-1, -1, 315.0f},
                                          {-1, 1, 225.0f},
                                          {1, 1, 135.0f},
                                          {1, -1, 45.0f},
                                          {-2, -1, 292.5f},
                                          {-2, 1, 247.5f},
                                          {2, 1, 112.5f},
                                          {2, -1, 67.5f},
                                          {-1, -2, 337.5f},
                                          {-1, 2, 202.5f},
                                          {1, 2, 157.5f},
                                          {1, -2, 22.5f}}};

[[noreturn]] void refuse(const std::string& problem) {
  throw Error("walking time: " + problem);
}

// Checks everything but the elevations' values (padded_elevation checks
// those as it copies them); returns the largest friction.
double check(const WalkingTimeGrid& grid, const WalkingTimeOptions& o) {
  if (grid.width < 1 || grid.depth < 1) {
    refuse("grid size " + std::to_string(grid.width) + " x " + std::to_string(grid.depth) +
           " (need at least 1 x 1)");
  }
  // The padded grid is indexed by 32-bit node numbers.
  const auto padded = static_cast<std::uint64_t>(grid.width + 2 * kPad) *
                      static_cast<std::uint64_t>(grid.depth + 2 * kPad);
  if (padded > std::numeric_limits<std::uint32_t>::max()) {
    refuse("grid " + std::to_string(grid.width) + " x " + std::to_string(grid.depth) +
           " has too many samples");
  }
  const std::size_t n = static_cast<std::size_t>(grid.width) * static_cast<std::size_t>(grid.depth);
  if (grid.elevation_rows && !grid.elevation_m.empty()) {
    refuse("elevation has " + std::to_string(grid.elevation_m.size()) +
           " samples beside elevation_rows, expected none");
  }
  if (!grid.elevation_rows && grid.elevation_m.size() != n) {
    refuse("elevation has " + std::to_string(grid.elevation_m.size()) + " samples, expected " +
           std::to_string(n) + " (width x depth)");
  }
  if (!grid.friction_s_per_m.empty() && grid.friction_s_per_m.size() != n) {
    refuse("friction has " + std::to_string(grid.friction_s_per_m.size()) + " samples, expected " +
           std::to_string(n) + " (width x depth)");
  }
  for (const auto& [name, res] :
       {std::pair{"ew_res_m", grid.ew_res_m}, {"ns_res_m", grid.ns_res_m}}) {
    if (!(std::isfinite(res) && res > 0.0))
      refuse(std::string(name) + " must be finite and > 0, got " + number_text(res));
  }
  double max_friction = 0.0;
  for (std::size_t k = 0; k < grid.friction_s_per_m.size(); ++k) {
    const double f = grid.friction_s_per_m[k];
    max_friction = f > max_friction ? f : max_friction;
    if (std::isinf(f) || f < 0.0) {
      refuse("friction at sample (" + std::to_string(k % grid.width) + ", " +
             std::to_string(k / grid.width) + ") is " + number_text(f) +
             " s/m (need >= 0, or NaN for nodata)");
    }
  }
  try {
    validate(o.walk);
  } catch (const Error& e) {
    refuse(e.what());
  }
  validate_lambda(o.lambda);
  if (o.threads < 0 || o.threads > kMaxThreads) {
    refuse("threads must be 0 (every core) to " + std::to_string(kMaxThreads) + ", got " +
           std::to_string(o.threads));
  }
  if (o.starts.empty()) refuse("no start sample");
  for (const auto& [what, samples] : {std::pair{"start", &o.starts}, {"goal", &o.goals}}) {
    for (const GridSample s : *samples) {
      if (s.column < 0 || s.column >= grid.width || s.row < 0 || s.row >= grid.depth) {
        refuse(std::string(what) + " sample (" + std::to_string(s.column) + ", " +
               std::to_string(s.row) + ") is outside the " + std::to_string(grid.width) + " x " +
               std::to_string(grid.depth) + " grid");
      }
    }
  }
  return max_friction;
}

// The elevations' range, taken a block of rows at a time. Comparisons skip
// NaN, as fmin/fmax would, without their calls (5% of the whole command on
// 3601 x 3601 samples). Four lanes, and an infinite sample looked for only
// once one is known, so that the loop vectorises: 3.3 -> 1.0-1.5 ms for
// 1025 x 1025 in the r.walk command.
class HeightRange {
 public:
  // Takes rows first_row on, `width` samples each. Throws Error naming the
  // first infinite sample.
  void take(std::span<const double> z, std::int32_t first_row, std::int32_t width) {
    const auto lane = [&](std::size_t j, double v) {
      low_[j] = v < low_[j] ? v : low_[j];
      high_[j] = v > high_[j] ? v : high_[j];
      const double a = std::fabs(v);
      largest_[j] = a > largest_[j] ? a : largest_[j];
    };
    const std::size_t n = z.size();
    std::size_t i = 0;
    for (; i + 4 <= n; i += 4) {
      for (std::size_t j = 0; j < 4; ++j) lane(j, z[i + j]);
    }
    for (; i < n; ++i) lane(0, z[i]);
    if (std::find(largest_.begin(), largest_.end(), kInf) != largest_.end()) {
      const auto at = static_cast<std::size_t>(
          std::find_if(z.begin(), z.end(), [](double v) { return std::isinf(v); }) - z.begin());
      refuse("elevation at sample (" + std::to_string(at % width) + ", " +
             std::to_string(first_row + static_cast<std::int32_t>(at / width)) + ") is infinite");
    }
  }
  // The highest minus the lowest sample, 0 without any but NaN.
  double relief() const {
    const double lowest = std::min({low_[0], low_[1], low_[2], low_[3]});
    const double highest = std::max({high_[0], high_[1], high_[2], high_[3]});
    return highest > lowest ? highest - lowest : 0.0;
  }

 private:
  std::array<double, 4> low_ = {kInf, kInf, kInf, kInf};
  std::array<double, 4> high_ = {-kInf, -kInf, -kInf, -kInf};
  std::array<double, 4> largest_ = {0.0, 0.0, 0.0, 0.0};  // |z|
};

// The threads a surface search runs on: `requested`, or with 0 every core
// up to kAutoThreads from kParallelSamples samples on; at most a quarter
// of the stripes (`nodes` padded samples in stripes of 2^stripe_bits), so
// that each thread owns a few; rounded down to a power of two
// (run_parallel's ownership).
std::size_t search_threads(int requested, std::size_t samples, std::size_t nodes, int stripe_bits) {
  std::size_t threads = 1;
  if (requested > 0) {
    threads = static_cast<std::size_t>(requested);
  } else if (samples >= kParallelSamples) {
    threads = std::clamp<std::size_t>(usable_cpus(), 1, kAutoThreads);
  }
  const std::size_t stripes = (nodes >> stripe_bits) + 1;
  return std::bit_floor(std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(stripes / 4, 1)));
}

}  // namespace

void validate_lambda(double lambda) {
  if (!(std::isfinite(lambda) && lambda >= 0.0)) {
    refuse("lambda must be finite and >= 0, got " + number_text(lambda));
  }
}

namespace {

// The rows the copies below take at a time: about 256 KiB of doubles, at
// least one row.
std::int32_t block_rows(std::int32_t width) {
  constexpr std::size_t kBlockSamples = std::size_t{1} << 15;
  return static_cast<std::int32_t>(
      std::max<std::size_t>(1, kBlockSamples / static_cast<std::size_t>(width)));
}

// A copy of a raster inside a border of kPad NaN samples, sample k of the
// padded grid at [k * stride]; the `stride - 1` values after each are
// `between`. `rows_of(first_row, rows)` gives the raster's rows a block at a
// time, in order, as a span.
template <typename Rows>
std::vector<double> padded(const Rows& rows_of, std::int32_t width, std::int32_t depth,
                           std::size_t stride, double between) {
  const std::size_t pw = static_cast<std::size_t>(width + 2 * kPad);
  const std::size_t size = pw * static_cast<std::size_t>(depth + 2 * kPad) * stride;
  // Written once, in order, into memory advised before its first touch:
  // filling it first and copying after wrote it twice (9-10 ms of a cold
  // 1025 x 1025 search).
  std::vector<double> out;
  out.reserve(size);
  detail::advise_huge_pages(out.data(), size * sizeof(double));
  const auto sample = [&out, stride, between](double value) {
    out.push_back(value);
    for (std::size_t k = 1; k < stride; ++k) out.push_back(between);
  };
  const auto border = [&sample](std::size_t samples) {
    for (std::size_t k = 0; k < samples; ++k) sample(kNaN);
  };
  const auto w = static_cast<std::size_t>(width);
  const std::int32_t block = block_rows(width);
  border(kPad * pw + kPad);
  for (std::int32_t first = 0; first < depth; first += block) {
    const std::int32_t rows = std::min(block, depth - first);
    const std::span<const double> values = rows_of(first, rows);
    for (std::int32_t r = 0; r < rows; ++r) {
      if (first + r > 0) border(2 * kPad);
      for (const double v : values.subspan(static_cast<std::size_t>(r) * w, w)) sample(v);
    }
  }
  border(kPad * pw + kPad);
  return out;
}

// The elevations padded as walking_time searches them: beside each its time
// (kInf), kCell doubles a sample. Read from grid.elevation_rows through a
// block buffer, or from grid.elevation_m. Returns their relief in `relief`.
// Throws Error for an infinite elevation.
std::vector<double> padded_elevation(const WalkingTimeGrid& grid, double& relief) {
  const auto w = static_cast<std::size_t>(grid.width);
  std::vector<double> block(
      grid.elevation_rows
          ? static_cast<std::size_t>(std::min(block_rows(grid.width), grid.depth)) * w
          : 0);
  HeightRange range;
  const auto rows_of = [&](std::int32_t first, std::int32_t rows) {
    const std::size_t count = static_cast<std::size_t>(rows) * w;
    std::span<const double> values;
    if (grid.elevation_rows) {
      const std::span<double> to(block.data(), count);
      grid.elevation_rows(first, to);
      values = to;
    } else {
      values = grid.elevation_m.subspan(static_cast<std::size_t>(first) * w, count);
    }
    range.take(values, first, grid.width);
    return values;
  };
  std::vector<double> cells = padded(rows_of, grid.width, grid.depth, kCell, kInf);
  relief = range.relief();
  return cells;
}

}  // namespace

std::optional<GridSample> walking_time_back_step(float deg) {
  for (const Move& m : kMoves) {
    if (m.back_deg == deg) return GridSample{.column = -m.dcol, .row = -m.drow};
  }
  return std::nullopt;
}

WalkingTimeSurface walking_time(const WalkingTimeGrid& grid, const WalkingTimeOptions& options) {
  const double max_friction = check(grid, options);
  const WalkCoefficients& walk = options.walk;
  const std::int32_t w = grid.width;
  const std::int32_t d = grid.depth;
  const std::ptrdiff_t pw = w + 2 * kPad;
  const bool friction = !grid.friction_s_per_m.empty();

  // r.walk's step lengths [M 373-377], in its expressions.
  const double ew = grid.ew_res_m;
  const double ns = grid.ns_res_m;
  const double diag = std::sqrt(ns * ns + ew * ew);
  const double v_diag = std::sqrt(4 * ns * ns + ew * ew);
  const double h_diag = std::sqrt(ns * ns + 4 * ew * ew);
  std::vector<Step> steps;
  for (std::size_t k = 0; k < (options.knight_moves ? 16u : 8u); ++k) {
    const Move m = kMoves[k];
    const int kind = std::abs(m.drow) * 4 + std::abs(m.dcol);
    const double dist = kind == 1   ? ew
                        : kind == 4 ? ns
                        : kind == 5 ? diag
                        : kind == 9 ? v_diag
                                    : h_diag;
    // p1 is the orthogonal neighbour on the move's long axis, p2 the diagonal.
    const std::int32_t r1 = std::abs(m.drow) == 2 ? m.drow / 2 : 0;
    const std::int32_t c1 = std::abs(m.dcol) == 2 ? m.dcol / 2 : 0;
    const std::int32_t r2 = std::abs(m.drow) == 2 ? m.drow / 2 : m.drow;
    const std::int32_t c2 = std::abs(m.dcol) == 2 ? m.dcol / 2 : m.dcol;
    steps.push_back({m.drow * pw + m.dcol, r1 * pw + c1, r2 * pw + c2, dist, 1.0 / dist,
                     dist * walk.a, m.back_deg, k >= 8});
  }

  double relief = 0.0;
  std::vector<double> cells = padded_elevation(grid, relief);
  const std::size_t nodes = cells.size() / kCell;
  const auto friction_rows = [&grid, w](std::int32_t first, std::int32_t rows) {
    return grid.friction_s_per_m.subspan(static_cast<std::size_t>(first) * w,
                                         static_cast<std::size_t>(rows) * w);
  };
  const std::vector<double> f =
      friction ? padded(friction_rows, w, d, 1, kNaN) : std::vector<double>();
  std::vector<float> dir;
  detail::assign_on_huge_pages(dir, options.directions ? nodes : 0, static_cast<float>(kNaN));
  std::vector<std::uint8_t> goal(options.goals.empty() ? 0 : nodes, 0);
  std::size_t goal_count = 0;
  for (const GridSample s : options.goals) {
    std::uint8_t& g = goal[static_cast<std::size_t>(s.row + kPad) * pw + (s.column + kPad)];
    goal_count += g == 0 ? 1 : 0;
    g = 1;
  }
  std::vector<Entry> starts;
  for (const GridSample s : options.starts) {
    const std::size_t node = static_cast<std::size_t>(s.row + kPad) * pw + (s.column + kPad);
    double& time = cells[node * kCell + kTime];
    if (time == 0.0) continue;  // the same start twice
    time = 0.0;
    starts.push_back({0.0, static_cast<std::uint32_t>(node)});
  }
  // Buckets when they are few enough, and the times small enough against
  // their width that rounding cannot move a step's end into its own bucket
  // (times stay below samples * largest step); else the radix heap.
  const double per_metre = walk.a + (walk.c > 0 ? walk.c * std::fmin(walk.slope_factor, 0.0) : 0.0);
  const double width = per_metre * std::fmin(ew, ns) / 2;
  const double longest = options.knight_moves ? std::fmax(v_diag, h_diag) : diag;
  const double largest_step =
      longest * (walk.a + options.lambda * max_friction) +
      relief * std::fmax(walk.b, std::fmax(std::abs(walk.c), std::abs(walk.d)));
  const double window = std::ceil(largest_step / width) + 2;
  const bool buckets = window <= kMaxBuckets && window * static_cast<double>(nodes) < 1e12;
  // Stripes of 32 to 64 rows: of 2^15 to 2^18 samples, stripes of 36 rows
  // were among the fastest on 3601 x 3601 and of 64 rows on 1025 x 1025
  // (narrower ones hand more steps over, wider ones balance worse).
  const auto stripe_bits = static_cast<int>(std::bit_width(static_cast<std::size_t>(32 * pw)));
  const std::size_t threads =
      buckets && options.goals.empty()
          ? search_threads(options.threads, static_cast<std::size_t>(w) * d, nodes, stripe_bits)
          : 1;
  const double margin = std::abs(walk.slope_factor) * 1e-15;
  const detail::SearchSpec spec{.cells = cells,
                                .f = f,
                                .o = options,
                                .steps = steps,
                                .dir = dir,
                                .goal = goal,
                                .goal_count = goal_count,
                                .row = pw,
                                .reach = options.knight_moves ? 2 : 1,
                                .steep_below = walk.slope_factor - margin,
                                .moderate_above = walk.slope_factor + margin,
                                .starts = starts,
                                .bucket_width = buckets ? width : 0.0,
                                .window = buckets ? static_cast<std::size_t>(window) : 0,
                                .threads = threads,
                                .stripe_bits = stripe_bits};
  // Four steps at a time where the processor has AVX2, unless
  // TERRANAV_SCALAR_STEPS is set (the tests compare both).
#ifdef TERRANAV_WALKING_TIME_AVX2
  const bool avx2 =
      __builtin_cpu_supports("avx2") != 0 && std::getenv("TERRANAV_SCALAR_STEPS") == nullptr;
  const std::size_t settled =
      avx2 ? detail::search_walking_time_avx2(spec) : detail::search_walking_time(spec);
#else
  const std::size_t settled = detail::search_walking_time(spec);
#endif

  // The times unpadded in place: sample (c, r) moves from cell (r + kPad) *
  // pw + c + kPad down to r * w + c. A copy would fault in 8 MB of fresh
  // pages for 1025 x 1025 samples, which on a VM costs tens of milliseconds.
  // A row's cells lie past the row it becomes (restrict: the loop
  // vectorises, 2.9 -> 0.8 ms for 1025 x 1025), and the largest time is
  // kept in four lanes (an order-free maximum, as in check()).
  std::array<double, 4> largest = {0.0, 0.0, 0.0, 0.0};
  for (std::int32_t r = 0; r < d; ++r) {
    const double* __restrict from =
        cells.data() + (static_cast<std::size_t>(r + kPad) * pw + kPad) * kCell + kTime;
    double* __restrict to = cells.data() + static_cast<std::size_t>(r) * w;
    std::int32_t c = 0;
    const auto move = [&](std::int32_t column, std::size_t lane) {
      const double time = from[static_cast<std::size_t>(column) * kCell];
      const bool reached = time != kInf;
      to[column] = reached ? time : kNaN;
      largest[lane] = reached && time > largest[lane] ? time : largest[lane];
    };
    for (; c + 4 <= w; c += 4) {
      for (std::size_t j = 0; j < 4; ++j) move(c + static_cast<std::int32_t>(j), j);
    }
    for (; c < w; ++c) move(c, 0);
  }
  const double max_time = std::max({largest[0], largest[1], largest[2], largest[3]});
  if (options.directions) {
    for (std::int32_t r = 0; r < d; ++r) {
      for (std::int32_t c = 0; c < w; ++c) {
        dir[static_cast<std::size_t>(r) * w + c] =
            dir[static_cast<std::size_t>(r + kPad) * pw + (c + kPad)];
      }
    }
  }
  const std::size_t n = static_cast<std::size_t>(w) * d;
  WalkingTimeSurface out;
  out.settled = settled;
  out.max_time_s = max_time;
  cells.resize(n);
  out.time_s = std::move(cells);
  if (options.directions) {
    dir.resize(n);
    out.direction_deg = std::move(dir);
  }
  return out;
}

}  // namespace terranav::nav
