#include "text_output.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace terranav::navcli {

std::string json_number(double value) {
  if (!std::isfinite(value)) return "null";
  std::array<char, 32> buffer{};
  const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  return std::string(buffer.data(), end);
}

std::string json_rounded(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return json_number(std::round(value * scale) / scale);
}

std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      std::array<char, 8> escaped{};
      std::snprintf(escaped.data(), escaped.size(), "\\u%04x", static_cast<unsigned>(c));
      out += escaped.data();
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string fixed(double value, int decimals) {
  const int n = std::snprintf(nullptr, 0, "%.*f", decimals, value);
  std::string out(static_cast<std::size_t>(std::max(n, 0)) + 1, '\0');
  std::snprintf(out.data(), out.size(), "%.*f", decimals, value);
  out.pop_back();
  return out;
}

JsonObject& JsonObject::raw(std::string_view key, std::string_view json) {
  if (!members_.empty()) members_ += ", ";
  members_ += json_string(key);
  members_ += ": ";
  members_ += json;
  return *this;
}

JsonObject& JsonObject::number(std::string_view key, double value) {
  return raw(key, json_number(value));
}

JsonObject& JsonObject::rounded(std::string_view key, double value, int decimals) {
  return raw(key, json_rounded(value, decimals));
}

JsonObject& JsonObject::integer(std::string_view key, std::uint64_t value) {
  return raw(key, std::to_string(value));
}

JsonObject& JsonObject::string(std::string_view key, std::string_view value) {
  return raw(key, json_string(value));
}

std::string row(std::initializer_list<std::string_view> fields, char separator) {
  std::string out;
  bool first = true;
  for (const std::string_view field : fields) {
    if (!first) out += separator;
    out += field;
    first = false;
  }
  return out + '\n';
}

}  // namespace terranav::navcli
