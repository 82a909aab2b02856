// Text formats navcli writes: JSON objects (one per line), TSV and CSV rows,
// fixed-decimal numbers for .scen files.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace terranav::navcli {

/// Shortest text that reads back as the same double ("null" if not finite,
/// as JSON has no infinity or NaN).
std::string json_number(double value);
/// `value` rounded to `decimals` places, then as json_number.
std::string json_rounded(double value, int decimals);
/// A JSON string literal with '"', '\\' and control characters escaped.
std::string json_string(std::string_view text);
/// printf("%.*f"): fixed decimals, e.g. the 8 of a Moving AI .scen.
std::string fixed(double value, int decimals);

/// Builds one JSON object member by member, in insertion order.
class JsonObject {
 public:
  JsonObject& number(std::string_view key, double value);
  JsonObject& rounded(std::string_view key, double value, int decimals);
  JsonObject& integer(std::string_view key, std::uint64_t value);
  JsonObject& string(std::string_view key, std::string_view value);
  /// `json` is inserted as is (an array, null, a nested object).
  JsonObject& raw(std::string_view key, std::string_view json);
  /// "{...}" without a newline.
  std::string str() const { return "{" + members_ + "}"; }

 private:
  std::string members_;
};

/// Fields joined by `separator` ('\t' for TSV, ',' for CSV), ending in '\n'.
/// Fields are written as given: callers pass no separators inside them.
std::string row(std::initializer_list<std::string_view> fields, char separator);

}  // namespace terranav::navcli
