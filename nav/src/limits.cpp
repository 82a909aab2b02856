#include "terranav/nav/limits.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <sstream>

#include "terranav/nav/types.hpp"

namespace terranav::nav {
namespace {

constexpr std::array kLimits = {
    kSpacingLimit,
    kHeightScaleLimit,
    kHeightLimit,
    kTileSizeLimit,
    kMaxSlopeLimit,
    kSlopeWeightLimit,
    kUphillWeightLimit,
    kDownhillWeightLimit,
    kWalkFlatLimit,
    kWalkUphillLimit,
    kWalkModerateDownLimit,
    kWalkSteepDownLimit,
    kWalkSlopeFactorLimit,
    kClassMultiplierLimit,
    kInfluenceStrengthLimit,
    kInfluenceRadiusLimit,
    kInfluencePositionLimit,
    kTileMultiplierLimit,
    kSmoothingLimit,
    kProceduralSizeLimit,
    kOctavesLimit,
    kFrequencyLimit,
    kRawSideLimit,
    kWeightLimit,
    kSpeedLimit,
    kAccelLimit,
    kTurnRateLimit,
    kLookaheadLimit,
    kCorridorLimit,
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
  // Whole numbers in full (2000000000, not 2e+09); others as the shortest
  // text that reads back as the value (0.1, 1e+300).
  std::array<char, 32> digits{};
  char* const first = digits.data();
  char* const last = first + digits.size();
  const bool whole = std::abs(value) < 1e15 && value == std::trunc(value);
  const char* end = whole ? std::to_chars(first, last, static_cast<long long>(value)).ptr
                          : std::to_chars(first, last, value).ptr;
  text.append(first, static_cast<std::size_t>(end - first));
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
