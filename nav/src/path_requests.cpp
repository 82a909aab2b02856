#include "terranav/nav/path_requests.hpp"

#include <chrono>
#include <string>

namespace terranav::nav {
namespace {

/// Expansions a worker runs between two looks at the queue (~20 us): how
/// long apply() and cancel() wait for it at most.
constexpr std::uint32_t kWorkerSlice = 256;
constexpr int kMaxWorkers = 64;

}  // namespace

PathRequestQueue::PathRequestQueue(const TerrainGraph& graph, const ConnectedSets& sets,
                                   int workers, const Heightmap* surface)
    : graph_(graph), sets_(sets) {
  if (workers < 0 || workers > kMaxWorkers) {
    throw Error("path requests: " + std::to_string(workers) + " workers, expected 0.." +
                std::to_string(kMaxWorkers));
  }
  if (workers == 0) {
    own_search_ = std::make_unique<AStar>(graph, sets, surface);
    return;
  }
  // Search memory is allocated here, so a failure throws to the caller.
  std::vector<std::unique_ptr<AStar>> searches;
  for (int k = 0; k < workers; ++k)
    searches.push_back(std::make_unique<AStar>(graph, sets, surface));
  for (auto& search : searches) {
    threads_.emplace_back(
        [this, s = std::move(search)](const std::stop_token& stop) { work(stop, *s); });
  }
}

PathRequestQueue::~PathRequestQueue() {
  for (std::jthread& t : threads_) t.request_stop();
  wake_.notify_all();
}

Ticket PathRequestQueue::submit(const PathRequest& request) {
  const std::lock_guard lock(mutex_);
  const Ticket ticket{next_ticket_++};
  entries_.emplace(ticket, Entry{.request = request, .result = {}});
  queued_.insert(ticket);
  wake_.notify_one();
  return ticket;
}

void PathRequestQueue::cancel(Ticket ticket) {
  const std::lock_guard lock(mutex_);
  const auto it = entries_.find(ticket);
  if (it == entries_.end()) return;
  Entry& e = it->second;
  queued_.erase(ticket);
  e.cancelled = true;
  e.state = State::Done;
  e.result = PathResult{};
  e.result.status = SearchStatus::Cancelled;
  if (own_running_ && own_ticket_ == ticket) {
    own_search_->cancel();
    own_running_ = false;
  }
}

bool PathRequestQueue::take(Ticket& ticket, PathRequest& request) {
  if (queued_.empty()) return false;
  ticket = *queued_.begin();
  queued_.erase(queued_.begin());
  Entry& e = entries_.at(ticket);
  e.state = State::Running;
  request = e.request;
  return true;
}

void PathRequestQueue::work(const std::stop_token& stop, AStar& search) {
  std::unique_lock lock(mutex_);
  while (true) {
    if (!wake_.wait(lock, stop, [&] { return !paused_ && !queued_.empty(); })) return;
    Ticket ticket{};
    PathRequest request;
    take(ticket, request);
    ++running_;
    lock.unlock();
    search.start_at(request.start, request.goal, request.options);
    // Between slices the request may be cancelled, and then delivered as
    // such: gone from entries_.
    const auto running = [&]() -> Entry* {
      const auto it = entries_.find(ticket);
      return it != entries_.end() && it->second.state == State::Running ? &it->second : nullptr;
    };
    while (true) {
      if (search.status() == SearchStatus::InProgress) {
        search.step({.max_expansions = kWorkerSlice});
      }
      lock.lock();
      if (search.status() != SearchStatus::InProgress || running() == nullptr || paused_ ||
          stop.stop_requested()) {
        break;
      }
      lock.unlock();
    }
    if (Entry* e = running()) {
      if (search.status() != SearchStatus::InProgress) {
        search.result(e->result);
        e->state = State::Done;
      } else {
        // Paused for apply() or stopping: run it again later.
        e->state = State::Queued;
        queued_.insert(ticket);
      }
    }
    --running_;
    if (paused_) paused_cv_.notify_all();
  }
}

std::size_t PathRequestQueue::update(double budget_us, std::vector<PathAnswer>& delivered) {
  using Clock = std::chrono::steady_clock;
  if (own_search_) {
    const auto deadline =
        Clock::now() + std::chrono::duration_cast<Clock::duration>(
                           std::chrono::duration<double, std::micro>(std::max(budget_us, 0.0)));
    while (true) {
      if (!own_running_) {
        PathRequest request;
        {
          const std::lock_guard lock(mutex_);
          if (!take(own_ticket_, request)) break;
        }
        own_search_->start_at(request.start, request.goal, request.options);
        own_running_ = true;
      }
      const double left_us =
          std::chrono::duration<double, std::micro>(deadline - Clock::now()).count();
      if (own_search_->step({.max_microseconds = left_us}) != SearchStatus::InProgress) {
        const std::lock_guard lock(mutex_);
        Entry& e = entries_.at(own_ticket_);  // running here: neither cancelled nor delivered
        own_search_->result(e.result);
        e.state = State::Done;
        own_running_ = false;
      }
      if (Clock::now() >= deadline) break;
    }
  }
  const std::lock_guard lock(mutex_);
  std::size_t count = 0;
  for (auto it = entries_.begin(); it != entries_.end() && it->first == Ticket{next_delivery_} &&
                                   it->second.state == State::Done;
       it = entries_.erase(it), ++next_delivery_, ++count) {
    delivered.push_back({it->first, std::move(it->second.result)});
  }
  return count;
}

void PathRequestQueue::apply(const std::function<void()>& change) {
  {
    std::unique_lock lock(mutex_);
    paused_ = true;
    paused_cv_.wait(lock, [&] { return running_ == 0; });
    if (own_running_) {
      entries_.at(own_ticket_).state = State::Queued;
      queued_.insert(own_ticket_);
      own_running_ = false;
    }
  }
  const auto resume = [&] {
    const std::lock_guard lock(mutex_);
    // Answers from before the change are void: every request runs again.
    for (auto& [ticket, e] : entries_) {
      if (e.state == State::Done && !e.cancelled) {
        e.state = State::Queued;
        queued_.insert(ticket);
      }
    }
    paused_ = false;
    wake_.notify_all();
  };
  try {
    change();
  } catch (...) {
    resume();
    throw;
  }
  resume();
}

std::size_t PathRequestQueue::pending() const {
  const std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace terranav::nav
