// The walking-time flags (GRASS r.walk's parameters, docs/rwalk.md):
// --walk-coeff a,b,c,d, --slope-factor S, --lambda L and --friction FILE,
// parsed in one place for every command that prices steps by walking time.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "flags.hpp"
#include "terranav/nav/walking_time.hpp"

namespace terranav::navcli {

/// What the walking-time flags say.
struct WalkFlags {
  /// a, b, c, d, slope_factor and lambda from the flags, r.walk's defaults
  /// for those not given; starts, knight_moves and directions left default.
  nav::WalkingTimeOptions walk;
  /// --friction: a raster of extra seconds per metre on the DEM's grid.
  std::optional<std::filesystem::path> friction;
  /// The first of the four flags given (for "needs ..." errors); empty if none.
  std::string first_given;
};

/// Takes --walk-coeff a,b,c,d (seconds per metre; exactly four numbers),
/// --slope-factor S (rise over run), --lambda L (friction weight) and
/// --friction FILE. Throws UsageError naming the flag for a value that is
/// not a number, a wrong count, or coefficients that allow a step of zero or
/// negative time (nav::check_walk_coefficients). O(1).
WalkFlags take_walk_flags(Flags& flags);

}  // namespace terranav::navcli
