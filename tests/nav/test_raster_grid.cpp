// load_raster_grid (GDAL): values as doubles with nodata as NaN, non-square
// pixels kept, the georeferencing refusals shared with the terrain loader,
// and check_same_grid. Fixtures written with GDAL's API (geotiff_writer.hpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "geotiff_writer.hpp"
#include "terranav/terrain_io/raster_grid.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

namespace fs = std::filesystem;
using Gt = std::array<double, 6>;
using test::RasterSpec;

class RasterGridTest : public test::ScratchDirTest {
 protected:
  fs::path tif(const std::string& name, const RasterSpec& spec) const {
    return test::write_geotiff(dir_ / name, spec);
  }
};

TEST_F(RasterGridTest, NonSquarePixelsAndNodataAsNaN) {
  RasterSpec spec;
  spec.type = GDT_Float64;
  spec.geotransform = Gt{440720.0, 60.0, 0.0, 3751320.0, 0.0, -90.0};
  spec.values = {10.125, -9999, 12.1, 20.000000001, 21, 22};
  spec.nodata = -9999.0;
  const RasterGrid g = load_raster_grid(tif("dem.tif", spec));
  EXPECT_EQ(g.width, 3);
  EXPECT_EQ(g.depth, 2);
  EXPECT_EQ(g.geotransform, *spec.geotransform);
  EXPECT_EQ(g.epsg, 32630);
  // A plain GeoTIFF, read with libtiff alone: the CRS as its keys, no WKT.
  EXPECT_TRUE(g.crs_wkt.empty());
  EXPECT_FALSE(g.geokeys.empty());
  ASSERT_EQ(g.values.size(), 6u);
  EXPECT_TRUE(std::isnan(g.values[1]));
  for (const std::size_t k : {0u, 2u, 3u, 4u, 5u}) EXPECT_EQ(g.values[k], spec.values[k]);  // exact

  // Tiled, the same raster is GDAL's to read: the CRS as WKT, no keys.
  spec.creation_options = {"TILED=YES"};
  const RasterGrid t = load_raster_grid(tif("tiled.tif", spec));
  EXPECT_EQ(t.geotransform, *spec.geotransform);
  EXPECT_EQ(t.epsg, 32630);
  EXPECT_NE(t.crs_wkt.find("UTM zone 30N"), std::string::npos);
  EXPECT_TRUE(t.geokeys.empty());
  ASSERT_EQ(t.values.size(), 6u);
  EXPECT_TRUE(std::isnan(t.values[1]));
  for (const std::size_t k : {0u, 2u, 3u, 4u, 5u}) EXPECT_EQ(t.values[k], spec.values[k]);
}

TEST_F(RasterGridTest, ReaderGivesLoadRasterGridsValuesByBlocks) {
  // Through GDAL (tiled), with nodata, scale and offset: every conversion
  // load_raster_grid makes.
  RasterSpec spec;
  spec.width = 5;
  spec.depth = 9;
  spec.values.assign(45, 0.0);
  for (std::size_t k = 0; k < spec.values.size(); ++k) spec.values[k] = static_cast<double>(k);
  spec.values[17] = -9999.0;
  spec.nodata = -9999.0;
  spec.scale = 0.5;
  spec.offset = -3.0;
  spec.creation_options = {"TILED=YES", "BLOCKXSIZE=16", "BLOCKYSIZE=16"};
  const fs::path file = tif("scaled.tif", spec);
  const RasterGrid g = load_raster_grid(file);
  ASSERT_EQ(g.values.size(), 45u);
  EXPECT_TRUE(std::isnan(g.values[17]));
  EXPECT_EQ(g.values[18], 18 * 0.5 - 3.0);
  const RasterGridReader reader(file);
  EXPECT_TRUE(reader.grid().values.empty());
  EXPECT_EQ(reader.grid().width, 5);
  EXPECT_EQ(reader.grid().depth, 9);
  EXPECT_EQ(reader.grid().geotransform, g.geotransform);
  EXPECT_EQ(reader.grid().crs_wkt, g.crs_wkt);
  std::vector<double> values(45);
  for (std::int32_t row = 0; row < 9; row += 4) {
    const std::size_t rows = std::min<std::size_t>(4, 9 - static_cast<std::size_t>(row));
    reader.read(row, std::span(values).subspan(static_cast<std::size_t>(row) * 5, rows * 5));
  }
  for (std::size_t k = 0; k < values.size(); ++k) {
    if (k == 17) {
      EXPECT_TRUE(std::isnan(values[k]));
    } else {
      EXPECT_EQ(values[k], g.values[k]) << k;
    }
  }
  EXPECT_EQ(test::error_of([&] { reader.read(8, std::span(values).first(10)); }),
            file.string() + ": cannot read 10 samples from row 8 (5 x 9 samples)");
  EXPECT_EQ(test::error_of([&] { RasterGridReader missing(dir_ / "missing.tif"); }),
            test::error_of([&] { load_raster_grid(dir_ / "missing.tif"); }));
}

TEST_F(RasterGridTest, Float32NodataComparesAsAFloat) {
  RasterSpec spec;  // Float32
  spec.values = {10, 11, 12, 20, -9999.9, 22};
  spec.nodata = -9999.9;  // not a float: the band holds float(-9999.9)
  const RasterGrid g = load_raster_grid(tif("dem.tif", spec));
  EXPECT_TRUE(std::isnan(g.values[4]));
  EXPECT_EQ(g.values[5], 22.0);
}

TEST_F(RasterGridTest, RefusesWhatTheTerrainLoaderRefuses) {
  const std::string warp = "e.g. gdalwarp -t_srs EPSG:xxxx with a projected CRS in metres";
  RasterSpec rotated;
  rotated.geotransform = Gt{440720, 30, 0.5, 3751320, 0, -30};
  fs::path file = tif("rotated.tif", rotated);
  EXPECT_EQ(test::error_of([&] { load_raster_grid(file); }),
            file.string() +
                ": rotated or sheared geotransform (rotation terms 0.5, 0); warp it north-up "
                "first, " +
                warp);
  RasterSpec geographic;
  geographic.epsg = 4326;
  geographic.geotransform = Gt{-3.5, 0.001, 0, 40.5, 0, -0.001};
  file = tif("wgs84.tif", geographic);
  EXPECT_EQ(test::error_of([&] { load_raster_grid(file); }),
            file.string() + ": geographic CRS EPSG:4326 (degrees); project it first, " + warp);
  RasterSpec tiny;
  tiny.geotransform = Gt{0, 30, 0, 0, 0, -1e-9};
  file = tif("tiny.tif", tiny);
  EXPECT_NE(test::error_of([&] { load_raster_grid(file); }).find(": pixel size: "),
            std::string::npos);
}

TEST_F(RasterGridTest, SameGridChecksSizeAndGeotransform) {
  RasterSpec spec;
  const RasterGrid dem = load_raster_grid(tif("dem.tif", spec));
  EXPECT_NO_THROW(check_same_grid("dem.tif", dem, "friction.tif", dem));
  RasterSpec shifted = spec;
  shifted.geotransform = Gt{440750.0, 30.0, 0.0, 3751320.0, 0.0, -30.0};
  const RasterGrid other = load_raster_grid(tif("friction.tif", shifted));
  EXPECT_EQ(test::error_of([&] { check_same_grid("dem.tif", dem, "friction.tif", other); }),
            "friction.tif: not on the grid of dem.tif (3 x 2 samples, origin (440750, 3751320), "
            "pixel 30 x 30 m vs 3 x 2 samples, origin (440720, 3751320), pixel 30 x 30 m); "
            "resample it onto that grid first, e.g. gdalwarp -te/-tr");
}

}  // namespace
}  // namespace terranav::nav
