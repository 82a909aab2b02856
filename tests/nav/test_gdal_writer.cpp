// The GeoTIFF writer (terranav::gdal): what it writes reads back through
// gdal::Raster exactly (geotransform, CRS, nodata, values, metadata), and
// each refusal names the file.
#include "gdal_writer.hpp"

#include <cpl_conv.h>
#include <gdal.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <ogr_srs_api.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "gdal_raster.hpp"
#include "test_support.hpp"

namespace terranav::nav::gdal {
namespace {

using test::error_of;
using ::testing::HasSubstr;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string utm30n_wkt() {
  OGRSpatialReferenceH srs = OSRNewSpatialReference(nullptr);
  EXPECT_EQ(OSRImportFromEPSG(srs, 32630), OGRERR_NONE);
  char* wkt = nullptr;
  EXPECT_EQ(OSRExportToWkt(srs, &wkt), OGRERR_NONE);
  std::string out = wkt;
  CPLFree(wkt);
  OSRRelease(srs);
  return out;
}

/// The value of a dataset metadata item, read with GDAL's API.
std::string metadata_item(const std::filesystem::path& file, const char* key) {
  GDALDatasetH ds = GDALOpen(file.c_str(), GA_ReadOnly);
  EXPECT_NE(ds, nullptr);
  const char* value = GDALGetMetadataItem(ds, key, nullptr);
  std::string out = value != nullptr ? value : "<none>";
  GDALClose(ds);
  return out;
}

using GdalWriter = test::ScratchDirTest;

TEST_F(GdalWriter, Float64RoundTripKeepsEverything) {
  GeoTiffSpec spec{.width = 3,
                   .depth = 2,
                   .type = SampleType::Float64,
                   .geotransform = {440735.0, 60.0, 0.0, 3751305.0, 0.0, -60.0},
                   .crs_wkt = utm30n_wkt(),
                   .geokeys = {},
                   .nodata = kNaN,
                   .tags = {{"TERRANAV_COMMAND", "navcli cost-surface --map a.tif"},
                            {"TERRANAV_MODEL", "tobler"}}};
  // 0.1 and 1/3 are not floats: a Float64 band keeps every bit.
  const std::vector<double> values = {0.0, 0.1, 1.0 / 3.0, 1e300, kNaN, 42.5};
  const auto file = path("cost.tif");
  write_geotiff(file, spec, values);

  const Raster r(file);
  EXPECT_EQ(r.width(), 3);
  EXPECT_EQ(r.depth(), 2);
  EXPECT_EQ(r.band_type_name(), "Float64");
  EXPECT_EQ(r.geotransform(), spec.geotransform);
  ASSERT_TRUE(r.crs().has_value());
  EXPECT_EQ(r.crs()->epsg, 32630);
  ASSERT_TRUE(r.nodata().has_value());
  EXPECT_TRUE(std::isnan(*r.nodata()));
  const std::vector<double> back = r.read_band1_f64();
  ASSERT_EQ(back.size(), values.size());
  for (std::size_t k = 0; k < values.size(); ++k) {
    if (std::isnan(values[k])) {
      EXPECT_TRUE(std::isnan(back[k])) << k;
    } else {
      EXPECT_EQ(back[k], values[k]) << k;
    }
  }
  EXPECT_EQ(metadata_item(file, "TERRANAV_COMMAND"), "navcli cost-surface --map a.tif");
  EXPECT_EQ(metadata_item(file, "TERRANAV_MODEL"), "tobler");
}

TEST_F(GdalWriter, Float32RoundsAndAnEmptyCrsWritesNone) {
  GeoTiffSpec spec;
  spec.width = 2;
  spec.depth = 1;
  spec.type = SampleType::Float32;
  spec.nodata = -1.0;
  const auto file = path("dir.tif");
  write_geotiff(file, spec, std::vector<double>{0.1, 360.0});
  const Raster r(file);
  EXPECT_EQ(r.band_type_name(), "Float32");
  EXPECT_FALSE(r.crs().has_value());
  EXPECT_EQ(r.nodata(), -1.0);
  EXPECT_EQ(r.read_band1_f64(), (std::vector<double>{static_cast<float>(0.1), 360.0}));
}

TEST_F(GdalWriter, RefusalsNameTheFile) {
  GeoTiffSpec spec;
  spec.width = 2;
  spec.depth = 2;
  const std::vector<double> four(4, 1.0);
  const auto missing_dir = path("nowhere") / "c.tif";
  EXPECT_EQ(error_of([&] { write_geotiff(missing_dir, spec, four); }),
            missing_dir.string() + ": cannot write: directory " + path("nowhere").string() +
                " does not exist");
  EXPECT_EQ(error_of([&] { write_geotiff(path("c.tif"), spec, std::vector<double>(3)); }),
            path("c.tif").string() + ": 3 values for a 2x2 raster");
  GeoTiffSpec bad_key = spec;
  bad_key.tags = {{"A=B", "x"}};
  EXPECT_THAT(error_of([&] { write_geotiff(path("c.tif"), bad_key, four); }),
              HasSubstr("metadata key 'A=B'"));
  GeoTiffSpec bad_crs = spec;
  bad_crs.crs_wkt = "not a crs";
  EXPECT_THAT(error_of([&] { write_geotiff(path("c.tif"), bad_crs, four); }),
              HasSubstr("c.tif: cannot set the CRS"));
  EXPECT_FALSE(std::filesystem::exists(path("c.tif")));  // nothing half-written left
  // A directory where the file should go.
  std::filesystem::create_directory(path("taken.tif"));
  EXPECT_THAT(error_of([&] { write_geotiff(path("taken.tif"), spec, four); }),
              HasSubstr("taken.tif: cannot create ("));
}

}  // namespace
}  // namespace terranav::nav::gdal
