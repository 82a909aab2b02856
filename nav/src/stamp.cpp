#include "terranav/nav/stamp.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <string>

#include "name_table.hpp"
#include "number_text.hpp"

namespace terranav::nav {
namespace {

constexpr std::array<detail::Named<StampKind>, 4> kKinds = {{
    {"raise", StampKind::Raise},
    {"lower", StampKind::Lower},
    {"flatten", StampKind::Flatten},
    {"crater", StampKind::Crater},
}};

/// Where the crater's bowl ends and its rim begins, as a fraction of R.
constexpr double kBowl = 0.7;
constexpr double kRimHeight = 0.25;

/// (1 + cos(pi x)) / 2 for x in [0, 1]: 1 at 0, 0 at 1, flat at both ends.
double falloff(double x) noexcept {
  return 0.5 * (1.0 + std::cos(std::numbers::pi * x));
}

void check(const Stamp& s) {
  const auto fail = [&](const std::string& problem) {
    throw Error("stamp (" + std::string(to_string(s.kind)) + "): " + problem);
  };
  if (!std::isfinite(s.x_m) || !std::isfinite(s.z_m)) {
    fail("centre (" + detail::number_text(s.x_m) + ", " + detail::number_text(s.z_m) +
         ") m must be finite");
  }
  if (!std::isfinite(s.radius_m) || s.radius_m <= 0.0) {
    fail("radius " + detail::number_text(s.radius_m) + " m must be finite and > 0");
  }
  if (!std::isfinite(s.amount_m) || (s.kind != StampKind::Flatten && s.amount_m < 0.0)) {
    fail("amount " + detail::number_text(s.amount_m) + " m must be finite" +
         (s.kind == StampKind::Flatten ? "" : " and >= 0"));
  }
}

}  // namespace

std::string_view to_string(StampKind kind) noexcept {
  return detail::name_of<StampKind>(kKinds, kind);
}

StampKind parse_stamp_kind(std::string_view text) {
  return detail::parse_named<StampKind>(kKinds, text, "stamp kind");
}

SampleRect stamp_samples(const Heightmap& heightmap, const Stamp& stamp) {
  check(stamp);
  const double s = heightmap.spacing();
  // Clamped in double first: a far centre or huge radius cannot overflow.
  const auto bound = [](double v, int limit) {
    return static_cast<std::int32_t>(std::clamp(v, 0.0, static_cast<double>(limit)));
  };
  const SampleRect rect{bound(std::floor((stamp.x_m - stamp.radius_m) / s), heightmap.width()),
                        bound(std::floor((stamp.z_m - stamp.radius_m) / s), heightmap.depth()),
                        bound(std::ceil((stamp.x_m + stamp.radius_m) / s) + 1, heightmap.width()),
                        bound(std::ceil((stamp.z_m + stamp.radius_m) / s) + 1, heightmap.depth())};
  return rect.empty() ? SampleRect{} : rect;
}

double stamped_height(const Stamp& stamp, double h_m, double r_m) noexcept {
  const double radius = stamp.radius_m;
  if (!(r_m < radius)) return h_m;
  const double a = stamp.amount_m;
  const double x = r_m / radius;
  switch (stamp.kind) {
    case StampKind::Raise:
      return h_m + a * falloff(x);
    case StampKind::Lower:
      return h_m - a * falloff(x);
    case StampKind::Flatten: {
      const double w = x <= 0.5 ? 1.0 : falloff(2.0 * x - 1.0);
      return h_m + (a - h_m) * w;
    }
    case StampKind::Crater:
      if (x <= kBowl) return h_m - a * (1.0 - (x / kBowl) * (x / kBowl));
      return h_m + kRimHeight * a * std::sin(std::numbers::pi * (x - kBowl) / (1.0 - kBowl));
  }
  return h_m;
}

}  // namespace terranav::nav
