// Replaying a Moving AI .scen against a graph: one timed query per row,
// compared with the row's optimal cost (nav::cost_matches).
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "terranav/nav/search.hpp"
#include "terranav/terrain_io/movingai.hpp"

namespace terranav::navcli {

/// What one row's query did.
struct QueryRecord {
  nav::SearchStatus status = nav::SearchStatus::InvalidStart;
  double cost = 0.0;
  double optimal = 0.0;
  /// Found with a cost matching the row's optimal.
  bool ok = false;
  std::uint64_t expanded = 0;
  std::uint64_t generated = 0;
  std::uint64_t heap_operations = 0;
  /// Wall time of the query (start and every step), microseconds.
  double time_us = 0.0;
  /// Wall time of each step, microseconds: one step unless sliced.
  std::vector<double> step_us;
  /// Sliced only: after each step, the wall time of an idle step (a loop
  /// reading the clock until the budget has passed): what the machine alone
  /// adds to a step (preemption, a shared VM's stalls), measured alongside.
  std::vector<double> idle_us;
  /// The query's result, valid during on_query.
  const nav::PathResult* result = nullptr;
};

/// Loads `scen` and checks that every row's map width x height equals the
/// graph's TW x TD. Throws nav::Error for a bad file, std::runtime_error
/// naming the file and the row (1-based, with its start and goal) for a
/// size mismatch.
std::vector<nav::ScenarioRow> load_scen_for(const std::filesystem::path& scen,
                                            const nav::TerrainGraph& graph);

/// Runs every row (start and goal in tile coordinates) with `options`,
/// calling `on_query(row index, record)` after each; with `budget_us`, each
/// query runs sliced, in steps of at most that many microseconds, each
/// followed by an idle step of the same budget.
/// O(rows x query).
void replay(std::span<const nav::ScenarioRow> rows, nav::AStar& astar,
            const nav::SearchOptions& options, std::optional<double> budget_us,
            const std::function<void(std::size_t, const QueryRecord&)>& on_query);

}  // namespace terranav::navcli
