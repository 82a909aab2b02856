// walking_time_search.hpp's search, included by the two files that compile
// it. Where TERRANAV_WALKING_TIME_FOR_AVX2 is defined, all that follows
// the headers is compiled for AVX2, and Search::expand prices four steps at
// once. The headers come first, outside that region: their inline
// functions and templates stay compiled for any processor, so the two
// files' copies of them are the same (one definition rule).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <limits>
#include <memory>
#include <optional>
#include <system_error>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#ifdef __linux__
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#endif

#ifdef TERRANAV_WALKING_TIME_FOR_AVX2
#include <immintrin.h>
#endif

#include "terranav/nav/cpus.hpp"
#include "walking_time_search.hpp"

#ifdef TERRANAV_WALKING_TIME_FOR_AVX2
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC push_options
#pragma GCC target("avx2")
#endif
#endif

namespace terranav::nav {
namespace {

using detail::Entry;
using detail::kCell;
using detail::kTime;
using detail::kZ;
using detail::Step;

constexpr double kInf = std::numeric_limits<double>::infinity();
// Below this |dh| (metres), dh / D may underflow; climb() divides.
constexpr double kTinyDh = 1e-290;
// How many pops ahead the search prefetches a sample's neighbourhood: the
// bucket order scatters over the grid, and the reads of a popped sample's
// and its neighbours' times, cache misses, took 35-40% of the search for
// 1025 x 1025 samples. 4 to 16 ahead measured the same; 32 worse.
constexpr std::size_t kPrefetchAhead = 8;

// A hint that `address` is read soon (a GCC/Clang builtin; elsewhere none).
inline void prefetch(const void* address) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(address);
#else
  static_cast<void>(address);
#endif
}

#ifdef TERRANAV_WALKING_TIME_FOR_AVX2
// Four steps side by side, priced at once (GCC/Clang vector extensions):
// taken one at a time, a step's branches (its slope's sign, settled or
// not, lower or not) mispredict about half the time on real terrain.
// Lowered to SSE2 the vectors were slower than single steps, so other
// processors take those, as does every run with TERRANAV_SCALAR_STEPS set
// (the tests compare both).
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
inline unsigned bits(Masks m) noexcept {
  return static_cast<unsigned>(_mm256_movemask_pd(reinterpret_cast<__m256d>(m)));
}
// Each lane rounded towards zero.
inline Doubles truncated(Doubles x) noexcept {
  return reinterpret_cast<Doubles>(
      _mm256_round_pd(reinterpret_cast<__m256d>(x), _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC));
}
#endif

// Whether more tasks are runnable than this process has CPUs (the fourth
// field of /proc/loadavg against usable_cpus(); without it, always): then a
// spinning thread may hold the CPU of the one it waits for. Read when a
// barrier's wait lasts.
class RunQueues {
 public:
  RunQueues() : cpus_(static_cast<long>(usable_cpus())), fd_(open_loadavg()) {}
  ~RunQueues() {
#ifdef __linux__
    if (fd_ >= 0) close(fd_);
#endif
  }
  RunQueues(const RunQueues&) = delete;
  RunQueues& operator=(const RunQueues&) = delete;
  bool crowded() const noexcept {
#ifdef __linux__
    std::array<char, 128> text{};
    const ssize_t n = pread(fd_, text.data(), text.size() - 1, 0);
    long running = 0;
    if (n <= 0 || std::sscanf(text.data(), "%*f %*f %*f %ld/", &running) != 1) return true;
    return running > cpus_;
#else
    return true;
#endif
  }

 private:
  static int open_loadavg() noexcept {
#ifdef __linux__
    return open("/proc/loadavg", O_RDONLY | O_CLOEXEC);
#else
    return -1;
#endif
  }
  const long cpus_;
  const int fd_;
};

// The rounds' barrier: threads spin instead of sleeping, since a round
// lasts microseconds and a futex wake on a VM about as long (std::barrier
// made 2 threads slower than 1). A central counter and a round number
// (Mellor-Crummey & Scott 1991). A waiting thread spins with `pause`, so
// that a hypervisor's pause-loop exiting can give its time to the other
// vCPU, and yields only when the machine has more runnable tasks than
// CPUs (looked at after 128 turns, then every 2048). Yielding after 4 096
// turns whatever the load, the two-thread search of 1025 x 1025 samples,
// 8 neighbours, took 33.5-51.8 ms on a busy host where it now takes
// 27.9-40.0 ms; never yielding made two searches at once on 2 cores take
// 9.6 s instead of 60 ms (docs/rwalk.md section 19).
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
    bool yielding = false;
    // Unsigned: a wait may outlast 2^31 turns (about 50 s of `pause`).
    for (unsigned spins = 1; round_.load(std::memory_order_acquire) == round; ++spins) {
      if (yielding) {
        std::this_thread::yield();
        continue;
      }
      relax();
      if (spins == kFirstLook || spins % kLookEvery == 0) yielding = run_queues_.crowded();
    }
  }

 private:
  static constexpr unsigned kFirstLook = 128;
  static constexpr unsigned kLookEvery = 2048;
  static void relax() noexcept {
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    __builtin_ia32_pause();
#endif
  }
  const std::size_t expected_;
  const RunQueues run_queues_;
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
// A bucket is a stack of 1 KiB chunks, and an entry is written whether it
// is kept or not, its tail advanced by 0 or 1: a lowering takes no branch
// on the terrain, only one at a chunk's end (std::vector buckets branched
// on their capacity and on whether to push: 1025 x 1025 samples, one
// thread, 8 neighbours 38.5 -> 30.4 ms, 16 neighbours 54 -> 45 ms).
class BucketQueue {
 public:
  // A sample's time is cells[node * kCell + kTime].
  BucketQueue(double width, std::size_t window, const double* cells)
      : inv_width_(1.0 / width),
        far_(width * 0x1p53),
        buckets_(std::bit_ceil(window)),
        mask_(buckets_.size() - 1),
        cells_(cells) {
    for (Bucket& b : buckets_) empty_out(b);
  }
  BucketQueue(const BucketQueue&) = delete;
  BucketQueue& operator=(const BucketQueue&) = delete;
  bool empty() const noexcept { return size_ == 0; }
  void push(Entry e) { add(e.node, bucket_of(e.time), 1); }
  // e.node's time was lowered from `before` to e.time: a new entry unless
  // it stays in its bucket (before may be kInf, which far_ stands for).
  void lower(Entry e, double before) {
    const std::size_t b = bucket_of(e.time);
    add(e.node, b, b != bucket_of(before < far_ ? before : far_) ? 1 : 0);
  }
  double inv_width() const noexcept { return inv_width_; }
  // A time beyond every bucket, for kInf (whose conversion to an integer
  // would be undefined).
  double far() const noexcept { return far_; }
  // `node` written at the tail of bucket `bucket` (any bits above the
  // window's are ignored), kept when `keep` is 1, not when 0.
  void add(std::uint32_t node, std::size_t bucket, unsigned keep) {
    Bucket& b = buckets_[bucket & mask_];
    *b.tail = node;
    b.tail += keep;
    size_ += keep;
    if (b.tail == b.limit) [[unlikely]]
      grow(b);
  }
  Entry pop() {
    while (buckets_[current_ & mask_].chunk == nullptr) ++current_;
    return take(buckets_[current_ & mask_]);
  }
  // The sample pop() gives `k` >= 1 pops from now, when it is in the last
  // two chunks of the bucket being emptied (no push lands there).
  const std::uint32_t* ahead(std::size_t k) const noexcept {
    const Bucket& b = buckets_[current_ & mask_];
    if (b.chunk == nullptr) return nullptr;
    const auto here = static_cast<std::size_t>(b.tail - b.chunk->entries.data());
    if (k <= here) return b.tail - k;
    const Chunk* before = b.chunk->prev;
    return before != nullptr && k - here <= kChunkEntries
               ? before->entries.data() + kChunkEntries - (k - here)
               : nullptr;
  }
  // Bucket b, numbered from time 0 (e.time / width), as the parallel rounds
  // take them: an entry of bucket `b`, if it holds one (then b becomes the
  // bucket being emptied).
  bool pop_bucket(std::size_t b, Entry& e) {
    Bucket& bucket = buckets_[b & mask_];
    if (bucket.chunk == nullptr) return false;
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
      if (buckets_[k & mask_].chunk != nullptr) return k;
    }
  }
  // Through a signed conversion, one instruction (times stay far below
  // 2^63 widths: walking_time's window check).
  std::size_t bucket_of(double time) const noexcept {
    return static_cast<std::size_t>(static_cast<std::int64_t>(time * inv_width_));
  }

 private:
  static constexpr std::size_t kChunkEntries = 254;  // with `prev`, 1 KiB
  struct Chunk {
    Chunk* prev;  // full, or nullptr
    std::array<std::uint32_t, kChunkEntries> entries;
  };
  // A bucket's entries: chunk->entries up to tail, and its prev chunks.
  // tail < limit always, so *tail can be written; an empty bucket has no
  // chunk, and its tail is spare_.
  struct Bucket {
    std::uint32_t* tail;
    std::uint32_t* limit;
    Chunk* chunk;
  };
  void empty_out(Bucket& b) noexcept { b = {&spare_, &spare_ + 1, nullptr}; }
  // A new chunk for b, which became full (or took its first entry, then
  // held in spare_).
  void grow(Bucket& b) {
    Chunk* c = free_;
    if (c != nullptr) {
      free_ = c->prev;
    } else {
      owned_.push_back(std::make_unique_for_overwrite<Chunk>());
      c = owned_.back().get();
    }
    c->prev = b.chunk;
    std::uint32_t* first = c->entries.data();
    b.tail = first;
    if (b.chunk == nullptr) *b.tail++ = spare_;
    b.limit = first + kChunkEntries;
    b.chunk = c;
  }
  void release(Chunk* c) noexcept {
    c->prev = free_;
    free_ = c;
  }
  // The last entry of `b` (the current bucket, not empty), kInf as its
  // time if stale.
  Entry take(Bucket& b) {
    if (b.tail == b.chunk->entries.data()) {  // emptied; the one before is full
      Chunk* emptied = b.chunk;
      b.chunk = emptied->prev;
      release(emptied);
      b.tail = b.limit = b.chunk->entries.data() + kChunkEntries;
    }
    const std::uint32_t node = *--b.tail;
    --size_;
    if (b.tail == b.chunk->entries.data() && b.chunk->prev == nullptr) {
      release(b.chunk);
      empty_out(b);
    }
    const double time = cells_[node * kCell + kTime];
    return {bucket_of(time) == current_ ? time : kInf, node};
  }

  double inv_width_;
  double far_;  // a time beyond every bucket
  std::vector<Bucket> buckets_;
  std::size_t mask_;
  const double* cells_;
  std::uint32_t spare_ = 0;
  Chunk* free_ = nullptr;
  std::vector<std::unique_ptr<Chunk>> owned_;
  std::size_t current_ = 0;
  std::size_t size_ = 0;
};

// The search's steps and loops, over the arrays of its spec.
struct Search : detail::SearchSpec {
#ifdef TERRANAV_WALKING_TIME_FOR_AVX2
  const std::vector<Lanes>& lanes;  // the steps by four
#endif

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

#ifdef TERRANAV_WALKING_TIME_FOR_AVX2
  // Every step from u (time tu, elevation zu), four at a time, lowering
  // the unsettled samples it reaches sooner: step_time's sums in its
  // order. A slope within a few ulps of slope_factor, or a tiny downhill,
  // goes through climb(). Inlined into the search loops (1025 x 1025, 8
  // neighbours: 6% fewer instructions, 7-9% less time).
  template <bool kFriction, bool kDirections, typename Queue>
  [[gnu::always_inline]] inline void expand(double* zt, const double* fs, float* dirs,
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
    // Every group is priced before any sample is lowered (the steps reach
    // distinct samples), so that one loop over the lowering steps, not one
    // per group, lowers them: its exit is mispredicted once a sample, not
    // once a group (1025 x 1025, one thread: 8 neighbours 37.6 -> 34.4 ms,
    // 16 neighbours 65.9 -> 51.8 ms).
    alignas(32) std::array<double, 16> sums;    // at most 16 steps
    alignas(32) std::array<double, 16> before;  // the radix heap's lower()
    alignas(32) std::array<double, 16> bucket;  // the bucket queue's add()
    unsigned lowering = 0;  // bit g * 4 + i: lane i of group g lowers its sample
    unsigned keep = 0;      // ... and leaves its bucket (a new entry)
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
      _mm256_store_pd(sums.data() + g * 4, reinterpret_cast<__m256d>(sum));
      // The lanes that lower an unsettled sample's time (known to be less:
      // no second comparison).
      const Masks low = (t > tu) & (sum < t);
      lowering |= bits(low) << (g * 4);
      if constexpr (std::is_same_v<Queue, BucketQueue>) {
        // The buckets of the new and old times as bucket_of() numbers them
        // (exact: below 2^52), four at once. With 2^52 added, a bucket
        // number is the low bits of its double: add() takes those.
        const Doubles iw = {open.inv_width(), open.inv_width(), open.inv_width(), open.inv_width()};
        const Doubles far = {open.far(), open.far(), open.far(), open.far()};
        const Doubles to = truncated(sum * iw);
        const Doubles from = truncated((t < far ? t : far) * iw);
        keep |= bits(low & (to != from)) << (g * 4);
        _mm256_store_pd(bucket.data() + g * 4, reinterpret_cast<__m256d>(to + 0x1p52));
      } else {
        _mm256_store_pd(before.data() + g * 4, reinterpret_cast<__m256d>(t));
      }
    }
    for (; lowering != 0; lowering &= lowering - 1) {
      const auto k = static_cast<std::size_t>(std::countr_zero(lowering));
      const std::ptrdiff_t v = at(groups[k / 4].offset[k % 4]);
      zt[v * kCell + kTime] = sums[k];
      if constexpr (kDirections) dirs[v] = steps[k].back_deg;
      if constexpr (std::is_same_v<Queue, BucketQueue>) {
        open.add(static_cast<std::uint32_t>(v), std::bit_cast<std::uint64_t>(bucket[k]),
                 (keep >> k) & 1);
      } else {
        open.lower({sums[k], static_cast<std::uint32_t>(v)}, before[k]);
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
#ifdef TERRANAV_WALKING_TIME_FOR_AVX2
      expand<kFriction, kDirections>(zt, fs, dirs, u, e.time, zu, open);
      continue;
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
  std::optional<std::size_t> run_parallel() const {
    const std::size_t n = threads;
    const std::size_t mask = n - 1;
    const int bits_of_stripe = stripe_bits;
    const auto owner = [mask, bits_of_stripe](std::size_t node) {
      return (node >> bits_of_stripe) & mask;
    };
#ifdef TERRANAV_WALKING_TIME_FOR_AVX2
    // The farthest a step reaches, in padded samples (no further than the
    // border: u - span >= 0).
    const auto span = static_cast<std::size_t>(reach * row + reach);
#endif
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
        BucketQueue open(bucket_width, window, zt);
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
#ifdef TERRANAV_WALKING_TIME_FOR_AVX2
            // Every step within u's stripe (shorter than a stripe): all mine.
            if (((u - span) >> stripe_bits) == ((u + span) >> stripe_bits)) {
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

// The search of `spec`, with friction and directions as compile-time
// constants (std::bool_constant), so the search loops carry no runtime
// flags.
std::size_t search(const detail::SearchSpec& spec) {
#ifdef TERRANAV_WALKING_TIME_FOR_AVX2
  std::vector<Lanes> lanes(spec.steps.size() / 4);
  for (std::size_t k = 0; k < spec.steps.size(); ++k) {
    const Step& s = spec.steps[k];
    Lanes& l = lanes[k / 4];
    l.offset[k % 4] = s.offset;
    l.p1[k % 4] = s.p1;
    l.p2[k % 4] = s.p2;
    l.dist[k % 4] = s.dist;
    l.inv_dist[k % 4] = s.inv_dist;
    l.dist_a[k % 4] = s.dist_a;
    l.knight = s.knight;
  }
#endif
#ifdef TERRANAV_WALKING_TIME_FOR_AVX2
  const Search search{spec, lanes};
#else
  const Search search{spec};
#endif
  const auto specialised = [&](const auto& search_with) {
    const auto with_friction = [&](auto fr) {
      return spec.o.directions ? search_with(fr, std::true_type{})
                               : search_with(fr, std::false_type{});
    };
    return spec.f.empty() ? with_friction(std::false_type{}) : with_friction(std::true_type{});
  };
  const auto solve = [&](auto& open) {
    for (const Entry e : spec.starts) open.push(e);
    return specialised([&](auto fr, auto di) { return search.run<fr(), di()>(open); });
  };
  if (spec.bucket_width > 0) {
    if (spec.threads > 1) {
      const std::optional<std::size_t> parallel =
          specialised([&](auto fr, auto di) { return search.run_parallel<fr(), di()>(); });
      if (parallel) return *parallel;
    }
    BucketQueue open(spec.bucket_width, spec.window, spec.cells.data());
    return solve(open);
  }
  OpenSet open;
  return solve(open);
}

}  // namespace
}  // namespace terranav::nav

#ifdef TERRANAV_WALKING_TIME_FOR_AVX2
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
#endif
