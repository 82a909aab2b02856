// GDAL's drivers, registered as a file needs them: the GTiff driver alone
// takes about 1 ms, GDALAllRegister's ~200 drivers 20-25 ms of CPU, which a
// command that reads and writes one GeoTIFF pays at every start.
#pragma once

namespace terranav::nav::gdal {

/// Registers GDAL's GTiff driver, once per process; safe from any thread.
/// O(1).
void register_geotiff_driver();

/// Registers every GDAL driver (GDALAllRegister), once per process, after
/// the GTiff driver, so that a GeoTIFF keeps opening with GTiff; safe from
/// any thread. O(drivers).
void register_all_drivers();

}  // namespace terranav::nav::gdal
