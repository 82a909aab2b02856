// The search for any processor: steps priced one at a time.
#include "walking_time_search_impl.hpp"

namespace terranav::nav::detail {

std::size_t search_walking_time(const SearchSpec& spec) {
  return search(spec);
}

}  // namespace terranav::nav::detail
