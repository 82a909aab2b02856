#include "gdal_writer.hpp"

#include <algorithm>
#include <array>
#include <filesystem>
#include <system_error>

#include "gdal_api.hpp"
#include "gdal_drivers.hpp"
#include "plain_geotiff.hpp"
#include "terranav/nav/printable_text.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav::gdal {
namespace {

[[noreturn]] void fail(const std::filesystem::path& file, const std::string& problem) {
  throw Error(printable_text(file.string()) + ": " + problem);
}

// GDAL's virtual files (/vsimem/...) have no directory or file on disk.
bool on_disk(const std::filesystem::path& file) {
  return !file.string().starts_with("/vsi");
}

void check_spec(const std::filesystem::path& file, const GeoTiffSpec& spec, std::size_t values) {
  if (spec.width < 1 || spec.depth < 1) {
    fail(file, "cannot write a " + std::to_string(spec.width) + "x" + std::to_string(spec.depth) +
                   " raster");
  }
  if (values != static_cast<std::size_t>(spec.width) * static_cast<std::size_t>(spec.depth)) {
    fail(file, std::to_string(values) + " values for a " + std::to_string(spec.width) + "x" +
                   std::to_string(spec.depth) + " raster");
  }
  for (const auto& [key, value] : spec.tags) {
    if (key.empty() || key.find_first_of("= \t\r\n") != std::string::npos) {
      fail(file, "metadata key '" + printable_text(key) + "' is empty or holds '=' or a space");
    }
  }
  // GDAL's own message for a missing directory only says the file failed.
  const std::filesystem::path dir = file.parent_path();
  std::error_code ec;
  if (!dir.empty() && on_disk(file) && !std::filesystem::is_directory(dir, ec)) {
    fail(file, "cannot write: directory " + printable_text(dir.string()) + " does not exist");
  }
}

// Removes a regular file or symbolic link at `file`, so that the raster
// goes into a new file, as GDAL's GTiff driver does on its own. libtiff
// would truncate the old file instead, and ext4 then writes the new data
// back as it closes (its replace-by-truncate safeguard: 3-4 ms for 8 MB),
// or waits for the disk where the old file is still being written back
// (up to 45 ms seen). Devices and the like are left alone.
void remove_old(const std::filesystem::path& file) {
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::symlink_status(file, ec);
  if (ec || !(std::filesystem::is_regular_file(status) || std::filesystem::is_symlink(status))) {
    return;
  }
  std::filesystem::remove(file, ec);  // if it fails, creating reports the problem
}

// Writes everything into the dataset GDALCreate made; throws on the first failure.
void fill(const std::filesystem::path& file, GDALDatasetH out, const GeoTiffSpec& spec,
          std::span<const double> values) {
  std::array<double, 6> gt = spec.geotransform;
  if (api().GDALSetGeoTransform(out, gt.data()) != CE_None) {
    fail(file, "cannot set the geotransform (" + QuietErrors::message("GDAL gave no reason") + ")");
  }
  if (!spec.crs_wkt.empty() && api().GDALSetProjection(out, spec.crs_wkt.c_str()) != CE_None) {
    fail(file, "cannot set the CRS (" + QuietErrors::message("not a CRS GDAL can read") + ")");
  }
  for (const auto& [key, value] : spec.tags) {
    if (api().GDALSetMetadataItem(out, key.c_str(), value.c_str(), nullptr) != CE_None) {
      fail(file, "cannot write metadata " + printable_text(key) + " (" +
                     QuietErrors::message("GDAL gave no reason") + ")");
    }
  }
  const GDALRasterBandH band = api().GDALGetRasterBand(out, 1);
  if (api().GDALSetRasterNoDataValue(band, spec.nodata) != CE_None) {
    fail(file, "cannot set nodata (" + QuietErrors::message("GDAL gave no reason") + ")");
  }
  // Bands of rows, each flushed before the next, so that GDAL's block cache
  // reuses one band's memory: caching the whole raster first faulted in as
  // many fresh pages as the raster has bytes (40 ms of CPU against 10 ms for
  // 1025 x 1025 Float64 on a VM).
  constexpr int kRows = 64;
  for (int row = 0; row < spec.depth; row += kRows) {
    const int rows = std::min(kRows, spec.depth - row);
    // GDALRasterIO takes a non-const buffer even for writing.
    double* const first = const_cast<double*>(values.data()) +
                          static_cast<std::size_t>(row) * static_cast<std::size_t>(spec.width);
    if (api().GDALRasterIO(band, GF_Write, 0, row, spec.width, rows, first, spec.width, rows,
                           GDT_Float64, 0, 0) != CE_None ||
        api().GDALFlushRasterCache(band) != CE_None) {
      fail(file, "cannot write band 1 (" + QuietErrors::message("write failed") + ")");
    }
  }
}

}  // namespace

void write_geotiff(const std::filesystem::path& file, const GeoTiffSpec& spec,
                   std::span<const double> values) {
  check_spec(file, spec, values.size());
  if (on_disk(file)) remove_old(file);
  if (!spec.geokeys.empty()) {
    write_plain_geotiff(file, spec, values);
    return;
  }
  register_geotiff_driver();
  // Quiet: our errors carry GDAL's messages, which would go to stderr.
  const QuietErrors quiet;
  const GDALDriverH driver = api().GDALGetDriverByName("GTiff");
  if (driver == nullptr) fail(file, "GDAL has no GTiff driver");
  // Uncompressed, GDAL's default strips: DEFLATE took 10-20 times as long
  // as the surface itself (90-150 ms against 6-10 ms for 1025 x 1025 Float64).
  const GDALDataType type = spec.type == SampleType::Float32 ? GDT_Float32 : GDT_Float64;
  GDALDatasetH out =
      api().GDALCreate(driver, file.c_str(), spec.width, spec.depth, 1, type, nullptr);
  if (out == nullptr)
    fail(file, "cannot create (" + QuietErrors::message("GDAL gave no reason") + ")");
  try {
    fill(file, out, spec, values);
  } catch (const Error&) {
    api().GDALClose(out);
    std::error_code ignored;
    std::filesystem::remove(file, ignored);  // no half-written raster left behind
    throw;
  }
  api().GDALClose(out);  // flushes; errors then only show in GDAL's error state (a full disk)
  if (api().CPLGetLastErrorType() >= CE_Failure) {
    fail(file, "cannot finish writing (" + QuietErrors::message("GDAL gave no reason") + ")");
  }
}

}  // namespace terranav::nav::gdal
