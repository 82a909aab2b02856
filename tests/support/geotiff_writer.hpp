// Writes small GeoTIFF fixtures with GDAL's API, for the loader's tests and
// navcli's: the tests need no data files.
#pragma once

#include <cpl_conv.h>
#include <gdal.h>
#include <gtest/gtest.h>
#include <ogr_srs_api.h>

#include <array>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <vector>

namespace terranav::test {

/// What a fixture raster holds; the defaults make a valid 3 x 2 UTM 30N map.
struct RasterSpec {
  int width = 3;
  int depth = 2;
  std::vector<double> values = {10, 11, 12, 20, 21, 22};  // row-major, row 0 = north
  GDALDataType type = GDT_Float32;
  std::optional<std::array<double, 6>> geotransform =
      std::array<double, 6>{440720.0, 30.0, 0.0, 3751320.0, 0.0, -30.0};
  int epsg = 32630;  // WGS 84 / UTM zone 30N; 0 = no CRS
  std::optional<double> nodata;
  double scale = 1.0;
  double offset = 0.0;
  const char* driver = "GTiff";  // the copy's format: "AAIGrid" (.asc), "HFA" (.img), ...
  std::vector<const char*> creation_options;  // e.g. "COMPRESS=DEFLATE", "TILED=YES"
  const char* area_or_point = nullptr;        // "Point": GeoTIFF's PixelIsPoint
};

/// Builds the raster in GDAL's MEM driver and copies it to `file` with
/// spec.driver (a GeoTIFF by default); a failed GDAL call fails the test.
/// Returns `file`.
inline std::filesystem::path write_geotiff(const std::filesystem::path& file,
                                           const RasterSpec& spec) {
  GDALAllRegister();
  GDALDatasetH mem =
      GDALCreate(GDALGetDriverByName("MEM"), "", spec.width, spec.depth, 1, spec.type, nullptr);
  EXPECT_NE(mem, nullptr);
  if (spec.geotransform) {
    std::array<double, 6> gt = *spec.geotransform;
    EXPECT_EQ(GDALSetGeoTransform(mem, gt.data()), CE_None);
  }
  if (spec.epsg != 0) {
    OGRSpatialReferenceH srs = OSRNewSpatialReference(nullptr);
    EXPECT_EQ(OSRImportFromEPSG(srs, spec.epsg), OGRERR_NONE);
    EXPECT_EQ(GDALSetSpatialRef(mem, srs), CE_None);
    OSRRelease(srs);
  }
  if (spec.area_or_point != nullptr) {
    EXPECT_EQ(GDALSetMetadataItem(mem, "AREA_OR_POINT", spec.area_or_point, nullptr), CE_None);
  }
  GDALRasterBandH band = GDALGetRasterBand(mem, 1);
  if (spec.nodata) {
    EXPECT_EQ(GDALSetRasterNoDataValue(band, *spec.nodata), CE_None);
  }
  EXPECT_EQ(GDALSetRasterScale(band, spec.scale), CE_None);
  EXPECT_EQ(GDALSetRasterOffset(band, spec.offset), CE_None);
  std::vector<double> values = spec.values;
  EXPECT_EQ(values.size(), static_cast<std::size_t>(spec.width) * spec.depth);
  EXPECT_EQ(GDALRasterIO(band, GF_Write, 0, 0, spec.width, spec.depth, values.data(), spec.width,
                         spec.depth, GDT_Float64, 0, 0),
            CE_None);
  std::vector<const char*> options = spec.creation_options;
  options.push_back(nullptr);
  GDALDatasetH out = GDALCreateCopy(GDALGetDriverByName(spec.driver), file.c_str(), mem, FALSE,
                                    const_cast<char**>(options.data()), nullptr, nullptr);
  EXPECT_NE(out, nullptr);
  GDALClose(out);
  GDALClose(mem);
  return file;
}

}  // namespace terranav::test
