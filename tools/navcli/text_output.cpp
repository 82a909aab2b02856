#include "text_output.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace terranav::navcli {

std::string shortest(double value) {
  std::array<char, 32> buffer{};
  const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
  return std::string(buffer.data(), end);
}

double rounded(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  // + 0.0 turns the -0 of a tiny negative value into 0, so it prints "0".
  return std::round(value * scale) / scale + 0.0;
}

std::string fixed(double value, int decimals) {
  const int n = std::snprintf(nullptr, 0, "%.*f", decimals, value);
  std::string out(static_cast<std::size_t>(std::max(n, 0)) + 1, '\0');
  std::snprintf(out.data(), out.size(), "%.*f", decimals, value);
  out.pop_back();
  return out;
}

std::string json_line(const nlohmann::ordered_json& object) {
  return object.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + '\n';
}

namespace {

template <class Fields>
std::string join(const Fields& fields, char separator) {
  std::string out;
  bool first = true;
  for (const std::string_view field : fields) {
    if (!first) out += separator;
    out += field;
    first = false;
  }
  return out + '\n';
}

}  // namespace

std::string row(std::initializer_list<std::string_view> fields, char separator) {
  return join(fields, separator);
}

std::string row(std::span<const std::string> fields, char separator) {
  return join(fields, separator);
}

void close_checked(std::ofstream& out, const std::filesystem::path& file) {
  out.close();
  if (!out) throw std::runtime_error("cannot write " + file.string());
}

}  // namespace terranav::navcli
