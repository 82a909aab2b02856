#include "gdal_drivers.hpp"

#include <mutex>

#include "gdal_api.hpp"

namespace terranav::nav::gdal {

void register_geotiff_driver() {
  static std::once_flag registered;
  std::call_once(registered, [] { api().GDALRegister_GTiff(); });
}

void register_all_drivers() {
  register_geotiff_driver();
  static std::once_flag registered;
  std::call_once(registered, [] { api().GDALAllRegister(); });
}

}  // namespace terranav::nav::gdal
