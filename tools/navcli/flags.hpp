// The navcli command line: `--name value` pairs and a few value-less
// switches, parsed once and taken flag by flag by the command that uses them.
#pragma once

#include <charconv>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "terranav/nav/limits.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::navcli {

/// A bad command line (exit status 2). The message names the flag.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Flags of one command. Switches (`--check`, `--greedy`, `--show-sets`,
/// `--no-charts`, `--revert`, `--any-angle`) take no value; every other flag takes exactly one. A
/// flag may be given more than once only when the command reads it with take_all.
class Flags {
 public:
  /// Throws UsageError for a bare word or a flag without its value.
  explicit Flags(std::span<const std::string_view> args);

  /// The flag's value, if given. Throws UsageError if given twice.
  std::optional<std::string_view> take(std::string_view name);
  /// The flag's value; throws UsageError naming it when missing.
  std::string_view require(std::string_view name);
  /// Every value of a repeatable flag, in command-line order.
  std::vector<std::string_view> take_all(std::string_view name);
  /// True iff the switch was given (once; twice is a UsageError).
  bool take_switch(std::string_view name);

  /// Every flag must have been taken: the rest are unknown to the command.
  void check_all_taken() const;

  /// The flags not yet taken, "--name value" joined by spaces (a record of
  /// the command line before parsing, for file metadata).
  std::string text() const;

 private:
  std::vector<std::pair<std::string_view, std::string_view>> pairs_;
};

/// Parses the whole of `text` as a T; the error names the flag.
template <typename T>
T parse_number(std::string_view flag, std::string_view text) {
  T value{};
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size() || text.empty()) {
    throw UsageError(std::string(flag) + ": expected a number, got '" + std::string(text) + "'");
  }
  return value;
}

template <typename T>
std::optional<T> optional_number(Flags& flags, std::string_view flag) {
  const auto text = flags.take(flag);
  return text ? std::optional<T>(parse_number<T>(flag, *text)) : std::nullopt;
}

/// Parses the whole of `text` as a T within `limit` (nav/limits.hpp); the
/// UsageError names the flag: "--spacing: must be in [0.001, 1e+06] m, got 1e+300".
template <typename T>
T parse_bounded(std::string_view flag, std::string_view text, const nav::Limit& limit) {
  const T value = parse_number<T>(flag, text);
  if (!nav::within(limit, static_cast<double>(value))) {
    throw UsageError(std::string(flag) + ": " +
                     nav::limit_problem(limit, static_cast<double>(value)));
  }
  return value;
}

/// The value of limit.flag, if given, parsed and checked as parse_bounded.
template <typename T>
std::optional<T> optional_bounded(Flags& flags, const nav::Limit& limit) {
  const auto text = flags.take(limit.flag);
  return text ? std::optional<T>(parse_bounded<T>(limit.flag, *text, limit)) : std::nullopt;
}

/// Splits "a,b,c" at commas; throws UsageError naming the flag for an empty item.
std::vector<std::string_view> split_list(std::string_view flag, std::string_view text);

/// Comma-separated numbers, e.g. "0.4,0.6".
template <typename T>
std::vector<T> parse_number_list(std::string_view flag, std::string_view text) {
  std::vector<T> values;
  for (const std::string_view item : split_list(flag, text)) {
    values.push_back(parse_number<T>(flag, item));
  }
  return values;
}

/// "X,Y" tile coordinates (X = column, Y = row).
nav::TileCoord parse_tile(std::string_view flag, std::string_view text);

/// "on" -> true, "off" -> false; anything else is a UsageError naming the flag.
bool parse_on_off(std::string_view flag, std::string_view text);

}  // namespace terranav::navcli
