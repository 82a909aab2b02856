#include "gdal_raster.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>

#include "gdal_api.hpp"
#include "gdal_drivers.hpp"
#include "huge_pages.hpp"
#include "terranav/nav/printable_text.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav::gdal {
namespace {

[[noreturn]] void fail(const std::filesystem::path& file, const std::string& problem) {
  throw Error(printable_text(file.string()) + ": " + problem);
}

// GDAL decodes a whole block to read any of it, and a pixel-interleaved
// block holds every band: a few hundred bytes of TIFF can declare a 1 x
// 16392 strip of 65535 Float64 samples per pixel, 8.6 GB to decode for a
// 131 kB band. Such a read is refused unless the block is no bigger than
// twice the band itself or this.
constexpr double kMaxBlockBytes = 256.0 * 1024 * 1024;

void check_block_size(const std::filesystem::path& file, GDALDatasetH dataset,
                      GDALRasterBandH band) {
  int block_w = 0;
  int block_d = 0;
  api().GDALGetBlockSize(band, &block_w, &block_d);
  const char* interleave = api().GDALGetMetadataItem(dataset, "INTERLEAVE", "IMAGE_STRUCTURE");
  const bool pixel = interleave != nullptr && std::string_view(interleave) == "PIXEL";
  const int bands = pixel ? api().GDALGetRasterCount(dataset) : 1;
  const double sample_bytes = api().GDALGetDataTypeSizeBytes(api().GDALGetRasterDataType(band));
  const double block =
      static_cast<double>(block_w) * static_cast<double>(block_d) * bands * sample_bytes;
  const double whole = static_cast<double>(api().GDALGetRasterXSize(dataset)) *
                       static_cast<double>(api().GDALGetRasterYSize(dataset)) * sample_bytes;
  if (block > std::max(kMaxBlockBytes, 2.0 * whole)) {
    fail(file, "band 1 is stored in blocks of " + std::to_string(block_w) + " x " +
                   std::to_string(block_d) + " samples" +
                   (bands > 1 ? " x " + std::to_string(bands) + " interleaved bands" : "") + ", " +
                   std::to_string(std::llround(block / 1e6)) +
                   " MB to decode per block; rewrite it first, e.g. gdal_translate -b 1 -co "
                   "TILED=YES");
  }
}

// Reads all of `band` into `values` (row-major, `type`) in bands of rows,
// each flushed from GDAL's block cache before the next so that the cache
// reuses its memory: one read of a 3601 x 3601 Float32 band into Float64
// took 235 ms of CPU, 165 ms in bands.
template <typename T>
void read_rows(const std::filesystem::path& file, GDALDatasetH dataset, GDALRasterBandH band,
               int width, int first_row, int depth, GDALDataType type, T* values) {
  check_block_size(file, dataset, band);
  constexpr int kRows = 64;
  for (int row = first_row; row < first_row + depth; row += kRows) {
    const int rows = std::min(kRows, first_row + depth - row);
    T* const first =
        values + static_cast<std::size_t>(row - first_row) * static_cast<std::size_t>(width);
    if (api().GDALRasterIO(band, GF_Read, 0, row, width, rows, first, width, rows, type, 0, 0) !=
            CE_None ||
        api().GDALFlushRasterCache(band) != CE_None) {
      fail(file, "cannot read band 1 (" + QuietErrors::message("read failed") + ")");
    }
  }
}

}  // namespace

struct Raster::Dataset {
  GDALDatasetH handle = nullptr;
  GDALRasterBandH band = nullptr;
  ~Dataset() {
    if (handle != nullptr) api().GDALClose(handle);
  }
};

Raster::Raster(const std::filesystem::path& file) : file_(file), dataset_(new Dataset) {
  register_geotiff_driver();
  const QuietErrors quiet;
  VSIStatBufL stat{};
  if (api().VSIStatL(file.c_str(), &stat) != 0) fail(file, "cannot open: no such file");
  if (VSI_ISDIR(stat.st_mode)) fail(file, "is a directory, not a raster");
  // GTiff first; the other drivers only for a file it does not claim.
  const auto identified = [&file] {
    return api().GDALIdentifyDriverEx(file.c_str(), GDAL_OF_RASTER, nullptr, nullptr) != nullptr;
  };
  if (!identified()) {
    register_all_drivers();
    // No driver claims it: our own words, since GDAL's repeat the path.
    if (!identified()) fail(file, "not a raster GDAL can read (no driver recognises it)");
  }
  dataset_->handle =
      api().GDALOpenEx(file.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr);
  if (dataset_->handle == nullptr) {
    fail(file, "cannot open as a raster (" + QuietErrors::message("GDAL gave no reason") + ")");
  }
  if (api().GDALGetRasterCount(dataset_->handle) < 1) fail(file, "raster has no bands");
  dataset_->band = api().GDALGetRasterBand(dataset_->handle, 1);
}

Raster::~Raster() = default;

int Raster::width() const noexcept {
  return api().GDALGetRasterXSize(dataset_->handle);
}

int Raster::depth() const noexcept {
  return api().GDALGetRasterYSize(dataset_->handle);
}

std::optional<std::array<double, 6>> Raster::geotransform() const {
  const QuietErrors quiet;
  std::array<double, 6> gt{};
  if (api().GDALGetGeoTransform(dataset_->handle, gt.data()) != CE_None) return std::nullopt;
  return gt;
}

std::optional<Crs> Raster::crs() const {
  const QuietErrors quiet;
  const OGRSpatialReferenceH srs = api().GDALGetSpatialRef(dataset_->handle);
  if (srs == nullptr) return std::nullopt;
  Crs crs;
  char* wkt = nullptr;
  if (api().OSRExportToWkt(srs, &wkt) == OGRERR_NONE && wkt != nullptr) crs.wkt = wkt;
  api().VSIFree(wkt);
  crs.geographic = api().OSRIsGeographic(srs) != 0;
  char* unit_name = nullptr;  // owned by srs
  crs.linear_unit_m = api().OSRGetLinearUnits(srs, &unit_name);
  crs.linear_unit_name = unit_name != nullptr ? unit_name : "";
  // A CRS read from GeoTIFF keys often lacks its authority at the root;
  // identification on a copy finds the code without changing the dataset's.
  const OGRSpatialReferenceH copy = api().OSRClone(srs);
  if (api().OSRGetAuthorityName(copy, nullptr) == nullptr) api().OSRAutoIdentifyEPSG(copy);
  const char* authority = api().OSRGetAuthorityName(copy, nullptr);
  const char* code = api().OSRGetAuthorityCode(copy, nullptr);
  if (authority != nullptr && code != nullptr && std::strcmp(authority, "EPSG") == 0) {
    crs.epsg = std::atoi(code);
  }
  api().OSRRelease(copy);
  return crs;
}

std::string Raster::band_type_name() const {
  const char* name = api().GDALGetDataTypeName(api().GDALGetRasterDataType(dataset_->band));
  return name != nullptr ? name : "unknown";
}

bool Raster::band_is_complex() const {
  return api().GDALDataTypeIsComplex(api().GDALGetRasterDataType(dataset_->band)) != 0;
}

std::optional<double> Raster::nodata() const {
  int has = 0;
  const double value = api().GDALGetRasterNoDataValue(dataset_->band, &has);
  return has != 0 ? std::optional<double>(value) : std::nullopt;
}

double Raster::scale() const {
  return api().GDALGetRasterScale(dataset_->band, nullptr);
}

double Raster::offset() const {
  return api().GDALGetRasterOffset(dataset_->band, nullptr);
}

std::vector<float> Raster::read_band1() const {
  const QuietErrors quiet;
  const int w = width();
  const int d = depth();
  std::vector<float> values(static_cast<std::size_t>(w) * static_cast<std::size_t>(d));
  read_rows(file_, dataset_->handle, dataset_->band, w, 0, d, GDT_Float32, values.data());
  return values;
}

std::vector<double> Raster::read_band1_f64() const {
  const QuietErrors quiet;
  const int w = width();
  const int d = depth();
  std::vector<double> values;
  detail::assign_on_huge_pages(values, static_cast<std::size_t>(w) * static_cast<std::size_t>(d),
                               0.0);
  read_rows(file_, dataset_->handle, dataset_->band, w, 0, d, GDT_Float64, values.data());
  return values;
}

void Raster::read_band1_rows(int first_row, std::span<double> rows) const {
  const QuietErrors quiet;
  const auto w = static_cast<std::size_t>(width());
  const std::size_t count = rows.size() / w;
  if (first_row < 0 || first_row > depth() || rows.size() % w != 0 ||
      count > static_cast<std::size_t>(depth() - first_row)) {
    fail(file_, "cannot read " + std::to_string(rows.size()) + " samples from row " +
                    std::to_string(first_row) + " (" + std::to_string(width()) + " x " +
                    std::to_string(depth()) + " samples)");
  }
  read_rows(file_, dataset_->handle, dataset_->band, width(), first_row, static_cast<int>(count),
            GDT_Float64, rows.data());
}

}  // namespace terranav::nav::gdal
