// The search for processors with AVX2: four steps at a time
// (walking_time_search_impl.hpp). walking_time() calls it only where
// __builtin_cpu_supports("avx2").
#include "walking_time_search.hpp"

#ifdef TERRANAV_WALKING_TIME_AVX2
#define TERRANAV_WALKING_TIME_FOR_AVX2 1
#include "walking_time_search_impl.hpp"

namespace terranav::nav::detail {

std::size_t search_walking_time_avx2(const SearchSpec& spec) {
  return search(spec);
}

}  // namespace terranav::nav::detail
#endif
