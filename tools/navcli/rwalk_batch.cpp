#include "rwalk_batch.hpp"

#include <algorithm>
#include <numeric>
#include <utility>

#include "rwalk_path.hpp"
#include "stopwatch.hpp"

namespace terranav::navcli {

void answer_rwalk_rows(const RwalkRasters& rasters, const nav::WalkingTimeOptions& walk,
                       int threads, const std::vector<PairRow>& rows,
                       std::vector<Answer>& answers) {
  answers.assign(rows.size(), Answer{});
  // Row numbers grouped by start, in input order within a group.
  const auto key = [&rows](std::size_t k) { return std::pair(rows[k].from.j, rows[k].from.i); };
  std::vector<std::size_t> order(rows.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&key](std::size_t a, std::size_t b) { return key(a) < key(b); });
  std::vector<std::size_t> group_begin;
  for (std::size_t k = 0; k < order.size(); ++k) {
    if (k == 0 || key(order[k]) != key(order[k - 1])) group_begin.push_back(k);
  }
  group_begin.push_back(order.size());

  const nav::WalkingTimeGrid grid = rasters.grid();
  parallel_for(threads, group_begin.size() - 1, [&](std::size_t g, int) {
    const std::size_t begin = group_begin[g];
    const std::size_t end = group_begin[g + 1];
    nav::WalkingTimeOptions o = walk;
    const nav::TileCoord from = rows[order[begin]].from;
    o.starts = {{from.i, from.j}};
    o.goals.clear();
    for (std::size_t k = begin; k < end; ++k) {
      o.goals.push_back({rows[order[k]].to.i, rows[order[k]].to.j});
    }
    o.directions = true;
    const auto start = Clock::now();
    const nav::WalkingTimeSurface surface = nav::walking_time(grid, o);
    const double surface_us = elapsed_us(start, Clock::now());
    const bool walkable = rwalk_walkable(grid, o.starts.front());
    for (std::size_t k = begin; k < end; ++k) {
      const auto trace_start = Clock::now();
      const nav::TileCoord to = rows[order[k]].to;
      const RwalkPath path = trace_rwalk_path(grid, surface, {to.i, to.j});
      Answer& a = answers[order[k]];
      a.expanded = static_cast<std::uint32_t>(surface.settled);
      if (!walkable) {
        a.status = nav::SearchStatus::InvalidStart;
      } else if (!path.samples.empty()) {
        a.status = nav::SearchStatus::Found;
        a.cost = path.time_s.back();
        a.surface.cost = a.cost;
        a.surface.length_m = path.length_m;
        a.surface.ascent_m = path.ascent_m;
        a.surface.descent_m = path.descent_m;
      } else {
        a.status = nav::SearchStatus::Unreachable;
      }
      a.time_us = surface_us + elapsed_us(trace_start, Clock::now());
    }
  });
}

}  // namespace terranav::navcli
