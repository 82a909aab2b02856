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
  const nav::WalkCoefficients c = take_walk_coefficients(flags);
  nav::WalkingTimeOptions& w = out.walk;
  w.a = c.a;
  w.b = c.b;
  w.c = c.c;
  w.d = c.d;
  w.slope_factor = c.slope_factor;
  if (const auto lambda = optional_number<double>(flags, "--lambda")) {
    out.first_given = "--lambda";
    w.lambda = *lambda;
  }
  if (const auto friction = flags.take("--friction")) {
    if (out.first_given.empty()) out.first_given = "--friction";
    out.friction = std::filesystem::path(std::string(*friction));
  }
  try {
    nav::check_walk_coefficients(w);
  } catch (const nav::Error& e) {
    throw UsageError((out.first_given.empty() ? std::string("--walk-coeff") : out.first_given) +
                     ": " + e.what());
  }
  return out;
}

}  // namespace terranav::navcli
