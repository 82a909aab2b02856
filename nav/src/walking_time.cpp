#include "terranav/nav/walking_time.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <exception>
#include <limits>
#include <string>
#include <system_error>
#include <thread>
#include <type_traits>
#include <utility>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#include "huge_pages.hpp"
#include "number_text.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {
namespace {

using detail::number_text;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// Knight's moves reach two samples away: a border of two NaN samples makes
// every neighbour an index into the padded arrays, and NaN elevation is
// never entered (section 5 of docs/rwalk.md), so no bounds checks.
constexpr std::int32_t kPad = 2;
// Most buckets BucketQueue may use (6 MiB of empty vectors).
constexpr double kMaxBuckets = 1 << 18;
// Below this |dh| (metres), dh / D may underflow; climb() divides.
constexpr double kTinyDh = 1e-290;
// How many pops ahead the search prefetches a sample's neighbourhood: the
// bucket order scatters over the grid, and the reads of a popped sample's
// and its neighbours' times, cache misses, took 35-40% of the search for
// 1025 x 1025 samples. 4 to 16 ahead measured the same; 32 worse.
constexpr std::size_t kPrefetchAhead = 8;
// WalkingTimeOptions::threads = 0 runs in parallel from this many samples.
constexpr std::size_t kParallelSamples = std::size_t{1} << 20;
constexpr int kMaxThreads = 256;
// Threads that 0 (every core) asks for at most: measured on 2 cores only.
constexpr std::size_t kAutoThreads = 4;

// A hint that `address` is read soon (a GCC/Clang builtin; elsewhere none).
inline void prefetch(const void* address) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(address);
#else
  static_cast<void>(address);
#endif
}

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

// One move on the padded grid: index offsets and r.walk's constants.
struct Step {
  std::ptrdiff_t offset;
  std::ptrdiff_t p1;  // knight's moves only
  std::ptrdiff_t p2;
  double dist;      // D, metres
  double inv_dist;  // 1 / D
  double dist_a;    // D * a, as r.walk computes it
  float back_deg;
  bool knight;  // a knight's move: friction is the mean of four samples
};

// Four steps side by side, priced at once where the processor has AVX2
// (GCC/Clang vector extensions): taken one at a time, a step's branches
// (its slope's sign, settled or not, lower or not) mispredict about half
// the time on real terrain. Lowered to SSE2 the vectors were slower than
// single steps, so other processors take those, as does every run with
// TERRANAV_SCALAR_STEPS set (the tests compare both).
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define TERRANAV_STEP_VECTORS 1
using Doubles = double __attribute__((vector_size(32)));
using Masks = std::int64_t __attribute__((vector_size(32)));
struct Lanes {
  std::ptrdiff_t offset[4];
  std::ptrdiff_t p1[4];  // knight's moves only
  std::ptrdiff_t p2[4];
  Doubles dist;
  Doubles inv_dist;
  Doubles dist_a;
  bool knight;  // all four are knight's moves, or none
};
// The lanes whose mask is set, as bits 0-3 (each lane's sign bit).
__attribute__((target("avx2"))) inline unsigned bits(Masks m) noexcept {
  return static_cast<unsigned>(_mm256_movemask_pd(reinterpret_cast<__m256d>(m)));
}
bool step_vectors() noexcept {
  return __builtin_cpu_supports("avx2") != 0 && std::getenv("TERRANAV_SCALAR_STEPS") == nullptr;
}
#else
struct Lanes {};
bool step_vectors() noexcept {
  return false;
}
#endif

// The rounds' barrier: threads spin, then yield, instead of sleeping, since
// a round lasts tens of microseconds and a futex wake on a VM about as
// long (std::barrier made 2 threads slower than 1). A central counter and
// a round number (Mellor-Crummey & Scott 1991).
class SpinBarrier {
 public:
  explicit SpinBarrier(std::size_t threads) : expected_(threads) {}
  void arrive_and_wait() noexcept {
    const std::size_t round = round_.load(std::memory_order_acquire);
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == expected_) {
      arrived_.store(0, std::memory_order_relaxed);
      round_.store(round + 1, std::memory_order_release);
      return;
    }
    for (int spins = 0; round_.load(std::memory_order_acquire) == round; ++spins) {
      if (spins >= kSpins) std::this_thread::yield();
    }
  }

 private:
  static constexpr int kSpins = 1 << 12;
  const std::size_t expected_;
  std::atomic<std::size_t> arrived_{0};
  std::atomic<std::size_t> round_{0};
};

// A step into another thread's samples (run_parallel): the time it gives,
// its target and which step it is.
struct Handover {
  double time;
  std::uint32_t node;
  std::uint8_t step;
};

struct Entry {
  double time;
  std::uint32_t node;
};

// The open set: a radix heap (Ahuja, Mehlhorn, Orlin & Tarjan 1990) on the
// bits of the times. Dijkstra pops non-decreasing times, and non-negative
// doubles order as their bit patterns, so an entry lives in the bucket of
// the highest bit where it differs from the last time popped: push is
// O(1), and each entry moves down at most 64 buckets. Lazy deletion (an
// entry above its node's stored time is stale). The order among equal times
// is arbitrary; with positive steps the times do not depend on it
// (docs/rwalk.md section 6).
class OpenSet {
 public:
  bool empty() const noexcept { return size_ == 0; }
  void push(Entry e) {
    buckets_[bucket(bits(e.time))].push_back(e);
    ++size_;
  }
  Entry pop() {
    if (buckets_[0].empty()) {
      std::size_t i = 1;
      while (buckets_[i].empty()) ++i;
      std::vector<Entry>& from = buckets_[i];
      std::uint64_t least = bits(from.front().time);
      for (const Entry& e : from) least = std::min(least, bits(e.time));
      last_ = least;
      for (const Entry& e : from) buckets_[bucket(bits(e.time))].push_back(e);
      from.clear();
    }
    const Entry e = buckets_[0].back();
    buckets_[0].pop_back();
    --size_;
    return e;
  }
  // e.node's time was lowered to e.time (from any).
  void lower(Entry e, double /*before*/) { push(e); }
  // The sample pop() gives `k` >= 1 pops from now, when known already.
  const std::uint32_t* ahead(std::size_t k) const noexcept {
    const std::vector<Entry>& next = buckets_[0];
    return k <= next.size() ? &next[next.size() - k].node : nullptr;
  }

 private:
  static std::uint64_t bits(double time) noexcept { return std::bit_cast<std::uint64_t>(time); }
  std::size_t bucket(std::uint64_t key) const noexcept {
    return key == last_ ? 0 : static_cast<std::size_t>(64 - std::countl_zero(key ^ last_));
  }

  std::array<std::vector<Entry>, 65> buckets_;
  std::uint64_t last_ = 0;
  std::size_t size_ = 0;
};

// Dial's buckets (Dial 1969) of a width at most half the least step: a
// step from bucket k lands beyond bucket k + 1, so when bucket k is reached
// none of its entries can still be lowered and they may be taken in any
// order: the times are those of an exact-order heap, at O(1) a push and a
// pop. A cyclic window of buckets covers the largest step. An entry is a
// sample alone, its time read from the search's array when it is popped:
// a time lowered within its bucket needs no second entry, and an entry
// left behind in a later bucket is stale (popped with time kInf).
class BucketQueue {
 public:
  // A sample's time is times[node * stride].
  BucketQueue(double width, std::size_t window, const double* times, std::size_t stride)
      : inv_width_(1.0 / width),
        buckets_(std::bit_ceil(window)),
        mask_(buckets_.size() - 1),
        times_(times),
        stride_(stride) {}
  bool empty() const noexcept { return size_ == 0; }
  void push(Entry e) {
    buckets_[bucket_of(e.time) & mask_].push_back(e.node);
    ++size_;
  }
  // e.node's time was lowered from `before` to e.time.
  void lower(Entry e, double before) {
    if (before == kInf || bucket_of(e.time) != bucket_of(before)) push(e);
  }
  Entry pop() {
    while (buckets_[current_ & mask_].empty()) ++current_;
    return take(buckets_[current_ & mask_]);
  }
  // The sample pop() gives `k` >= 1 pops from now, when it is in the bucket
  // being emptied (no push lands there).
  const std::uint32_t* ahead(std::size_t k) const noexcept {
    const std::vector<std::uint32_t>& bucket = buckets_[current_ & mask_];
    return k <= bucket.size() ? &bucket[bucket.size() - k] : nullptr;
  }
  // Bucket b, numbered from time 0 (e.time / width), as the parallel rounds
  // take them: an entry of bucket `b`, if it holds one (then b becomes the
  // bucket being emptied).
  bool pop_bucket(std::size_t b, Entry& e) {
    std::vector<std::uint32_t>& bucket = buckets_[b & mask_];
    if (bucket.empty()) return false;
    current_ = b;
    e = take(bucket);
    return true;
  }
  // The first bucket after `b` that holds an entry (every entry lies within
  // the window from b on), or kNone when the queue is empty. O(window).
  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
  std::size_t next_after(std::size_t b) const noexcept {
    if (size_ == 0) return kNone;
    for (std::size_t k = b + 1;; ++k) {
      if (!buckets_[k & mask_].empty()) return k;
    }
  }
  // Through a signed conversion, one instruction (times stay far below
  // 2^63 widths: walking_time's window check).
  std::size_t bucket_of(double time) const noexcept {
    return static_cast<std::size_t>(static_cast<std::int64_t>(time * inv_width_));
  }

 private:
  // The last entry of `bucket` (the current one), kInf as its time if stale.
  Entry take(std::vector<std::uint32_t>& bucket) {
    const std::uint32_t node = bucket.back();
    bucket.pop_back();
    --size_;
    const double time = times_[node * stride_];
    return {bucket_of(time) == current_ ? time : kInf, node};
  }

  double inv_width_;
  std::vector<std::vector<std::uint32_t>> buckets_;
  std::size_t mask_;
  const double* times_;
  std::size_t stride_;
  std::size_t current_ = 0;
  std::size_t size_ = 0;
};

[[noreturn]] void refuse(const std::string& problem) {
  throw Error("walking time: " + problem);
}

// What bounds the largest step: the height range and the largest friction.
struct Extent {
  double relief = 0.0;
  double max_friction = 0.0;
};

Extent check(const WalkingTimeGrid& grid, const WalkingTimeOptions& o) {
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
  if (grid.elevation_m.size() != n) {
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
  // Comparisons skip NaN, as fmin/fmax would, without their calls (5% of
  // the whole command on 3601 x 3601 samples). Four lanes, and an infinite
  // sample looked for only once one is known, so that the loop vectorises:
  // 3.3 -> 1.0-1.5 ms for 1025 x 1025 in the r.walk command.
  std::array<double, 4> low = {kInf, kInf, kInf, kInf};
  std::array<double, 4> high = {-kInf, -kInf, -kInf, -kInf};
  std::array<double, 4> largest = {0.0, 0.0, 0.0, 0.0};  // |z|
  const auto take = [&](std::size_t j, double z) {
    low[j] = z < low[j] ? z : low[j];
    high[j] = z > high[j] ? z : high[j];
    const double a = std::fabs(z);
    largest[j] = a > largest[j] ? a : largest[j];
  };
  const double* const z = grid.elevation_m.data();
  std::size_t i = 0;
  for (; i + 4 <= n; i += 4) {
    for (std::size_t j = 0; j < 4; ++j) take(j, z[i + j]);
  }
  for (; i < n; ++i) take(0, z[i]);
  double lowest = kInf;
  double highest = -kInf;
  for (std::size_t j = 0; j < 4; ++j) {
    lowest = low[j] < lowest ? low[j] : lowest;
    highest = high[j] > highest ? high[j] : highest;
    if (largest[j] == kInf) {
      const auto at = static_cast<std::size_t>(
          std::find_if(z, z + n, [](double v) { return std::isinf(v); }) - z);
      refuse("elevation at sample (" + std::to_string(at % grid.width) + ", " +
             std::to_string(at / grid.width) + ") is infinite");
    }
  }
  Extent extent;
  for (std::size_t k = 0; k < grid.friction_s_per_m.size(); ++k) {
    const double f = grid.friction_s_per_m[k];
    extent.max_friction = f > extent.max_friction ? f : extent.max_friction;
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
  extent.relief = highest > lowest ? highest - lowest : 0.0;
  return extent;
}

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
    threads = std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, kAutoThreads);
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

// A copy of a raster inside a border of kPad NaN samples, sample k of the
// padded grid at [k * stride]; the `stride - 1` values after each are
// `between`.
std::vector<double> padded(std::span<const double> values, std::int32_t width, std::int32_t depth,
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
  border(kPad * pw + kPad);
  for (std::int32_t r = 0; r < depth; ++r) {
    if (r > 0) border(2 * kPad);
    for (const double v : values.subspan(static_cast<std::size_t>(r) * width, width)) sample(v);
  }
  border(kPad * pw + kPad);
  return out;
}

// A sample's elevation and time side by side, so that a step reads both
// from one cache line: the search is bound by those reads.
constexpr std::ptrdiff_t kZ = 0;
constexpr std::ptrdiff_t kTime = 1;
constexpr std::ptrdiff_t kCell = 2;

struct Search {
  std::vector<double>& cells;    // [node * kCell + kZ] elevation, [+ kTime] time
  const std::vector<double>& f;  // empty without friction
  const WalkingTimeOptions& o;
  const std::vector<Step>& steps;
  const std::vector<Lanes>& lanes;        // steps by four
  bool vectors;                           // expand() may run
  std::vector<float>& dir;                // empty without directions
  const std::vector<std::uint8_t>& goal;  // 1 at options.goals; empty without
  std::size_t goal_count;                 // distinct goals
  std::ptrdiff_t row;                     // padded row length, in samples
  std::ptrdiff_t reach;                   // 1, or 2 with knight's moves
  // slope_factor widened by 1e-15 relative (about 4 ulps, more than the
  // error of dh * (1 / D)).
  double steep_below;
  double moderate_above;

  // r.walk's height term [M 1229-1234]: the slope dh / D picks the
  // coefficient. dh * (1 / D) decides the comparison with slope_factor
  // without a division except within a few ulps of it, where the division
  // r.walk makes decides; a tiny negative dh (dh / D may round to -0) and
  // NaN take the division too.
  double climb(double dh, const Step& s) const noexcept {
    if (dh >= 0) return dh * o.walk.b;
    if (!(dh <= -kTinyDh)) return dh / s.dist >= 0 ? dh * o.walk.b : exact_downhill(dh, s.dist);
    const double q = dh * s.inv_dist;
    if (q < steep_below) return dh * o.walk.d;
    if (q > moderate_above) return dh * o.walk.c;
    return exact_downhill(dh, s.dist);
  }
  double exact_downhill(double dh, double dist) const noexcept {
    return dh / dist < o.walk.slope_factor ? dh * o.walk.d : dh * o.walk.c;
  }

  // Prefetches the cells the steps from `node` read: each row they reach,
  // from its first to its last cell (at most 5 cells, 80 bytes, so two
  // cache lines and its ends suffice).
  void prefetch_steps(std::uint32_t node) const noexcept {
    const double* const zt = cells.data();
    for (std::ptrdiff_t r = -reach; r <= reach; ++r) {
      const double* centre = zt + (static_cast<std::ptrdiff_t>(node) + r * row) * kCell;
      prefetch(centre - reach * kCell);
      prefetch(centre + reach * kCell);
    }
  }

  // The time at v by step s from u (time tu, elevation zu), in r.walk's
  // operation order. NaN elevation or friction anywhere in the step makes
  // it NaN, and NaN < x is false: never entered [M 1489-1491].
  // The arrays come as raw pointers, from the callers' locals: through
  // the members the compiler would reload them after every push.
  template <bool kFriction>
  double step_time(const double* zt, const double* fs, std::size_t u, double tu, double zu,
                   const Step& s, std::size_t v) const noexcept {
    double t = (tu + climb(zt[v * kCell + kZ] - zu, s)) + s.dist_a;
    if constexpr (kFriction) {
      const double mean = s.knight ? (((fs[u + s.p1] + fs[u + s.p2]) + fs[v]) + fs[u]) / 4.0
                                   : (fs[v] + fs[u]) / 2.0;
      t = t + (o.lambda * mean) * s.dist;
    }
    return t;
  }

#ifdef TERRANAV_STEP_VECTORS
  // Every step from u (time tu, elevation zu), four at a time, lowering
  // the unsettled samples it reaches sooner: step_time's sums in its
  // order. A slope within a few ulps of slope_factor, or a tiny downhill,
  // goes through climb().
  template <bool kFriction, bool kDirections, typename Queue>
  __attribute__((target("avx2"))) void expand(double* zt, const double* fs, float* dirs,
                                              std::size_t u, double tu, double zu,
                                              Queue& open) const {
    static_assert(kZ == 0 && kTime == 1);  // the pairs loaded below
    const Doubles b = {o.walk.b, o.walk.b, o.walk.b, o.walk.b};
    const Doubles c = {o.walk.c, o.walk.c, o.walk.c, o.walk.c};
    const Doubles d = {o.walk.d, o.walk.d, o.walk.d, o.walk.d};
    const auto at = [u](std::ptrdiff_t offset) { return static_cast<std::ptrdiff_t>(u) + offset; };
    // Locals: through the members the compiler would reload them after
    // every push.
    const Lanes* const groups = lanes.data();
    const std::size_t group_count = lanes.size();
    for (std::size_t g = 0; g < group_count; ++g) {
      const Lanes& l = groups[g];
      // A neighbour's elevation and time lie side by side: load them as
      // pairs, lanes 0 and 2 in one register, 1 and 3 in another, then part
      // the elevations from the times.
      const auto pair = [&](int i) { return _mm_loadu_pd(zt + at(l.offset[i]) * kCell); };
      const __m256d in02 = _mm256_insertf128_pd(_mm256_castpd128_pd256(pair(0)), pair(2), 1);
      const __m256d in13 = _mm256_insertf128_pd(_mm256_castpd128_pd256(pair(1)), pair(3), 1);
      const auto z = reinterpret_cast<Doubles>(_mm256_unpacklo_pd(in02, in13));
      const auto t = reinterpret_cast<Doubles>(_mm256_unpackhi_pd(in02, in13));
      const Doubles dh = z - zu;
      const Doubles q = dh * l.inv_dist;
      Doubles sum = (tu + dh * (dh >= 0 ? b : (q < steep_below ? d : c))) + l.dist_a;
      const Masks odd = (dh < 0) & ((dh > -kTinyDh) | ((q >= steep_below) & (q <= moderate_above)));
      if (bits(odd) != 0) {
        for (int i = 0; i < 4; ++i) {
          const Step& s = steps[g * 4 + i];
          if (odd[i] != 0) sum[i] = (tu + climb(dh[i], s)) + s.dist_a;
        }
      }
      if constexpr (kFriction) {
        Doubles fv;
        for (int i = 0; i < 4; ++i) fv[i] = fs[at(l.offset[i])];
        Doubles mean;
        if (l.knight) {
          Doubles f1;
          Doubles f2;
          for (int i = 0; i < 4; ++i) {
            f1[i] = fs[at(l.p1[i])];
            f2[i] = fs[at(l.p2[i])];
          }
          mean = (((f1 + f2) + fv) + fs[u]) / 4.0;
        } else {
          mean = (fv + fs[u]) / 2.0;
        }
        sum = sum + (o.lambda * mean) * l.dist;
      }
      // The lanes that lower an unsettled sample's time (known to be less:
      // no second comparison).
      for (unsigned lowered = bits((t > tu) & (sum < t)); lowered != 0; lowered &= lowered - 1) {
        const int i = std::countr_zero(lowered);
        const std::ptrdiff_t v = at(l.offset[i]);
        zt[v * kCell + kTime] = sum[i];
        if constexpr (kDirections) dirs[v] = steps[g * 4 + i].back_deg;
        open.lower({sum[i], static_cast<std::uint32_t>(v)}, t[i]);
      }
    }
  }
#endif

  // Lowers v's time to t by step s when t is less: Dijkstra's relaxation.
  template <bool kDirections, typename Queue>
  static void lower(double* zt, float* dirs, std::size_t v, double t, const Step& s, Queue& open) {
    double& time_v = zt[v * kCell + kTime];
    if (t < time_v) {
      const double before = time_v;
      time_v = t;
      if constexpr (kDirections) dirs[v] = s.back_deg;
      open.lower({t, static_cast<std::uint32_t>(v)}, before);
    }
  }

  // Pops `e`'s sample u when it is not stale: its time is final (true),
  // counted in `settled`; false for a stale entry.
  static bool settle(const double* zt, const Entry& e, std::size_t& settled) noexcept {
    if (e.time > zt[e.node * kCell + kTime]) return false;
    ++settled;
    return true;
  }
  // Whether u can be left: a start on nodata cannot.
  template <bool kFriction>
  static bool leaves(const double* zt, const double* fs, std::uint32_t u) noexcept {
    return !std::isnan(zt[u * kCell + kZ]) && !(kFriction && std::isnan(fs[u]));
  }

  // Returns the samples settled.
  template <bool kFriction, bool kDirections, typename Queue>
  std::size_t run(Queue& open) const {
    double* const zt = cells.data();
    const double* const fs = f.data();
    float* const dirs = dir.data();
    const Step* const first = steps.data();
    const Step* const last = first + steps.size();
    std::size_t settled = 0;
    std::size_t goals_left = goal_count;
    while (!open.empty()) {
      const Entry e = open.pop();
      if (const std::uint32_t* next = open.ahead(kPrefetchAhead)) prefetch_steps(*next);
      if (!settle(zt, e, settled)) continue;
      const std::uint32_t u = e.node;
      // Popped and not stale: u's time is final, as are those it came from.
      if (!goal.empty() && goal[u] != 0 && --goals_left == 0) return settled;
      if (!leaves<kFriction>(zt, fs, u)) continue;
      const double zu = zt[u * kCell + kZ];
#ifdef TERRANAV_STEP_VECTORS
      if (vectors) {
        expand<kFriction, kDirections>(zt, fs, dirs, u, e.time, zu, open);
        continue;
      }
#endif
      for (const Step* s = first; s != last; ++s) {
        const std::size_t v = u + s->offset;
        // Settled already: a positive step cannot improve it (r.walk prices
        // the step and finds it no lower; the result is the same).
        if (zt[v * kCell + kTime] <= e.time) continue;
        lower<kDirections>(zt, dirs, v, step_time<kFriction>(zt, fs, u, e.time, zu, *s, v), *s,
                           open);
      }
    }
    return settled;
  }

  // run() on `threads` threads (a power of two), Dial's buckets in rounds
  // (delta stepping, Meyer & Sanders 2003, with the bucket width at most
  // half the least step): in round k every thread empties its bucket k at
  // once, since no step from bucket k lands before bucket k + 2. Thread i
  // owns the samples in stripes i, i + threads, ... of 2^stripe_bits padded
  // nodes: only it writes their times, directions and queue; a step into
  // another thread's stripe is priced here and handed to the owner, who
  // lowers the time after the round (before round k + 1, as the step lands
  // after it). The times are run()'s, the same minimum of the same sums;
  // where two steps give the same least time, the direction written may
  // differ. Returns the samples settled, or nullopt, having changed nothing,
  // when the threads could not be started.
  template <bool kFriction, bool kDirections>
  std::optional<std::size_t> run_parallel(std::size_t threads, int stripe_bits, double width,
                                          std::size_t window,
                                          const std::vector<Entry>& starts) const {
    const std::size_t n = threads;
    const std::size_t mask = n - 1;
    const auto owner = [mask, stripe_bits](std::size_t node) {
      return (node >> stripe_bits) & mask;
    };
    // The farthest a step reaches, in padded samples (no further than the
    // border: u - span >= 0).
    const auto span = static_cast<std::size_t>(reach * row + reach);
    // Double-buffered by round parity: what thread `from` hands to `to` in
    // rounds of parity p, and the next bucket each thread has work in.
    std::vector<std::vector<Handover>> handed(2 * n * n);
    std::vector<std::size_t> next(2 * n, BucketQueue::kNone);
    std::vector<std::size_t> settled(n, 0);
    std::vector<std::exception_ptr> errors(n);
    std::atomic<bool> failed{false};
    std::atomic<int> go{0};  // 1: every thread started; -1: one could not be
    SpinBarrier sync(n);
    // Captured by value: through a reference the compiler would reload
    // them after every push.
    const Step* const first = steps.data();
    const Step* const last = first + steps.size();
    double* const zt = cells.data();
    const double* const fs = f.data();
    float* const dirs = dir.data();
    const auto work = [&, first, last, zt, fs, dirs](std::size_t me) {
      while (go.load() == 0) std::this_thread::yield();
      if (go.load() < 0) return;
      try {
        // Its own queue, on its own cache lines.
        BucketQueue open(width, window, zt + kTime, kCell);
        for (const Entry e : starts) {
          if (owner(e.node) == me) open.push(e);
        }
        std::size_t mine = 0;  // settled
        std::size_t k = 0;     // the starts' bucket
        for (std::size_t parity = 0;; parity ^= 1) {
          const auto box = [&](std::size_t from, std::size_t to) -> std::vector<Handover>& {
            return handed[(parity * n + from) * n + to];
          };
          for (std::size_t to = 0; to < n; ++to) box(me, to).clear();
          std::size_t handed_next = BucketQueue::kNone;
          Entry e;
          while (open.pop_bucket(k, e)) {
            if (const std::uint32_t* ahead = open.ahead(kPrefetchAhead)) prefetch_steps(*ahead);
            if (!settle(zt, e, mine)) continue;
            const std::uint32_t u = e.node;
            if (!leaves<kFriction>(zt, fs, u)) continue;
            const double zu = zt[u * kCell + kZ];
#ifdef TERRANAV_STEP_VECTORS
            // Every step within u's stripe (shorter than a stripe): all mine.
            if (vectors && ((u - span) >> stripe_bits) == ((u + span) >> stripe_bits)) {
              expand<kFriction, kDirections>(zt, fs, dirs, u, e.time, zu, open);
              continue;
            }
#endif
            for (const Step* s = first; s != last; ++s) {
              const std::size_t v = u + s->offset;
              const std::size_t to = owner(v);
              if (to == me) {
                if (zt[v * kCell + kTime] <= e.time) continue;
                lower<kDirections>(zt, dirs, v, step_time<kFriction>(zt, fs, u, e.time, zu, *s, v),
                                   *s, open);
                continue;
              }
              const double t = step_time<kFriction>(zt, fs, u, e.time, zu, *s, v);
              if (!(t < kInf)) continue;  // NaN: never entered
              box(me, to).push_back(
                  {t, static_cast<std::uint32_t>(v), static_cast<std::uint8_t>(s - first)});
              handed_next = std::min(handed_next, open.bucket_of(t));
            }
          }
          next[parity * n + me] = std::min(open.next_after(k), handed_next);
          sync.arrive_and_wait();
          if (failed.load()) return;
          k = BucketQueue::kNone;
          for (std::size_t t = 0; t < n; ++t) k = std::min(k, next[parity * n + t]);
          if (k == BucketQueue::kNone) break;
          for (std::size_t from = 0; from < n; ++from) {
            if (from == me) continue;
            for (const Handover& h : box(from, me)) {
              lower<kDirections>(zt, dirs, h.node, h.time, first[h.step], open);
            }
          }
        }
        settled[me] = mine;
      } catch (...) {
        // Out of memory, most likely: the others stop at the round's end.
        errors[me] = std::current_exception();
        failed.store(true);
        sync.arrive_and_wait();
      }
    };
    {
      std::vector<std::jthread> helpers;
      try {
        for (std::size_t i = 1; i < n; ++i) helpers.emplace_back(work, i);
      } catch (const std::system_error&) {
        go.store(-1);
        return std::nullopt;  // the helpers return at once and are joined
      }
      go.store(1);
      work(0);
    }
    for (const std::exception_ptr& error : errors) {
      if (error) std::rethrow_exception(error);
    }
    std::size_t total = 0;
    for (const std::size_t c : settled) total += c;
    return total;
  }
};

}  // namespace

std::optional<GridSample> walking_time_back_step(float deg) {
  for (const Move& m : kMoves) {
    if (m.back_deg == deg) return GridSample{.column = -m.dcol, .row = -m.drow};
  }
  return std::nullopt;
}

WalkingTimeSurface walking_time(const WalkingTimeGrid& grid, const WalkingTimeOptions& options) {
  const Extent extent = check(grid, options);
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

  std::vector<Lanes> lanes(steps.size() / 4);
#ifdef TERRANAV_STEP_VECTORS
  for (std::size_t k = 0; k < steps.size(); ++k) {
    Lanes& l = lanes[k / 4];
    l.offset[k % 4] = steps[k].offset;
    l.p1[k % 4] = steps[k].p1;
    l.p2[k % 4] = steps[k].p2;
    l.dist[k % 4] = steps[k].dist;
    l.inv_dist[k % 4] = steps[k].inv_dist;
    l.dist_a[k % 4] = steps[k].dist_a;
    l.knight = steps[k].knight;
  }
#endif
  std::vector<double> cells = padded(grid.elevation_m, w, d, kCell, kInf);
  const std::size_t nodes = cells.size() / kCell;
  const std::vector<double> f =
      friction ? padded(grid.friction_s_per_m, w, d, 1, kNaN) : std::vector<double>();
  std::vector<float> dir;
  detail::assign_on_huge_pages(dir, options.directions ? nodes : 0, static_cast<float>(kNaN));
  std::vector<std::uint8_t> goal(options.goals.empty() ? 0 : nodes, 0);
  std::size_t goal_count = 0;
  for (const GridSample s : options.goals) {
    std::uint8_t& g = goal[static_cast<std::size_t>(s.row + kPad) * pw + (s.column + kPad)];
    goal_count += g == 0 ? 1 : 0;
    g = 1;
  }
  const double margin = std::abs(walk.slope_factor) * 1e-15;
  const Search search{cells,
                      f,
                      options,
                      steps,
                      lanes,
                      step_vectors(),
                      dir,
                      goal,
                      goal_count,
                      pw,
                      options.knight_moves ? 2 : 1,
                      walk.slope_factor - margin,
                      walk.slope_factor + margin};
  std::vector<Entry> starts;
  for (const GridSample s : options.starts) {
    const std::size_t node = static_cast<std::size_t>(s.row + kPad) * pw + (s.column + kPad);
    double& time = cells[node * kCell + kTime];
    if (time == 0.0) continue;  // the same start twice
    time = 0.0;
    starts.push_back({0.0, static_cast<std::uint32_t>(node)});
  }
  std::size_t settled = 0;
  // Calls search(friction, directions) with both as compile-time constants
  // (std::bool_constant), so the search loops carry no runtime flags.
  const auto specialised = [&](const auto& search_with) {
    const auto with_friction = [&](auto fr) {
      return options.directions ? search_with(fr, std::true_type{})
                                : search_with(fr, std::false_type{});
    };
    return friction ? with_friction(std::true_type{}) : with_friction(std::false_type{});
  };
  const auto solve = [&](auto& open) {
    for (const Entry e : starts) open.push(e);
    settled = specialised([&](auto fr, auto di) { return search.run<fr(), di()>(open); });
  };
  // Buckets when they are few enough, and the times small enough against
  // their width that rounding cannot move a step's end into its own bucket
  // (times stay below samples * largest step); else the radix heap.
  const double per_metre = walk.a + (walk.c > 0 ? walk.c * std::fmin(walk.slope_factor, 0.0) : 0.0);
  const double width = per_metre * std::fmin(ew, ns) / 2;
  const double longest = options.knight_moves ? std::fmax(v_diag, h_diag) : diag;
  const double largest_step =
      longest * (walk.a + options.lambda * extent.max_friction) +
      extent.relief * std::fmax(walk.b, std::fmax(std::abs(walk.c), std::abs(walk.d)));
  const double window = std::ceil(largest_step / width) + 2;
  if (window <= kMaxBuckets && window * static_cast<double>(nodes) < 1e12) {
    // Stripes of 32 to 64 rows: of 2^15 to 2^18 samples, stripes of 36 rows
    // were among the fastest on 3601 x 3601 and of 64 rows on 1025 x 1025
    // (narrower ones hand more steps over, wider ones balance worse).
    const auto stripe_bits = static_cast<int>(std::bit_width(static_cast<std::size_t>(32 * pw)));
    const std::size_t threads =
        search_threads(options.threads, static_cast<std::size_t>(w) * d, nodes, stripe_bits);
    std::optional<std::size_t> parallel;
    if (threads > 1 && options.goals.empty()) {
      const auto size = static_cast<std::size_t>(window);
      parallel = specialised([&](auto fr, auto di) {
        return search.run_parallel<fr(), di()>(threads, stripe_bits, width, size, starts);
      });
    }
    if (parallel) {
      settled = *parallel;
    } else {
      BucketQueue open(width, static_cast<std::size_t>(window), cells.data() + kTime, kCell);
      solve(open);
    }
  } else {
    OpenSet open;
    solve(open);
  }

  // The times unpadded in place: sample (c, r) moves from cell (r + kPad) *
  // pw + c + kPad down to r * w + c. A copy would fault in 8 MB of fresh
  // pages for 1025 x 1025 samples, which on a VM costs tens of milliseconds.
  // A row's cells lie past the row it becomes (restrict: the loop
  // vectorises, 2.9 -> 0.9 ms for 1025 x 1025), and the largest time is
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
