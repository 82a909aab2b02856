#include "rwalk_path.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>

namespace terranav::navcli {
namespace {

std::size_t index(const nav::WalkingTimeGrid& grid, nav::GridSample s) {
  return static_cast<std::size_t>(s.row) * static_cast<std::size_t>(grid.width) +
         static_cast<std::size_t>(s.column);
}

// r.walk's D from `a` to its neighbour `b`, bit for bit as walking_time
// computes it (sqrt(4 ns^2 + ew^2) for two rows: scaling by 4 is exact).
double step_m(double ew_m, double ns_m, nav::GridSample a, nav::GridSample b) {
  const double dc = b.column - a.column;
  const double dr = b.row - a.row;
  return std::sqrt(dr * dr * (ns_m * ns_m) + dc * dc * (ew_m * ew_m));
}

[[noreturn]] void corrupt(nav::GridSample s, const std::string& problem) {
  throw std::logic_error("r.walk path: the back-link at sample (" + std::to_string(s.column) +
                         ", " + std::to_string(s.row) + ") " + problem);
}

}  // namespace

bool rwalk_walkable(const nav::WalkingTimeGrid& grid, nav::GridSample s) {
  const std::size_t k = index(grid, s);
  return !std::isnan(grid.elevation_m[k]) &&
         (grid.friction_s_per_m.empty() || !std::isnan(grid.friction_s_per_m[k]));
}

RwalkPath trace_rwalk_path(const nav::WalkingTimeGrid& grid, const nav::WalkingTimeSurface& surface,
                           nav::GridSample goal) {
  RwalkPath path;
  nav::GridSample at = goal;
  double time = surface.time_s[index(grid, at)];
  if (std::isnan(time)) return path;
  for (;;) {
    path.samples.push_back(at);
    path.time_s.push_back(time);
    const float deg = surface.direction_deg[index(grid, at)];
    if (std::isnan(deg)) break;  // a start
    const std::optional<nav::GridSample> back = nav::walking_time_back_step(deg);
    if (!back) corrupt(at, "is " + std::to_string(deg) + " degrees, none of r.walk's directions");
    const nav::GridSample from{at.column + back->column, at.row + back->row};
    if (from.column < 0 || from.column >= grid.width || from.row < 0 || from.row >= grid.depth) {
      corrupt(at, "leaves the grid");
    }
    const double before = surface.time_s[index(grid, from)];
    if (!(before < time)) corrupt(at, "does not lead to a lower time");
    at = from;
    time = before;
  }
  std::reverse(path.samples.begin(), path.samples.end());
  std::reverse(path.time_s.begin(), path.time_s.end());
  // From the start, in the order rwalk_vertices sums its distances.
  for (std::size_t k = 1; k < path.samples.size(); ++k) {
    const nav::GridSample a = path.samples[k - 1];
    const nav::GridSample b = path.samples[k];
    path.length_m += step_m(grid.ew_res_m, grid.ns_res_m, a, b);
    const double dh = grid.elevation_m[index(grid, b)] - grid.elevation_m[index(grid, a)];
    (dh > 0 ? path.ascent_m : path.descent_m) += std::abs(dh);
  }
  return path;
}

std::vector<PathVertex> rwalk_vertices(const RwalkPath& path, const nav::RasterGrid& dem) {
  const std::array<double, 6>& t = dem.geotransform;
  std::vector<PathVertex> out;
  out.reserve(path.samples.size());
  double walked = 0.0;
  for (std::size_t k = 0; k < path.samples.size(); ++k) {
    const nav::GridSample s = path.samples[k];
    if (k > 0) walked += step_m(t[1], -t[5], path.samples[k - 1], s);
    out.push_back(
        {.x = t[0] + (s.column + 0.5) * t[1],
         .y = t[3] + (s.row + 0.5) * t[5],
         .z = dem.values[static_cast<std::size_t>(s.row) * static_cast<std::size_t>(dem.width) +
                         static_cast<std::size_t>(s.column)],
         .distance_m = walked,
         .cost = path.time_s[k]});
  }
  return out;
}

}  // namespace terranav::navcli
