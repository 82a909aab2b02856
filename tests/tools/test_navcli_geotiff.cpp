// navcli on a GeoTIFF map (built with GDAL): the raster's pixel size is the
// spacing, and flags that contradict the raster are refused.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "geotiff_writer.hpp"
#include "navcli_run.hpp"
#include "test_support.hpp"

namespace terranav::test {
namespace {

class NavcliGeoTiff : public ScratchDirTest {
 protected:
  // 4 x 3 samples of 25 m pixels: flat but for a 5 m step down the east column.
  std::string map() const {
    RasterSpec spec;
    spec.width = 4;
    spec.depth = 3;
    spec.values = {100, 100, 100, 95, 100, 100, 100, 95, 100, 100, 100, 95};
    spec.geotransform = std::array<double, 6>{500000.0, 25.0, 0.0, 4000000.0, 0.0, -25.0};
    return shell_quote(write_geotiff(path("dem.tif"), spec).string());
  }
};

TEST_F(NavcliGeoTiff, PathMetresComeFromThePixelSize) {
  const NavcliRun run = run_navcli(dir_, "path --map " + map() + " --from 0,0 --to 1,0");
  ASSERT_EQ(run.status, 0) << run.err;
  const nlohmann::ordered_json json = nlohmann::ordered_json::parse(run.out);
  EXPECT_EQ(json.at("status"), "found");
  // Tile centres (0.5, 0.5) and (1.5, 0.5) tiles apart, on flat ground.
  EXPECT_EQ(json.at("path_m").front(), nlohmann::ordered_json::parse("[12.5, 12.5]"));
  EXPECT_NEAR(json.at("length_m").get<double>(), 25.0, 1e-9);
}

TEST_F(NavcliGeoTiff, SpacingFlagIsRefused) {
  const std::string dem = map();
  const NavcliRun run = run_navcli(dir_, "path --map " + dem + " --spacing 10 --from 0,0 --to 1,0");
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(run.err, "navcli: " + path("dem.tif").string() +
                         ": a GeoTIFF holds metres and its pixel size; spacing_m and "
                         "height_scale_m do not apply\n");
}

}  // namespace
}  // namespace terranav::test
