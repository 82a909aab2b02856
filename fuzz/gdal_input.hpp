// What the GDAL harnesses share (fuzz_gdal, fuzz_raster_grid): GDAL set up
// once (this header defines the harness's LLVMFuzzerInitialize, so each
// harness includes it once), the input's bytes as a /vsimem/ GeoTIFF, and
// the inputs skipped as slow by design.
#pragma once

#include <cpl_conv.h>
#include <cpl_vsi.h>
#include <gdal.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace terranav::fuzz {

/// The input as /vsimem/terranav-fuzz-<pid>.tif for its lifetime (GDAL
/// reads the bytes in place; it never writes through a read-only open).
class VsimemTiff {
 public:
  VsimemTiff(const std::uint8_t* data, std::size_t size)
      : path_("/vsimem/terranav-fuzz-" + std::to_string(::getpid()) + ".tif") {
    VSIFCloseL(VSIFileFromMemBuffer(path_.c_str(), const_cast<GByte*>(data),
                                    static_cast<vsi_l_offset>(size), FALSE));
  }
  VsimemTiff(const VsimemTiff&) = delete;
  VsimemTiff& operator=(const VsimemTiff&) = delete;
  ~VsimemTiff() { VSIUnlink(path_.c_str()); }
  const std::string& path() const noexcept { return path_; }

 private:
  std::string path_;
};

/// Declared sizes the loaders accept but that take up to 2 GiB and seconds
/// to read are skipped: slow by design, not a bug. Sizes above `refused`
/// are refused before reading, so they still run.
inline bool too_slow_to_read(const std::string& path, std::size_t refused) {
  GDALDatasetH dataset =
      GDALOpenEx(path.c_str(), GDAL_OF_RASTER | GDAL_OF_READONLY, nullptr, nullptr, nullptr);
  if (dataset == nullptr) return false;
  const std::size_t samples = static_cast<std::size_t>(GDALGetRasterXSize(dataset)) *
                              static_cast<std::size_t>(GDALGetRasterYSize(dataset));
  GDALClose(dataset);
  return samples > (std::size_t{1} << 22) && samples <= refused;
}

}  // namespace terranav::fuzz

/// Drivers registered, a small block cache, GDAL's own messages silenced.
extern "C" int LLVMFuzzerInitialize(int* /*argc*/, char*** /*argv*/) {
  GDALAllRegister();
  CPLSetConfigOption("GDAL_CACHEMAX", "64");  // MB: the block cache, not 5% of RAM
  CPLSetErrorHandler(CPLQuietErrorHandler);   // the harness's own GDAL calls
  return 0;
}
