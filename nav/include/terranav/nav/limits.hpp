// The accepted range of every numeric parameter, written once. The nav API
// checks its inputs against these; navcli and the terranav app check their
// flags, and the .terrain sidecar its keys, against the same table before
// anything is built; --help and the README's [Limits] table print it.
//
// Why these bounds: every accepted combination keeps heights, step lengths,
// edge costs, heuristics and path costs finite. The worst case:
// - longest edge: a diagonal of the largest tile at the largest spacing,
//   d = sqrt(2) * 65535 * 1e6 m = 9.3e10 m;
// - dearest metre: Tobler at the steepest walkable slope, 0.6 s/m *
//   exp(3.5 * (100 + 0.05)) = 6e151 (Reference and UphillDownhill: 1 + 1e6 *
//   100 = 1e8; WalkingTime: 1e6 + 1e6 * 100 = 1e8); max_slope <= 100 keeps
//   that exponent finite;
// - a tile multiplier <= 1e6, and a path of at most 2^28 edges (one per
//   sample of the largest heightmap);
// so a path costs at most 9.3e10 * 6e151 * 1e6 * 2.7e8 = 1.5e176, and a
// weighted heuristic (weight <= 1e6) at most 1.5e182: far below 1e300.
// Heights within +-1e7 m keep a height difference a float and slopes
// (|dh| / d with d >= 0.001 m) below 2e10. tests/nav/test_limits.cpp checks
// this bound with the cost functions and samples the corners on a map.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace terranav::nav {

/// A closed range [min, max] of one parameter.
struct Limit {
  std::string_view name;  ///< the API field (and sidecar key), e.g. "spacing_m"
  std::string_view flag;  ///< navcli's and the app's flag, e.g. "--spacing"; empty if none
  double min;
  double max;
  std::string_view unit;  ///< "m", "m/s", "cells", ... ; empty for a pure number
  std::string_view meaning;
};

inline constexpr Limit kSpacingLimit{
    "spacing_m", "--spacing", 1e-3, 1e6, "m", "horizontal distance between height samples"};
inline constexpr Limit kHeightScaleLimit{"height_scale_m",
                                         "--height-scale",
                                         1e-3,
                                         1e7,
                                         "m",
                                         "height of a full-scale sample (PNG, RAW); the relief "
                                         "of procedural terrain"};
inline constexpr Limit kHeightLimit{"height_m", "", -1e7, 1e7, "m", "any height sample"};
inline constexpr Limit kTileSizeLimit{
    "tile_size", "--tile-size", 1, 65535, "cells", "cells per tile side (also <= min(W, D) - 1)"};
inline constexpr Limit kMaxSlopeLimit{"max_slope", "--max-slope", 0,
                                      100,         "rise/run",    "steepest walkable edge"};
inline constexpr Limit kSlopeWeightLimit{
    "slope_weight", "--slope-weight", 0, 1e6, "", "reference cost model's k"};
inline constexpr Limit kUphillWeightLimit{
    "uphill_weight", "--uphill-weight", 0, 1e6, "", "uphill-downhill model, climbing"};
inline constexpr Limit kDownhillWeightLimit{
    "downhill_weight", "--downhill-weight", 0, 1e6, "", "uphill-downhill model, descending"};
// r.walk's walk_coeff and slope_factor (WalkCoefficients, for the
// walking-time model and walking_time.hpp's r.walk surface); beyond the
// ranges, validate(WalkCoefficients) also needs a + c * min(slope_factor, 0)
// > 0 when c > 0, so every step takes a positive time.
inline constexpr Limit kWalkFlatLimit{
    "walk a", "--walk-coeff", 1e-6, 1e6, "s/m", "walking-time: per metre on the flat"};
inline constexpr Limit kWalkUphillLimit{
    "walk b", "--walk-coeff", 0, 1e6, "s/m", "walking-time: per metre climbed"};
inline constexpr Limit kWalkModerateDownLimit{
    "walk c", "--walk-coeff", -1e6, 1e6, "s/m", "walking-time: per metre of moderate descent"};
inline constexpr Limit kWalkSteepDownLimit{
    "walk d", "--walk-coeff", -1e6, 0, "s/m", "walking-time: per metre of steep descent"};
inline constexpr Limit kWalkSlopeFactorLimit{
    "slope_factor", "--slope-factor",
    -100,           100,
    "rise/run",     "walking-time: steep descent below it"};
inline constexpr Limit kClassMultiplierLimit{
    "multiplier", "--class-table", 1e-3, 1e3, "", "terrain class cost multiplier"};
inline constexpr Limit kInfluenceStrengthLimit{
    "strength", "--influence", -0.999, 1e3, "", "influence point strength (< 0 attracts)"};
inline constexpr Limit kInfluenceRadiusLimit{"radius_m", "--influence", 1e-3,
                                             1e9,        "m",           "influence point radius"};
inline constexpr Limit kInfluencePositionLimit{
    "x_m, z_m", "--influence", -1e9, 1e9, "m", "influence point position"};
inline constexpr Limit kTileMultiplierLimit{
    "tile multiplier",
    "",
    1e-6,
    1e6,
    "",
    "a tile's multiplier: its class's times every influence point's"};
inline constexpr Limit kSmoothingLimit{
    "smoothing_passes", "--smoothing", 0, 1000, "passes", "box-blur passes of procedural terrain"};
inline constexpr Limit kProceduralSizeLimit{"size", "--procedural", 2,
                                            16384,  "samples",      "procedural terrain side"};
inline constexpr Limit kOctavesLimit{"octaves", "", 1, 30, "", "procedural fBm octaves"};
inline constexpr Limit kFrequencyLimit{"frequency", "", 1e-3,
                                       1e6,         "", "procedural base features per map side"};
inline constexpr Limit kRawSideLimit{
    "raw_width, raw_depth", "", 2, 65536, "samples", "RAW heightmap side (W * D <= 2^28)"};
inline constexpr Limit kWeightLimit{"weight", "--weight", 1,
                                    1e6,      "",         "weighted A*: f = g + weight * h"};
inline constexpr Limit kSpeedLimit{"max_speed_mps", "--speed", 1e-3, 1e6, "m/s", "unit top speed"};
inline constexpr Limit kAccelLimit{
    "max_accel_mps2", "", 1e-3, 1e6, "m/s^2", "unit acceleration and braking"};
inline constexpr Limit kTurnRateLimit{"max_turn_rate_radps", "", 1e-3, 1e3, "rad/s",
                                      "unit turn rate"};
inline constexpr Limit kLookaheadLimit{
    "lookahead_m", "", 1e-3, 1e6, "m", "unit steering: look-ahead along the path"};
inline constexpr Limit kCorridorLimit{
    "corridor_m", "", 1e-3, 1e6, "m", "unit steering: furthest distance from the path"};

/// Every limit above, in that order (the docs' table).
std::span<const Limit> all_limits() noexcept;

/// True iff min <= value <= max (false for NaN).
constexpr bool within(const Limit& limit, double value) noexcept {
  return value >= limit.min && value <= limit.max;
}

/// within() for a value stored as a float, against the bounds rounded to
/// float (1e-6 has no float of its own).
constexpr bool within_float(const Limit& limit, float value) noexcept {
  return value >= static_cast<float>(limit.min) && value <= static_cast<float>(limit.max);
}

/// "must be in [0.001, 1e+06] m, got 1e+300". O(1).
std::string limit_problem(const Limit& limit, double value);

/// Throws Error("<who>: must be in [min, max] unit, got value") unless
/// within(limit, value); `who` defaults to limit.name. O(1).
void check_limit(const Limit& limit, double value, std::string_view who = {});

/// One line per limit, "  --spacing, spacing_m   [0.001, 1e+06] m   meaning":
/// the table --help prints. O(limits).
std::string limits_table(std::span<const Limit> limits = all_limits());

}  // namespace terranav::nav
