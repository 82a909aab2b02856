// Path requests for many units: a queue served under a per-frame time budget
// on the calling thread, or by worker threads, answered in ticket order
// (Detour's dtPathQueue, with workers).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "terranav/nav/search.hpp"

namespace terranav::nav {

/// Names one request; tickets count up from 0 in submission order.
enum class Ticket : std::uint64_t {};

/// A path from one point to another, in nav metres (y ignored), as
/// AStar::start_at plans it.
struct PathRequest {
  Vec3 start;
  Vec3 goal;
  SearchOptions options{};
};

struct PathAnswer {
  Ticket ticket{};
  /// What AStar::result gives for the request on the nav data as it is when
  /// the answer is delivered; Cancelled for a cancelled request.
  PathResult result;
};

/// A queue of path requests over one graph and its sets.
///
/// With 0 workers, update() runs the queued requests in ticket order on the
/// calling thread, for at most its time budget per call (one AStar, sliced).
/// With N workers, N std::jthreads each own an AStar and take requests in
/// ticket order; update() only delivers. Either way update() delivers
/// finished requests strictly in ticket order, so the same requests give the
/// same answers in the same order whatever the timing.
///
/// The graph and sets are shared read-only by the workers; change them only
/// inside apply(), which pauses the workers, runs the change, and then runs
/// again every request not yet delivered: no answer comes from half-edited
/// data or from data older than the last apply(). submit(), cancel(),
/// update() and apply() may be called from one thread (the engine's main
/// thread) while the workers run.
class PathRequestQueue {
 public:
  /// Keeps references: graph, sets and the heightmap (optional; needed for
  /// requests in PathMode::AnyAngle) must outlive the queue. `workers`:
  /// [Limits: 0..64]; throws Error outside. Memory: one AStar (16 bytes per
  /// tile) per worker, or one for the calling thread.
  PathRequestQueue(const TerrainGraph& graph, const ConnectedSets& sets, int workers,
                   const Heightmap* surface = nullptr);
  /// Stops and joins the workers; undelivered requests are dropped.
  ~PathRequestQueue();
  PathRequestQueue(const PathRequestQueue&) = delete;
  PathRequestQueue& operator=(const PathRequestQueue&) = delete;

  /// Queues a request. O(log pending).
  Ticket submit(const PathRequest& request);

  /// Answers the request with status Cancelled, unless already delivered
  /// (then nothing happens). A worker running it stops at its next slice.
  void cancel(Ticket ticket);

  /// Once per frame: with 0 workers, runs queued requests for about
  /// `budget_us` microseconds (a query's step overruns it by a few
  /// microseconds); then appends every finished answer that is next in
  /// ticket order to `delivered` (not cleared, so a caller can reuse it).
  /// Returns how many it appended.
  std::size_t update(double budget_us, std::vector<PathAnswer>& delivered);

  /// Runs `change` (an edit of the graph and sets) while no worker reads
  /// them, then runs again every request not yet delivered. Blocks until the
  /// workers have paused: at most one slice of work each (~256 expansions).
  void apply(const std::function<void()>& change);

  /// Requests submitted and not yet delivered.
  std::size_t pending() const;
  int workers() const noexcept { return static_cast<int>(threads_.size()); }
  /// With 0 workers, the search update() runs requests on: its state is the
  /// last query's (open and closed sets, for a debug view). Null with
  /// workers, whose searches are theirs.
  const AStar* own_search() const noexcept { return own_search_.get(); }

 private:
  enum class State : std::uint8_t { Queued, Running, Done };
  struct Entry {
    PathRequest request;
    State state = State::Queued;
    bool cancelled = false;
    PathResult result;
  };

  /// Takes the lowest queued ticket and marks it running (lock held); false
  /// if none is queued.
  bool take(Ticket& ticket, PathRequest& request);
  /// A worker's loop: takes requests and steps them a slice at a time,
  /// looking at the queue between slices.
  void work(const std::stop_token& stop, AStar& search);

  const TerrainGraph& graph_;
  const ConnectedSets& sets_;
  mutable std::mutex mutex_;
  std::condition_variable_any wake_;   // workers: work queued, unpaused or stop
  std::condition_variable paused_cv_;  // apply(): a worker went idle
  std::map<Ticket, Entry> entries_;    // undelivered requests
  std::set<Ticket> queued_;            // their tickets waiting for a search
  std::uint64_t next_ticket_ = 0;
  std::uint64_t next_delivery_ = 0;
  bool paused_ = false;  // apply() is waiting for, or running, a change
  int running_ = 0;      // workers inside a query
  // 0 workers: the calling thread's search and the request it is on.
  std::unique_ptr<AStar> own_search_;
  bool own_running_ = false;
  Ticket own_ticket_{};
  std::vector<std::jthread> threads_;
};

}  // namespace terranav::nav
