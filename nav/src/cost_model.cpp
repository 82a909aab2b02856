#include "terranav/nav/cost_model.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <string>

#include "name_table.hpp"
#include "number_text.hpp"
#include "terranav/nav/limits.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {
namespace {

constexpr std::array<detail::Named<CostModelKind>, 5> kNames = {{
    {"reference", CostModelKind::Reference},
    {"seed", CostModelKind::Seed},
    {"tobler", CostModelKind::Tobler},
    {"uphill-downhill", CostModelKind::UphillDownhill},
    {"walking-time", CostModelKind::WalkingTime},
}};

// A moderate descent is faster than the flat only when c > 0, and exists
// only when slope_factor < 0.
bool descent_is_fastest(const WalkCoefficients& w) noexcept {
  return w.c > 0.0 && w.slope_factor < 0.0;
}

}  // namespace

std::string_view to_string(CostModelKind kind) noexcept {
  return detail::name_of<CostModelKind>(kNames, kind);
}

CostModelKind parse_cost_model(std::string_view text) {
  return detail::parse_named<CostModelKind>(kNames, text, "cost model");
}

std::string_view cost_unit(CostModelKind kind) noexcept {
  switch (kind) {
    case CostModelKind::Tobler:
    case CostModelKind::WalkingTime:
      return "s";
    case CostModelKind::Seed:
      return "steps";
    case CostModelKind::Reference:
    case CostModelKind::UphillDownhill:
      break;
  }
  return "m";
}

double min_base_edge_cost(const CostModel& model, double d, double max_slope) noexcept {
  switch (model.kind) {
    case CostModelKind::Reference:
    case CostModelKind::UphillDownhill:
      return d;  // flat: the weights are >= 0
    case CostModelKind::Seed:
      return 1.0;
    case CostModelKind::Tobler:
      // Speed falls off on both sides of -5 %: the allowed gradient nearest it.
      return detail::tobler_seconds(d, std::max(detail::kToblerBestGradient, -max_slope));
    case CostModelKind::WalkingTime: {
      // Per metre a + b s uphill and a - d |s| on steep descents are >= a;
      // a + c s on moderate descents falls with s when c > 0, so the
      // steepest allowed moderate slope is fastest.
      const WalkCoefficients& w = model.walk;
      if (!descent_is_fastest(w)) return d * w.a;
      return d * (w.a + w.c * std::max(w.slope_factor, -max_slope));
    }
  }
  return 0.0;
}

ClimbCost min_climb_cost(const CostModel& model, double longest_step) noexcept {
  switch (model.kind) {
    case CostModelKind::Reference:
      return {model.slope_weight, model.slope_weight};
    case CostModelKind::UphillDownhill:
      return {model.uphill_weight, model.downhill_weight};
    case CostModelKind::Seed:
      return {1.0 / longest_step, 1.0 / longest_step};
    case CostModelKind::Tobler:
      // d * 0.6 * exp(3.5 (g + 0.05)) - d * 0.6 >= 0.6 * 3.5 * g * d for g >= 0.
      return {detail::kToblerDecay * detail::kSecondsPerHourPerKm / detail::kToblerMaxKmh, 0.0};
    case CostModelKind::WalkingTime: {
      // Over the floor (<= a per metre): climbing adds b per metre climbed.
      // A descent adds nothing when a moderate one is the floor; else the
      // floor is a and descents add -c (moderate) or -d (steep) per metre.
      const WalkCoefficients& w = model.walk;
      if (descent_is_fastest(w)) return {w.b, 0.0};
      return {w.b, w.slope_factor < 0.0 ? std::min(-w.c, -w.d) : -w.d};
    }
  }
  return {};
}

double min_multiplier(const CostModel& model) noexcept {
  return model.tile_multipliers ? model.tile_multipliers->min() : 1.0;
}

void validate(const WalkCoefficients& w) {
  check_limit(kWalkFlatLimit, w.a, "walk a");
  check_limit(kWalkUphillLimit, w.b, "walk b");
  check_limit(kWalkModerateDownLimit, w.c, "walk c");
  check_limit(kWalkSteepDownLimit, w.d, "walk d");
  check_limit(kWalkSlopeFactorLimit, w.slope_factor, "slope_factor");
  const double fastest = w.a + w.c * std::min(w.slope_factor, 0.0);
  if (w.c > 0.0 && !(fastest > 0.0)) {
    throw Error("walk a + c * min(slope_factor, 0) = " + detail::number_text(fastest) +
                " must be > 0 when c > 0 (a moderate descent would take no time)");
  }
}

void validate(const CostModel& model, std::size_t tile_count) {
  check_limit(kSlopeWeightLimit, model.slope_weight, "cost model: slope_weight");
  check_limit(kUphillWeightLimit, model.uphill_weight, "cost model: uphill_weight");
  check_limit(kDownhillWeightLimit, model.downhill_weight, "cost model: downhill_weight");
  validate(model.walk);
  if (model.tile_multipliers && model.tile_multipliers->tile_count() != tile_count) {
    throw Error("cost model: tile multipliers has " +
                std::to_string(model.tile_multipliers->tile_count()) + " values, expected " +
                std::to_string(tile_count) + " (one per tile)");
  }
}

}  // namespace terranav::nav
