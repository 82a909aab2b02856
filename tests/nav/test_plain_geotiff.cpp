// Plain GeoTIFFs through libtiff alone (gdal/plain_geotiff.hpp): each file it
// accepts reads exactly as through GDAL, each variant whose meaning only
// GDAL knows (tiles, codecs but Deflate, scale, pixel-is-point, other CRSs,
// a .aux.xml) is left to GDAL, and what it writes GDAL reads back with the same CRS, metadata
// and values.
#include "plain_geotiff.hpp"

#include <cpl_conv.h>
#include <gdal.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <tiffio.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "gdal_raster.hpp"
#include "gdal_writer.hpp"
#include "geotiff_writer.hpp"
#include "terranav/nav/types.hpp"
#include "terranav/terrain_io/raster_grid.hpp"
#include "test_support.hpp"

namespace terranav::nav::gdal {
namespace {

using test::error_of;
using ::testing::HasSubstr;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
const std::filesystem::path kRwalk = std::filesystem::path(TERRANAV_TEST_DATA_DIR) / "rwalk";

// Equal bit for bit, every NaN equal to every NaN.
void expect_same_values(const std::vector<double>& a, const std::vector<double>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t k = 0; k < a.size(); ++k) {
    if (std::isnan(a[k]) || std::isnan(b[k])) {
      EXPECT_TRUE(std::isnan(a[k]) && std::isnan(b[k])) << "sample " << k;
    } else {
      EXPECT_EQ(std::bit_cast<std::uint64_t>(a[k]), std::bit_cast<std::uint64_t>(b[k]))
          << "sample " << k << ": " << a[k] << " vs " << b[k];
    }
  }
}

// Band 1 read `rows` rows at a time, in order, through read(first_row, span).
template <typename Read>
std::vector<double> read_by_blocks(int width, int depth, int rows, const Read& read) {
  std::vector<double> out(static_cast<std::size_t>(width) * static_cast<std::size_t>(depth));
  for (int row = 0; row < depth; row += rows) {
    read(row, std::span<double>(out).subspan(
                  static_cast<std::size_t>(row) * width,
                  static_cast<std::size_t>(std::min(rows, depth - row)) * width));
  }
  return out;
}

// The plain reader's answers for `file` against GDAL's own.
void expect_reads_as_gdal(const std::filesystem::path& file) {
  SCOPED_TRACE(file.string());
  const std::unique_ptr<PlainGeoTiff> plain = PlainGeoTiff::open(file);
  ASSERT_NE(plain, nullptr) << "left to GDAL";
  const Raster gdal(file);
  EXPECT_EQ(plain->width(), gdal.width());
  EXPECT_EQ(plain->depth(), gdal.depth());
  EXPECT_EQ(plain->geotransform(), gdal.geotransform());
  ASSERT_TRUE(gdal.crs());
  EXPECT_EQ(plain->crs()->epsg, gdal.crs()->epsg);
  EXPECT_EQ(plain->band_type_name(), gdal.band_type_name());
  ASSERT_EQ(plain->nodata().has_value(), gdal.nodata().has_value());
  if (gdal.nodata()) {
    EXPECT_TRUE(*plain->nodata() == *gdal.nodata() ||
                (std::isnan(*plain->nodata()) && std::isnan(*gdal.nodata())));
  }
  const std::vector<double> whole = gdal.read_band1_f64();
  expect_same_values(plain->read_band1_f64(), whole);
  // The same rows by blocks, within strips and across them, from either
  // reader: 1, 2 or 7 rows at a time, and the last row before the first (a
  // strip decoded again after another).
  const int w = plain->width();
  const int d = plain->depth();
  for (const int rows : {1, 2, 7}) {
    SCOPED_TRACE(rows);
    expect_same_values(read_by_blocks(w, d, rows,
                                      [&](int first, std::span<double> out) {
                                        plain->read_band1_rows(first, out);
                                      }),
                       whole);
    expect_same_values(
        read_by_blocks(w, d, rows,
                       [&](int first, std::span<double> out) { gdal.read_band1_rows(first, out); }),
        whole);
  }
  std::vector<double> row(static_cast<std::size_t>(w));
  plain->read_band1_rows(d - 1, row);
  plain->read_band1_rows(0, row);
  expect_same_values(row, std::vector<double>(whole.begin(), whole.begin() + w));
  // And load_raster_grid takes this path: no WKT, the keys instead.
  const RasterGrid grid = load_raster_grid(file);
  EXPECT_TRUE(grid.crs_wkt.empty());
  EXPECT_FALSE(grid.geokeys.empty());
  EXPECT_EQ(grid.epsg, gdal.crs()->epsg);
  // RasterGridReader by blocks: load_raster_grid's values.
  const RasterGridReader reader(file);
  EXPECT_TRUE(reader.grid().values.empty());
  EXPECT_EQ(reader.grid().geotransform, grid.geotransform);
  EXPECT_EQ(reader.grid().geokeys.directory, grid.geokeys.directory);
  expect_same_values(
      read_by_blocks(w, d, 3, [&](int first, std::span<double> out) { reader.read(first, out); }),
      grid.values);
}

using PlainGeoTiffTest = test::ScratchDirTest;

TEST_F(PlainGeoTiffTest, GrassFixturesReadAsThroughGdal) {
  int files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kRwalk)) {
    if (entry.path().extension() != ".tif") continue;
    expect_reads_as_gdal(entry.path());
    ++files;
  }
  EXPECT_GE(files, 19);  // DEMs, friction, r.walk's time and direction rasters
}

TEST_F(PlainGeoTiffTest, EachPlainVariantReadsAsThroughGdal) {
  struct Variant {
    const char* name;
    test::RasterSpec spec;
  };
  test::RasterSpec int16;
  int16.type = GDT_Int16;
  int16.values = {-32768, 0, 12, 2000, -5, 32767};
  int16.nodata = -32768;
  const std::vector<Variant> variants = [&] {
    std::vector<Variant> v;
    v.push_back({"float32", {}});
    v.push_back({"int16_nodata", int16});
    test::RasterSpec s;
    s.type = GDT_UInt16;
    s.values = {0, 1, 65535, 7, 8, 9};
    v.push_back({"uint16", s});
    s = {};
    s.type = GDT_Byte;
    s.values = {0, 1, 255, 7, 8, 9};
    v.push_back({"byte", s});
    s = {};
    s.type = GDT_Int32;
    s.values = {-2147483648.0, 1, 2147483647.0, 7, 8, 9};
    v.push_back({"int32", s});
    s = {};
    s.type = GDT_Float64;
    s.values = {0.1, 1.0 / 3.0, 1e300, -0.0, 8, 9};
    s.nodata = kNaN;
    s.values[4] = kNaN;
    v.push_back({"float64_nan_nodata", s});
    s = {};
    s.creation_options = {"COMPRESS=DEFLATE"};
    v.push_back({"float32_deflate", s});
    s = int16;
    s.creation_options = {"COMPRESS=DEFLATE", "PREDICTOR=2"};
    v.push_back({"int16_deflate_predictor", s});
    // Without a predictor the inflated bytes are the samples, swapped here
    // for a big-endian file.
    struct Order {
      const char* option;
      const char* int16;
      const char* float32;
      const char* float64;
    };
    for (const Order& order :
         {Order{"ENDIANNESS=LITTLE", "int16_deflate", "float32_deflate_little", "float64_deflate"},
          Order{"ENDIANNESS=BIG", "int16_deflate_big", "float32_deflate_big",
                "float64_deflate_big"}}) {
      s = int16;
      s.creation_options = {"COMPRESS=DEFLATE", order.option};
      v.push_back({order.int16, s});
      s = {};
      s.creation_options = {"COMPRESS=DEFLATE", order.option};
      v.push_back({order.float32, s});
      s.type = GDT_Float64;
      s.values = {0.1, 1.0 / 3.0, 1e300, -0.0, 8, 9};
      v.push_back({order.float64, s});
    }
    s = {};
    s.creation_options = {"COMPRESS=DEFLATE", "PREDICTOR=3", "ENDIANNESS=BIG"};
    v.push_back({"float32_deflate_fp_predictor_big", s});
    s = {};
    s.nodata = -9999.5;
    s.values[2] = -9999.5;
    v.push_back({"float32_nodata", s});
    s = {};
    s.width = 300;
    s.depth = 70;  // several strips, the last one short
    s.values.assign(300 * 70, 0.0);
    for (std::size_t k = 0; k < s.values.size(); ++k) s.values[k] = static_cast<double>(k) * 0.25;
    v.push_back({"float32_strips", s});
    return v;
  }();
  for (const Variant& v : variants) {
    expect_reads_as_gdal(test::write_geotiff(path(std::string(v.name) + ".tif"), v.spec));
  }
}

TEST_F(PlainGeoTiffTest, LeavesToGdalWhatOnlyGdalReadsRight) {
  struct Variant {
    const char* name;
    test::RasterSpec spec;
  };
  std::vector<Variant> variants;
  test::RasterSpec s;
  s.creation_options = {"TILED=YES", "BLOCKXSIZE=16", "BLOCKYSIZE=16"};
  variants.push_back({"tiled", s});
  for (const char* codec : {"COMPRESS=LZW", "COMPRESS=PACKBITS", "COMPRESS=ZSTD"}) {
    s = {};
    s.creation_options = {codec};
    variants.push_back({codec, s});
  }
  s = {};
  s.scale = 0.1;
  s.offset = -500.0;
  variants.push_back({"scale_offset", s});
  s = {};
  s.area_or_point = "Point";  // GDAL moves the origin half a pixel
  variants.push_back({"pixel_is_point", s});
  s = {};
  s.epsg = 4326;
  s.geotransform = std::array<double, 6>{-3.0, 0.001, 0.0, 56.0, 0.0, -0.001};
  variants.push_back({"geographic", s});
  s = {};
  s.epsg = 2263;  // NAD83 / New York Long Island (ftUS)
  variants.push_back({"feet", s});
  s = {};
  s.epsg = 0;
  variants.push_back({"no_crs", s});
  s = {};
  s.geotransform = std::array<double, 6>{440720.0, 30.0, 5.0, 3751320.0, 5.0, -30.0};
  variants.push_back({"rotated", s});
  s = {};
  s.geotransform.reset();
  variants.push_back({"no_geotransform", s});
  s = {};
  s.type = GDT_CFloat32;
  variants.push_back({"complex", s});
  for (const Variant& v : variants) {
    SCOPED_TRACE(v.name);
    const auto file = test::write_geotiff(path(std::string(v.name) + ".tif"), v.spec);
    EXPECT_EQ(PlainGeoTiff::open(file), nullptr);
  }
  // A plain file with a .aux.xml beside it: GDAL prefers what that says.
  const auto file = test::write_geotiff(path("with_aux.tif"), {});
  ASSERT_NE(PlainGeoTiff::open(file), nullptr);
  std::ofstream(file.string() + ".aux.xml") << "<PAMDataset/>\n";
  EXPECT_EQ(PlainGeoTiff::open(file), nullptr);
}

TEST_F(PlainGeoTiffTest, MissingTruncatedAndForeignFilesAreLeftOrRefusedByName) {
  EXPECT_EQ(PlainGeoTiff::open(path("missing.tif")), nullptr);
  EXPECT_EQ(PlainGeoTiff::open(dir_), nullptr);
  const auto text = path("text.tif");
  std::ofstream(text) << "not a tiff\n";
  EXPECT_EQ(PlainGeoTiff::open(text), nullptr);
  // Half of a fixture: libtiff finds no image (GDAL refuses it) or a strip
  // is cut short; both an Error naming the file.
  std::ifstream in(kRwalk / "60x90m_8.time.tif", std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto cut = path("cut.tif");
  std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  EXPECT_THAT(error_of([&] { load_raster_grid(cut); }), HasSubstr("cut.tif"));
}

TEST_F(PlainGeoTiffTest, RowsOutsideTheRasterAreRefusedByName) {
  const auto file = test::write_geotiff(path("dem.tif"), {});  // 3 x 2
  const std::unique_ptr<PlainGeoTiff> plain = PlainGeoTiff::open(file);
  ASSERT_NE(plain, nullptr);
  const Raster gdal(file);
  std::vector<double> rows(6);
  const std::string past = file.string() + ": cannot read 6 samples from row 1 (3 x 2 samples)";
  const std::string part = file.string() + ": cannot read 4 samples from row 0 (3 x 2 samples)";
  const std::string before = file.string() + ": cannot read 3 samples from row -1 (3 x 2 samples)";
  EXPECT_EQ(error_of([&] { plain->read_band1_rows(1, rows); }), past);
  EXPECT_EQ(error_of([&] { gdal.read_band1_rows(1, rows); }), past);
  EXPECT_EQ(error_of([&] { plain->read_band1_rows(0, std::span(rows).first(4)); }), part);
  EXPECT_EQ(error_of([&] { gdal.read_band1_rows(0, std::span(rows).first(4)); }), part);
  EXPECT_EQ(error_of([&] { plain->read_band1_rows(-1, std::span(rows).first(3)); }), before);
  EXPECT_EQ(error_of([&] { gdal.read_band1_rows(-1, std::span(rows).first(3)); }), before);
  // Nothing past the last row either, however few samples are asked for.
  const std::string beyond = file.string() + ": cannot read 0 samples from row 3 (3 x 2 samples)";
  EXPECT_EQ(error_of([&] { plain->read_band1_rows(3, std::span(rows).first(0)); }), beyond);
  EXPECT_EQ(error_of([&] { gdal.read_band1_rows(3, std::span(rows).first(0)); }), beyond);
  const RasterGridReader reader(file);
  EXPECT_EQ(error_of([&] { reader.read(1, rows); }), past);
}

// The value of a dataset metadata item, read with GDAL's API.
std::string metadata_item(const std::filesystem::path& file, const char* key) {
  GDALDatasetH ds = GDALOpen(file.c_str(), GA_ReadOnly);
  EXPECT_NE(ds, nullptr);
  const char* value = ds != nullptr ? GDALGetMetadataItem(ds, key, nullptr) : nullptr;
  std::string out = value != nullptr ? value : "<none>";
  if (ds != nullptr) GDALClose(ds);
  return out;
}

TEST_F(PlainGeoTiffTest, WrittenWithTheKeysGdalReadsTheSameCrsMetadataAndValues) {
  const auto dem = kRwalk / "dem_90m.tif";
  const auto source = PlainGeoTiff::open(dem);
  ASSERT_NE(source, nullptr);
  const std::vector<double> values = {0.0, 0.1, 1.0 / 3.0, 1e300, kNaN, -42.5};
  for (const SampleType type : {SampleType::Float64, SampleType::Float32}) {
    SCOPED_TRACE(type == SampleType::Float64 ? "Float64" : "Float32");
    GeoTiffSpec spec{.width = 3,
                     .depth = 2,
                     .type = type,
                     .geotransform = {500000.0, 90.0, 0.0, 6200000.0, 0.0, -60.0},
                     .crs_wkt = "",
                     .geokeys = source->keys(),
                     .nodata = kNaN,
                     .tags = {{"TERRANAV_COMMAND", "navcli a&b <c> \"d\" 'e'\n\tf \u00e9"},
                              {"TERRANAV_MODEL", "{\"name\":\"walking-time\"}"}}};
    const auto file = path("written.tif");
    write_geotiff(file, spec, values);

    const Raster gdal(file);
    EXPECT_EQ(gdal.width(), 3);
    EXPECT_EQ(gdal.depth(), 2);
    EXPECT_EQ(gdal.geotransform(), spec.geotransform);
    EXPECT_EQ(gdal.crs()->epsg, 32630);
    EXPECT_EQ(gdal.crs()->wkt, Raster(dem).crs()->wkt);
    EXPECT_EQ(gdal.band_type_name(), type == SampleType::Float64 ? "Float64" : "Float32");
    ASSERT_TRUE(gdal.nodata());
    EXPECT_TRUE(std::isnan(*gdal.nodata()));
    std::vector<double> expected = values;
    if (type == SampleType::Float32) {
      for (double& v : expected) v = static_cast<double>(static_cast<float>(v));
    }
    expect_same_values(gdal.read_band1_f64(), expected);
    EXPECT_EQ(metadata_item(file, "TERRANAV_COMMAND"), "navcli a&b <c> \"d\" 'e'\n\tf \u00e9");
    EXPECT_EQ(metadata_item(file, "TERRANAV_MODEL"), "{\"name\":\"walking-time\"}");
    EXPECT_EQ(metadata_item(file, "AREA_OR_POINT"), "Area");

    // And the plain reader takes it back with the same keys.
    const auto back = PlainGeoTiff::open(file);
    ASSERT_NE(back, nullptr);
    EXPECT_EQ(back->keys().directory, source->keys().directory);
    EXPECT_EQ(back->keys().doubles, source->keys().doubles);
    EXPECT_EQ(back->keys().ascii, source->keys().ascii);
  }
}

TEST_F(PlainGeoTiffTest, EitherWriterPutsANewFileInPlaceOfAFileOrLink) {
  const auto source = PlainGeoTiff::open(kRwalk / "dem_90m.tif");
  ASSERT_NE(source, nullptr);
  const auto values_of = [](const std::filesystem::path& file) {
    return Raster(file).read_band1_f64();
  };
  for (const bool plain : {true, false}) {
    SCOPED_TRACE(plain ? "libtiff" : "GDAL");
    GeoTiffSpec spec;
    spec.width = 1;
    spec.depth = 1;
    if (plain) spec.geokeys = source->keys();
    const auto dir = path(plain ? "plain" : "gdal");
    std::filesystem::create_directory(dir);
    write_geotiff(dir / "a.tif", spec, std::vector<double>{1.0});
    std::filesystem::create_hard_link(dir / "a.tif", dir / "b.tif");
    std::filesystem::create_symlink(dir / "a.tif", dir / "s.tif");
    // The other name keeps the old raster: a.tif is a new file.
    write_geotiff(dir / "a.tif", spec, std::vector<double>{2.0});
    EXPECT_EQ(values_of(dir / "a.tif"), std::vector<double>{2.0});
    EXPECT_EQ(values_of(dir / "b.tif"), std::vector<double>{1.0});
    // The link's place takes a file; its target is left as it was.
    write_geotiff(dir / "s.tif", spec, std::vector<double>{3.0});
    EXPECT_FALSE(std::filesystem::is_symlink(dir / "s.tif"));
    EXPECT_EQ(values_of(dir / "s.tif"), std::vector<double>{3.0});
    EXPECT_EQ(values_of(dir / "a.tif"), std::vector<double>{2.0});
  }
}

TEST_F(PlainGeoTiffTest, WriteRefusalsNameTheFileAndLeaveNothing) {
  const auto source = PlainGeoTiff::open(kRwalk / "dem_90m.tif");
  ASSERT_NE(source, nullptr);
  GeoTiffSpec spec;
  spec.width = 2;
  spec.depth = 1;
  spec.geokeys = source->keys();
  const std::vector<double> values = {1.0, 2.0};
  const auto nowhere = path("no_such_dir") / "out.tif";
  EXPECT_THAT(error_of([&] { write_geotiff(nowhere, spec, values); }), HasSubstr("no_such_dir"));
  spec.geotransform = {0.0, 1.0, 0.5, 0.0, 0.0, -1.0};
  const auto rotated = path("rotated_out.tif");
  EXPECT_THAT(error_of([&] { write_geotiff(rotated, spec, values); }),
              HasSubstr("rotated_out.tif: cannot write a rotated or not north-up raster"));
  EXPECT_FALSE(std::filesystem::exists(rotated));
}

// fuzz_plain_geotiff's findings (tests/data/fuzz/): each read as GDAL reads
// it, or left to GDAL, or refused by name; never other values.
TEST(PlainGeoTiffFuzz, FindingsAreLeftToGdalOrRefusedByName) {
  const auto finding = [](const std::string& what) {
    return std::filesystem::path(TERRANAV_TEST_DATA_DIR) / "fuzz" /
           ("fuzz_plain_geotiff-" + what + ".tif");
  };
  // Deflate streams longer than their strip (libtiff 4.5 kept the first
  // bytes, GDAL's reads differed): refused.
  for (const char* what :
       {"deflate-stream-runs-on-last-strip", "deflate-stream-runs-on-first-strip"}) {
    SCOPED_TRACE(what);
    const auto tiff = PlainGeoTiff::open(finding(what));
    ASSERT_NE(tiff, nullptr);
    EXPECT_THAT(error_of([&] { tiff->read_band1_f64(); }),
                HasSubstr("its Deflate stream is corrupt"));
  }
  // Strip offsets or sizes missing (libtiff reads them as 0, the file's
  // header as samples); GeoAsciiParams of the wrong type (GDAL then ignores
  // every key) or with a NUL inside (the text ends there, as libtiff and
  // libgeotiff read it, and the keys point past it); GDAL_NODATA of the
  // wrong type (libtiff drops it, GDAL reads it) or beyond a Float32 band's
  // range (GDAL makes -3.2e69 -inf): GDAL's to judge.
  for (const char* what :
       {"strip-arrays-short", "no-strip-offsets", "ascii-params-wrong-type",
        "ascii-params-embedded-nul", "nodata-tag-wrong-type", "nodata-beyond-float32"}) {
    SCOPED_TRACE(what);
    EXPECT_EQ(PlainGeoTiff::open(finding(what)), nullptr);
  }
  // GDAL_NODATA stored as bytes ("nan"). With GDAL's tag definitions (this
  // process has loaded libgdal) libtiff reads it as text, as GDAL does; with
  // none (navcli, libgdal not loaded) it is an anonymous byte tag, where the
  // reader saw no nodata and GDAL NaN: GDAL's to judge.
  const std::filesystem::path bytes = finding("nodata-tag-byte-type");
  {
    const Raster gdal(bytes);
    ASSERT_TRUE(gdal.nodata().has_value());
    EXPECT_TRUE(std::isnan(*gdal.nodata()));
    const auto tiff = PlainGeoTiff::open(bytes);
    ASSERT_NE(tiff, nullptr);
    ASSERT_TRUE(tiff->nodata().has_value());
    EXPECT_TRUE(std::isnan(*tiff->nodata()));
  }
  const TIFFExtendProc gdal_tags = TIFFSetTagExtender(nullptr);
  EXPECT_EQ(PlainGeoTiff::open(bytes), nullptr);
  TIFFSetTagExtender(gdal_tags);
}

}  // namespace
}  // namespace terranav::nav::gdal
