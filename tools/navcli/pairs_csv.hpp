// navcli batch's input: a CSV of start/goal pairs, read row by row so a
// file of any length needs only one line in memory. The header names the
// coordinates: tiles, nav metres or the map's CRS (a georeferenced map); or
// under --compat r.walk the DEM's samples or its CRS.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <istream>
#include <optional>
#include <string>

#include "terranav/nav/tiling.hpp"
#include "terranav/nav/types.hpp"
#include "terranav/terrain_io/georeference.hpp"

namespace terranav::navcli {

/// What a pairs file's coordinates are, from its header.
enum class PairCoordinates {
  /// id,from_i,from_j,to_i,to_j: tile column and row, integers (sample
  /// column and row on a SampleGrid).
  Tiles,
  /// id,from_x,from_z,to_x,to_z: nav metres; the pair is the tiles holding
  /// the points (Tiling::tile_at).
  Metres,
  /// id,from_e,from_n,to_e,to_n: CRS eastings and northings in metres,
  /// converted by crs_to_nav, then as Metres. Needs a georeferenced map. On
  /// a SampleGrid: the sample whose pixel holds the point (the nearest
  /// sample centre).
  Crs,
};

/// The nodes of --compat r.walk (docs/rwalk.md): the DEM's samples, at its
/// pixels' centres, pixels not necessarily square.
struct SampleGrid {
  std::int32_t width = 0;  ///< columns [Limits: >= 1]
  std::int32_t depth = 0;  ///< rows [Limits: >= 1]
  /// The DEM's GDAL geotransform (raster_grid.hpp): [0] west edge easting,
  /// [1] pixel width, [3] north edge northing, [5] minus the pixel height.
  /// [Units: metres]
  std::array<double, 6> geotransform{};
};

/// One pair, its points already turned into tiles of the map.
struct PairRow {
  /// Any text without a comma (or line break), not empty.
  std::string id;
  /// Tiles, or on a SampleGrid samples (i = column, j = row).
  nav::TileCoord from;
  nav::TileCoord to;
  /// 1-based line of the file, for messages.
  std::size_t line = 0;
};

/// Reads a pairs CSV: a header, then one `id,from,from,to,to` row per line.
/// Blank lines (anywhere), CRLF line ends, a UTF-8 byte-order mark and no
/// final newline are accepted; spaces around a number are ignored. Every
/// refusal is a nav::Error "NAME:LINE: problem": a header that is none of
/// the three, a wrong column count, an empty id, a number that is not one
/// (an integer for tiles), a non-finite number, a point outside the map
/// (naming from or to, the point and the map's extent in the same
/// coordinates), CRS columns for a map without a georeference, a line over
/// kMaxLineBytes. Memory: one line. Time: O(bytes read).
class PairsReader {
 public:
  /// The longest line accepted, terminator excluded. [Units: bytes]
  static constexpr std::size_t kMaxLineBytes = 4096;

  /// Reads the header from `in` (kept by reference; it must outlive the
  /// reader). `name` prefixes messages (the file name); `tiling` is the
  /// map's; `georeference` its place in a CRS, if any (GeoTIFF maps). Throws
  /// nav::Error for a missing or unknown header, or CRS columns without a
  /// georeference.
  PairsReader(std::istream& in, std::string name, const nav::Tiling& tiling,
              std::optional<nav::Georeference> georeference);

  /// The same over `samples` (navcli batch --compat r.walk): rows name
  /// samples by column and row or by CRS metres; nav metres columns are
  /// refused in the header (r.walk has no nav frame).
  PairsReader(std::istream& in, std::string name, const SampleGrid& samples);

  /// The next row; none at the end of the input. Throws nav::Error for a
  /// bad row (the reader is then finished) or a failed read.
  std::optional<PairRow> next();

  PairCoordinates coordinates() const noexcept { return coordinates_; }

 private:
  // Reads and recognises the header into coordinates_.
  void read_header();
  // The next non-blank line without its terminator (and CR) into line_;
  // false at the end of the input.
  bool read_line();
  // "NAME:LINE: problem".
  [[noreturn]] void fail(const std::string& problem) const;
  nav::TileCoord point(std::string_view a, std::string_view b, std::size_t column,
                       const char* which) const;
  nav::TileCoord sample(double u, double v, const char* which) const;
  double number(std::string_view text, std::size_t column) const;

  std::istream& in_;
  std::string name_;
  // One of the two: tiles of a map, or samples of a DEM.
  std::optional<nav::Tiling> tiling_;
  std::optional<SampleGrid> samples_;
  std::optional<nav::Georeference> georeference_;
  PairCoordinates coordinates_ = PairCoordinates::Tiles;
  std::string line_;
  std::size_t line_number_ = 0;
};

}  // namespace terranav::navcli
