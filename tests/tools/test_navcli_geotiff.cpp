// navcli on a GeoTIFF map (built with GDAL): the raster's pixel size is the
// spacing, and flags that contradict the raster are refused.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "geotiff_writer.hpp"
#include "navcli_run.hpp"
#include "test_support.hpp"

namespace terranav::test {
namespace {

/// A JSON number as nlohmann prints it (shortest round-trip form, as navcli's CSV).
std::string shortest_text(const nlohmann::json& number) {
  return number.dump();
}

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

// 5 x 5 samples of 25 m pixels rising 2 m a column eastwards, tiles of 2 x 2
// cells (50 m). Tile (i, j)'s centre is sample ((i + 0.5) 2, (j + 0.5) 2), so
// E = E0 + (i + 0.5) 50 + 12.5 and N = N0 - (j + 0.5) 50 - 12.5; its height is
// 100 + 2 x (2 i + 1). (0, 0) -> (1, 1) is one diagonal: 50 sqrt 2 m long,
// climbing 4 m, costing 50 sqrt 2 + 4 (reference, k = 1).
TEST_F(NavcliGeoTiff, GeoJsonAndCsvLandOnTheDemInItsCrs) {
  RasterSpec spec;
  spec.width = 5;
  spec.depth = 5;
  spec.values.clear();
  for (int z = 0; z < 5; ++z) {
    for (int x = 0; x < 5; ++x) spec.values.push_back(100.0 + 2.0 * x);
  }
  spec.geotransform = std::array<double, 6>{500000.0, 25.0, 0.0, 4000000.0, 0.0, -25.0};
  const std::string dem = shell_quote(write_geotiff(path("dem.tif"), spec).string());
  const std::string geojson = path("p.geojson").string();
  const std::string csv = path("p.csv").string();
  const NavcliRun run =
      run_navcli(dir_, "path --map " + dem + " --tile-size 2 --from 0,0 --to 1,1 --geojson " +
                           shell_quote(geojson) + " --csv " + shell_quote(csv));
  ASSERT_EQ(run.status, 0) << run.err;
  const nlohmann::json feature = nlohmann::json::parse(read_text(geojson));
  EXPECT_EQ(feature.at("crs").at("properties").at("name"), "urn:ogc:def:crs:EPSG::32630");
  const nlohmann::json& coordinates = feature.at("geometry").at("coordinates");
  ASSERT_EQ(coordinates.size(), 2u);
  EXPECT_EQ(coordinates[0], nlohmann::json::parse("[500037.5, 3999962.5, 102.0]"));
  EXPECT_EQ(coordinates[1], nlohmann::json::parse("[500087.5, 3999912.5, 106.0]"));
  const nlohmann::json& p = feature.at("properties");
  const double length = 50.0 * std::sqrt(2.0);
  EXPECT_NEAR(p.at("length_m").get<double>(), length, 1e-6);
  EXPECT_NEAR(p.at("cost").get<double>(), length + 4.0, 1e-9);
  EXPECT_NEAR(p.at("ascent_m").get<double>(), 4.0, 1e-9);
  EXPECT_EQ(p.at("provenance").at("input_sha256").get<std::string>().size(), 64u);

  const std::vector<std::string> lines = NavcliRun::lines(read_text(csv));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "x,y,z,distance_m,cost_m");
  EXPECT_EQ(lines[1], "500037.5,3999962.5,102,0,0");
  EXPECT_THAT(lines[2], ::testing::StartsWith("500087.5,3999912.5,106,70.710678,74.71067"));
  EXPECT_EQ(lines[2], "500087.5,3999912.5,106," + shortest_text(p.at("length_m")) + "," +
                          shortest_text(p.at("cost")));
}

TEST_F(NavcliGeoTiff, SpacingFlagIsRefused) {
  const std::string dem = map();
  const NavcliRun run = run_navcli(dir_, "path --map " + dem + " --spacing 10 --from 0,0 --to 1,0");
  EXPECT_EQ(run.status, 1);
  EXPECT_EQ(run.err, "navcli: " + path("dem.tif").string() +
                         ": a GDAL raster holds metres and its pixel size; spacing_m and "
                         "height_scale_m do not apply\n");
}

// 5 x 5 samples of 7 m, 30 m pixels, the centre one nodata: refused by
// default, filled (the straight path along tile row 1 through it, 90 m), or
// filled with its four tiles blocked (around them by row 0, 150 m).
TEST_F(NavcliGeoTiff, NodataFlagRefusesFillsOrBlocks) {
  RasterSpec spec;
  spec.width = 5;
  spec.depth = 5;
  spec.nodata = -9999.0;
  spec.values.assign(25, 7.0);
  spec.values[12] = -9999.0;
  const std::string dem = shell_quote(write_geotiff(path("hole.tif"), spec).string());
  const std::string query = "path --map " + dem + " --from 0,1 --to 3,1";
  const NavcliRun refused = run_navcli(dir_, query);
  EXPECT_EQ(refused.status, 1);
  EXPECT_EQ(refused.err, "navcli: " + path("hole.tif").string() +
                             ": 1 nodata samples (-9999), the first at row 2, column 2; --nodata "
                             "fill fills them from their neighbours, --nodata block also blocks "
                             "their tiles\n");
  const auto length = [&](const std::string& mode) {
    const NavcliRun run = run_navcli(dir_, query + " --nodata " + mode);
    EXPECT_EQ(run.status, 0) << run.err;
    return nlohmann::json::parse(run.out).at("length_m").get<double>();
  };
  EXPECT_NEAR(length("fill"), 90.0, 1e-9);
  EXPECT_NEAR(length("block"), 150.0, 1e-9);
}

// 2 x 4 pixels of 20 x 10 m: refused as they are, 4 x 4 samples of 10 m with
// --resample square (tile (0, 0) to (2, 0) is then 20 m).
TEST_F(NavcliGeoTiff, ResampleFlagMakesSquarePixels) {
  RasterSpec spec;
  spec.width = 2;
  spec.depth = 4;
  spec.values.assign(8, 50.0);
  spec.geotransform = std::array<double, 6>{500000.0, 20.0, 0.0, 4000000.0, 0.0, -10.0};
  const std::string dem = shell_quote(write_geotiff(path("tall.tif"), spec).string());
  const std::string query = "path --map " + dem + " --from 0,0 --to 2,0";
  const NavcliRun refused = run_navcli(dir_, query);
  EXPECT_EQ(refused.status, 1);
  EXPECT_THAT(refused.err, ::testing::HasSubstr("non-square pixels 20 x 10 m; load it with "
                                                "--resample square"));
  const NavcliRun run = run_navcli(dir_, query + " --resample square");
  ASSERT_EQ(run.status, 0) << run.err;
  EXPECT_NEAR(nlohmann::json::parse(run.out).at("length_m").get<double>(), 20.0, 1e-9);
}

}  // namespace
}  // namespace terranav::test
