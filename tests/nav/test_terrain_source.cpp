// load_terrain: format by extension, sidecar settings, overrides, defaults and
// the Moving AI special case.
#include "terranav/terrain_io/terrain_source.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stb/stb_image_write.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "test_support.hpp"

namespace terranav::nav {
namespace {

using ::testing::AllOf;
using ::testing::AnyOf;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

using test::error_of;

class TerrainSource : public test::ScratchDirTest {
 protected:
  fs::path write(const std::string& name, const std::string& bytes) const {
    std::ofstream out(dir_ / name, std::ios::binary);
    out << bytes;
    EXPECT_TRUE(out.good()) << name;
    return dir_ / name;
  }

  // 3 x 3 little-endian 16-bit samples 1, 2, 3 / 4, 5, 6 / 7, 8, 9.
  fs::path raw(const std::string& name) const {
    return write(name, std::string("\x01\0\x02\0\x03\0\x04\0\x05\0\x06\0\x07\0\x08\0\x09\0", 18));
  }

  // 3 x 3 8-bit grayscale samples 0, 10, ..., 80.
  fs::path png(const std::string& name) const {
    const std::vector<unsigned char> pixels = {0, 10, 20, 30, 40, 50, 60, 70, 80};
    EXPECT_NE(stbi_write_png((dir_ / name).c_str(), 3, 3, 1, pixels.data(), 3), 0);
    return dir_ / name;
  }
};

fs::path arena() {
  return fs::path(TERRANAV_TEST_DATA_DIR) / "movingai" / "arena.map";
}

TEST_F(TerrainSource, RawSettingsComeFromTheSidecar) {
  const fs::path map = raw("field.raw");
  write("field.terrain",
        "# a comment line\n"
        "\n"
        "spacing_m = 2.5   # trailing comment\n"
        "  height_scale_m=131070\n"
        "raw_width = 3\n"
        "raw_depth = 3\n"
        "tile_size = 1\n");
  const Terrain t = load_terrain(TerrainRequest{.map = map});
  ASSERT_EQ(t.heightmap.width(), 3);
  ASSERT_EQ(t.heightmap.depth(), 3);
  EXPECT_DOUBLE_EQ(t.heightmap.spacing(), 2.5);
  EXPECT_FLOAT_EQ(t.heightmap.at(0, 0), 2.0f);  // 2 m per value
  EXPECT_FLOAT_EQ(t.heightmap.at(2, 1), 12.0f);
  EXPECT_EQ(t.tile_size, 1);
  EXPECT_TRUE(t.blocked.empty());
}

TEST_F(TerrainSource, OverridesWinOverTheSidecar) {
  const fs::path map = raw("field.raw");
  write("field.terrain",
        "spacing_m = 2.5\nheight_scale_m = 131070\nraw_width = 3\nraw_depth = 3\n");
  const Terrain t = load_terrain(TerrainRequest{.map = map, .spacing_m = 4.0, .tile_size = 2});
  EXPECT_DOUBLE_EQ(t.heightmap.spacing(), 4.0);
  EXPECT_FLOAT_EQ(t.heightmap.at(1, 0), 4.0f);  // height scale still the sidecar's
  EXPECT_EQ(t.tile_size, 2);
}

TEST_F(TerrainSource, PngDefaultsAreOneMetrePerValueWithoutSidecar) {
  const Terrain t = load_terrain(TerrainRequest{.map = png("plain.png")});
  EXPECT_DOUBLE_EQ(t.heightmap.spacing(), 1.0);
  EXPECT_FLOAT_EQ(t.heightmap.at(1, 0), 10.0f);
  EXPECT_FLOAT_EQ(t.heightmap.at(2, 2), 80.0f);
  EXPECT_EQ(t.tile_size, 1);
  EXPECT_TRUE(t.blocked.empty());
}

TEST_F(TerrainSource, ExtensionIsCaseInsensitive) {
  const Terrain t = load_terrain(TerrainRequest{.map = png("PLAIN.PNG")});
  EXPECT_FLOAT_EQ(t.heightmap.at(0, 1), 30.0f);
  write("FIELD.terrain", "raw_width = 3\nraw_depth = 3\n");
  EXPECT_FLOAT_EQ(load_terrain(TerrainRequest{.map = raw("FIELD.R16")}).heightmap.at(0, 1), 4.0f);
}

TEST_F(TerrainSource, HgtDefaultSpacingIsThreeArcSeconds) {
  const fs::path map = write("N00E000.hgt", std::string(std::size_t{1201} * 1201 * 2, '\0'));
  EXPECT_DOUBLE_EQ(load_terrain(TerrainRequest{.map = map}).heightmap.spacing(), 92.6);
  EXPECT_DOUBLE_EQ(load_terrain(TerrainRequest{.map = map, .spacing_m = 90.0}).heightmap.spacing(),
                   90.0);
}

TEST_F(TerrainSource, MalformedSidecarLineNamesFileAndLine) {
  const fs::path map = png("m.png");
  const fs::path sidecar = write("m.terrain", "# header\nspacing_m = 2\nheight_scale_m 5\n");
  EXPECT_THAT(error_of([&] { load_terrain(TerrainRequest{.map = map}); }),
              AllOf(HasSubstr(sidecar.string() + ":3:"), HasSubstr("expected `key = value`")));
}

TEST_F(TerrainSource, UnknownSidecarKeyNamesFileAndLine) {
  const fs::path map = png("m.png");
  const fs::path sidecar = write("m.terrain", "\nspacing = 2\n");
  EXPECT_THAT(error_of([&] { load_terrain(TerrainRequest{.map = map}); }),
              AllOf(HasSubstr(sidecar.string() + ":2:"), HasSubstr("unknown key 'spacing'")));
}

TEST_F(TerrainSource, BadOrDuplicateSidecarValuesNameFileAndLine) {
  const fs::path map = png("m.png");
  const fs::path sidecar = write("m.terrain", "tile_size = 2.5\n");
  EXPECT_THAT(error_of([&] { load_terrain(TerrainRequest{.map = map}); }),
              AllOf(HasSubstr(sidecar.string() + ":1:"), HasSubstr("bad value '2.5'")));
  write("m.terrain", "spacing_m = 1\nspacing_m = 2\n");
  EXPECT_THAT(error_of([&] { load_terrain(TerrainRequest{.map = map}); }),
              AllOf(HasSubstr(sidecar.string() + ":2:"), HasSubstr("duplicate key")));
}

TEST_F(TerrainSource, RawWithoutSizeIsAnError) {
  const fs::path map = raw("nosize.raw");
  EXPECT_THAT(error_of([&] { load_terrain(TerrainRequest{.map = map, .raw_width = 3}); }),
              AllOf(HasSubstr(map.string()), HasSubstr("raw_width and raw_depth")));
}

TEST_F(TerrainSource, RawSizeForOtherFormatsIsAnError) {
  const fs::path map = png("m.png");
  EXPECT_THAT(error_of([&] { load_terrain(TerrainRequest{.map = map, .raw_width = 3}); }),
              AllOf(HasSubstr(map.string()), HasSubstr("only to .raw")));
}

TEST_F(TerrainSource, OtherExtensionsGoToGdal) {
  const fs::path map = write("dem.txt", "just words, not a raster\n");
  EXPECT_THAT(error_of([&] { load_terrain(TerrainRequest{.map = map}); }),
              AllOf(HasSubstr(map.string()),
                    AnyOf(HasSubstr("not a raster GDAL can read"), HasSubstr("lacks GDAL"))));
}

TEST_F(TerrainSource, NodataAndResampleAreRefusedWhereTheyMeanNothing) {
  const fs::path map = png("m.png");
  EXPECT_EQ(error_of([&] { load_terrain(TerrainRequest{.map = map, .resample_square = true}); }),
            map.string() +
                ": --resample applies only to GDAL rasters; a .png map has no pixel size of its "
                "own");
  EXPECT_EQ(
      error_of([&] { load_terrain(TerrainRequest{.map = map, .nodata = NodataPolicy::Fill}); }),
      map.string() +
          ": --nodata applies only to .hgt and GDAL rasters; a .png map has no nodata "
          "samples");
  EXPECT_THAT(error_of([&] {
                load_terrain(TerrainRequest{.map = arena(), .nodata = NodataPolicy::Block});
              }),
              HasSubstr("a .map map has no nodata samples"));
  const fs::path hgt = write("N00E000.hgt", std::string(std::size_t{1201} * 1201 * 2, '\0'));
  EXPECT_THAT(error_of([&] { load_terrain(TerrainRequest{.map = hgt, .resample_square = true}); }),
              HasSubstr("--resample applies only to GDAL rasters; a .hgt map"));
  EXPECT_EQ(error_of([&] {
              load_terrain(TerrainRequest{.nodata = NodataPolicy::Fill,
                                          .procedural = ProceduralConfig{.size = 33}});
            }),
            "procedural terrain: --nodata and --resample apply only to map files");
}

TEST_F(TerrainSource, PolicyNamesParse) {
  EXPECT_EQ(parse_nodata_policy("error"), NodataPolicy::Error);
  EXPECT_EQ(parse_nodata_policy("fill"), NodataPolicy::Fill);
  EXPECT_EQ(parse_nodata_policy("block"), NodataPolicy::Block);
  EXPECT_EQ(error_of([] { parse_nodata_policy("Fill"); }),
            "expected error, fill or block, got 'Fill'");
  EXPECT_TRUE(parse_resample("square"));
  EXPECT_EQ(error_of([] { parse_resample("bilinear"); }), "expected square, got 'bilinear'");
}

// An SRTM tile of 100 m everywhere but one void at row 600, column 500.
TEST_F(TerrainSource, HgtVoidsFillOrBlockTheirTiles) {
  std::string bytes;
  for (int k = 0; k < 1201 * 1201; ++k)
    bytes.append(k == 600 * 1201 + 500 ? "\x80\x00" : "\x00\x64", 2);
  const fs::path map = write("N00E000.hgt", bytes);
  EXPECT_THAT(error_of([&] { load_terrain(TerrainRequest{.map = map}); }),
              HasSubstr("1 void samples (-32768), the first at row 600, column 500; --nodata fill "
                        "fills them from their neighbours, --nodata block also blocks their "
                        "tiles"));
  const Terrain filled = load_terrain(TerrainRequest{.map = map, .nodata = NodataPolicy::Fill});
  EXPECT_EQ(filled.heightmap.at(500, 600), 100.0f);
  EXPECT_TRUE(filled.blocked.empty());
  // Tiles of 4 cells: sample (500, 600) is a corner of tiles (124..125, 149..150).
  const Terrain blocked =
      load_terrain(TerrainRequest{.map = map, .tile_size = 4, .nodata = NodataPolicy::Block});
  EXPECT_EQ(blocked.heightmap.at(500, 600), 100.0f);
  ASSERT_EQ(blocked.blocked.size(), std::size_t{300} * 300);
  std::vector<std::size_t> ids;
  for (std::size_t k = 0; k < blocked.blocked.size(); ++k) {
    if (blocked.blocked[k] != 0) ids.push_back(k);
  }
  EXPECT_EQ(ids, (std::vector<std::size_t>{149 * 300 + 124, 149 * 300 + 125, 150 * 300 + 124,
                                           150 * 300 + 125}));
}

TEST_F(TerrainSource, TileSizeMustFitTheHeightmap) {
  const fs::path map = png("m.png");  // 3 x 3 samples: tiles of 1 or 2 cells
  EXPECT_EQ(load_terrain(TerrainRequest{.map = map, .tile_size = 2}).tile_size, 2);
  EXPECT_THAT(error_of([&] { load_terrain(TerrainRequest{.map = map, .tile_size = 3}); }),
              AllOf(HasSubstr(map.string()), HasSubstr("tile size 3 outside 1..2")));
  EXPECT_THAT(error_of([&] { load_terrain(TerrainRequest{.map = map, .tile_size = 0}); }),
              HasSubstr("tile size 0"));
}

TEST_F(TerrainSource, LoaderErrorsNameTheMapFile) {
  const fs::path map = dir_ / "absent.png";
  EXPECT_THAT(error_of([&] { load_terrain(TerrainRequest{.map = map}); }),
              AllOf(HasSubstr(map.string()), HasSubstr("cannot read file")));
}

TEST(TerrainSourceMovingAi, MapBecomesFlatHeightmapWithBlockedMask) {
  const Terrain t = load_terrain(TerrainRequest{.map = arena()});
  ASSERT_EQ(t.heightmap.width(), 50);  // 49 x 49 cells -> 50 x 50 samples
  ASSERT_EQ(t.heightmap.depth(), 50);
  EXPECT_DOUBLE_EQ(t.heightmap.spacing(), 1.0);
  EXPECT_FLOAT_EQ(t.heightmap.min_height(), 0.0f);
  EXPECT_FLOAT_EQ(t.heightmap.max_height(), 0.0f);
  EXPECT_EQ(t.tile_size, 1);
  ASSERT_EQ(t.blocked.size(), 49u * 49u);
  EXPECT_EQ(std::count(t.blocked.begin(), t.blocked.end(), 1), 347);   // the 'T' cells
  EXPECT_EQ(std::count(t.blocked.begin(), t.blocked.end(), 0), 2054);  // the '.' cells
  // Row 1 reads "TTT....": x = 2 blocked, x = 3 open; row 7 has 'T' at x = 24.
  EXPECT_EQ(t.blocked[1 * 49 + 2], 1);
  EXPECT_EQ(t.blocked[1 * 49 + 3], 0);
  EXPECT_EQ(t.blocked[7 * 49 + 24], 1);
  EXPECT_EQ(t.blocked[7 * 49 + 23], 0);
}

TEST(TerrainSourceMovingAi, MapRefusesOverrides) {
  EXPECT_THAT(error_of([&] { load_terrain(TerrainRequest{.map = arena(), .spacing_m = 2.0}); }),
              AllOf(HasSubstr(arena().string()), HasSubstr("Moving AI")));
  EXPECT_THAT(error_of([&] { load_terrain(TerrainRequest{.map = arena(), .tile_size = 2}); }),
              HasSubstr("Moving AI"));
}

TEST(TerrainSourceData, LothianBordersSidecarGivesSpacingAndScale) {
  const fs::path map = fs::path(TERRANAV_TEST_DATA_DIR) / ".." / ".." / "data" /
                       "lothian_borders_utm30n_90m_1025.png";
  if (!fs::exists(map)) {
    GTEST_SKIP() << map << " not present";
  }
  const Terrain t = load_terrain(TerrainRequest{.map = map});
  EXPECT_DOUBLE_EQ(t.heightmap.spacing(), 90.0);
  EXPECT_NEAR(t.heightmap.min_height(), 482.5, 1e-3);
  EXPECT_NEAR(t.heightmap.max_height(), 1337.4, 1e-3);
}

}  // namespace
}  // namespace terranav::nav
