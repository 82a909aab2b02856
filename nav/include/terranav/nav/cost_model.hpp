// Per-query edge cost models. Every model is a base cost per edge from its
// horizontal length and height change, times an optional per-tile
// multiplier layer (terrain classes x influence fields).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <string_view>

#include "terranav/nav/multiplier_layer.hpp"

namespace terranav::nav {

enum class CostModelKind {
  /// d * (1 + k * |dh| / d): docs/reference-model.md (the default).
  Reference,
  /// 1 + |dh| / d per step whatever its length; the edge is dropped at
  /// |dh| / d >= max_slope. The seed codebase's rule, kept for faithful
  /// comparison: octile distance in metres overestimates it.
  Seed,
  /// Walking time in seconds, d / v with v = 6 * exp(-3.5 * |dh / d + 0.05|)
  /// km/h: W. Tobler, "Three presentations on geographical analysis and
  /// modeling", NCGIA technical report 93-1, 1993. Direction-dependent.
  Tobler,
  /// d * (1 + k_up * max(dh / d, 0) + k_down * max(-dh / d, 0)): separate
  /// weights for climbing and descending. Direction-dependent.
  UphillDownhill,
  /// GRASS r.walk's step time in seconds (docs/rwalk.md section 2; Aitken
  /// 1977 with Langmuir's 1984 downhill terms): dh * (b if dh / d >= 0, dd
  /// if dh / d < slope_factor, else c) + d * a. Direction-dependent.
  WalkingTime,
};

/// "reference", "seed", "tobler", "uphill-downhill", "walking-time".
std::string_view to_string(CostModelKind kind) noexcept;
/// Inverse of to_string; throws Error naming the text and the valid names.
CostModelKind parse_cost_model(std::string_view text);

/// The unit of the model's costs, for column names and labels: "m"
/// (reference, uphill-downhill), "s" (tobler, walking-time), "steps" (seed). O(1).
std::string_view cost_unit(CostModelKind kind) noexcept;

/// r.walk's walk_coeff a, b, c, d and its slope_factor, with r.walk's
/// defaults: the one set of walking-time coefficients, for the
/// walking-time cost model (CostModel::walk) and for r.walk's own surface
/// (WalkingTimeOptions::walk, walking_time.hpp). Checked by validate():
/// each within its limits.hpp range, and a + c * min(slope_factor, 0) > 0
/// when c > 0, so that every step takes a positive time (uphill a + b s >= a,
/// steep downhill a + d s >= a, moderate downhill a + c s).
struct WalkCoefficients {
  /// Seconds per metre on the flat. [Units: s/m] [Limits: kWalkFlatLimit, 1e-6..1e6]
  double a = 0.72;
  /// Seconds per metre climbed. [Units: s/m] [Limits: kWalkUphillLimit, 0..1e6]
  double b = 6.0;
  /// Seconds per metre of moderate descent (slope_factor <= dh / d < 0).
  /// [Units: s/m] [Limits: kWalkModerateDownLimit, -1e6..1e6]
  double c = 1.9998;
  /// Seconds per metre of steep descent (dh / d < slope_factor).
  /// [Units: s/m] [Limits: kWalkSteepDownLimit, -1e6..0]
  double d = -1.9998;
  /// Slope (dh / horizontal distance) below which a descent is steep.
  /// [Units: rise/run] [Limits: kWalkSlopeFactorLimit, -100..100]
  double slope_factor = -0.2125;
};

/// A cost model chosen per query. dh = H(to) - H(from), metres; d = the
/// edge's horizontal length, metres. Edge cost = base(d, dh) * (m_from + m_to) / 2
/// where m is tile_multipliers (all 1 when none).
struct CostModel {
  CostModelKind kind = CostModelKind::Reference;
  /// k of Reference. [Limits: kSlopeWeightLimit, 0..1e6]
  double slope_weight = 1.0;
  /// k_up, k_down of UphillDownhill. [Limits: kUphillWeightLimit,
  /// kDownhillWeightLimit, 0..1e6]
  double uphill_weight = 1.0;
  double downhill_weight = 1.0;
  /// WalkingTime's coefficients.
  WalkCoefficients walk{};
  /// One multiplier per tile, checked when the layer was written; null =
  /// all 1. Not owned: the layer must outlive the queries using it.
  const MultiplierLayer* tile_multipliers = nullptr;
};

namespace detail {
// Tobler's hiking function: fastest (6 km/h) on a descent of 5 %.
inline constexpr double kToblerMaxKmh = 6.0;
inline constexpr double kToblerDecay = 3.5;
inline constexpr double kToblerBestGradient = -0.05;
inline constexpr double kSecondsPerHourPerKm = 3.6;  // (s/h) / (m/km)

inline double tobler_seconds(double d, double gradient) noexcept {
  const double kmh =
      kToblerMaxKmh * std::exp(-kToblerDecay * std::abs(gradient - kToblerBestGradient));
  return d * kSecondsPerHourPerKm / kmh;
}
}  // namespace detail

/// Base cost of one edge (no multiplier) of horizontal length d > 0 metres
/// and height change dh metres. +infinity when the model drops the edge
/// (Seed at |dh| / d >= max_slope); the other models ignore max_slope (the
/// graph already has no edge steeper than it). Units: metres (Reference,
/// UphillDownhill), steps (Seed), seconds (Tobler, WalkingTime).
/// docs/cost-models.md.
/// O(1); inline, as the surface walk prices every piece with it.
inline double base_edge_cost(const CostModel& model, double d, double dh,
                             double max_slope) noexcept {
  switch (model.kind) {
    case CostModelKind::Reference:
      return d * (1.0 + model.slope_weight * std::abs(dh) / d);
    case CostModelKind::Seed: {
      const double slope = std::abs(dh) / d;
      return slope >= max_slope ? std::numeric_limits<double>::infinity() : 1.0 + slope;
    }
    case CostModelKind::Tobler:
      return detail::tobler_seconds(d, dh / d);
    case CostModelKind::UphillDownhill: {
      const double gradient = dh / d;
      return d * (1.0 + model.uphill_weight * std::max(gradient, 0.0) +
                  model.downhill_weight * std::max(-gradient, 0.0));
    }
    case CostModelKind::WalkingTime: {
      // r.walk's operation order: the height term, then the flat term.
      const WalkCoefficients& w = model.walk;
      const double gradient = dh / d;
      const double per_height = gradient >= 0 ? w.b : gradient < w.slope_factor ? w.d : w.c;
      return dh * per_height + d * w.a;
    }
  }
  return std::numeric_limits<double>::infinity();
}

/// Minimum of base_edge_cost over every slope |dh| / d <= max_slope for an
/// edge of length d (attained, so the tightest lower bound): what the
/// heuristic is scaled by so it never overestimates (Reference,
/// UphillDownhill: d, on flat ground; Seed: 1 per step whatever d, so its
/// smallest cost per metre is on the longest, diagonal step; Tobler:
/// d / v_max, v_max = 6 km/h at dh/d = -0.05 when max_slope >= 0.05, else at
/// dh/d = -max_slope; WalkingTime: d * (a + c * max(slope_factor, -max_slope))
/// when c > 0 and slope_factor < 0, the steepest allowed moderate descent,
/// else d * a on the flat). O(1).
double min_base_edge_cost(const CostModel& model, double d, double max_slope) noexcept;

/// Least cost of a height change, per metre of it, beyond
/// min_base_edge_cost: see min_climb_cost.
struct ClimbCost {
  double up = 0.0;    ///< per metre climbed (dh > 0)
  double down = 0.0;  ///< per metre descended (dh < 0)
};

/// Coefficients with base_edge_cost(model, d, dh, max_slope) >=
/// min_base_edge_cost(model, d, max_slope) + up * max(dh, 0) +
/// down * max(-dh, 0) for every edge length 0 < d <= longest_step (metres)
/// and every |dh| / d <= max_slope, so any path from height H to height H'
/// costs at least up * max(H' - H, 0) + down * max(H - H', 0) on top of its
/// steps' minimum costs (the search adds this to its heuristic).
/// Reference: up = down = k (exact). UphillDownhill: k_up, k_down (exact).
/// Seed: 1 / longest_step each (|dh| / d >= |dh| / longest_step). Tobler:
/// up = 3.5 * 0.6 s/m from exp(x) >= 1 + x; down = 0, since a 5 % descent is
/// the fastest way. WalkingTime: up = b (exact when the flat is fastest);
/// down = 0 when c > 0 and slope_factor < 0 (a moderate descent is the
/// fastest way), else min(-c, -d) (-d when slope_factor >= 0, as no descent
/// is moderate): valid whatever max_slope. O(1).
ClimbCost min_climb_cost(const CostModel& model, double longest_step) noexcept;

/// Smallest tile multiplier (1 when none). O(1).
double min_multiplier(const CostModel& model) noexcept;

/// Throws Error ("walk d: must be in [-1e+06, 0] s/m, got 0.5") when a walk
/// coefficient is outside its limits.hpp range, or ("walk a + c *
/// min(slope_factor, 0) = -0.1 must be > 0 when c > 0 ...") when they allow
/// a step of zero or negative time. O(1).
void validate(const WalkCoefficients& walk);

/// Throws Error ("cost model: slope_weight: must be in [0, 1e+06], got ...")
/// when a weight is outside its limits.hpp range (all are checked, whatever
/// the kind), validate(model.walk) does, or the multiplier layer does
/// not have tile_count tiles. O(1): the layer checked its values.
void validate(const CostModel& model, std::size_t tile_count);

}  // namespace terranav::nav
