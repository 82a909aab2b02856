// navcli cost-surface and path --from-surface (built with GDAL): the GeoTIFF
// read back holds, tile by tile, what navcli path finds; the rasters are
// placed like the DEM; the direction raster follows r.walk's convention.
#include <gdal.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "geotiff_writer.hpp"
#include "navcli_run.hpp"
#include "test_support.hpp"

namespace terranav::test {
namespace {

using ::testing::HasSubstr;

/// Band 1 as doubles, with the geotransform, nodata and CRS, read with GDAL.
struct ReadBack {
  int width = 0;
  int depth = 0;
  std::array<double, 6> geotransform{};
  bool has_crs = false;
  bool nodata_is_nan = false;
  std::string type;
  std::vector<double> values;

  explicit ReadBack(const std::filesystem::path& file) {
    GDALAllRegister();
    GDALDatasetH ds = GDALOpen(file.c_str(), GA_ReadOnly);
    EXPECT_NE(ds, nullptr) << file;
    if (ds == nullptr) return;
    width = GDALGetRasterXSize(ds);
    depth = GDALGetRasterYSize(ds);
    EXPECT_EQ(GDALGetGeoTransform(ds, geotransform.data()), CE_None);
    has_crs = GDALGetSpatialRef(ds) != nullptr;
    GDALRasterBandH band = GDALGetRasterBand(ds, 1);
    int has_nodata = 0;
    nodata_is_nan = std::isnan(GDALGetRasterNoDataValue(band, &has_nodata)) && has_nodata != 0;
    type = GDALGetDataTypeName(GDALGetRasterDataType(band));
    values.resize(static_cast<std::size_t>(width) * static_cast<std::size_t>(depth));
    EXPECT_EQ(GDALRasterIO(band, GF_Read, 0, 0, width, depth, values.data(), width, depth,
                           GDT_Float64, 0, 0),
              CE_None);
    GDALClose(ds);
  }
  double at(int i, int j) const {
    return values[static_cast<std::size_t>(j) * static_cast<std::size_t>(width) +
                  static_cast<std::size_t>(i)];
  }
};

class NavcliCostSurface : public ScratchDirTest {
 protected:
  nlohmann::ordered_json run_json(const std::string& args) const {
    const NavcliRun run = run_navcli(dir_, args);
    EXPECT_EQ(run.status, 0) << args << "\n" << run.err;
    return run.status == 0 ? nlohmann::ordered_json::parse(run.out) : nlohmann::ordered_json{};
  }
};

// Procedural 33 x 33 samples, steep enough at max slope 0.35 that some tiles
// cannot be reached; Tobler prices each edge in the direction walked.
constexpr const char* kTerrain =
    "--procedural 33 --seed 4 --height-scale 10 --max-slope 0.35 --cost tobler";

TEST_F(NavcliCostSurface, EachTileHoldsWhatPathFindsAndTracesBackToIt) {
  const std::string cost = shell_quote(path("cost.tif").string());
  const nlohmann::ordered_json summary =
      run_json(std::string("cost-surface ") + kTerrain + " --from 5,6 --out " + cost);
  EXPECT_EQ(summary.at("sources"), 1);
  const ReadBack surface(path("cost.tif"));
  ASSERT_EQ(surface.width, 32);
  ASSERT_EQ(surface.depth, 32);
  EXPECT_EQ(surface.type, "Float64");
  EXPECT_TRUE(surface.nodata_is_nan);
  EXPECT_FALSE(surface.has_crs);  // a procedural map: nav metres, no CRS
  EXPECT_EQ(surface.geotransform, (std::array<double, 6>{0.0, 1.0, 0.0, 0.0, 0.0, -1.0}));
  EXPECT_EQ(surface.at(5, 6), 0.0);

  int reached = 0;
  double max_cost = 0.0;
  for (const double v : surface.values) {
    if (!std::isnan(v)) {
      ++reached;
      max_cost = std::max(max_cost, v);
    }
  }
  EXPECT_EQ(summary.at("reached"), reached);
  EXPECT_EQ(summary.at("max_cost"), max_cost);
  ASSERT_LT(reached, 32 * 32);  // some tiles unreachable, so nodata is tested

  int unreachable = 0;
  for (int k = 0; k < 32 * 32; k += 37) {
    const int i = k % 32;
    const int j = k / 32;
    const std::string to = " --to " + std::to_string(i) + "," + std::to_string(j);
    const NavcliRun plain = run_navcli(dir_, std::string("path ") + kTerrain + " --from 5,6" + to);
    ASSERT_EQ(plain.status, 0) << plain.err;
    const nlohmann::ordered_json found = nlohmann::ordered_json::parse(plain.out);
    const std::string status = found.at("status");
    const nlohmann::ordered_json traced =
        run_json(std::string("path ") + kTerrain + " --from-surface " + cost + to);
    if (status != "found") {
      EXPECT_TRUE(std::isnan(surface.at(i, j))) << i << "," << j << " " << status;
      EXPECT_THAT(std::string(traced.at("status")),
                  ::testing::AnyOf("unreachable", "invalid_goal"));
      ++unreachable;
      continue;
    }
    const double optimal = found.at("cost");
    EXPECT_NEAR(surface.at(i, j), optimal, 1e-9 * std::max(1.0, optimal)) << i << "," << j;
    ASSERT_EQ(traced.at("status"), "found");
    EXPECT_EQ(traced.at("cost").get<double>(), surface.at(i, j));
    const nlohmann::ordered_json tiles = traced.at("path");
    EXPECT_EQ(tiles.front(), nlohmann::ordered_json::parse("[5, 6]"));
    EXPECT_EQ(tiles.back(), nlohmann::ordered_json::array({i, j}));
    for (std::size_t s = 1; s < tiles.size(); ++s) {  // Octile8 steps
      EXPECT_LE(std::abs(tiles[s][0].get<int>() - tiles[s - 1][0].get<int>()), 1);
      EXPECT_LE(std::abs(tiles[s][1].get<int>() - tiles[s - 1][1].get<int>()), 1);
    }
  }
  EXPECT_GT(unreachable, 0);
}

TEST_F(NavcliCostSurface, PlacedLikeTheDemWithDirectionsInRWalksConvention) {
  // A flat 9 x 7 sample GeoTIFF, 30 m pixels, tile size 2: 4 x 3 tiles.
  RasterSpec spec;
  spec.width = 9;
  spec.depth = 7;
  spec.values.assign(9 * 7, 100.0);
  spec.geotransform = std::array<double, 6>{440720.0, 30.0, 0.0, 3751320.0, 0.0, -30.0};
  const std::string dem = shell_quote(write_geotiff(path("dem.tif"), spec).string());
  run_json("cost-surface --map " + dem + " --tile-size 2 --from '1,1;3,0' --out " +
           shell_quote(path("c.tif").string()) + " --backlink " +
           shell_quote(path("d.tif").string()));
  const ReadBack cost(path("c.tif"));
  ASSERT_EQ(cost.width, 4);
  ASSERT_EQ(cost.depth, 3);
  EXPECT_TRUE(cost.has_crs);
  // Tile i covers samples 2i..2i+2, whose centres lie at E0 + (x + 0.5) 30.
  EXPECT_EQ(cost.geotransform, (std::array<double, 6>{440735.0, 60.0, 0.0, 3751305.0, 0.0, -60.0}));
  // Flat 60 m tiles: the nearer source, octile steps.
  EXPECT_EQ(cost.at(1, 1), 0.0);
  EXPECT_EQ(cost.at(3, 0), 0.0);
  EXPECT_DOUBLE_EQ(cost.at(0, 1), 60.0);
  EXPECT_NEAR(cost.at(0, 0), 60.0 * std::sqrt(2.0), 1e-4);  // float step length

  const ReadBack dir(path("d.tif"));
  EXPECT_EQ(dir.type, "Float32");
  EXPECT_TRUE(dir.nodata_is_nan);
  EXPECT_EQ(dir.geotransform, cost.geotransform);
  EXPECT_TRUE(std::isnan(dir.at(1, 1)));  // sources
  EXPECT_TRUE(std::isnan(dir.at(3, 0)));
  EXPECT_EQ(dir.at(0, 1), 360.0);  // reached from the east
  EXPECT_EQ(dir.at(1, 2), 90.0);   // from the north (row above)
  EXPECT_EQ(dir.at(1, 0), 270.0);  // from the south
  EXPECT_EQ(dir.at(0, 2), 45.0);   // from the north-east
  EXPECT_EQ(dir.at(2, 1), 180.0);  // from the west, 60 m ((3, 0) is a diagonal away)
}

TEST_F(NavcliCostSurface, ASurfaceOfAnotherModelOrSizeIsRefusedByName) {
  const std::string cost = shell_quote(path("cost.tif").string());
  run_json(std::string("cost-surface ") + kTerrain + " --from 5,6 --out " + cost);
  const NavcliRun other_model = run_navcli(
      dir_, "path --procedural 33 --seed 4 --height-scale 10 --max-slope 0.35 --from-surface " +
                cost + " --to 20,20");
  EXPECT_EQ(other_model.status, 1);
  EXPECT_THAT(other_model.err, HasSubstr(path("cost.tif").string() +
                                         " does not match this terrain and cost model at tile ("));
  const NavcliRun other_size =
      run_navcli(dir_, "path --procedural 65 --from-surface " + cost + " --to 20,20");
  EXPECT_EQ(other_size.status, 1);
  EXPECT_EQ(other_size.err, "navcli: " + path("cost.tif").string() +
                                ": 32x32 pixels, but the graph has 64x64 tiles\n");
}

TEST_F(NavcliCostSurface, BadCommandLinesAndUnwritableOutputs) {
  const NavcliRun no_out = run_navcli(dir_, "cost-surface --procedural 33 --from 1,1");
  EXPECT_EQ(no_out.status, 2);
  EXPECT_EQ(no_out.err, "navcli: --out is required\n");
  const NavcliRun bad_from =
      run_navcli(dir_, "cost-surface --procedural 33 --from '1,1;' --out x.tif");
  EXPECT_EQ(bad_from.status, 2);
  EXPECT_EQ(bad_from.err, "navcli: --from: expected X,Y, got ''\n");
  const NavcliRun outside = run_navcli(dir_, "cost-surface --procedural 33 --from 40,1 --out " +
                                                 shell_quote(path("x.tif").string()));
  EXPECT_EQ(outside.status, 1);
  EXPECT_EQ(outside.err, "navcli: cost_surface: source (40, 1) outside the 32x32 tile grid\n");
  const auto nowhere = path("nowhere") / "x.tif";
  const NavcliRun unwritable = run_navcli(
      dir_, "cost-surface --procedural 33 --from 1,1 --out " + shell_quote(nowhere.string()));
  EXPECT_EQ(unwritable.status, 1);
  EXPECT_EQ(unwritable.err, "navcli: " + nowhere.string() + ": cannot write: directory " +
                                path("nowhere").string() + " does not exist\n");
}

}  // namespace
}  // namespace terranav::test
