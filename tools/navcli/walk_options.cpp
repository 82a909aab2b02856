#include "walk_options.hpp"

#include <string>
#include <vector>

#include "terranav/nav/limits.hpp"

namespace terranav::navcli {

nav::WalkCoefficients take_walk_coefficients(Flags& flags) {
  nav::WalkCoefficients walk;
  if (const auto text = flags.take(nav::kWalkFlatLimit.flag)) {
    const std::vector<double> v = parse_number_list<double>(nav::kWalkFlatLimit.flag, *text);
    if (v.size() != 4) {
      throw UsageError(std::string(nav::kWalkFlatLimit.flag) + ": expected A,B,C,D, got '" +
                       std::string(*text) + "'");
    }
    walk.a = v[0];
    walk.b = v[1];
    walk.c = v[2];
    walk.d = v[3];
  }
  walk.slope_factor =
      optional_bounded<double>(flags, nav::kWalkSlopeFactorLimit).value_or(walk.slope_factor);
  try {
    nav::validate(walk);
  } catch (const nav::Error& e) {
    throw UsageError(std::string(nav::kWalkFlatLimit.flag) + ": " + e.what());
  }
  return walk;
}

WalkFlags take_walk_flags(Flags& flags) {
  WalkFlags out;
  out.walk.walk = take_walk_coefficients(flags);
  if (const auto lambda = optional_number<double>(flags, "--lambda")) {
    out.walk.lambda = *lambda;
    try {
      nav::validate_lambda(*lambda);
    } catch (const nav::Error& e) {
      throw UsageError("--lambda: " + std::string(e.what()));
    }
  }
  if (const auto friction = flags.take("--friction")) {
    out.friction = std::filesystem::path(std::string(*friction));
  }
  return out;
}

}  // namespace terranav::navcli
