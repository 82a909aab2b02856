// Heightmap loaders against fixture files the tests write themselves: every
// value checked by hand, every error checked for the file name and the problem.
#include "terranav/terrain_io/heightmap_io.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stb/stb_image_write.h>

#include <array>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "file_bytes.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
namespace fs = std::filesystem;

using test::error_of;

using test::Bytes;
using test::read_file;
using test::write_file;

void put_be32(Bytes& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) {
    out.push_back(static_cast<unsigned char>(v >> shift));
  }
}

std::uint32_t crc32(const Bytes& bytes, std::size_t from) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (std::size_t k = from; k < bytes.size(); ++k) {
    crc ^= bytes[k];
    for (int bit = 0; bit < 8; ++bit) {
      crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
  }
  return ~crc;
}

void put_chunk(Bytes& png, const char* type, const Bytes& data) {
  put_be32(png, static_cast<std::uint32_t>(data.size()));
  const std::size_t start = png.size();
  png.insert(png.end(), type, type + 4);
  png.insert(png.end(), data.begin(), data.end());
  put_be32(png, crc32(png, start));
}

// A grayscale PNG (bit depth 8 or 16) with `rows` already holding the
// big-endian samples, stored in uncompressed deflate blocks: stb_image_write
// only writes 8-bit PNGs, and a literal encoder is independent of stb.
Bytes gray_png(std::uint32_t width, std::uint32_t height, int bit_depth, const Bytes& samples) {
  Bytes png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  Bytes ihdr;
  put_be32(ihdr, width);
  put_be32(ihdr, height);
  ihdr.insert(ihdr.end(), {static_cast<unsigned char>(bit_depth), 0, 0, 0, 0});
  put_chunk(png, "IHDR", ihdr);
  if (!samples.empty()) {
    const std::size_t row_bytes = samples.size() / height;
    Bytes raw;  // filter byte 0 (none) before each row
    for (std::uint32_t r = 0; r < height; ++r) {
      raw.push_back(0);
      raw.insert(raw.end(), samples.begin() + static_cast<std::ptrdiff_t>(r * row_bytes),
                 samples.begin() + static_cast<std::ptrdiff_t>((r + 1) * row_bytes));
    }
    Bytes zlib = {0x78, 0x01, 1};  // one final stored block (small fixtures only)
    const auto len = static_cast<std::uint16_t>(raw.size());
    const auto nlen = static_cast<std::uint16_t>(~len);
    zlib.insert(zlib.end(),
                {static_cast<unsigned char>(len), static_cast<unsigned char>(len >> 8),
                 static_cast<unsigned char>(nlen), static_cast<unsigned char>(nlen >> 8)});
    zlib.insert(zlib.end(), raw.begin(), raw.end());
    std::uint32_t a = 1;
    std::uint32_t b = 0;
    for (unsigned char c : raw) {
      a = (a + c) % 65521u;
      b = (b + a) % 65521u;
    }
    put_be32(zlib, (b << 16) | a);
    put_chunk(png, "IDAT", zlib);
  }
  put_chunk(png, "IEND", {});
  return png;
}

class HeightmapIo : public test::ScratchDirTest {
 protected:
  // An 8-bit PNG written by stb_image_write; comp = channels per pixel.
  fs::path stb_png(const std::string& name, int width, int height, int comp, const Bytes& pixels) {
    const fs::path file = path(name);
    EXPECT_NE(stbi_write_png(file.c_str(), width, height, comp, pixels.data(), width * comp), 0);
    return file;
  }

  // A synthetic SRTM tile of side x side samples: big-endian int16.
  fs::path hgt(const std::string& name, int side, const std::vector<std::int16_t>& values) {
    Bytes bytes;
    for (std::int16_t v : values) {
      const auto u = static_cast<std::uint16_t>(v);
      bytes.push_back(static_cast<unsigned char>(u >> 8));
      bytes.push_back(static_cast<unsigned char>(u));
    }
    EXPECT_EQ(bytes.size(), static_cast<std::size_t>(side) * side * 2);
    write_file(path(name), bytes);
    return path(name);
  }
};

constexpr int kSide = 1201;
constexpr std::int16_t kVoid = -32768;

std::size_t at(int row, int col) {
  return static_cast<std::size_t>(row) * kSide + static_cast<std::size_t>(col);
}

// --- PNG -------------------------------------------------------------------

TEST_F(HeightmapIo, Png8BitScalesByHeightScaleOver255) {
  const fs::path file = stb_png("h8.png", 3, 2, 1, {0, 51, 255, 102, 204, 17});
  const Heightmap h = load_png_heightmap(file, 2.0, 510.0);  // 2 m per value
  ASSERT_EQ(h.width(), 3);
  ASSERT_EQ(h.depth(), 2);
  EXPECT_DOUBLE_EQ(h.spacing(), 2.0);
  EXPECT_FLOAT_EQ(h.at(0, 0), 0.0f);
  EXPECT_FLOAT_EQ(h.at(1, 0), 102.0f);
  EXPECT_FLOAT_EQ(h.at(2, 0), 510.0f);
  EXPECT_FLOAT_EQ(h.at(0, 1), 204.0f);  // image row 1 is z = 1
  EXPECT_FLOAT_EQ(h.at(1, 1), 408.0f);
  EXPECT_FLOAT_EQ(h.at(2, 1), 34.0f);
  EXPECT_FALSE(png_is_16_bit(file));
}

TEST_F(HeightmapIo, Png16BitScalesByHeightScaleOver65535) {
  // Samples 0, 1, 65535 / 256, 300, 40000 (big-endian pairs): 1 and 256
  // tell a byte-order mistake apart.
  const Bytes samples = {0x00, 0x00, 0x00, 0x01, 0xFF, 0xFF, 0x01, 0x00, 0x01, 0x2C, 0x9C, 0x40};
  const fs::path file = path("h16.png");
  write_file(file, gray_png(3, 2, 16, samples));
  const Heightmap h = load_png_heightmap(file, 1.0, 65535.0 / 2.0);  // 0.5 m per value
  ASSERT_EQ(h.width(), 3);
  ASSERT_EQ(h.depth(), 2);
  EXPECT_FLOAT_EQ(h.at(0, 0), 0.0f);
  EXPECT_FLOAT_EQ(h.at(1, 0), 0.5f);
  EXPECT_FLOAT_EQ(h.at(2, 0), 32767.5f);
  EXPECT_FLOAT_EQ(h.at(0, 1), 128.0f);
  EXPECT_FLOAT_EQ(h.at(1, 1), 150.0f);
  EXPECT_FLOAT_EQ(h.at(2, 1), 20000.0f);
  EXPECT_TRUE(png_is_16_bit(file));
}

TEST_F(HeightmapIo, PngMissingFileIsNamed) {
  const fs::path file = path("absent.png");
  EXPECT_THAT(error_of([&] { load_png_heightmap(file, 1.0, 255.0); }),
              AllOf(HasSubstr(file.string()), HasSubstr("cannot read file")));
  EXPECT_THAT(error_of([&] { png_is_16_bit(file); }),
              AllOf(HasSubstr(file.string()), HasSubstr("cannot read file")));
}

TEST_F(HeightmapIo, PngRejectsOtherFormats) {
  const fs::path file = path("text.png");
  write_file(file, {'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd'});
  EXPECT_THAT(error_of([&] { load_png_heightmap(file, 1.0, 255.0); }),
              AllOf(HasSubstr(file.string()), HasSubstr("not a PNG")));
}

TEST_F(HeightmapIo, PngRejectsTruncatedData) {
  Bytes pixels(64 * 64);
  std::uint32_t state = 12345;  // noise, so the image data does not compress away
  for (unsigned char& p : pixels) {
    state = state * 1664525u + 1013904223u;
    p = static_cast<unsigned char>(state >> 24);
  }
  const fs::path whole = stb_png("whole.png", 64, 64, 1, pixels);
  Bytes bytes = read_file(whole);
  ASSERT_GT(bytes.size(), 1000u);
  bytes.resize(bytes.size() / 2);
  const fs::path file = path("truncated.png");
  write_file(file, bytes);
  EXPECT_THAT(error_of([&] { load_png_heightmap(file, 1.0, 255.0); }),
              AllOf(HasSubstr(file.string()),
                    HasSubstr("PNG truncated at byte " + std::to_string(bytes.size()) +
                              " inside chunk IDAT")));
}

TEST_F(HeightmapIo, PngRejectsColourImages) {
  const fs::path file = stb_png("rgb.png", 2, 2, 3, Bytes(12, 100));
  EXPECT_THAT(error_of([&] { load_png_heightmap(file, 1.0, 255.0); }),
              AllOf(HasSubstr(file.string()), HasSubstr("3 channels")));
}

TEST_F(HeightmapIo, PngRejectsAbsurdDimensionsFromTheHeaderAlone) {
  // Headers only: no pixel data is ever decoded.
  const fs::path wide = path("wide.png");
  write_file(wide, gray_png(100000, 4, 8, {}));
  EXPECT_THAT(error_of([&] { load_png_heightmap(wide, 1.0, 255.0); }),
              AllOf(HasSubstr(wide.string()),
                    HasSubstr("PNG dimensions 100000x4 exceed the heightmap limit of 65536 "
                              "samples per side")));
  const fs::path huge = path("huge.png");
  write_file(huge, gray_png(20000, 20000, 16, {}));
  EXPECT_THAT(error_of([&] { load_png_heightmap(huge, 1.0, 255.0); }),
              AllOf(HasSubstr(huge.string()),
                    HasSubstr("PNG dimensions 20000x20000 exceed the heightmap limit of "
                              "268435456 samples")));
}

TEST_F(HeightmapIo, PngRejectsBadScales) {
  const fs::path file = stb_png("ok.png", 2, 2, 1, {1, 2, 3, 4});
  EXPECT_THAT(error_of([&] { load_png_heightmap(file, 0.0, 255.0); }),
              AllOf(HasSubstr(file.string()), HasSubstr("spacing")));
  EXPECT_THAT(error_of([&] { load_png_heightmap(file, 1.0, -5.0); }),
              AllOf(HasSubstr(file.string()),
                    HasSubstr("height_scale_m: must be in [0.001, 1e+07] m, got -5")));
  EXPECT_THAT(error_of([&] { load_png_heightmap(file, 1.0, 1e300); }),
              HasSubstr("height_scale_m: must be in [0.001, 1e+07] m, got 1e+300"));
  EXPECT_THAT(error_of([&] { load_png_heightmap(file, 1e300, 1.0); }),
              HasSubstr("spacing_m: must be in [0.001, 1e+06] m, got 1e+300"));
}

TEST(HeightmapIoData, LothianBordersPng) {
  const fs::path file = fs::path(TERRANAV_TEST_DATA_DIR) / ".." / ".." / "data" /
                        "lothian_borders_utm30n_90m_1025.png";
  if (!fs::exists(file)) {
    GTEST_SKIP() << file << " not present";
  }
  // value v -> elevation v * 0.1 - 500 m; with 6553.5 m full scale the
  // heights are elevation + 500 m: values 4825..13374 -> 482.5..1337.4 m.
  const Heightmap h = load_png_heightmap(file, 90.0, 6553.5);
  EXPECT_EQ(h.width(), 1025);
  EXPECT_EQ(h.depth(), 1025);
  EXPECT_NEAR(h.min_height(), 482.5, 1e-3);
  EXPECT_NEAR(h.max_height(), 1337.4, 1e-3);
}

// --- RAW -------------------------------------------------------------------

TEST_F(HeightmapIo, Raw16ReadsLittleEndianRows) {
  const fs::path file = path("h.raw");
  // 1, 256, 65535 / 0, 1000, 2 little-endian.
  write_file(file, {0x01, 0x00, 0x00, 0x01, 0xFF, 0xFF, 0x00, 0x00, 0xE8, 0x03, 0x02, 0x00});
  const Heightmap h = load_raw16_heightmap(file, 3, 2, 5.0, 65535.0);  // 1 m per value
  EXPECT_DOUBLE_EQ(h.spacing(), 5.0);
  EXPECT_FLOAT_EQ(h.at(0, 0), 1.0f);
  EXPECT_FLOAT_EQ(h.at(1, 0), 256.0f);
  EXPECT_FLOAT_EQ(h.at(2, 0), 65535.0f);
  EXPECT_FLOAT_EQ(h.at(0, 1), 0.0f);
  EXPECT_FLOAT_EQ(h.at(1, 1), 1000.0f);
  EXPECT_FLOAT_EQ(h.at(2, 1), 2.0f);
}

TEST_F(HeightmapIo, Raw16RejectsWrongByteSizeWithBothSizes) {
  const fs::path file = path("short.raw");
  write_file(file, Bytes(10));
  EXPECT_THAT(error_of([&] { load_raw16_heightmap(file, 3, 2, 1.0, 1.0); }),
              AllOf(HasSubstr(file.string()), HasSubstr("size 10 bytes"), HasSubstr("need 12")));
}

TEST_F(HeightmapIo, Raw16ChecksDimensionsBeforeReading) {
  const fs::path file = path("tiny.raw");
  write_file(file, Bytes(8));
  EXPECT_THAT(error_of([&] { load_raw16_heightmap(file, 70000, 2, 1.0, 1.0); }),
              AllOf(HasSubstr(file.string()), HasSubstr("70000x2 outside")));
  EXPECT_THAT(error_of([&] { load_raw16_heightmap(file, 65536, 65536, 1.0, 1.0); }),
              AllOf(HasSubstr(file.string()), HasSubstr("exceed the limit")));
  EXPECT_THAT(error_of([&] { load_raw16_heightmap(path("absent.raw"), 2, 2, 1.0, 1.0); }),
              AllOf(HasSubstr("absent.raw"), HasSubstr("cannot read file")));
}

// --- SRTM .hgt -------------------------------------------------------------

TEST_F(HeightmapIo, HgtReadsBigEndianSignedMetres) {
  std::vector<std::int16_t> values(at(kSide, 0));
  for (int r = 0; r < kSide; ++r) {
    for (int c = 0; c < kSide; ++c) {
      values[at(r, c)] = static_cast<std::int16_t>((r * 7 + c * 3) % 2000);
    }
  }
  values[at(0, 5)] = -12;   // below sea level, not a void
  values[at(3, 0)] = 8848;  // 0x2290
  const Heightmap h = load_hgt_heightmap(hgt("N00E000.hgt", kSide, values), 92.6);
  ASSERT_EQ(h.width(), kSide);
  ASSERT_EQ(h.depth(), kSide);
  EXPECT_DOUBLE_EQ(h.spacing(), 92.6);
  EXPECT_FLOAT_EQ(h.at(5, 0), -12.0f);
  EXPECT_FLOAT_EQ(h.at(0, 3), 8848.0f);
  EXPECT_FLOAT_EQ(h.at(100, 2), 314.0f);    // row 2, column 100: 14 + 300
  EXPECT_FLOAT_EQ(h.at(1200, 1200), 0.0f);  // (8400 + 3600) % 2000
  EXPECT_FLOAT_EQ(h.min_height(), -12.0f);
  EXPECT_FLOAT_EQ(h.max_height(), 8848.0f);
}

TEST_F(HeightmapIo, HgtVoidsAreAnErrorByDefault) {
  std::vector<std::int16_t> values(at(kSide, 0), 100);
  values[at(10, 20)] = kVoid;
  values[at(500, 3)] = kVoid;
  const fs::path file = hgt("voids.hgt", kSide, values);
  EXPECT_THAT(
      error_of([&] { load_hgt_heightmap(file, 92.6); }),
      AllOf(HasSubstr(file.string()), HasSubstr("2 void samples"), HasSubstr("row 10, column 20")));
}

TEST_F(HeightmapIo, HgtFillUsesMeansOfValidNeighboursLayerByLayer) {
  std::vector<std::int16_t> values(at(kSide, 0));
  for (int r = 0; r < kSide; ++r) {
    for (int c = 0; c < kSide; ++c) {
      values[at(r, c)] = static_cast<std::int16_t>(c);  // a ramp in x
    }
  }
  for (int r = 10; r <= 12; ++r) {  // a 3 x 3 hole: 8 voids around a centre void
    for (int c = 20; c <= 22; ++c) {
      values[at(r, c)] = kVoid;
    }
  }
  values[at(0, 0)] = kVoid;  // a corner void: neighbours 1, 0, 1
  const Heightmap h = load_hgt_heightmap(hgt("fill.hgt", kSide, values), 92.6, HgtVoids::Fill);
  // Corner of the hole (10,20): valid neighbours in columns 19,20,21,19,19.
  EXPECT_FLOAT_EQ(h.at(20, 10), 98.0f / 5.0f);
  EXPECT_FLOAT_EQ(h.at(22, 10), 112.0f / 5.0f);  // columns 21,22,23,23,23
  EXPECT_FLOAT_EQ(h.at(20, 12), 98.0f / 5.0f);
  // Edge middles see only the valid row or column beyond, not the
  // just-filled corners: (10,21) -> columns 20,21,22; (11,20) -> 19,19,19.
  EXPECT_FLOAT_EQ(h.at(21, 10), 21.0f);
  EXPECT_FLOAT_EQ(h.at(20, 11), 19.0f);
  EXPECT_FLOAT_EQ(h.at(22, 11), 23.0f);
  // The centre is filled last from the eight ring values, which sum to 168.
  EXPECT_FLOAT_EQ(h.at(21, 11), 21.0f);
  EXPECT_FLOAT_EQ(h.at(0, 0), 2.0f / 3.0f);
  EXPECT_FLOAT_EQ(h.at(30, 11), 30.0f);  // untouched
}

TEST_F(HeightmapIo, HgtAllVoidIsAnErrorEvenWhenFilling) {
  const fs::path file = hgt("all_void.hgt", kSide, std::vector<std::int16_t>(at(kSide, 0), kVoid));
  EXPECT_THAT(error_of([&] { load_hgt_heightmap(file, 92.6, HgtVoids::Fill); }),
              AllOf(HasSubstr(file.string()), HasSubstr("every sample is void")));
}

TEST_F(HeightmapIo, HgtRejectsSizesOtherThanTheTwoTiles) {
  const fs::path file = path("odd.hgt");
  write_file(file, Bytes(1000));
  EXPECT_THAT(error_of([&] { load_hgt_heightmap(file, 92.6); }),
              AllOf(HasSubstr(file.string()), HasSubstr("size 1000 bytes"), HasSubstr("2884802"),
                    HasSubstr("25934402")));
  EXPECT_THAT(error_of([&] { load_hgt_heightmap(path("absent.hgt"), 92.6); }),
              AllOf(HasSubstr("absent.hgt"), HasSubstr("cannot read file")));
}

// fuzz_png found it (fuzz/README.md): an IDAT chunk whose length (here 16 MiB;
// the fuzzer's had 0x7a00000c, 2 GiB) runs far past the end of a 69-byte file.
// stb_image allocates the declared length before it finds the data missing;
// the load must still end in a clean Error naming the file.
TEST(HeightmapIoFuzz, PngChunkLongerThanTheFileIsAnError) {
  const fs::path file =
      fs::path(TERRANAV_TEST_DATA_DIR) / "fuzz" / "fuzz_png-idat-length-past-end.png";
  ASSERT_TRUE(fs::exists(file)) << file;
  EXPECT_THAT(
      error_of([&] { load_png_heightmap(file, 1.0, 255.0); }),
      AllOf(HasSubstr(file.string()), HasSubstr("PNG truncated at byte 69 inside chunk IDAT")));
}

// Refused by the chunk checks before stb_image (whose zero-length chunk read
// is undefined behaviour) sees it; the asan preset runs this under UBSan.
TEST(HeightmapIoFuzz, PngFromTheZeroLengthIdatFindingIsRefusedCleanly) {
  const fs::path file = fs::path(TERRANAV_TEST_DATA_DIR) / "fuzz" / "fuzz_png-zero-length-idat.png";
  ASSERT_TRUE(fs::exists(file)) << file;
  EXPECT_THAT(error_of([&] { load_png_heightmap(file, 1.0, 255.0); }),
              HasSubstr("PNG chunk IHDR at byte 8: CRC mismatch"));
}

}  // namespace
}  // namespace terranav::nav
