#include "gdal_grid.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <mutex>
#include <string>

#include "gdal_api.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav::gdal {
namespace {

// A one-band MEM dataset holding a copy of `values`; closes with the object.
class MemGrid {
 public:
  MemGrid(const void* values, GDALDataType type, int width, int depth) {
    static std::once_flag registered;
    std::call_once(registered, [] { api().GDALRegister_MEM(); });
    handle_ =
        api().GDALCreate(api().GDALGetDriverByName("MEM"), "", width, depth, 1, type, nullptr);
    if (handle_ == nullptr) throw Error("GDAL: cannot create an in-memory raster");
    transfer(GF_Write, const_cast<void*>(values), type, width, depth);
  }
  MemGrid(const MemGrid&) = delete;
  MemGrid& operator=(const MemGrid&) = delete;
  ~MemGrid() { api().GDALClose(handle_); }

  GDALRasterBandH band() const { return api().GDALGetRasterBand(handle_, 1); }

  // The top-left window_width x window_depth pixels (the whole grid unless
  // given; `extra` may refine it to fractions) to or from `buffer`,
  // out_width x out_depth samples of `type`.
  void transfer(GDALRWFlag direction, void* buffer, GDALDataType type, int out_width, int out_depth,
                GDALRasterIOExtraArg* extra = nullptr, int window_width = 0,
                int window_depth = 0) const {
    if (window_width == 0) window_width = api().GDALGetRasterXSize(handle_);
    if (window_depth == 0) window_depth = api().GDALGetRasterYSize(handle_);
    if (api().GDALRasterIOEx(band(), direction, 0, 0, window_width, window_depth, buffer, out_width,
                             out_depth, type, 0, 0, extra) != CE_None) {
      throw Error("GDAL: in-memory raster transfer failed");
    }
  }

 private:
  GDALDatasetH handle_ = nullptr;
};

}  // namespace

void fill_nodata(std::vector<float>& values, std::vector<std::uint8_t>& valid, int width, int depth,
                 double reach_px) {
  // NaN marks what GDAL left unfilled; the mask band says what it may read.
  std::vector<float> marked = values;
  std::vector<std::uint8_t> mask(valid.size());
  for (std::size_t k = 0; k < valid.size(); ++k) {
    mask[k] = valid[k] != 0 ? 255 : 0;
    if (valid[k] == 0) marked[k] = std::numeric_limits<float>::quiet_NaN();
  }
  const MemGrid grid(marked.data(), GDT_Float32, width, depth);
  const MemGrid mask_grid(mask.data(), GDT_Byte, width, depth);
  // Its scratch rasters stay in memory too (the default is a GTiff on disk).
  const char* options[] = {"TEMP_FILE_DRIVER=MEM", nullptr};
  if (api().GDALFillNodata(grid.band(), mask_grid.band(), reach_px, 0, 0,
                           const_cast<char**>(options), nullptr, nullptr) != CE_None) {
    throw Error("GDAL: filling nodata samples failed");
  }
  grid.transfer(GF_Read, marked.data(), GDT_Float32, width, depth);
  for (std::size_t k = 0; k < valid.size(); ++k) {
    if (valid[k] == 0 && !std::isnan(marked[k])) {
      values[k] = marked[k];
      valid[k] = 1;
    }
  }
}

std::vector<float> resample_bilinear(const std::vector<float>& values, int width, int depth,
                                     double source_width, double source_depth, int out_width,
                                     int out_depth) {
  const MemGrid grid(values.data(), GDT_Float32, width, depth);
  GDALRasterIOExtraArg extra;
  INIT_RASTERIO_EXTRA_ARG(extra);
  extra.eResampleAlg = GRIORA_Bilinear;
  extra.bFloatingPointWindowValidity = TRUE;
  extra.dfXOff = 0.0;
  extra.dfYOff = 0.0;
  extra.dfXSize = source_width;
  extra.dfYSize = source_depth;
  std::vector<float> out(static_cast<std::size_t>(out_width) * static_cast<std::size_t>(out_depth));
  // The whole pixels the fractional window touches.
  grid.transfer(GF_Read, out.data(), GDT_Float32, out_width, out_depth, &extra,
                std::min(width, static_cast<int>(std::ceil(source_width))),
                std::min(depth, static_cast<int>(std::ceil(source_depth))));
  return out;
}

}  // namespace terranav::nav::gdal
