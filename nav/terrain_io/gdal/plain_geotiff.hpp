// terranav::gdal: plain GeoTIFFs read and written with libtiff alone, so that
// a command on one (navcli cost-surface --compat r.walk) neither loads
// libgdal and its ~115 libraries nor opens PROJ's database: together 60-90 ms
// of CPU, against a 1025 x 1025 surface's 60-90. "Plain" is what GDAL and
// GRASS's r.out.gdal write by default and what this reader is sure to read
// as GDAL does; every other file is left to GDAL (gdal_raster.hpp).
// Private to the build: not installed.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "gdal_raster.hpp"
#include "gdal_writer.hpp"
#include "terranav/terrain_io/raster_grid.hpp"

namespace terranav::nav::gdal {

/// An opened plain GeoTIFF, read-only; the file closes with the object. Its
/// accessors answer as gdal::Raster's do for the same file.
class PlainGeoTiff {
 public:
  /// Opens `file` when it is a plain GeoTIFF: the first image in strips,
  /// uncompressed or Deflate (other codecs are GDAL's: a corrupt stream
  /// decodes differently in libtiff and GDAL, and only a Deflate stream is
  /// checked whole here, with zlib), every strip's offset and size given;
  /// one sample per pixel of a GDAL type (Byte, UInt16, Int16, UInt32,
  /// Int32, Float32, Float64), min-is-black; georeferenced by a pixel scale
  /// and one tiepoint at pixel (0, 0); keys naming a projected CRS by EPSG
  /// code in metres, pixel is area, no vertical CRS and no key beyond the
  /// citations and the geographic angular unit, each key's value where it
  /// says it is; no scale or offset; nodata, if any, GDAL_NODATA's number
  /// and a value of the band's type; no .aux.xml beside it; no libtiff
  /// error or warning on opening. Returns nullptr for anything else, a
  /// missing or corrupt file included, for GDAL to read or refuse. Never
  /// throws but for memory. O(header).
  static std::unique_ptr<PlainGeoTiff> open(const std::filesystem::path& file);
  PlainGeoTiff(const PlainGeoTiff&) = delete;
  PlainGeoTiff& operator=(const PlainGeoTiff&) = delete;
  ~PlainGeoTiff();

  int width() const noexcept { return width_; }  ///< columns
  int depth() const noexcept { return depth_; }  ///< rows
  /// GDAL's six coefficients: [0] west edge, [1] pixel width, [3] north
  /// edge, [5] minus the pixel height; [2] = [4] = 0.
  std::optional<std::array<double, 6>> geotransform() const { return geotransform_; }
  /// The CRS: no WKT (the keys stand for it), its EPSG code, metres.
  std::optional<Crs> crs() const;
  const GeoTiffKeys& keys() const noexcept { return keys_; }
  std::string band_type_name() const { return type_name_; }  ///< as GDAL names it
  std::optional<double> nodata() const { return nodata_; }
  double scale() const noexcept { return 1.0; }   ///< plain: none
  double offset() const noexcept { return 0.0; }  ///< plain: none
  /// Band 1, row-major (row 0 first), as doubles (exact for every type).
  /// Throws Error("<file>: cannot read band 1 (<reason>)") for a strip cut
  /// short or a Deflate stream that does not inflate to exactly its strip.
  /// O(W * D).
  std::vector<double> read_band1_f64() const;
  /// Rows first_row to first_row + rows.size() / width() - 1 of band 1 into
  /// `rows`, as read_band1_f64 gives them: so that a caller can convert a
  /// large raster a block at a time instead of holding all of it. Decodes
  /// each strip the rows touch, the last one kept for the next call (so
  /// not for use from two threads at once). Throws Error as read_band1_f64
  /// does, and for rows outside the raster or a size that is not whole
  /// rows. O(width * rows + the strips touched).
  void read_band1_rows(int first_row, std::span<double> rows) const;

 private:
  struct File;
  PlainGeoTiff() = default;
  // Decodes strip `index` (of `rows` rows) into file_'s buffers.
  void decode_strip(std::uint32_t index, std::uint32_t rows) const;

  std::filesystem::path path_;
  std::unique_ptr<File> file_;
  int width_ = 0;
  int depth_ = 0;
  bool deflate_ = false;    // Deflate strips, each stream checked whole
  bool predictor_ = false;  // a Deflate predictor (2 or 3): libtiff undoes it
  std::size_t sample_bytes_ = 0;
  std::optional<std::array<double, 6>> geotransform_;
  int epsg_ = 0;
  GeoTiffKeys keys_;
  std::string type_name_;
  std::optional<double> nodata_;
};

/// write_geotiff for a spec with geokeys: `values` (width * depth,
/// row-major, row 0 = north) as an uncompressed one-band GeoTIFF written
/// with libtiff, the keys copied verbatim for the CRS (spec.crs_wkt unused),
/// the pixel scale and tiepoint from spec.geotransform, nodata as
/// GDAL_NODATA, spec.tags as GDAL_METADATA items: GDAL reads back the same
/// raster, CRS and metadata. BigTIFF past 4 GB. Replaces `file`; leaves
/// none behind on failure. Expects a spec write_geotiff has checked; throws
/// Error("<file>: <problem>") for a rotated or not north-up geotransform and
/// libtiff's failures (its message appended). O(W * D).
void write_plain_geotiff(const std::filesystem::path& file, const GeoTiffSpec& spec,
                         std::span<const double> values);

}  // namespace terranav::nav::gdal
