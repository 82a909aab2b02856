#include "batch_answer.hpp"

#include <atomic>
#include <exception>
#include <thread>

namespace terranav::navcli {

void parallel_for(int threads, std::size_t count,
                  const std::function<void(std::size_t k, int thread)>& task) {
  if (threads == 1) {
    for (std::size_t k = 0; k < count; ++k) task(k, 0);
    return;
  }
  std::atomic<std::size_t> next{0};
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(threads));
  {
    std::vector<std::jthread> workers;
    for (int t = 0; t < threads; ++t) {
      workers.emplace_back([&, t] {
        try {
          for (std::size_t k = next++; k < count; k = next++) task(k, t);
        } catch (...) {  // bad_alloc: rethrown on the calling thread
          errors[static_cast<std::size_t>(t)] = std::current_exception();
        }
      });
    }
  }
  for (const std::exception_ptr& e : errors) {
    if (e) std::rethrow_exception(e);
  }
}

}  // namespace terranav::navcli
