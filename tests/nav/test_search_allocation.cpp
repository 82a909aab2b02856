// A warmed-up query allocates nothing: counted by replacing the global
// operator new for this test binary (the count is on only inside a scope).
#include <gtest/gtest.h>

#include <cstdlib>
#include <new>
#include <vector>

#include "random_terrain.hpp"
#include "terranav/nav/search.hpp"

namespace {

thread_local bool counting = false;
thread_local int allocations = 0;

void* allocate(std::size_t size) {
  if (counting) ++allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}

}  // namespace

void* operator new(std::size_t size) {
  return allocate(size);
}
void* operator new[](std::size_t size) {
  return allocate(size);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete[](void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
  std::free(p);
}

namespace terranav::nav {
namespace {

TEST(SearchAllocation, AWarmedUpSlicedQueryAllocatesNothing) {
  const Heightmap hm = test::random_heightmap(80, 80, 1.0, 10.0, 0.3, 4);
  const TerrainGraph graph(hm, {.tile_size = 1, .max_slope = 0.8});
  const ConnectedSets sets(graph);
  AStar astar(graph, sets);
  PathResult result;
  const SearchOptions options{.cost = {.kind = CostModelKind::Tobler}, .allow_partial = true};
  const auto run = [&](std::uint32_t limit) {
    SearchOptions o = options;
    o.max_expansions = limit;
    astar.start({2, 3}, {75, 70}, o);
    while (astar.step({.max_expansions = 50, .max_microseconds = 20.0}) ==
           SearchStatus::InProgress) {
    }
    astar.result(result);
  };
  run(0);  // grows the open set and the result's vectors
  ASSERT_EQ(result.status, SearchStatus::Found);
  counting = true;
  allocations = 0;
  run(0);
  run(100);  // partial: a shorter path into the same vectors
  counting = false;
  EXPECT_EQ(allocations, 0);
  EXPECT_EQ(result.status, SearchStatus::Partial);
}

}  // namespace
}  // namespace terranav::nav
