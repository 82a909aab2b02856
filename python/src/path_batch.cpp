#include "path_batch.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>

#include "terranav/nav/cpus.hpp"

namespace terranav::python {

std::vector<PathAnswer> find_paths(const Terrain& terrain, std::span<const TilePair> pairs,
                                   const nav::SearchOptions& search, unsigned threads) {
  std::vector<PathAnswer> answers(pairs.size());
  if (pairs.empty()) return answers;
  if (threads == 0) threads = nav::usable_cpus();
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, pairs.size()));

  // Workers take the next unanswered pair, so long queries do not leave
  // threads idle behind a fixed split.
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto work = [&] {
    try {
      const nav::NavTerrain& nav = terrain.nav();
      nav::AStar astar(nav.graph(), nav.sets(), &nav.heightmap());
      for (std::size_t k = next++; k < pairs.size(); k = next++) {
        answers[k] = terrain.find_path(astar, pairs[k].from, pairs[k].to, search);
      }
    } catch (...) {
      const std::scoped_lock lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next = pairs.size();
    }
  };
  {
    std::vector<std::jthread> workers;
    for (unsigned t = 1; t < threads; ++t) workers.emplace_back(work);
    work();
  }
  if (failure) std::rethrow_exception(failure);
  return answers;
}

}  // namespace terranav::python
