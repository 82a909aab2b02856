// libgdal loaded at its first use (dlopen), not at process start: loading
// it and the ~115 libraries it needs took 40-50 ms of every navcli and
// terranav start, GeoTIFF or not. The build needs GDAL's headers only; a
// machine without libgdal still runs everything but GDAL rasters. Private
// to the build: gdal/*.cpp call GDAL through api() and nothing else.
#pragma once

#include <cpl_conv.h>
#include <cpl_error.h>
#include <cpl_vsi.h>
#include <gdal.h>
#include <gdal_alg.h>
#include <gdal_frmts.h>
#include <ogr_srs_api.h>

#include <string>
#include <string_view>

// Every GDAL function terranav calls (X(name) for each).
#define TERRANAV_GDAL_FUNCTIONS(X) \
  X(CPLErrorReset)                 \
  X(CPLGetLastErrorMsg)            \
  X(CPLGetLastErrorType)           \
  X(CPLPopErrorHandler)            \
  X(CPLPushErrorHandler)           \
  X(CPLQuietErrorHandler)          \
  X(GDALAllRegister)               \
  X(GDALClose)                     \
  X(GDALCreate)                    \
  X(GDALDataTypeIsComplex)         \
  X(GDALFillNodata)                \
  X(GDALFlushRasterCache)          \
  X(GDALGetBlockSize)              \
  X(GDALGetDataTypeName)           \
  X(GDALGetDataTypeSizeBytes)      \
  X(GDALGetDriverByName)           \
  X(GDALGetGeoTransform)           \
  X(GDALGetMetadataItem)           \
  X(GDALGetRasterBand)             \
  X(GDALGetRasterCount)            \
  X(GDALGetRasterDataType)         \
  X(GDALGetRasterNoDataValue)      \
  X(GDALGetRasterOffset)           \
  X(GDALGetRasterScale)            \
  X(GDALGetRasterXSize)            \
  X(GDALGetRasterYSize)            \
  X(GDALGetSpatialRef)             \
  X(GDALIdentifyDriverEx)          \
  X(GDALOpenEx)                    \
  X(GDALRasterIO)                  \
  X(GDALRasterIOEx)                \
  X(GDALRegister_GTiff)            \
  X(GDALRegister_MEM)              \
  X(GDALSetGeoTransform)           \
  X(GDALSetMetadataItem)           \
  X(GDALSetProjection)             \
  X(GDALSetRasterNoDataValue)      \
  X(OSRAutoIdentifyEPSG)           \
  X(OSRClone)                      \
  X(OSRExportToWkt)                \
  X(OSRGetAuthorityCode)           \
  X(OSRGetAuthorityName)           \
  X(OSRGetLinearUnits)             \
  X(OSRIsGeographic)               \
  X(OSRRelease)                    \
  X(VSIFree)                       \
  X(VSIStatL)

namespace terranav::nav::gdal {

/// GDAL's C functions, each with its own type, resolved from libgdal.
struct Api {
#define TERRANAV_GDAL_MEMBER(name) decltype(&::name) name = nullptr;
  TERRANAV_GDAL_FUNCTIONS(TERRANAV_GDAL_MEMBER)
#undef TERRANAV_GDAL_MEMBER
};

/// libgdal's functions, the library loaded at the first call (once per
/// process, safe from any thread). Throws Error("GDAL: cannot load <soname>
/// (<reason>)...") when the library or one of the functions is missing,
/// and on every later call. O(1) after the first call; the first takes
/// the library's load time (tens of milliseconds).
const Api& api();

/// GDAL's errors kept from stderr while the guard lives (GDAL prints them
/// by default; terranav's errors carry them instead). The handler stack is
/// per thread, so the guard affects only its own thread.
class QuietErrors {
 public:
  QuietErrors();
  QuietErrors(const QuietErrors&) = delete;
  QuietErrors& operator=(const QuietErrors&) = delete;
  ~QuietErrors();
  /// GDAL's last message on one line, or `fallback` when it gave none.
  static std::string message(std::string_view fallback);
};

}  // namespace terranav::nav::gdal
