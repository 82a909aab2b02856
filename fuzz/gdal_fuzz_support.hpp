// What the GDAL harnesses share: GDAL set up once for fuzzing, and each
// input handed to GDAL as a /vsimem/ file (no disk file).
#pragma once

#include <cpl_conv.h>
#include <cpl_error.h>
#include <cpl_vsi.h>
#include <gdal.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace terranav::fuzz {

/// For LLVMFuzzerInitialize: every driver, a small block cache, and quiet
/// errors for the harness's own GDAL calls.
inline void init_gdal() {
  GDALAllRegister();
  CPLSetConfigOption("GDAL_CACHEMAX", "64");  // MB: the block cache, not 5% of RAM
  CPLSetErrorHandler(CPLQuietErrorHandler);
}

/// The input as /vsimem/terranav-fuzz-<pid>.tif while the object lives. GDAL
/// reads the bytes in place; it never writes through a read-only open.
class VsiMemInput {
 public:
  VsiMemInput(const std::uint8_t* data, std::size_t size)
      : path_("/vsimem/terranav-fuzz-" + std::to_string(::getpid()) + ".tif") {
    VSIFCloseL(VSIFileFromMemBuffer(path_.c_str(), const_cast<GByte*>(data),
                                    static_cast<vsi_l_offset>(size), FALSE));
  }
  VsiMemInput(const VsiMemInput&) = delete;
  VsiMemInput& operator=(const VsiMemInput&) = delete;
  ~VsiMemInput() { VSIUnlink(path_.c_str()); }
  const std::string& path() const noexcept { return path_; }

 private:
  std::string path_;
};

}  // namespace terranav::fuzz
