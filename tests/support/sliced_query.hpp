// Resumable queries in tests: one run in budgeted steps, and the comparison
// of two results that must be the same search.
#pragma once

#include <gtest/gtest.h>

#include <utility>

#include "terranav/nav/search.hpp"

namespace terranav::test {

/// Status, exact cost, path and counters are equal.
inline void expect_same(const nav::PathResult& a, const nav::PathResult& b) {
  EXPECT_EQ(a.status, b.status);
  EXPECT_EQ(a.cost, b.cost);  // exactly: the same search
  EXPECT_EQ(a.tiles, b.tiles);
  EXPECT_EQ(a.expanded, b.expanded);
  EXPECT_EQ(a.generated, b.generated);
  EXPECT_EQ(a.heap_operations, b.heap_operations);
}

/// Runs a query to the end in steps of `budget`, checking each step keeps
/// to its expansion budget; the result and the number of steps.
inline std::pair<nav::PathResult, int> sliced(nav::AStar& astar, nav::TileCoord from,
                                              nav::TileCoord to, const nav::SearchOptions& options,
                                              const nav::StepBudget& budget) {
  int steps = 0;
  if (astar.start(from, to, options) == nav::SearchStatus::InProgress) {
    nav::PathResult before;
    nav::PathResult now;
    do {
      astar.result(before);
      astar.step(budget);
      astar.result(now);
      EXPECT_LE(now.expanded - before.expanded, budget.max_expansions);
      ++steps;
    } while (astar.status() == nav::SearchStatus::InProgress);
  }
  nav::PathResult out;
  astar.result(out);
  return {out, steps};
}

}  // namespace terranav::test
