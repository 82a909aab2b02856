// A georeferenced raster read as a grid of doubles (GeoTIFF and the other
// GDAL formats): the DEM and friction inputs of walking_time
// (terranav/nav/walking_time.hpp), whose pixels need not be square.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace terranav::nav {

/// A GeoTIFF's CRS as its keys are stored (GeoKeyDirectoryTag 34735,
/// GeoDoubleParamsTag 34736, GeoAsciiParamsTag 34737; GeoTIFF 1.1, OGC
/// 19-008r4), so that a raster written on the same grid carries the same CRS
/// without a CRS library (PROJ's database took ~50 ms of CPU to open).
struct GeoTiffKeys {
  std::vector<std::uint16_t> directory;  ///< empty: none
  std::vector<double> doubles;
  std::string ascii;
  bool empty() const noexcept { return directory.empty(); }
};

/// Band 1 of a north-up projected raster.
struct RasterGrid {
  std::int32_t width = 0;  ///< columns (east)
  std::int32_t depth = 0;  ///< rows (south)
  /// Row-major (row 0 = north), times the band's scale plus its offset;
  /// nodata samples are NaN.
  std::vector<double> values;
  /// GDAL's affine coefficients: [0] west edge easting, [1] pixel width
  /// (> 0), [3] north edge northing, [5] minus the pixel height (< 0); [2]
  /// and [4] are 0. Metres.
  std::array<double, 6> geotransform{};
  /// The CRS as OGC WKT; empty when the raster was read as a plain GeoTIFF,
  /// without GDAL (then `geokeys` hold it).
  std::string crs_wkt;
  std::optional<int> epsg;  ///< the CRS's EPSG code, when known
  GeoTiffKeys geokeys;      ///< read as a plain GeoTIFF: its keys; else empty
};

/// Reads band 1 of `file`: as a plain GeoTIFF through libtiff when it is one
/// (plain_geotiff.hpp: the same values, geotransform and EPSG code as GDAL
/// gives, without loading libgdal and PROJ), else through GDAL. Throws Error naming the file for: a
/// missing file, not a raster, a complex band, no CRS, a geographic CRS, a
/// CRS whose unit is not the metre, no geotransform, a rotated/sheared or not
/// north-up one, a pixel size outside kSpacingLimit (limits.hpp), a size
/// outside the Heightmap limits (checked before reading); and in a build
/// without GDAL, for every file. O(W * D).
RasterGrid load_raster_grid(const std::filesystem::path& file);

/// A raster opened as load_raster_grid opens it, band 1 read a block of rows
/// at a time: so that a caller can convert a large raster into its own
/// layout without holding a copy of it (navcli cost-surface --compat r.walk
/// pads the DEM for walking_time as it reads it).
class RasterGridReader {
 public:
  /// Opens and checks `file` as load_raster_grid does, reading no sample.
  /// Throws Error as load_raster_grid does, but for read failures. O(header).
  explicit RasterGridReader(const std::filesystem::path& file);
  RasterGridReader(RasterGridReader&&) noexcept;
  RasterGridReader& operator=(RasterGridReader&&) noexcept;
  ~RasterGridReader();

  /// The raster's grid: load_raster_grid's, `values` empty.
  const RasterGrid& grid() const noexcept { return grid_; }
  /// Rows first_row to first_row + rows.size() / width - 1 into `rows`,
  /// the values load_raster_grid gives them (nodata NaN, scale and offset
  /// applied). Throws Error naming the file for a read failure, and for rows
  /// outside the raster or a size that is not whole rows. Not for two
  /// threads at once (it keeps the strip it decoded last). O(width * rows).
  void read(std::int32_t first_row, std::span<double> rows) const;

 private:
  struct Source;
  std::unique_ptr<Source> source_;
  RasterGrid grid_;
};

/// Throws Error naming both files unless `other` has `reference`'s size and
/// geotransform (a friction raster must lie on its DEM's grid). O(1).
void check_same_grid(const std::filesystem::path& reference_file, const RasterGrid& reference,
                     const std::filesystem::path& other_file, const RasterGrid& other);

}  // namespace terranav::nav
