// navcli cost-surface --compat r.walk (built with GDAL) against GRASS GIS
// 8.2.1's r.walk itself: every case of tests/data/rwalk/cases.tsv run
// through the command line, the written GeoTIFF compared on every cell with
// r.walk's exported output (docs/rwalk.md section 8: same nodata cells,
// |t - g| / max(|g|, 1 s) <= 1e-6, in fact 0), on the DEM's grid and CRS.
#include <gdal.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "navcli_run.hpp"
#include "rwalk_cases.hpp"
#include "terranav/terrain_io/raster_grid.hpp"
#include "test_support.hpp"

namespace terranav::test {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
const fs::path& kDir = kRwalkDir;

// Band 1's type name and whether its declared nodata is NaN.
std::pair<std::string, bool> band_type_and_nan_nodata(const fs::path& file) {
  GDALAllRegister();
  GDALDatasetH ds = GDALOpen(file.c_str(), GA_ReadOnly);
  if (ds == nullptr) return {"", false};
  GDALRasterBandH band = GDALGetRasterBand(ds, 1);
  int has = 0;
  const bool nan = std::isnan(GDALGetRasterNoDataValue(band, &has)) && has != 0;
  std::string type = GDALGetDataTypeName(GDALGetRasterDataType(band));
  GDALClose(ds);
  return {type, nan};
}

class NavcliRwalk : public ScratchDirTest {};

TEST_F(NavcliRwalk, EveryFixtureMatchesGrassCellForCell) {
  const std::vector<CliCase> cases = read_rwalk_cases();
  ASSERT_EQ(cases.size(), 8u);
  for (const CliCase& c : cases) {
    SCOPED_TRACE(c.name);
    const fs::path out = path(c.name + ".tif");
    const fs::path back = path(c.name + ".dir.tif");
    const NavcliRun run = run_navcli(dir_, "cost-surface --compat r.walk --map " +
                                               shell_quote((kDir / c.dem).string()) + c.args +
                                               " --out " + shell_quote(out.string()) +
                                               " --backlink " + shell_quote(back.string()));
    ASSERT_EQ(run.status, 0) << run.err;
    const nlohmann::ordered_json summary = nlohmann::ordered_json::parse(run.out);

    const nav::RasterGrid dem = nav::load_raster_grid(kDir / c.dem);
    const nav::RasterGrid grass = nav::load_raster_grid(kDir / (c.name + ".time.tif"));
    const nav::RasterGrid ours = nav::load_raster_grid(out);
    const nav::RasterGrid dirs = nav::load_raster_grid(back);
    EXPECT_EQ(ours.geotransform, dem.geotransform);
    EXPECT_EQ(ours.crs_wkt, dem.crs_wkt);
    EXPECT_EQ(ours.epsg, 32630);
    EXPECT_EQ(band_type_and_nan_nodata(out), std::make_pair(std::string("Float64"), true));
    EXPECT_EQ(band_type_and_nan_nodata(back), std::make_pair(std::string("Float32"), true));
    ASSERT_EQ(ours.values.size(), grass.values.size());
    double worst = 0.0;
    double max_cost = 0.0;
    int reached = 0;
    int starts = 0;
    for (std::size_t k = 0; k < grass.values.size(); ++k) {
      const double g = grass.values[k];
      const double t = ours.values[k];
      ASSERT_EQ(std::isnan(t), std::isnan(g)) << "cell " << k % dem.width << "," << k / dem.width;
      if (std::isnan(g)) continue;
      ++reached;
      max_cost = std::max(max_cost, t);
      worst = std::max(worst, std::abs(t - g) / std::max(std::abs(g), 1.0));
      // r.walk's outdir: a direction wherever a time is, but at the starts.
      starts += g == 0.0 ? 1 : 0;
      EXPECT_EQ(std::isnan(dirs.values[k]), g == 0.0) << k;
    }
    EXPECT_EQ(worst, 0.0);  // bit-identical (the limit is 1e-6)
    EXPECT_EQ(starts, c.name.find("two_starts") == std::string::npos ? 1 : 2);
    EXPECT_GT(reached, dem.width * dem.depth / 2);
    EXPECT_LT(reached, dem.width * dem.depth);  // nodata cells compared too
    EXPECT_EQ(summary.at("reached"), reached);
    EXPECT_EQ(summary.at("max_cost"), max_cost);
    EXPECT_EQ(summary.at("sources"), starts);
  }
}

TEST_F(NavcliRwalk, ProvenanceRecordsTheCompatRunAndItsFriction) {
  const fs::path friction = kDir / "friction_60x90m.tif";
  const fs::path out = path("t.tif");
  const NavcliRun run =
      run_navcli(dir_, "cost-surface --compat r.walk --map " +
                           shell_quote((kDir / "dem_60x90m.tif").string()) +
                           " --from 20,30 --lambda 0.5" + " --friction " +
                           shell_quote(friction.string()) + " --out " + shell_quote(out.string()));
  ASSERT_EQ(run.status, 0) << run.err;
  GDALAllRegister();
  GDALDatasetH ds = GDALOpen(out.c_str(), GA_ReadOnly);
  ASSERT_NE(ds, nullptr);
  const char* compat_text = GDALGetMetadataItem(ds, "TERRANAV_COMPAT", nullptr);
  const std::string compat = compat_text != nullptr ? compat_text : "";
  const char* model_text = GDALGetMetadataItem(ds, "TERRANAV_COST_MODEL", nullptr);
  const bool has_max_slope = GDALGetMetadataItem(ds, "TERRANAV_MAX_SLOPE", nullptr) != nullptr;
  const std::string model_json = model_text != nullptr ? model_text : "{}";
  GDALClose(ds);
  EXPECT_EQ(compat, "r.walk");
  EXPECT_FALSE(has_max_slope);  // r.walk has no slope limit
  const nlohmann::ordered_json model = nlohmann::ordered_json::parse(model_json);
  EXPECT_EQ(model.at("name"), "walking-time");
  EXPECT_EQ(model.at("walk_coeff"), nlohmann::ordered_json::parse("[0.72, 6.0, 1.9998, -1.9998]"));
  EXPECT_EQ(model.at("lambda"), 0.5);
  EXPECT_EQ(model.at("friction"), friction.string());
  // sha256sum tests/data/rwalk/friction_60x90m.tif
  EXPECT_EQ(model.at("friction_sha256"),
            "2b12f5537a3a961e5d8dfb8dec891af00867f6e9b9ee1ea8d0b1a15a1b088c8a");
}

TEST_F(NavcliRwalk, FlagsWithoutMeaningThereAreRefusedByName) {
  const std::string dem = shell_quote((kDir / "dem_90m.tif").string());
  const std::string base = "cost-surface --compat r.walk --map " + dem + " --from 5,10 --out " +
                           shell_quote(path("t.tif").string());
  const auto err = [&](const std::string& args) {
    const NavcliRun run = run_navcli(dir_, args);
    EXPECT_EQ(run.status, 2) << args;
    return run.err;
  };
  EXPECT_EQ(err(base + " --max-slope 0.5"),
            "navcli: --max-slope: has no meaning with --compat r.walk (r.walk has no tiles, slope "
            "limit or cost classes, never enters nodata and keeps non-square pixels)\n");
  EXPECT_THAT(err(base + " --tile-size 2"), HasSubstr("--tile-size: has no meaning"));
  EXPECT_THAT(err(base + " --nodata fill"), HasSubstr("--nodata: has no meaning"));
  EXPECT_THAT(err(base + " --resample square"), HasSubstr("--resample: has no meaning"));
  EXPECT_EQ(err(base + " --topology hex6"),
            "navcli: --topology: --compat r.walk has octile8 (r.walk's 8 neighbours) or knight16 "
            "(r.walk -k), got 'hex6'\n");
  EXPECT_THAT(err(base + " --cost tobler"), HasSubstr("--cost: --compat r.walk prices steps by "
                                                      "walking-time only, got 'tobler'"));
  EXPECT_THAT(err(base + " --walk-coeff 1,2,3"), HasSubstr("--walk-coeff: expected A,B,C,D"));
  EXPECT_THAT(err(base + " --walk-coeff 0,6,1.9998,-1.9998"),
              HasSubstr("--walk-coeff: walk a: must be in [1e-06, 1e+06] s/m, got 0"));
  EXPECT_EQ(err("cost-surface --compat grass --map " + dem + " --from 5,10 --out x.tif"),
            "navcli: --compat: expected r.walk, got 'grass'\n");
  EXPECT_EQ(err("cost-surface --map " + dem + " --from 1,1 --out x.tif --lambda 2"),
            "navcli: --lambda needs --compat r.walk (r.walk's walking time on the DEM's "
            "samples)\n");
  const NavcliRun off_grid =
      run_navcli(dir_, "cost-surface --compat r.walk --map " + dem + " --from 40,0 --out " +
                           shell_quote(path("t.tif").string()));
  EXPECT_EQ(off_grid.status, 1);
  EXPECT_THAT(off_grid.err, HasSubstr("start sample (40, 0) is outside the 40 x 30 grid"));
  const NavcliRun other_grid = run_navcli(
      dir_, base + " --friction " + shell_quote((kDir / "friction_60x90m.tif").string()));
  EXPECT_EQ(other_grid.status, 1);
  EXPECT_THAT(other_grid.err, HasSubstr("friction_60x90m.tif: not on the grid of"));
}

// The DEM's samples are read as the search fills its arrays: a DEM whose
// header opens but whose strips are cut short still fails with one line
// naming the file, exit status 1, and no output.
TEST_F(NavcliRwalk, ADemCutShortIsRefusedByNameWithNothingWritten) {
  GDALAllRegister();
  const fs::path whole = path("whole.tif");
  GDALDatasetH tif = GDALOpen((kDir / "dem_90m.tif").c_str(), GA_ReadOnly);
  ASSERT_NE(tif, nullptr);
  // GDAL's copy puts the directory first, so that cutting it keeps the header.
  GDALDatasetH copy = GDALCreateCopy(GDALGetDriverByName("GTiff"), whole.c_str(), tif, FALSE,
                                     nullptr, nullptr, nullptr);
  GDALClose(tif);
  ASSERT_NE(copy, nullptr);
  GDALClose(copy);
  const fs::path cut = path("cut.tif");
  fs::copy_file(whole, cut);
  fs::resize_file(cut, fs::file_size(whole) * 6 / 10);
  const NavcliRun run =
      run_navcli(dir_, "cost-surface --compat r.walk --map " + shell_quote(cut.string()) +
                           " --from 5,10 --out " + shell_quote(path("t.tif").string()));
  EXPECT_EQ(run.status, 1);
  EXPECT_TRUE(run.out.empty()) << run.out;
  EXPECT_EQ(std::count(run.err.begin(), run.err.end(), '\n'), 1) << run.err;
  EXPECT_THAT(run.err, HasSubstr(cut.string() + ": cannot read band 1"));
  EXPECT_FALSE(fs::exists(path("t.tif")));
}

// navcli registers only GDAL's GTiff driver until a file is not a GeoTIFF:
// the same DEM as an ERDAS Imagine .img (HFA driver) must still open, in a
// process of its own, and give the same surface.
TEST_F(NavcliRwalk, ADemInAnotherGdalFormatGivesTheSameSurface) {
  GDALAllRegister();
  const fs::path img = path("dem_90m.img");
  GDALDatasetH tif = GDALOpen((kDir / "dem_90m.tif").c_str(), GA_ReadOnly);
  ASSERT_NE(tif, nullptr);
  GDALDatasetH copy = GDALCreateCopy(GDALGetDriverByName("HFA"), img.c_str(), tif, FALSE, nullptr,
                                     nullptr, nullptr);
  GDALClose(tif);
  ASSERT_NE(copy, nullptr);
  GDALClose(copy);
  const auto surface = [&](const fs::path& dem, const std::string& out) {
    const NavcliRun run =
        run_navcli(dir_, "cost-surface --compat r.walk --map " + shell_quote(dem.string()) +
                             " --from 5,10 --out " + shell_quote(path(out).string()));
    EXPECT_EQ(run.status, 0) << run.err;
    return nav::load_raster_grid(path(out)).values;
  };
  const std::vector<double> from_tif = surface(kDir / "dem_90m.tif", "tif.tif");
  const std::vector<double> from_img = surface(img, "img.tif");
  ASSERT_EQ(from_img.size(), 40u * 30u);
  for (std::size_t k = 0; k < from_tif.size(); ++k) {
    ASSERT_EQ(std::isnan(from_img[k]), std::isnan(from_tif[k])) << k;
    if (!std::isnan(from_tif[k])) {
      EXPECT_EQ(from_img[k], from_tif[k]) << k;
    }
  }
}

}  // namespace
}  // namespace terranav::test
