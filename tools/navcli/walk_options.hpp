// The walking-time flags (GRASS r.walk's parameters, docs/rwalk.md):
// --walk-coeff a,b,c,d, --slope-factor S, --lambda L and --friction FILE,
// parsed in one place for every command that prices steps by walking time.
#pragma once

#include <filesystem>
#include <optional>

#include "flags.hpp"
#include "terranav/nav/cost_model.hpp"
#include "terranav/nav/walking_time.hpp"

namespace terranav::navcli {

/// What the walking-time flags say.
struct WalkFlags {
  /// walk (take_walk_coefficients) and lambda from the flags, r.walk's
  /// defaults for those not given; starts, knight_moves and directions left
  /// default.
  nav::WalkingTimeOptions walk;
  /// --friction: a raster of extra seconds per metre on the DEM's grid.
  std::optional<std::filesystem::path> friction;
};

/// Takes --walk-coeff A,B,C,D (seconds per metre; exactly four numbers) and
/// --slope-factor S (rise over run): the walking-time cost model's
/// coefficients, r.walk's defaults for those not given. Throws UsageError
/// naming the flag for a value that is not a number, a wrong count, or
/// coefficients outside their limits (nav::validate). O(1).
nav::WalkCoefficients take_walk_coefficients(Flags& flags);

/// take_walk_coefficients, then --lambda L (friction weight) and --friction
/// FILE: r.walk's parameters for --compat r.walk. Throws UsageError naming
/// the flag for a bad value (nav::validate, nav::validate_lambda). O(1).
WalkFlags take_walk_flags(Flags& flags);

}  // namespace terranav::navcli
