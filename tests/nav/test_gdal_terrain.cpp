// GeoTIFF maps through load_terrain (GDAL): heights, spacing and georeference
// round trips, the pixel-centre convention, and one exact error per refusal.
// The fixtures are written here with GDAL's API (MEM driver, then a GTiff
// copy), so the tests need no data files.
#include <cpl_conv.h>
#include <gdal.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <ogr_srs_api.h>

#include <array>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "gdal_raster.hpp"
#include "geotiff_writer.hpp"
#include "terranav/nav/nav_terrain.hpp"
#include "terranav/nav/search.hpp"
#include "terranav/terrain_io/georeference.hpp"
#include "terranav/terrain_io/terrain_source.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

namespace fs = std::filesystem;
using test::error_of;
using ::testing::HasSubstr;

using test::RasterSpec;

class GdalTerrain : public test::ScratchDirTest {
 protected:
  fs::path tif(const std::string& name, const test::RasterSpec& spec) const {
    return test::write_geotiff(dir_ / name, spec);
  }

  // A GeoTIFF of any size without writing its samples (sparse), for limits;
  // `options` are GTiff creation options.
  fs::path sparse_tif(const std::string& name, int width, int depth, int bands = 1,
                      GDALDataType type = GDT_Byte, std::vector<std::string> options = {}) const {
    GDALAllRegister();
    const fs::path file = dir_ / name;
    options.emplace_back("SPARSE_OK=TRUE");
    std::vector<char*> list;
    for (std::string& o : options) list.push_back(o.data());
    list.push_back(nullptr);
    GDALDatasetH out = GDALCreate(GDALGetDriverByName("GTiff"), file.c_str(), width, depth, bands,
                                  type, list.data());
    EXPECT_NE(out, nullptr);
    std::array<double, 6> gt = {0.0, 1.0, 0.0, 0.0, 0.0, -1.0};
    EXPECT_EQ(GDALSetGeoTransform(out, gt.data()), CE_None);
    OGRSpatialReferenceH srs = OSRNewSpatialReference(nullptr);
    EXPECT_EQ(OSRImportFromEPSG(srs, 32630), OGRERR_NONE);
    EXPECT_EQ(GDALSetSpatialRef(out, srs), CE_None);
    OSRRelease(srs);
    GDALClose(out);
    return file;
  }

  std::string load_error(const fs::path& file) const {
    return error_of([&] { load_terrain(TerrainRequest{.map = file}); });
  }
};

TEST_F(GdalTerrain, ProjectedRasterRoundTripsHeightsSpacingAndGeoreference) {
  RasterSpec spec;
  spec.width = 4;
  spec.depth = 3;
  spec.values = {100.5, 101.25, 99.0, -3.5, 0, 1, 2, 3, 1234.75, 8000, -400, 7};
  const Terrain t = load_terrain(TerrainRequest{.map = tif("utm.tif", spec)});
  ASSERT_EQ(t.heightmap.width(), 4);
  ASSERT_EQ(t.heightmap.depth(), 3);
  EXPECT_EQ(t.heightmap.spacing(), 30.0);
  EXPECT_EQ(t.tile_size, 1);
  EXPECT_TRUE(t.blocked.empty());
  for (int z = 0; z < 3; ++z) {
    for (int x = 0; x < 4; ++x) {
      EXPECT_EQ(t.heightmap.at(x, z), static_cast<float>(spec.values[z * 4 + x])) << x << "," << z;
    }
  }
  ASSERT_TRUE(t.georeference.has_value());
  EXPECT_EQ(t.georeference->origin_e, 440720.0);
  EXPECT_EQ(t.georeference->origin_n, 3751320.0);
  EXPECT_EQ(t.georeference->pixel_size_m, 30.0);
  EXPECT_EQ(t.georeference->epsg, 32630);
  EXPECT_THAT(t.georeference->crs_wkt, HasSubstr("UTM zone 30N"));
}

TEST_F(GdalTerrain, IntegerBandsTakeTheirScaleAndOffset) {
  RasterSpec spec;
  spec.type = GDT_Int16;
  spec.values = {0, 10, -20, 30, 400, 5};
  spec.scale = 0.5;
  spec.offset = 100.0;
  const Terrain t = load_terrain(TerrainRequest{.map = tif("int16.tif", spec), .tile_size = 1});
  const std::vector<float> expected = {100, 105, 90, 115, 300, 102.5};
  EXPECT_EQ(std::vector<float>(t.heightmap.heights().begin(), t.heightmap.heights().end()),
            expected);
}

// 3 x 2 pixels of 10 m, west edge E = 1000, north edge N = 2000: the samples
// sit at E 1005, 1015, 1025 and N 1995 (row 0), 1985 (row 1).
TEST_F(GdalTerrain, SamplesSitAtTheirPixelCentres) {
  RasterSpec spec;
  spec.geotransform = std::array<double, 6>{1000.0, 10.0, 0.0, 2000.0, 0.0, -10.0};
  const Terrain t = load_terrain(TerrainRequest{.map = tif("centres.tif", spec)});
  ASSERT_TRUE(t.georeference.has_value());
  const Georeference& geo = *t.georeference;
  struct Case {
    int x, z;
    double e, n;
  };
  const Case cases[] = {{0, 0, 1005, 1995}, {1, 0, 1015, 1995}, {2, 0, 1025, 1995},
                        {0, 1, 1005, 1985}, {1, 1, 1015, 1985}, {2, 1, 1025, 1985}};
  for (const Case& c : cases) {
    const NavPoint nav{c.x * t.heightmap.spacing(), c.z * t.heightmap.spacing()};
    const CrsPoint crs = nav_to_crs(geo, nav);
    EXPECT_EQ(crs.easting, c.e) << c.x << "," << c.z;
    EXPECT_EQ(crs.northing, c.n) << c.x << "," << c.z;
    const NavPoint back = crs_to_nav(geo, {c.e, c.n});
    EXPECT_EQ(back.x_m, nav.x_m);
    EXPECT_EQ(back.z_m, nav.z_m);
  }
  // The raster's outer corner is half a pixel outside sample (0, 0).
  const NavPoint corner = crs_to_nav(geo, {1000.0, 2000.0});
  EXPECT_EQ(corner.x_m, -5.0);
  EXPECT_EQ(corner.z_m, -5.0);
}

TEST_F(GdalTerrain, TileSizeApplies) {
  RasterSpec spec;
  spec.width = 5;
  spec.depth = 5;
  spec.values.assign(25, 7.0);
  EXPECT_EQ(load_terrain(TerrainRequest{.map = tif("tiles.tif", spec), .tile_size = 2}).tile_size,
            2);
}

TEST_F(GdalTerrain, MissingFileIsAnError) {
  const fs::path file = dir_ / "absent.tif";
  EXPECT_EQ(load_error(file), file.string() + ": cannot open: no such file");
}

TEST_F(GdalTerrain, NotARasterIsAnError) {
  const fs::path file = dir_ / "text.tif";
  { std::ofstream(file) << "just some text, not a TIFF\n"; }
  EXPECT_EQ(load_error(file),
            file.string() + ": not a raster GDAL can read (no driver recognises it)");
}

// Each refused raster: the valid default with one thing changed, and the
// exact one-line message after "<file>: ".
TEST_F(GdalTerrain, RefusedRastersGiveOneExactLine) {
  using Gt = std::array<double, 6>;
  const std::string warp = "e.g. gdalwarp -t_srs EPSG:xxxx with a projected CRS in metres";
  struct Case {
    std::string name;
    void (*change)(RasterSpec&);
    std::string message;
  };
  const Case cases[] = {
      {"rotated.tif", [](RasterSpec& r) { r.geotransform = Gt{440720, 30, 0.5, 3751320, 0, -30}; },
       "rotated or sheared geotransform (rotation terms 0.5, 0); warp it north-up first, " + warp},
      {"south_up.tif", [](RasterSpec& r) { r.geotransform = Gt{440720, 30, 0, 3751320, 0, 30}; },
       "not north-up (pixel size 30 x 30; expected > 0 x < 0); warp it north-up first, " + warp},
      {"non_square.tif", [](RasterSpec& r) { r.geotransform = Gt{440720, 30, 0, 3751320, 0, -20}; },
       "non-square pixels 30 x 20 m; load it with --resample square (bilinear, to 20 m pixels) or "
       "resample it first, e.g. gdalwarp -tr 20 20"},
      {"wgs84.tif",
       [](RasterSpec& r) {
         r.epsg = 4326;
         r.geotransform = Gt{-3.5, 0.001, 0, 40.5, 0, -0.001};
       },
       "geographic CRS EPSG:4326 (degrees); project it first, " + warp},
      {"feet.tif", [](RasterSpec& r) { r.epsg = 2227; },  // NAD83 / California zone 3 (ftUS)
       "CRS EPSG:2227 unit is 'US survey foot' (0.304801 m), not the metre; reproject it first, " +
           warp},
      {"no_crs.tif", [](RasterSpec& r) { r.epsg = 0; },
       "no coordinate reference system; assign one first, e.g. gdal_edit.py -a_srs EPSG:xxxx"},
      {"no_gt.tif", [](RasterSpec& r) { r.geotransform.reset(); },
       "no geotransform (origin and pixel size); georeference it first"},
      {"nodata.tif",
       [](RasterSpec& r) {
         r.nodata = -9999.0;
         r.values = {10, 11, 12, 20, -9999, -9999};
       },
       "2 nodata samples (-9999), the first at row 1, column 1; --nodata fill fills them from "
       "their neighbours, --nodata block also blocks their tiles"},
      {"all_nodata.tif",
       [](RasterSpec& r) {
         r.nodata = 0.0;
         r.values.assign(6, 0.0);
       },
       "every sample is nodata (0)"},
      {"complex.tif", [](RasterSpec& r) { r.type = GDT_CFloat32; },
       "band 1 is complex (CFloat32); heights need a real band"},
  };
  for (const Case& c : cases) {
    RasterSpec spec;
    c.change(spec);
    const fs::path file = tif(c.name, spec);
    EXPECT_EQ(load_error(file), file.string() + ": " + c.message);
  }
}

// 5 x 5 samples of 7 m, 30 m apart, the centre one nodata.
RasterSpec hole_in_a_flat() {
  RasterSpec spec;
  spec.width = 5;
  spec.depth = 5;
  spec.nodata = -9999.0;
  spec.values.assign(25, 7.0);
  spec.values[2 * 5 + 2] = -9999.0;
  return spec;
}

// The tiles of a 4 x 4 tile map flagged in `blocked`, as (i, j).
std::vector<TileCoord> blocked_tiles(const Terrain& t) {
  std::vector<TileCoord> tiles;
  for (std::size_t k = 0; k < t.blocked.size(); ++k) {
    if (t.blocked[k] != 0) tiles.push_back({static_cast<int>(k % 4), static_cast<int>(k / 4)});
  }
  return tiles;
}

double path_cost(const Terrain& t, TileCoord from, TileCoord to) {
  const NavTerrain nav(t.heightmap, NavTerrainConfig{.blocked = t.blocked});
  AStar astar(nav.graph(), nav.sets());
  const PathResult r = astar.find_path(from, to);
  EXPECT_EQ(r.status, SearchStatus::Found);
  return r.cost;
}

TEST_F(GdalTerrain, NodataFillTakesTheHeightAroundAndBlocksNothing) {
  const Terrain t = load_terrain(
      TerrainRequest{.map = tif("fill.tif", hole_in_a_flat()), .nodata = NodataPolicy::Fill});
  EXPECT_EQ(t.heightmap.at(2, 2), 7.0f);
  EXPECT_TRUE(t.blocked.empty());
  // Along tile row 1 through the filled sample: three straight 30 m steps.
  EXPECT_DOUBLE_EQ(path_cost(t, {0, 1}, {3, 1}), 90.0);
}

TEST_F(GdalTerrain, NodataBlockFillsAndBlocksTheFourTilesAroundTheSample) {
  const Terrain t = load_terrain(
      TerrainRequest{.map = tif("block.tif", hole_in_a_flat()), .nodata = NodataPolicy::Block});
  EXPECT_EQ(t.heightmap.at(2, 2), 7.0f);
  // Sample (2, 2) is a corner of tiles (1..2, 1..2).
  EXPECT_EQ(blocked_tiles(t), (std::vector<TileCoord>{{1, 1}, {2, 1}, {1, 2}, {2, 2}}));
  // Around them by row 0 (no corner cutting past a blocked tile): up, three
  // along, down.
  EXPECT_DOUBLE_EQ(path_cost(t, {0, 1}, {3, 1}), 150.0);
}

TEST_F(GdalTerrain, NodataBeyondGdalsReachIsFilledRingByRing) {
  // 230 x 2 samples of 5 m, all nodata but column 0: GDAL's fill reaches 100
  // pixels, the ring fill the rest; a flat stays flat.
  RasterSpec spec;
  spec.width = 230;
  spec.depth = 2;
  spec.nodata = -1.0;
  spec.values.assign(460, -1.0);
  spec.values[0] = 5.0;
  spec.values[230] = 5.0;
  const Terrain t =
      load_terrain(TerrainRequest{.map = tif("far.tif", spec), .nodata = NodataPolicy::Fill});
  for (int x = 0; x < 230; ++x) {
    ASSERT_EQ(t.heightmap.at(x, 0), 5.0f) << x;
    ASSERT_EQ(t.heightmap.at(x, 1), 5.0f) << x;
  }
}

// 2 x 4 pixels of 20 m (east) x 10 m (north): 4 x 4 square pixels of 10 m.
RasterSpec tall_pixels() {
  RasterSpec spec;
  spec.width = 2;
  spec.depth = 4;
  spec.values = {0, 10, 20, 30, 40, 50, 60, 70};
  spec.geotransform = std::array<double, 6>{440720.0, 20.0, 0.0, 3751320.0, 0.0, -10.0};
  return spec;
}

TEST_F(GdalTerrain, ResampleSquareMakesSquarePixelsOfTheSmallerSize) {
  const Terrain t =
      load_terrain(TerrainRequest{.map = tif("tall.tif", tall_pixels()), .resample_square = true});
  ASSERT_EQ(t.heightmap.width(), 4);
  ASSERT_EQ(t.heightmap.depth(), 4);
  EXPECT_EQ(t.heightmap.spacing(), 10.0);
  ASSERT_TRUE(t.georeference.has_value());
  EXPECT_EQ(t.georeference->pixel_size_m, 10.0);
  // Sample (0, 0) sits at the centre of the new top-left pixel.
  const CrsPoint p = nav_to_crs(*t.georeference, {0.0, 0.0});
  EXPECT_EQ(p.easting, 440725.0);
  EXPECT_EQ(p.northing, 3751315.0);
  // Row 0's new centres lie at 0.25, 0.75, 1.25, 1.75 old pixels: clamped to
  // the first value, then 3/4 + 1/4 and 1/4 + 3/4 of 0 and 10, then 10.
  // Rows keep their spacing, so each row is its own.
  const float expected[4][4] = {
      {0, 2.5f, 7.5f, 10}, {20, 22.5f, 27.5f, 30}, {40, 42.5f, 47.5f, 50}, {60, 62.5f, 67.5f, 70}};
  for (int z = 0; z < 4; ++z) {
    for (int x = 0; x < 4; ++x) EXPECT_EQ(t.heightmap.at(x, z), expected[z][x]) << x << "," << z;
  }
}

TEST_F(GdalTerrain, ResampleSquareDropsAPartialPixelAtTheEdge) {
  RasterSpec spec;  // 3 x 2 pixels of 30 x 20 m: 90 m wide, so 4 pixels of 20 m
  spec.geotransform = std::array<double, 6>{440720.0, 30.0, 0.0, 3751320.0, 0.0, -20.0};
  const Terrain t =
      load_terrain(TerrainRequest{.map = tif("wide.tif", spec), .resample_square = true});
  EXPECT_EQ(t.heightmap.width(), 4);
  EXPECT_EQ(t.heightmap.depth(), 2);
  EXPECT_EQ(t.heightmap.spacing(), 20.0);
}

TEST_F(GdalTerrain, ResampledNodataBlocksWhatItWeighsIn) {
  RasterSpec spec = tall_pixels();
  spec.nodata = -9999.0;
  spec.values[0] = -9999.0;
  const Terrain t = load_terrain(TerrainRequest{
      .map = tif("tall_hole.tif", spec), .nodata = NodataPolicy::Block, .resample_square = true});
  // Old pixel (0, 0) weighs in new samples 0..2 of row 0 (weights 1, 3/4,
  // 1/4), whose tiles are those of tile row 0, 3 x 3 tiles in all.
  ASSERT_EQ(t.blocked.size(), 9u);
  EXPECT_EQ(t.blocked, (std::vector<std::uint8_t>{1, 1, 1, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(t.heightmap.at(3, 0), 10.0f);
}

TEST_F(GdalTerrain, AnyGdalRasterLoads) {
  // Arc/Info ASCII grid (its CRS in an ESRI .prj beside it, which names no
  // EPSG code) and Erdas Imagine.
  struct Case {
    const char* name;
    const char* driver;
    std::optional<int> epsg;
  };
  for (const auto& [name, driver, epsg] :
       {Case{"dem.asc", "AAIGrid", std::nullopt}, Case{"dem.img", "HFA", 32630}}) {
    RasterSpec spec;
    spec.driver = driver;
    const Terrain t = load_terrain(TerrainRequest{.map = tif(name, spec)});
    ASSERT_EQ(t.heightmap.width(), 3) << name;
    ASSERT_EQ(t.heightmap.depth(), 2) << name;
    EXPECT_EQ(t.heightmap.spacing(), 30.0) << name;
    for (int k = 0; k < 6; ++k) {
      EXPECT_EQ(t.heightmap.at(k % 3, k / 3), static_cast<float>(spec.values[k])) << name;
    }
    ASSERT_TRUE(t.georeference.has_value()) << name;
    EXPECT_EQ(t.georeference->origin_e, 440720.0) << name;
    EXPECT_EQ(t.georeference->origin_n, 3751320.0) << name;
    EXPECT_EQ(t.georeference->epsg, epsg) << name;
    EXPECT_THAT(t.georeference->crs_wkt, HasSubstr("UTM zone 30N")) << name;
  }
}

TEST_F(GdalTerrain, AbsurdSizesAreRefusedBeforeReading) {
  const fs::path wide = sparse_tif("wide.tif", 70000, 2);
  EXPECT_EQ(load_error(wide),
            wide.string() + ": dimensions 70000x2 outside 2..65536 samples per side");
  const fs::path big = sparse_tif("big.tif", 20000, 20000);
  EXPECT_EQ(load_error(big), big.string() + ": 20000x20000 samples exceed the limit of 268435456");
}

// GDAL decodes whole blocks, and a pixel-interleaved block holds every band:
// fuzz_cost_surface found a 208-byte TIFF whose 1 x 16392 strip of 65535
// Float64 bands took 9 GB to read band 1 (tests/data/fuzz/
// fuzz_cost_surface-65535-interleaved-bands.tif).
TEST_F(GdalTerrain, BlocksTooBigToDecodeAreRefusedBeforeReading) {
  const fs::path interleaved =
      sparse_tif("interleaved.tif", 16, 16384, 300, GDT_Float64,
                 {"INTERLEAVE=PIXEL", "BLOCKYSIZE=16384", "COMPRESS=DEFLATE"});
  EXPECT_EQ(load_error(interleaved),
            interleaved.string() +
                ": band 1 is stored in blocks of 16 x 16384 samples x 300 interleaved bands, 629 "
                "MB to decode per block; rewrite it first, e.g. gdal_translate -b 1 -co "
                "TILED=YES");
  const fs::path found =
      fs::path(TERRANAV_TEST_DATA_DIR) / "fuzz/fuzz_cost_surface-65535-interleaved-bands.tif";
  const gdal::Raster raster(found);
  EXPECT_EQ(error_of([&] { raster.read_band1_f64(); }),
            found.string() +
                ": band 1 is stored in blocks of 1 x 16392 samples x 65535 interleaved bands, "
                "8594 MB to decode per block; rewrite it first, e.g. gdal_translate -b 1 -co "
                "TILED=YES");
  // The same bands stored band after band decode one band at a time.
  const fs::path separate = sparse_tif("separate.tif", 16, 16384, 300, GDT_Float64,
                                       {"INTERLEAVE=BAND", "BLOCKYSIZE=16384", "COMPRESS=DEFLATE"});
  EXPECT_EQ(load_error(separate), "no error");
}

TEST_F(GdalTerrain, SpacingAndHeightScaleOverridesAreRefused) {
  const fs::path file = tif("utm.tif", RasterSpec{});
  const std::string expected =
      file.string() +
      ": a GDAL raster holds metres and its pixel size; spacing_m and height_scale_m do not "
      "apply";
  EXPECT_EQ(error_of([&] { load_terrain(TerrainRequest{.map = file, .spacing_m = 30.0}); }),
            expected);
  EXPECT_EQ(error_of([&] { load_terrain(TerrainRequest{.map = file, .height_scale_m = 2.0}); }),
            expected);
}

}  // namespace
}  // namespace terranav::nav
