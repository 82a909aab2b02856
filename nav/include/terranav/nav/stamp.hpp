// Height stamps: raise, lower, flatten or crater a disc of the heightmap
// with a smooth radial profile (a terrain editor's brushes).
#pragma once

#include <string_view>

#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {

enum class StampKind {
  /// h + a w(r): a smooth hill of height a. w(r) = (1 + cos(pi r / R)) / 2.
  Raise,
  /// h - a w(r): a smooth dip of depth a.
  Lower,
  /// Towards the height a: fully at r <= R/2, blended with a cosine out to R
  /// (a building pad).
  Flatten,
  /// A bowl of depth a inside 0.7 R (h - a (1 - (r / 0.7 R)^2)) and a rim
  /// of height a / 4 from 0.7 R to R (h + a/4 sin(pi (r - 0.7 R) / 0.3 R)).
  Crater,
};

/// "raise", "lower", "flatten", "crater".
std::string_view to_string(StampKind kind) noexcept;
/// Inverse of to_string; throws Error naming the text and the valid names.
StampKind parse_stamp_kind(std::string_view text);

/// A stamp centred at (x_m, z_m) in the nav frame. Samples at horizontal
/// distance r < radius_m from the centre change; the profile is continuous
/// and 0 at r = radius_m.
struct Stamp {
  StampKind kind = StampKind::Raise;
  /// Centre. [Limits: finite] [Units: metres]
  double x_m = 0.0;
  double z_m = 0.0;
  /// [Limits: > 0, finite] [Units: metres]
  double radius_m = 1.0;
  /// Raise, Lower, Crater: the height change a at the centre [Limits: >= 0,
  /// finite]; Flatten: the target height [Limits: finite]. [Units: metres]
  double amount_m = 1.0;
};

/// The samples `stamp` may change (within radius_m of the centre), clipped
/// to the heightmap; empty when none. Throws Error naming the field for a
/// stamp outside its limits. O(1).
SampleRect stamp_samples(const Heightmap& heightmap, const Stamp& stamp);

/// The stamped height of a sample of height h_m at horizontal distance r_m
/// from the centre (unchanged at r_m >= radius_m). O(1).
double stamped_height(const Stamp& stamp, double h_m, double r_m) noexcept;

}  // namespace terranav::nav
