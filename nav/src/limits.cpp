#include "terranav/nav/limits.hpp"

#include <array>
#include <sstream>

#include "number_text.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {
namespace {

constexpr std::array kLimits = {
    kSpacingLimit,        kHeightScaleLimit,       kHeightLimit,          kTileSizeLimit,
    kMaxSlopeLimit,       kSlopeWeightLimit,       kUphillWeightLimit,    kDownhillWeightLimit,
    kClassMultiplierLimit, kInfluenceStrengthLimit, kInfluenceRadiusLimit, kInfluencePositionLimit,
    kTileMultiplierLimit, kSmoothingLimit,         kProceduralSizeLimit,  kOctavesLimit,
    kFrequencyLimit,      kRawSideLimit,           kWeightLimit,          kSpeedLimit,
};

std::string range_text(const Limit& limit) {
  std::ostringstream out;
  out << '[' << limit.min << ", " << limit.max << ']';
  if (!limit.unit.empty()) out << ' ' << limit.unit;
  return out.str();
}

}  // namespace

std::span<const Limit> all_limits() noexcept {
  return kLimits;
}

std::string limit_problem(const Limit& limit, double value) {
  std::string text = "must be in ";
  text += range_text(limit);
  text += ", got ";
  text += detail::number_text(value);
  return text;
}

void check_limit(const Limit& limit, double value, std::string_view who) {
  if (!within(limit, value)) {
    throw Error(std::string(who.empty() ? limit.name : who) + ": " + limit_problem(limit, value));
  }
}

std::string limits_table(std::span<const Limit> limits) {
  std::ostringstream out;
  for (const Limit& limit : limits) {
    std::string names(limit.flag);
    if (!names.empty()) names += ", ";
    names += limit.name;
    out << "  " << names;
    out << std::string(names.size() < 34 ? 34 - names.size() : 1, ' ');
    const std::string range = range_text(limit);
    out << range << std::string(range.size() < 26 ? 26 - range.size() : 1, ' ') << limit.meaning
        << "\n";
  }
  return out.str();
}

}  // namespace terranav::nav
