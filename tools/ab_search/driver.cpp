// A/B driver: both sides answer the same queries in turn, alternating which
// goes first, each timed in thread CPU time, so load changes on a shared
// machine hit both alike. Prints one line; exits 1 if a cost differs.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>

extern "C" void* make_A(int, int);
extern "C" int query_count_A(void*);
extern "C" double query_A(void*, int, unsigned long long*);
extern "C" void* make_B(int, int);
extern "C" double query_B(void*, int, unsigned long long*);

namespace {
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}
}  // namespace

int main(int argc, char** argv) {
  const int wanted = argc > 1 ? std::atoi(argv[1]) : 1000;
  const int size = argc > 2 ? std::atoi(argv[2]) : 1025;
  void* a = make_A(size, 1);
  void* b = make_B(size, 1);
  const int queries = wanted < query_count_A(a) ? wanted : query_count_A(a);
  double time_a = 0.0, time_b = 0.0;
  unsigned long long expanded_a = 0, expanded_b = 0;
  for (int q = 0; q < queries; ++q) {
    double cost_a = 0.0, cost_b = 0.0;
    for (int turn = 0; turn < 2; ++turn) {
      const double t0 = cpu_seconds();
      if ((turn == 0) == (q % 2 == 0)) {
        cost_a = query_A(a, q, &expanded_a);
        time_a += cpu_seconds() - t0;
      } else {
        cost_b = query_B(b, q, &expanded_b);
        time_b += cpu_seconds() - t0;
      }
    }
    if (std::abs(cost_a - cost_b) > 1e-6 * std::abs(cost_a)) {
      std::printf("ab_search: query %d: cost %.9g (A) differs from %.9g (B)\n", q, cost_a, cost_b);
      return 1;
    }
  }
  std::printf(
      "%d queries on %d^2: A %.3f s, %.2f M exp/s | B %.3f s, %.2f M exp/s | B/A time %.4f | "
      "expanded A %llu, B %llu\n",
      queries, size, time_a, static_cast<double>(expanded_a) / time_a / 1e6, time_b,
      static_cast<double>(expanded_b) / time_b / 1e6, time_b / time_a, expanded_a, expanded_b);
  return 0;
}
