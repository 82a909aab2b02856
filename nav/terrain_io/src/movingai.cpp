#include "terranav/terrain_io/movingai.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <fstream>
#include <string_view>
#include <system_error>

#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/printable_text.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav {

namespace {

/// Reads lines of one file, counting them, so errors name "file:line".
class LineReader {
 public:
  explicit LineReader(const std::filesystem::path& file) : file_(file) {
    // An ifstream opens a directory and then reads nothing: say what it is.
    std::error_code ec;
    if (std::filesystem::is_directory(file_, ec)) throw Error(name() + ": is a directory");
    in_.open(file_);
    if (!in_) throw Error(name() + ": cannot open file");
  }

  /// Next line without its '\r\n' or '\n'; false at end of file.
  bool next(std::string& line) {
    if (!std::getline(in_, line)) return false;
    ++line_;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
  }

  /// `problem` may quote the input: its bytes are escaped too.
  [[noreturn]] void fail(const std::string& problem) const {
    throw Error(name() + ":" + std::to_string(line_) + ": " + printable_text(problem));
  }

  /// Next line, or an error naming what was expected.
  std::string expect(const std::string& what) {
    std::string line;
    if (!next(line)) {
      ++line_;
      fail("unexpected end of file, expected " + what);
    }
    return line;
  }

 private:
  std::string name() const { return printable_text(file_.string()); }

  std::filesystem::path file_;
  std::ifstream in_;
  int line_ = 0;
};

/// True iff all of `text` is one number (from_chars: no spaces, no '+').
template <typename Number>
bool parse_number(std::string_view text, Number& out) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return ec == std::errc{} && ptr == end && !text.empty();
}

/// "key value" header line of a .map; returns the value.
int header_value(LineReader& reader, const std::string& key) {
  const std::string line = reader.expect("'" + key + " N'");
  const std::string prefix = key + " ";
  int value = 0;
  if (!line.starts_with(prefix) ||
      !parse_number(std::string_view(line).substr(prefix.size()), value)) {
    reader.fail("bad header line '" + line + "', expected '" + key + " N'");
  }
  return value;
}

}  // namespace

GridMap load_movingai_map(const std::filesystem::path& file) {
  LineReader reader(file);
  const std::string type = reader.expect("'type octile'");
  if (type != "type octile") reader.fail("bad header line '" + type + "', expected 'type octile'");
  GridMap map;
  map.height = header_value(reader, "height");
  // The grid becomes a heightmap of (W+1) x (H+1) samples, one tile per cell.
  const int max_cells = kMaxHeightmapDimension - 1;
  if (map.height < 1 || map.height > max_cells) {
    reader.fail("height " + std::to_string(map.height) + " outside 1.." +
                std::to_string(max_cells));
  }
  map.width = header_value(reader, "width");
  if (map.width < 1 || map.width > max_cells) {
    reader.fail("width " + std::to_string(map.width) + " outside 1.." + std::to_string(max_cells));
  }
  const auto w = static_cast<std::size_t>(map.width);
  const auto h = static_cast<std::size_t>(map.height);
  if ((w + 1) * (h + 1) > kMaxHeightmapSamples) {
    reader.fail(std::to_string(map.width) + "x" + std::to_string(map.height) +
                " cells exceed the heightmap sample limit");
  }
  const std::string marker = reader.expect("'map'");
  if (marker != "map") reader.fail("bad header line '" + marker + "', expected 'map'");

  map.passable.resize(w * h);
  for (std::size_t row = 0; row < h; ++row) {
    const std::string line =
        reader.expect("row " + std::to_string(row) + " of " + std::to_string(map.height));
    if (line.size() != w) {
      reader.fail("row " + std::to_string(row) + " has " + std::to_string(line.size()) +
                  " cells, expected " + std::to_string(map.width));
    }
    std::transform(line.begin(), line.end(),
                   map.passable.begin() + static_cast<std::ptrdiff_t>(row * w),
                   [](char c) -> std::uint8_t { return c == '.' || c == 'G' ? 1 : 0; });
  }
  std::string extra;
  while (reader.next(extra)) {
    if (!extra.empty()) reader.fail("more than " + std::to_string(map.height) + " rows");
  }
  return map;
}

std::vector<ScenarioRow> load_movingai_scen(const std::filesystem::path& file) {
  LineReader reader(file);
  const std::string version = reader.expect("'version 1'");
  if (version != "version 1" && version != "version 1.0") {
    reader.fail("unknown version line '" + version + "', expected 'version 1'");
  }
  std::vector<ScenarioRow> rows;
  std::string line;
  while (reader.next(line)) {
    if (line.empty()) continue;
    std::array<std::string_view, 9> fields;
    std::size_t count = 0;
    std::string_view rest(line);
    for (bool more = true; more; ++count) {
      const std::size_t tab = rest.find('\t');
      if (count < fields.size()) fields[count] = rest.substr(0, tab);
      more = tab != std::string_view::npos;
      if (more) rest.remove_prefix(tab + 1);
    }
    if (count != fields.size()) {
      reader.fail("row has " + std::to_string(count) + " tab-separated fields, expected 9");
    }
    ScenarioRow row;
    row.map = std::string(fields[1]);
    const bool numbers =
        parse_number(fields[0], row.bucket) && parse_number(fields[2], row.map_width) &&
        parse_number(fields[3], row.map_height) && parse_number(fields[4], row.start_x) &&
        parse_number(fields[5], row.start_y) && parse_number(fields[6], row.goal_x) &&
        parse_number(fields[7], row.goal_y) && parse_number(fields[8], row.optimal);
    if (!numbers) reader.fail("malformed number in row");
    if (row.map.empty()) reader.fail("empty map name");
    const auto inside = [&](int x, int y) {
      return x >= 0 && y >= 0 && x < row.map_width && y < row.map_height;
    };
    if (!inside(row.start_x, row.start_y) || !inside(row.goal_x, row.goal_y)) {
      reader.fail("start or goal outside the " + std::to_string(row.map_width) + "x" +
                  std::to_string(row.map_height) + " map");
    }
    if (!std::isfinite(row.optimal) || row.optimal < 0.0) {
      reader.fail("optimal cost must be finite and >= 0");
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

bool cost_matches(double cost, double optimal) noexcept {
  return std::abs(cost - optimal) <= 1e-6 * std::max(1.0, optimal);
}

}  // namespace terranav::nav
