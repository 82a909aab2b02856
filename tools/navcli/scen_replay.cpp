#include "scen_replay.hpp"

#include <chrono>
#include <stdexcept>
#include <string>

#include "stopwatch.hpp"

namespace terranav::navcli {

std::vector<nav::ScenarioRow> load_scen_for(const std::filesystem::path& scen,
                                            const nav::TerrainGraph& graph) {
  std::vector<nav::ScenarioRow> rows = nav::load_movingai_scen(scen);
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const nav::ScenarioRow& row = rows[k];
    if (row.map_width != graph.tiles_wide() || row.map_height != graph.tiles_deep()) {
      throw std::runtime_error(
          scen.string() + ": row " + std::to_string(k + 1) + " (" + std::to_string(row.start_x) +
          "," + std::to_string(row.start_y) + " -> " + std::to_string(row.goal_x) + "," +
          std::to_string(row.goal_y) + ") is for a " + std::to_string(row.map_width) + "x" +
          std::to_string(row.map_height) + " map, but the graph has " +
          std::to_string(graph.tiles_wide()) + "x" + std::to_string(graph.tiles_deep()) + " tiles");
    }
  }
  return rows;
}

void replay(std::span<const nav::ScenarioRow> rows, nav::AStar& astar,
            const nav::SearchOptions& options, std::optional<double> budget_us,
            const std::function<void(std::size_t, const QueryRecord&)>& on_query) {
  const nav::StepBudget budget{.max_microseconds =
                                   budget_us.value_or(nav::StepBudget{}.max_microseconds)};
  nav::PathResult result;
  QueryRecord record;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const nav::ScenarioRow& row = rows[k];
    record.step_us.clear();
    record.idle_us.clear();
    const auto start = Clock::now();
    if (astar.start({row.start_x, row.start_y}, {row.goal_x, row.goal_y}, options) ==
        nav::SearchStatus::InvalidOptions) {
      throw nav::Error(astar.error());
    }
    double idle_total_us = 0.0;
    for (auto from = Clock::now(); astar.status() == nav::SearchStatus::InProgress;) {
      astar.step(budget);
      const auto to = Clock::now();
      record.step_us.push_back(elapsed_us(from, to));
      from = to;
      if (budget_us) {
        const auto deadline = to + std::chrono::duration_cast<Clock::duration>(
                                       std::chrono::duration<double, std::micro>(*budget_us));
        while (Clock::now() < deadline) {
        }
        from = Clock::now();
        record.idle_us.push_back(elapsed_us(to, from));
        idle_total_us += record.idle_us.back();
      }
    }
    astar.result(result);
    const auto end = Clock::now();
    record.status = result.status;
    record.cost = result.cost;
    record.optimal = row.optimal;
    record.ok =
        result.status == nav::SearchStatus::Found && nav::cost_matches(result.cost, row.optimal);
    record.expanded = result.expanded;
    record.generated = result.generated;
    record.heap_operations = result.heap_operations;
    record.time_us = elapsed_us(start, end) - idle_total_us;
    record.result = &result;
    on_query(k, record);
  }
}

}  // namespace terranav::navcli
