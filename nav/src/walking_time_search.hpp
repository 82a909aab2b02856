// The search behind walking_time() (walking_time.hpp, docs/rwalk.md):
// Dijkstra over the padded grid that walking_time() builds. It is compiled
// twice from walking_time_search_impl.hpp: for any processor
// (walking_time_search.cpp, steps priced one at a time) and, where x86 GCC
// or Clang builds it, for AVX2 (walking_time_search_avx2.cpp, four steps at
// a time, inlined into the search loops). walking_time() picks one at run
// time; both give the same times to the bit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "terranav/nav/walking_time.hpp"

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define TERRANAV_WALKING_TIME_AVX2 1
#endif

namespace terranav::nav::detail {

// A sample's elevation and time side by side, so that a step reads both
// from one cache line: the search is bound by those reads.
constexpr std::ptrdiff_t kZ = 0;
constexpr std::ptrdiff_t kTime = 1;
constexpr std::ptrdiff_t kCell = 2;

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

// A queued sample: its node on the padded grid and its time then.
struct Entry {
  double time;
  std::uint32_t node;
};

// What one search reads and writes.
struct SearchSpec {
  std::vector<double>& cells;    // [node * kCell + kZ] elevation, [+ kTime] time
  const std::vector<double>& f;  // padded friction; empty without
  const WalkingTimeOptions& o;
  const std::vector<Step>& steps;         // 8, or 16 with knight's moves
  std::vector<float>& dir;                // empty without directions
  const std::vector<std::uint8_t>& goal;  // 1 at options.goals; empty without
  std::size_t goal_count;                 // distinct goals
  std::ptrdiff_t row;                     // padded row length, in samples
  std::ptrdiff_t reach;                   // 1, or 2 with knight's moves
  // slope_factor widened by 1e-15 relative (about 4 ulps, more than the
  // error of dh * (1 / D)).
  double steep_below;
  double moderate_above;
  const std::vector<Entry>& starts;  // their times already 0
  // Dial's buckets of this width (at most half the least step) and their
  // number, or width 0: the radix heap.
  double bucket_width;
  std::size_t window;
  // Threads (a power of two; more than 1 with buckets and no goals only),
  // each owning stripes of 2^stripe_bits nodes.
  std::size_t threads;
  int stripe_bits;
};

// Runs the search: every sample's least time into spec.cells (and its
// direction into spec.dir), or until every goal is settled. Returns the
// samples settled. Throws what allocation throws.
std::size_t search_walking_time(const SearchSpec& spec);

#ifdef TERRANAV_WALKING_TIME_AVX2
// The same, four steps at a time: only on a processor with AVX2.
std::size_t search_walking_time_avx2(const SearchSpec& spec);
#endif

}  // namespace terranav::nav::detail
