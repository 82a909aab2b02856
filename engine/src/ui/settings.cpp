#include "terranav/engine/ui/settings.hpp"

#include "terranav/engine/scene/time_scale.hpp"
#include "terranav/nav/limits.hpp"

namespace terranav::engine {

Settings current_settings(const World& world, double time_scale) {
  const nav::SearchOptions& search = world.search_options();
  return {.cost_model = search.cost.kind,
          .slope_weight = search.cost.slope_weight,
          .uphill_weight = search.cost.uphill_weight,
          .downhill_weight = search.cost.downhill_weight,
          .heuristic = search.heuristic,
          .weight = search.weight,
          .max_slope = world.graph().config().max_slope,
          .path_mode = search.path_mode,
          .speed_mps = world.units().front().unit.params().max_speed_mps,
          .time_scale = time_scale};
}

void apply_settings(World& world, const Settings& from, const Settings& to) {
  // Every limit first, so a bad value changes nothing.
  nav::check_limit(nav::kSlopeWeightLimit, to.slope_weight, "slope_weight");
  nav::check_limit(nav::kUphillWeightLimit, to.uphill_weight, "uphill_weight");
  nav::check_limit(nav::kDownhillWeightLimit, to.downhill_weight, "downhill_weight");
  nav::check_limit(nav::kWeightLimit, to.weight, "weight");
  nav::check_limit(nav::kMaxSlopeLimit, to.max_slope, "max_slope");
  nav::check_limit(nav::kSpeedLimit, to.speed_mps, "speed_mps");
  nav::check_limit(kTimeScaleLimit, to.time_scale, "time_scale");
  if (to.speed_mps != from.speed_mps) world.set_speed(to.speed_mps);
  if (to.max_slope != from.max_slope) world.set_max_slope(to.max_slope);
  nav::SearchOptions options = world.search_options();
  options.cost.kind = to.cost_model;
  options.cost.slope_weight = to.slope_weight;
  options.cost.uphill_weight = to.uphill_weight;
  options.cost.downhill_weight = to.downhill_weight;
  options.heuristic = to.heuristic;
  options.weight = to.weight;
  options.path_mode = to.path_mode;
  if (to.cost_model != from.cost_model || to.slope_weight != from.slope_weight ||
      to.uphill_weight != from.uphill_weight || to.downhill_weight != from.downhill_weight ||
      to.heuristic != from.heuristic || to.weight != from.weight ||
      to.path_mode != from.path_mode) {
    world.set_search_options(options);
  }
}

}  // namespace terranav::engine
