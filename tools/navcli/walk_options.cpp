#include "walk_options.hpp"

#include <vector>

namespace terranav::navcli {

WalkFlags take_walk_flags(Flags& flags) {
  WalkFlags out;
  const auto note = [&out](std::string_view flag) {
    if (out.first_given.empty()) out.first_given = flag;
  };
  nav::WalkingTimeOptions& w = out.walk;
  if (const auto coeff = flags.take("--walk-coeff")) {
    note("--walk-coeff");
    const std::vector<double> v = parse_number_list<double>("--walk-coeff", *coeff);
    if (v.size() != 4) {
      throw UsageError("--walk-coeff: expected four numbers a,b,c,d, got " +
                       std::to_string(v.size()) + " in '" + std::string(*coeff) + "'");
    }
    w.a = v[0];
    w.b = v[1];
    w.c = v[2];
    w.d = v[3];
  }
  if (const auto s = optional_number<double>(flags, "--slope-factor")) {
    note("--slope-factor");
    w.slope_factor = *s;
  }
  if (const auto lambda = optional_number<double>(flags, "--lambda")) {
    note("--lambda");
    w.lambda = *lambda;
  }
  if (const auto friction = flags.take("--friction")) {
    note("--friction");
    out.friction = std::filesystem::path(std::string(*friction));
  }
  try {
    nav::check_walk_coefficients(w);
  } catch (const nav::Error& e) {
    throw UsageError(out.first_given + ": " + e.what());
  }
  return out;
}

}  // namespace terranav::navcli
