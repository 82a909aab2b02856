// terranav::gdal: a thin RAII reader over GDAL's C API. It reports what a
// raster holds and leaves every judgement (CRS kind, pixel shape, nodata,
// limits) to terrain_io's gdal_terrain.cpp, so the only code that needs
// libgdal is this file's .cpp. Private to the build: not installed.
#pragma once

#include <array>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace terranav::nav::gdal {

/// A raster's coordinate reference system as GDAL reads it.
struct Crs {
  std::string wkt;               ///< OGC WKT
  std::optional<int> epsg;       ///< the authority code when it is EPSG's
  bool geographic = false;       ///< angles (degrees), not a projection
  double linear_unit_m = 1.0;    ///< metres per projected unit
  std::string linear_unit_name;  ///< e.g. "metre", "US survey foot"
};

/// One opened raster dataset, read-only; the dataset closes with the object.
class Raster {
 public:
  /// Opens `file` (a path, or a GDAL virtual path such as /vsimem/...).
  /// Throws Error("<file>: <problem>") for a missing file, a directory, a
  /// file no GDAL driver recognises, one the driver cannot open (GDAL's own
  /// message appended) and a raster without bands. O(header).
  explicit Raster(const std::filesystem::path& file);
  Raster(const Raster&) = delete;
  Raster& operator=(const Raster&) = delete;
  ~Raster();

  int width() const noexcept;  ///< columns (x)
  int depth() const noexcept;  ///< rows (z)
  /// GDAL's six affine coefficients, or none when the raster has none.
  std::optional<std::array<double, 6>> geotransform() const;
  /// The CRS, or none when the raster has none.
  std::optional<Crs> crs() const;
  /// Band 1's data type as GDAL names it ("Int16", "Float32", "CInt16", ...).
  std::string band_type_name() const;
  /// True for complex band types, which hold no single height per sample.
  bool band_is_complex() const;
  /// Band 1's nodata value, when it declares one.
  std::optional<double> nodata() const;
  /// Band 1's scale and offset (value * scale + offset), 1 and 0 by default.
  double scale() const;
  double offset() const;
  /// Band 1, row-major (row 0 first), converted to float by GDAL.
  /// Throws Error naming the file when the read fails (a corrupt or
  /// truncated file) and, before reading, when one of band 1's blocks
  /// (all bands' samples, when they are pixel-interleaved) would take more
  /// than 256 MB and twice the band itself to decode. O(W * D).
  std::vector<float> read_band1() const;
  /// Band 1, row-major, converted to double by GDAL (exact for every real
  /// band type). Throws Error as read_band1 does. O(W * D).
  std::vector<double> read_band1_f64() const;
  /// Rows first_row to first_row + rows.size() / width() - 1 of band 1 into
  /// `rows`, as read_band1_f64 gives them. Throws Error as read_band1 does,
  /// and for rows outside the raster or a size that is not whole rows.
  /// O(width * rows).
  void read_band1_rows(int first_row, std::span<double> rows) const;

 private:
  struct Dataset;
  std::filesystem::path file_;
  std::unique_ptr<Dataset> dataset_;
};

}  // namespace terranav::nav::gdal
