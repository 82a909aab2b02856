// The settings a designer tunes live (the panel edits them, the headless
// mode takes them as flags): cost model and its weights, heuristic and
// weight, max slope, path mode, unit speed, time scale. apply_settings()
// changes the world by what differs. GL-free.
#pragma once

#include "terranav/engine/scene/world.hpp"
#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/search.hpp"

namespace terranav::engine {

struct Settings {
  nav::CostModelKind cost_model = nav::CostModelKind::Reference;
  /// [Limits: nav::kSlopeWeightLimit, kUphillWeightLimit, kDownhillWeightLimit]
  double slope_weight = 1.0;
  double uphill_weight = 1.0;
  double downhill_weight = 1.0;
  nav::Heuristic heuristic = nav::Heuristic::Octile;
  /// [Limits: nav::kWeightLimit]
  double weight = 1.0;
  /// [Limits: nav::kMaxSlopeLimit] [Units: rise over run]
  double max_slope = 0.6;
  nav::PathMode path_mode = nav::PathMode::AnyAngle;
  /// [Limits: nav::kSpeedLimit] [Units: m/s]
  double speed_mps = 5.0;
  /// [Limits: kTimeScaleLimit]
  double time_scale = 1.0;

  friend bool operator==(const Settings&, const Settings&) = default;
};

/// The world's settings now (the first unit's speed), with `time_scale`.
/// O(1).
Settings current_settings(const World& world, double time_scale);

/// Makes the world match `to` where it differs from `from`: a new max slope
/// rebuilds the graph and sets (World::set_max_slope), new search settings
/// replan the units walking (World::set_search_options), a new speed goes to
/// every unit. The time scale is the caller's. Throws nav::Error naming the
/// first value outside its limit, before changing anything.
/// O(World::set_max_slope) when the slope changes, else O(units).
void apply_settings(World& world, const Settings& from, const Settings& to);

}  // namespace terranav::engine
