#include "flags.hpp"

#include <algorithm>
#include <array>

namespace terranav::navcli {
namespace {

constexpr std::array<std::string_view, 6> kSwitches = {"--check",     "--greedy", "--show-sets",
                                                       "--no-charts", "--revert", "--any-angle"};

bool is_switch(std::string_view name) {
  return std::find(kSwitches.begin(), kSwitches.end(), name) != kSwitches.end();
}

}  // namespace

Flags::Flags(std::span<const std::string_view> args) {
  for (std::size_t k = 0; k < args.size(); ++k) {
    const std::string_view name = args[k];
    if (!name.starts_with("--")) {
      throw UsageError("unexpected argument '" + std::string(name) + "'");
    }
    if (is_switch(name)) {
      pairs_.emplace_back(name, std::string_view{});
      continue;
    }
    if (k + 1 == args.size()) {
      throw UsageError(std::string(name) + ": missing value");
    }
    pairs_.emplace_back(name, args[++k]);
  }
}

std::vector<std::string_view> Flags::take_all(std::string_view name) {
  std::vector<std::string_view> values;
  for (const auto& [flag, value] : pairs_) {
    if (flag == name) values.push_back(value);
  }
  std::erase_if(pairs_, [name](const auto& p) { return p.first == name; });
  return values;
}

std::optional<std::string_view> Flags::take(std::string_view name) {
  const std::vector<std::string_view> values = take_all(name);
  if (values.size() > 1) {
    throw UsageError(std::string(name) + ": given twice");
  }
  return values.empty() ? std::nullopt : std::optional(values.front());
}

std::string_view Flags::require(std::string_view name) {
  const auto value = take(name);
  if (!value) {
    throw UsageError(std::string(name) + " is required");
  }
  return *value;
}

bool Flags::take_switch(std::string_view name) {
  return take(name).has_value();
}

void Flags::check_all_taken() const {
  if (!pairs_.empty()) {
    throw UsageError("unknown option " + std::string(pairs_.front().first));
  }
}

std::vector<std::string_view> split_list(std::string_view flag, std::string_view text) {
  const std::string_view whole = text;
  std::vector<std::string_view> items;
  for (bool more = true; more;) {
    const std::size_t comma = text.find(',');
    items.push_back(text.substr(0, comma));
    if (items.back().empty()) {
      throw UsageError(std::string(flag) + ": empty item in list '" + std::string(whole) + "'");
    }
    more = comma != std::string_view::npos;
    if (more) text.remove_prefix(comma + 1);
  }
  return items;
}

nav::TileCoord parse_tile(std::string_view flag, std::string_view text) {
  const auto comma = text.find(',');
  if (comma == std::string_view::npos) {
    throw UsageError(std::string(flag) + ": expected X,Y, got '" + std::string(text) + "'");
  }
  return {parse_number<std::int32_t>(flag, text.substr(0, comma)),
          parse_number<std::int32_t>(flag, text.substr(comma + 1))};
}

bool parse_on_off(std::string_view flag, std::string_view text) {
  if (text == "on") return true;
  if (text == "off") return false;
  throw UsageError(std::string(flag) + ": expected on or off, got '" + std::string(text) + "'");
}

std::string Flags::text() const {
  std::string out;
  for (const auto& [flag, value] : pairs_) {
    if (!out.empty()) out += ' ';
    out.append(flag);
    if (!value.empty()) out.append(" ").append(value);
  }
  return out;
}

}  // namespace terranav::navcli
