// Text formats navcli writes: JSON objects (one per line), TSV and CSV rows,
// numbers in shortest or fixed-decimal form.
#pragma once

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <nlohmann/json_fwd.hpp>
#include <span>
#include <string>
#include <string_view>

namespace terranav::navcli {

/// Shortest text that reads back as the same double, e.g. "0.1", "2", "inf"
/// (std::to_chars), for CSV cells and labels.
std::string shortest(double value);
/// `value` rounded to `decimals` places (half away from zero), e.g. 1.23456, 3
/// -> 1.235: timings keep only meaningful digits.
double rounded(double value, int decimals);
/// printf("%.*f"): fixed decimals, e.g. the 8 of a Moving AI .scen.
std::string fixed(double value, int decimals);

/// `object` as one line of JSON ending in '\n' (nlohmann::json: keys in
/// insertion order, non-finite numbers as null, bytes that are not UTF-8
/// replaced by U+FFFD). O(size of the object).
std::string json_line(const nlohmann::ordered_json& object);

/// Fields joined by `separator` ('\t' for TSV, ',' for CSV), ending in '\n'.
/// Fields are written as given: callers pass no separators inside them.
std::string row(std::initializer_list<std::string_view> fields, char separator);
/// The same for fields built at run time.
std::string row(std::span<const std::string> fields, char separator);

/// Closes `out`, throwing std::runtime_error("cannot write FILE") when any
/// write to it failed, so no output file is silently short.
void close_checked(std::ofstream& out, const std::filesystem::path& file);

}  // namespace terranav::navcli
