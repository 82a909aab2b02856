#include "pairs_csv.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <streambuf>
#include <string_view>
#include <utility>

#include "text_output.hpp"

namespace terranav::navcli {
namespace {

constexpr std::size_t kColumns = 5;
constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

struct Header {
  PairCoordinates coordinates;
  std::array<std::string_view, kColumns> names;
  std::string_view text;
  const char* meaning;
};

constexpr std::array kHeaders = {
    Header{PairCoordinates::Tiles,
           {"id", "from_i", "from_j", "to_i", "to_j"},
           "id,from_i,from_j,to_i,to_j",
           "tiles"},
    Header{PairCoordinates::Metres,
           {"id", "from_x", "from_z", "to_x", "to_z"},
           "id,from_x,from_z,to_x,to_z",
           "nav metres"},
    Header{PairCoordinates::Crs,
           {"id", "from_e", "from_n", "to_e", "to_n"},
           "id,from_e,from_n,to_e,to_n",
           "CRS eastings, northings"},
};

std::string_view trimmed(std::string_view text) {
  const std::size_t begin = text.find_first_not_of(" \t");
  if (begin == std::string_view::npos) return {};
  return text.substr(begin, text.find_last_not_of(" \t") - begin + 1);
}

// The fields between commas; false unless there are exactly kColumns.
bool split(std::string_view line, std::array<std::string_view, kColumns>& fields,
           std::size_t& count) {
  count = 0;
  for (std::size_t begin = 0;;) {
    const std::size_t comma = line.find(',', begin);
    const std::string_view field = line.substr(begin, comma - begin);
    if (count < kColumns) fields[count] = field;
    ++count;
    if (comma == std::string_view::npos) break;
    begin = comma + 1;
  }
  return count == kColumns;
}

std::string in_quotes(std::string_view text) {
  constexpr std::size_t kShown = 80;
  std::string out(1, '\'');
  out.append(text.substr(0, kShown));
  if (text.size() > kShown) out.append("...");
  out.push_back('\'');
  return out;
}

std::string header_choices() {
  std::string text;
  for (std::size_t k = 0; k < kHeaders.size(); ++k) {
    if (k > 0) text.append(k + 1 == kHeaders.size() ? " or " : ", ");
    text.append(kHeaders[k].text).append(" (").append(kHeaders[k].meaning).append(")");
  }
  return text;
}

// A coordinate for a message: plain decimals (an easting of 500000, not
// 5e+05), the shortest that reads back; exponents only for extreme values.
std::string coordinate(double value) {
  const double size = std::abs(value);
  if (value != 0.0 && (size < 1e-3 || size >= 1e15)) return shortest(value);
  std::array<char, 64> text{};
  const auto [end, ec] =
      std::to_chars(text.data(), text.data() + text.size(), value, std::chars_format::fixed);
  return ec == std::errc{} ? std::string(text.data(), end) : shortest(value);
}

const Header& header_of(PairCoordinates coordinates) {
  return kHeaders[static_cast<std::size_t>(coordinates)];
}

}  // namespace

PairsReader::PairsReader(std::istream& in, std::string name, const nav::Tiling& tiling,
                         std::optional<nav::Georeference> georeference)
    : in_(in), name_(std::move(name)), tiling_(tiling), georeference_(std::move(georeference)) {
  read_header();
  if (coordinates_ == PairCoordinates::Crs && !georeference_) {
    fail(
        "CRS columns (from_e, from_n, to_e, to_n) need a georeferenced map (a GeoTIFF); this map "
        "has none: use tiles (from_i, ...) or nav metres (from_x, ...)");
  }
}

PairsReader::PairsReader(std::istream& in, std::string name, const SampleGrid& samples)
    : in_(in), name_(std::move(name)), samples_(samples) {
  read_header();
  if (coordinates_ == PairCoordinates::Metres) {
    fail(
        "nav metres columns (from_x, from_z, to_x, to_z) have no meaning with --compat r.walk, "
        "whose nodes are the DEM's samples: use sample columns and rows (from_i, from_j, to_i, "
        "to_j) or CRS metres (from_e, from_n, to_e, to_n)");
  }
}

void PairsReader::read_header() {
  if (!read_line()) {
    line_number_ = 1;
    fail("no header (the file is empty or blank): expected " + header_choices());
  }
  std::array<std::string_view, kColumns> fields;
  std::size_t count = 0;
  const bool five = split(line_, fields, count);
  const Header* found = nullptr;
  for (const Header& header : kHeaders) {
    bool same = five;
    for (std::size_t c = 0; same && c < kColumns; ++c) same = trimmed(fields[c]) == header.names[c];
    if (same) found = &header;
  }
  if (found == nullptr) fail("expected a header " + header_choices() + ", got " + in_quotes(line_));
  coordinates_ = found->coordinates;
}

std::optional<PairRow> PairsReader::next() {
  if (!read_line()) return std::nullopt;
  std::array<std::string_view, kColumns> fields;
  std::size_t count = 0;
  if (!split(line_, fields, count)) {
    fail("expected " + std::to_string(kColumns) + " columns (" +
         std::string(header_of(coordinates_).text) + "), got " + std::to_string(count));
  }
  if (fields[0].empty()) fail("the id is empty");
  PairRow row;
  row.id = std::string(fields[0]);
  row.from = point(fields[1], fields[2], 1, "from");
  row.to = point(fields[3], fields[4], 3, "to");
  row.line = line_number_;
  return row;
}

bool PairsReader::read_line() {
  std::streambuf* buffer = in_.rdbuf();
  for (;;) {
    line_.clear();
    int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) return false;
    ++line_number_;
    // One byte over the limit may be the CR of a CRLF.
    for (; c != std::char_traits<char>::eof() && c != '\n'; c = buffer->sbumpc()) {
      if (line_.size() > kMaxLineBytes) {
        fail("line longer than " + std::to_string(kMaxLineBytes) + " bytes");
      }
      line_.push_back(static_cast<char>(c));
    }
    if (!line_.empty() && line_.back() == '\r') line_.pop_back();
    if (line_.size() > kMaxLineBytes) {
      fail("line longer than " + std::to_string(kMaxLineBytes) + " bytes");
    }
    if (line_number_ == 1 && line_.starts_with(kByteOrderMark)) {
      line_.erase(0, kByteOrderMark.size());
    }
    if (!trimmed(line_).empty()) return true;
  }
}

void PairsReader::fail(const std::string& problem) const {
  throw nav::Error(name_ + ":" + std::to_string(line_number_) + ": " + problem);
}

double PairsReader::number(std::string_view text, std::size_t column) const {
  const std::string_view name = header_of(coordinates_).names[column];
  const std::string_view t = trimmed(text);
  if (coordinates_ == PairCoordinates::Tiles) {
    std::int32_t value = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
    if (t.empty() || ec != std::errc{} || end != t.data() + t.size()) {
      fail(std::string(name) + ": expected an integer " + (samples_ ? "sample" : "tile") +
           " index, got " + in_quotes(text));
    }
    return value;
  }
  double value = 0.0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), value);
  // Out of range (1e999) is a number too large to be finite.
  if (t.empty() || (ec != std::errc{} && ec != std::errc::result_out_of_range) ||
      end != t.data() + t.size()) {
    fail(std::string(name) + ": expected a number, got " + in_quotes(text));
  }
  if (!std::isfinite(value) || ec == std::errc::result_out_of_range) {
    fail(std::string(name) + ": must be a finite number of metres, got " + in_quotes(text));
  }
  return value;
}

nav::TileCoord PairsReader::point(std::string_view a, std::string_view b, std::size_t column,
                                  const char* which) const {
  const double u = number(a, column);
  const double v = number(b, column + 1);
  if (samples_) return sample(u, v, which);
  const nav::Tiling& tiling = *tiling_;
  const int tw = tiling.tiles_wide();
  const int td = tiling.tiles_deep();
  switch (coordinates_) {
    case PairCoordinates::Tiles: {
      const nav::TileCoord tile{static_cast<std::int32_t>(u), static_cast<std::int32_t>(v)};
      if (!tiling.contains(tile)) {
        fail(std::string(which) + " tile (" + std::to_string(tile.i) + ", " +
             std::to_string(tile.j) + ") is outside the map's tiles [0, " + std::to_string(tw - 1) +
             "] x [0, " + std::to_string(td - 1) + "]");
      }
      return tile;
    }
    case PairCoordinates::Metres:
      if (const auto tile = tiling.tile_at(u, v)) return *tile;
      fail(std::string(which) + " (x " + coordinate(u) + ", z " + coordinate(v) +
           ") m is outside the map's tiled area [0, " + coordinate(tw * tiling.tile_metres()) +
           ") x [0, " + coordinate(td * tiling.tile_metres()) + ") m");
    case PairCoordinates::Crs: {
      const nav::NavPoint p = nav::crs_to_nav(*georeference_, {u, v});
      if (const auto tile = tiling.tile_at(p.x_m, p.z_m)) return *tile;
      const nav::CrsPoint north_west = nav::nav_to_crs(*georeference_, {0.0, 0.0});
      const nav::CrsPoint south_east =
          nav::nav_to_crs(*georeference_, {tw * tiling.tile_metres(), td * tiling.tile_metres()});
      fail(std::string(which) + " (E " + coordinate(u) + ", N " + coordinate(v) +
           ") is outside the map's tiled area E [" + coordinate(north_west.easting) + ", " +
           coordinate(south_east.easting) + ") N (" + coordinate(south_east.northing) + ", " +
           coordinate(north_west.northing) + "]");
    }
  }
  fail("unknown coordinates");
}

nav::TileCoord PairsReader::sample(double u, double v, const char* which) const {
  const SampleGrid& g = *samples_;
  const std::array<double, 6>& t = g.geotransform;
  // Columns and rows as doubles first: a far point must not overflow.
  double column = u;
  double row = v;
  if (coordinates_ == PairCoordinates::Crs) {
    column = std::floor((u - t[0]) / t[1]);
    row = std::floor((v - t[3]) / t[5]);
  }
  if (column >= 0 && column < g.width && row >= 0 && row < g.depth) {
    return {static_cast<std::int32_t>(column), static_cast<std::int32_t>(row)};
  }
  if (coordinates_ == PairCoordinates::Tiles) {
    fail(std::string(which) + " sample (" + coordinate(u) + ", " + coordinate(v) +
         ") is outside the DEM's samples [0, " + std::to_string(g.width - 1) + "] x [0, " +
         std::to_string(g.depth - 1) + "]");
  }
  fail(std::string(which) + " (E " + coordinate(u) + ", N " + coordinate(v) +
       ") is outside the DEM E [" + coordinate(t[0]) + ", " + coordinate(t[0] + g.width * t[1]) +
       ") N (" + coordinate(t[3] + g.depth * t[5]) + ", " + coordinate(t[3]) + "]");
}

}  // namespace terranav::navcli
