#include "gdal_drivers.hpp"

#include <gdal.h>
#include <gdal_frmts.h>

#include <mutex>

namespace terranav::nav::gdal {

void register_geotiff_driver() {
  static std::once_flag registered;
  std::call_once(registered, [] { GDALRegister_GTiff(); });
}

void register_all_drivers() {
  register_geotiff_driver();
  static std::once_flag registered;
  std::call_once(registered, [] { GDALAllRegister(); });
}

}  // namespace terranav::nav::gdal
