// PNG files checked whole before decoding: every chunk's CRC, the chunk
// order, the dimensions, the image data (zlib stream, Adler-32, size, filter
// types). The fixtures are built here byte by byte (CRC-32, Adler-32 and
// stored deflate blocks written by hand, independent of zlib) or by
// stb_image_write; every error is checked for its message, which must be one
// line of printable ASCII.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stb/stb_image_write.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "file_bytes.hpp"
#include "terranav/terrain_io/class_image.hpp"
#include "terranav/terrain_io/heightmap_io.hpp"
#include "terranav/terrain_io/movingai.hpp"
#include "test_support.hpp"

namespace terranav::nav {
namespace {

using test::error_of;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;
namespace fs = std::filesystem;

using test::Bytes;
using test::read_file;
using test::write_file;

Bytes from_hex(const std::string& hex) {
  Bytes out;
  for (std::size_t k = 0; k + 1 < hex.size(); k += 2) {
    out.push_back(static_cast<unsigned char>(std::stoi(hex.substr(k, 2), nullptr, 16)));
  }
  return out;
}

void put_be32(Bytes& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) {
    out.push_back(static_cast<unsigned char>(v >> shift));
  }
}

std::uint32_t be32_at(const Bytes& bytes, std::size_t at) {
  return (std::uint32_t{bytes[at]} << 24) | (std::uint32_t{bytes[at + 1]} << 16) |
         (std::uint32_t{bytes[at + 2]} << 8) | std::uint32_t{bytes[at + 3]};
}

// CRC-32 (ISO-HDLC, as PNG uses it), bit by bit.
std::uint32_t crc32_of(const Bytes& bytes, std::size_t from, std::size_t to) {
  std::uint32_t crc = 0xFFFFFFFFu;
  for (std::size_t k = from; k < to; ++k) {
    crc ^= bytes[k];
    for (int bit = 0; bit < 8; ++bit) {
      crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
  }
  return ~crc;
}

// Appends a chunk: length, name (4 bytes, any), data, CRC over name and data.
void put_chunk(Bytes& png, const std::string& name, const Bytes& data) {
  put_be32(png, static_cast<std::uint32_t>(data.size()));
  const std::size_t start = png.size();
  png.insert(png.end(), name.begin(), name.end());
  png.insert(png.end(), data.begin(), data.end());
  put_be32(png, crc32_of(png, start, png.size()));
}

// Rewrites the CRC of the chunk starting at `at` (after an edit inside it).
void fix_crc(Bytes& png, std::size_t at) {
  const std::uint32_t length = be32_at(png, at);
  const std::uint32_t crc = crc32_of(png, at + 4, at + 8 + length);
  for (int k = 0; k < 4; ++k) {
    png[at + 8 + length + static_cast<std::size_t>(k)] =
        static_cast<unsigned char>(crc >> (24 - 8 * k));
  }
}

// A zlib stream of stored (uncompressed) deflate blocks, Adler-32 by hand.
Bytes zlib_stored(const Bytes& raw) {
  Bytes z = {0x78, 0x01};
  std::size_t at = 0;
  do {
    const std::size_t n = std::min<std::size_t>(raw.size() - at, 65535);
    const bool last = at + n == raw.size();
    z.push_back(last ? 1 : 0);
    const auto len = static_cast<std::uint16_t>(n);
    const auto nlen = static_cast<std::uint16_t>(~len);
    z.insert(z.end(), {static_cast<unsigned char>(len), static_cast<unsigned char>(len >> 8),
                       static_cast<unsigned char>(nlen), static_cast<unsigned char>(nlen >> 8)});
    z.insert(z.end(), raw.begin() + static_cast<std::ptrdiff_t>(at),
             raw.begin() + static_cast<std::ptrdiff_t>(at + n));
    at += n;
  } while (at < raw.size());
  std::uint32_t a = 1;
  std::uint32_t b = 0;
  for (unsigned char c : raw) {
    a = (a + c) % 65521u;
    b = (b + a) % 65521u;
  }
  put_be32(z, (b << 16) | a);
  return z;
}

Bytes ihdr(std::uint32_t width, std::uint32_t height, int bit_depth, int colour_type,
           int interlace = 0) {
  Bytes d;
  put_be32(d, width);
  put_be32(d, height);
  d.insert(d.end(), {static_cast<unsigned char>(bit_depth), static_cast<unsigned char>(colour_type),
                     0, 0, static_cast<unsigned char>(interlace)});
  return d;
}

const Bytes kSignature = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};

// Signature, IHDR, the zlib stream split over `idats` IDAT chunks, IEND.
Bytes png_of(const Bytes& header, const Bytes& zlib, int idats = 1) {
  Bytes png = kSignature;
  put_chunk(png, "IHDR", header);
  const std::size_t part =
      (zlib.size() + static_cast<std::size_t>(idats) - 1) / static_cast<std::size_t>(idats);
  for (std::size_t at = 0; at < zlib.size(); at += part) {
    const std::size_t end = std::min(zlib.size(), at + part);
    put_chunk(png, "IDAT",
              Bytes(zlib.begin() + static_cast<std::ptrdiff_t>(at),
                    zlib.begin() + static_cast<std::ptrdiff_t>(end)));
  }
  put_chunk(png, "IEND", {});
  return png;
}

// A 16-bit grey sample pattern with every byte value varying.
std::uint16_t sample(int x, int y) {
  return static_cast<std::uint16_t>(x * 4099 + y * 257 + x * y * 31);
}

// Filtered rows (filter 0) of the 16-bit grey image's pixels (xs, ys).
void put_rows(Bytes& raw, int x0, int y0, int dx, int dy, int width, int height) {
  for (int y = y0; y < height; y += dy) {
    if (x0 >= width) {
      return;  // an empty pass has no rows at all
    }
    raw.push_back(0);
    for (int x = x0; x < width; x += dx) {
      raw.push_back(static_cast<unsigned char>(sample(x, y) >> 8));
      raw.push_back(static_cast<unsigned char>(sample(x, y)));
    }
  }
}

Bytes grey16_raw(int width, int height) {
  Bytes raw;
  put_rows(raw, 0, 0, 1, 1, width, height);
  return raw;
}

Bytes grey16_adam7_raw(int width, int height) {
  static constexpr std::array<std::array<int, 4>, 7> kPasses = {{{0, 0, 8, 8},
                                                                 {4, 0, 8, 8},
                                                                 {0, 4, 4, 8},
                                                                 {2, 0, 4, 4},
                                                                 {0, 2, 2, 4},
                                                                 {1, 0, 2, 2},
                                                                 {0, 1, 1, 2}}};
  Bytes raw;
  for (const auto& p : kPasses) {
    put_rows(raw, p[0], p[1], p[2], p[3], width, height);
  }
  return raw;
}

bool printable_ascii(const std::string& text) {
  return std::all_of(text.begin(), text.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte >= 0x20 && byte <= 0x7E;
  });
}

class PngCheck : public test::ScratchDirTest {
 protected:
  // The error loading `bytes` as a heightmap ("no error" if it loads); every
  // message must be one line of printable ASCII naming the file.
  std::string load_error(const Bytes& bytes) {
    const fs::path file = path("t.png");
    write_file(file, bytes);
    const std::string error = error_of([&] { load_png_heightmap(file, 1.0, 65535.0); });
    EXPECT_TRUE(printable_ascii(error)) << error;
    if (error != "no error") {
      EXPECT_THAT(error, HasSubstr(file.string() + ": "));
    }
    return error;
  }

  std::vector<float> heights_of(const Bytes& bytes) {
    const fs::path file = path("h.png");
    write_file(file, bytes);
    const Heightmap h = load_png_heightmap(file, 1.0, 65535.0);
    std::vector<float> out;
    for (int z = 0; z < h.depth(); ++z) {
      for (int x = 0; x < h.width(); ++x) {
        out.push_back(h.at(x, z));
      }
    }
    return out;
  }

  // An 8-bit grey PNG from stb_image_write (deflate-compressed data).
  Bytes stb_grey8(int width, int height) {
    Bytes pixels(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
    std::uint32_t state = 99;
    for (unsigned char& p : pixels) {
      state = state * 1664525u + 1013904223u;
      p = static_cast<unsigned char>(state >> 24);
    }
    const fs::path file = path("stb.png");
    EXPECT_NE(stbi_write_png(file.c_str(), width, height, 1, pixels.data(), width), 0);
    return read_file(file);
  }
};

// Chunk start offsets of a well-formed PNG, walked from the lengths.
std::vector<std::size_t> chunk_starts(const Bytes& png) {
  std::vector<std::size_t> starts;
  for (std::size_t at = 8; at < png.size(); at += 12 + be32_at(png, at)) {
    starts.push_back(at);
  }
  return starts;
}

std::string name_at(const Bytes& png, std::size_t at) {
  return std::string(png.begin() + static_cast<std::ptrdiff_t>(at + 4),
                     png.begin() + static_cast<std::ptrdiff_t>(at + 8));
}

// --- the fixtures themselves load ---------------------------------------------

TEST_F(PngCheck, FixturesLoad) {
  EXPECT_EQ(load_error(png_of(ihdr(16, 16, 16, 0), zlib_stored(grey16_raw(16, 16)))), "no error");
  EXPECT_EQ(load_error(png_of(ihdr(16, 16, 16, 0), zlib_stored(grey16_raw(16, 16)), 3)),
            "no error");
  EXPECT_EQ(load_error(stb_grey8(16, 16)), "no error");
}

// --- the fuzzed input from the issue --------------------------------------------

const char* const kFuzzInput =
    "89504e470d0a1a0a0000000d49484452000000c800000032080000000000000000000000004944415478daedcf"
    "310d00000c03a03ef56fb91aff3fe080f48988887077777777777777888888888888888888888888888888888888"
    "888888888888888888885c0ccd38c35133667b39002a000049454e44ae426082";

TEST_F(PngCheck, FuzzInputFromTheIssueIsRefusedCleanly) {
  const Bytes input = from_hex(kFuzzInput);
  ASSERT_EQ(input.size(), 123u);
  EXPECT_THAT(load_error(input),
              HasSubstr(": PNG chunk IHDR at byte 8: CRC mismatch (stored 0x00000000, computed "
                        "0x3C3ACB3D)"));
  // The same bytes with their CRCs made right: a zero-length IDAT (where
  // stb_image read through a null pointer), then a chunk named by raw bytes.
  Bytes fixed = input;
  fix_crc(fixed, 8);
  fix_crc(fixed, 33);
  EXPECT_THAT(load_error(fixed),
              HasSubstr(": PNG chunk \"\\x0C\\x03\\xA0>\" at byte 45: bad chunk name"));
}

TEST_F(PngCheck, EmptyIdatChunksAndAncillaryChunksAreHarmless) {
  // stb_image read a zero-length first IDAT with memcpy from a null pointer
  // (undefined behaviour, caught by the asan preset's UBSan); the decoder now
  // sees one IDAT holding all the data.
  const Bytes raw = grey16_raw(5, 4);
  const Bytes plain = png_of(ihdr(5, 4, 16, 0), zlib_stored(raw));
  Bytes padded = kSignature;
  put_chunk(padded, "IHDR", ihdr(5, 4, 16, 0));
  put_chunk(padded, "tEXt", {'a', 0, 'b'});
  put_chunk(padded, "IDAT", {});
  put_chunk(padded, "IDAT", zlib_stored(raw));
  put_chunk(padded, "IDAT", {});
  put_chunk(padded, "tIME", {7, 0xE8, 1, 2, 3, 4, 5});
  put_chunk(padded, "IEND", {});
  EXPECT_EQ(heights_of(padded), heights_of(plain));
  EXPECT_FLOAT_EQ(heights_of(plain)[6], static_cast<float>(sample(1, 1)));
}

// --- every single-bit flip ------------------------------------------------------

TEST_F(PngCheck, EveryBitFlipIsRefused) {
  const std::vector<std::pair<std::string, Bytes>> fixtures = {
      {"16-bit stored", png_of(ihdr(16, 16, 16, 0), zlib_stored(grey16_raw(16, 16)), 2)},
      {"8-bit stb", stb_grey8(16, 16)}};
  for (const auto& [what, png] : fixtures) {
    ASSERT_EQ(load_error(png), "no error") << what;
    for (std::size_t at = 0; at < png.size(); ++at) {
      for (int bit = 0; bit < 8; ++bit) {
        Bytes flipped = png;
        flipped[at] = static_cast<unsigned char>(flipped[at] ^ (1u << bit));
        const std::string error = load_error(flipped);
        ASSERT_NE(error, "no error") << what << ": byte " << at << " bit " << bit;
        if (at < 8) {
          ASSERT_THAT(error, HasSubstr(": not a PNG")) << what << ": byte " << at << " bit " << bit;
        }
      }
    }
  }
}

TEST_F(PngCheck, ImageDataFlipsBehindAGoodCrcAreRefusedOrChangeNothing) {
  // Flips inside the zlib stream with the IDAT CRC recomputed: only the
  // zlib checks stand in the way. A flip may land on bits deflate ignores
  // (padding after the last block): then the image must be unchanged.
  const Bytes png = stb_grey8(16, 16);
  const std::vector<float> original = heights_of(png);
  const std::vector<std::size_t> starts = chunk_starts(png);
  const auto idat = std::find_if(starts.begin(), starts.end(),
                                 [&](std::size_t at) { return name_at(png, at) == "IDAT"; });
  ASSERT_NE(idat, starts.end());
  const std::size_t from = *idat + 8;
  const std::size_t to = from + be32_at(png, *idat);
  int refused = 0;
  int unchanged = 0;
  for (std::size_t at = from; at < to; ++at) {
    for (int bit = 0; bit < 8; ++bit) {
      Bytes flipped = png;
      flipped[at] = static_cast<unsigned char>(flipped[at] ^ (1u << bit));
      fix_crc(flipped, *idat);
      const std::string error = load_error(flipped);
      if (error == "no error") {
        ASSERT_EQ(heights_of(flipped), original) << "byte " << at << " bit " << bit;
        ++unchanged;
      } else {
        ASSERT_THAT(error, HasSubstr("PNG image data: ")) << "byte " << at << " bit " << bit;
        ++refused;
      }
    }
  }
  EXPECT_GT(refused, 8 * static_cast<int>(to - from) - 8);  // at most one byte's padding
  EXPECT_LT(unchanged, 8);
}

TEST_F(PngCheck, StoredDataFlipIsAnAdlerMismatch) {
  Bytes png = png_of(ihdr(4, 4, 8, 0), zlib_stored(Bytes(4 * 5, 0)));
  const std::size_t idat = 33;
  ASSERT_EQ(name_at(png, idat), "IDAT");
  png[idat + 8 + 2 + 5 + 3] ^= 0x10;  // a sample byte inside the stored block
  fix_crc(png, idat);
  EXPECT_THAT(load_error(png), HasSubstr(": PNG image data: zlib Adler-32 mismatch"));
}

TEST_F(PngCheck, FlippedIdatWithoutCrcFixIsACrcMismatch) {
  Bytes png = png_of(ihdr(4, 4, 8, 0), zlib_stored(Bytes(4 * 5, 0)));
  png[33 + 8 + 12] ^= 0x01;
  const std::uint32_t stored = be32_at(png, 33 + 8 + be32_at(png, 33));
  const std::string error = load_error(png);
  EXPECT_THAT(error, HasSubstr(": PNG chunk IDAT at byte 33: CRC mismatch (stored 0x"));
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%08X", stored);
  EXPECT_THAT(error, HasSubstr(std::string("stored ") + hex + ", computed 0x"));
}

// --- image data of the wrong shape ------------------------------------------------

TEST_F(PngCheck, ImageDataOfTheWrongSizeNamesBothSizes) {
  // 3x2 8-bit grey: 2 rows of a filter byte and 3 samples, 8 bytes.
  EXPECT_THAT(load_error(png_of(ihdr(3, 2, 8, 0), zlib_stored(Bytes(7, 0)))),
              HasSubstr(": PNG image data: 7 bytes, expected 8 for 3x2 8-bit grey"));
  EXPECT_THAT(load_error(png_of(ihdr(3, 2, 8, 0), zlib_stored(Bytes(9, 0)))),
              HasSubstr(": PNG image data: more than 8 bytes, expected 8 for 3x2 8-bit grey"));
  const Bytes z = zlib_stored(Bytes(8, 0));  // 2 + 5 + 8 + 4 bytes
  Bytes trailing = z;
  trailing.insert(trailing.end(), {1, 2, 3});
  EXPECT_THAT(load_error(png_of(ihdr(3, 2, 8, 0), trailing)),
              HasSubstr(": PNG image data: 3 bytes after the end of the zlib stream"));
  const Bytes cut(z.begin(), z.begin() + 12);  // inside the stored block
  EXPECT_THAT(load_error(png_of(ihdr(3, 2, 8, 0), cut)),
              HasSubstr(": PNG image data: corrupt zlib stream (ends after 5 bytes, expected 8 "
                        "for 3x2 8-bit grey)"));
  EXPECT_THAT(load_error(png_of(ihdr(3, 2, 8, 0), {0x78, 0x01, 0x07, 0xFF})),
              HasSubstr(": PNG image data: corrupt zlib stream (invalid block type)"));
}

TEST_F(PngCheck, RowFilterTypeAbove4IsRefused) {
  Bytes raw(3 * (1 + 2), 0);
  raw[6] = 5;  // row 2
  EXPECT_THAT(load_error(png_of(ihdr(2, 3, 8, 0), zlib_stored(raw))),
              HasSubstr(": PNG image data: row 2 has filter type 5 (0..4 allowed)"));
}

// --- interlaced images ------------------------------------------------------------

TEST_F(PngCheck, Adam7InterlacedDecodesLikeNonInterlaced) {
  for (const auto& [w, h] : std::vector<std::pair<int, int>>{{13, 11}, {1, 7}, {9, 1}, {16, 16}}) {
    const Bytes plain =
        png_of(ihdr(static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(h), 16, 0),
               zlib_stored(grey16_raw(w, h)));
    const Bytes adam7 =
        png_of(ihdr(static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(h), 16, 0, 1),
               zlib_stored(grey16_adam7_raw(w, h)), 2);
    if (w < 2 || h < 2) {  // a heightmap needs 2x2: the checks still pass
      EXPECT_THAT(load_error(adam7), HasSubstr("outside 2..65536")) << w << "x" << h;
      continue;
    }
    const std::vector<float> heights = heights_of(plain);
    EXPECT_EQ(heights_of(adam7), heights) << w << "x" << h;
    EXPECT_FLOAT_EQ(heights[static_cast<std::size_t>(w + 3)], static_cast<float>(sample(3, 1)));
  }
  Bytes short_raw = grey16_adam7_raw(13, 11);
  const std::size_t expected = short_raw.size();
  short_raw.pop_back();
  EXPECT_THAT(load_error(png_of(ihdr(13, 11, 16, 0, 1), zlib_stored(short_raw))),
              HasSubstr(": PNG image data: " + std::to_string(expected - 1) + " bytes, expected " +
                        std::to_string(expected) + " for 13x11 16-bit grey, Adam7 interlaced"));
}

// --- truncation -------------------------------------------------------------------

TEST_F(PngCheck, TruncationAtEveryByteIsRefused) {
  const Bytes png = png_of(ihdr(6, 5, 16, 0), zlib_stored(grey16_raw(6, 5)), 3);
  const std::vector<std::size_t> starts = chunk_starts(png);
  ASSERT_EQ(starts.size(), 5u);  // IHDR, 3 IDAT, IEND
  for (std::size_t size = 0; size < png.size(); ++size) {
    const std::string error =
        load_error(Bytes(png.begin(), png.begin() + static_cast<std::ptrdiff_t>(size)));
    if (size < 8) {
      EXPECT_THAT(error, HasSubstr(": not a PNG")) << size;
      continue;
    }
    // The chunk the cut falls in: the last one starting at or before it.
    const auto next = std::upper_bound(starts.begin(), starts.end(), size);
    const bool at_boundary = std::find(starts.begin(), starts.end(), size) != starts.end();
    if (size == 8) {
      EXPECT_THAT(error, HasSubstr(": PNG truncated: no IHDR chunk")) << size;
    } else if (at_boundary) {
      EXPECT_THAT(error, HasSubstr(": PNG truncated: no IEND chunk")) << size;
    } else {
      const std::size_t chunk = *(next - 1);
      if (size - chunk < 8) {
        EXPECT_THAT(error, HasSubstr(": PNG truncated at byte " + std::to_string(size) +
                                     " inside a chunk header"))
            << size;
      } else {
        EXPECT_THAT(error, HasSubstr(": PNG truncated at byte " + std::to_string(size) +
                                     " inside chunk " + name_at(png, chunk)))
            << size;
      }
    }
  }
}

TEST_F(PngCheck, MissingChunksAndBytesAfterIend) {
  const Bytes png = png_of(ihdr(2, 2, 8, 0), zlib_stored(Bytes(6, 0)));
  Bytes trailing = png;
  trailing.insert(trailing.end(), {0, 0, 0});
  EXPECT_THAT(load_error(trailing), HasSubstr(": PNG has 3 bytes after IEND"));

  Bytes no_idat = kSignature;
  put_chunk(no_idat, "IHDR", ihdr(2, 2, 8, 0));
  put_chunk(no_idat, "IEND", {});
  EXPECT_THAT(load_error(no_idat), HasSubstr(": PNG has no IDAT chunk"));

  Bytes split = kSignature;  // IDATs with another chunk between them
  put_chunk(split, "IHDR", ihdr(2, 2, 8, 0));
  const Bytes z = zlib_stored(Bytes(6, 0));
  put_chunk(split, "IDAT", Bytes(z.begin(), z.begin() + 4));
  put_chunk(split, "tEXt", {'k', 0, 'v'});
  put_chunk(split, "IDAT", Bytes(z.begin() + 4, z.end()));
  put_chunk(split, "IEND", {});
  EXPECT_THAT(load_error(split),
              HasSubstr(": PNG chunk IDAT at byte " + std::to_string(8 + 25 + 16 + 15) +
                        ": IDAT chunks must be consecutive"));
}

// --- the header -------------------------------------------------------------------

TEST_F(PngCheck, DimensionsOutsideTheHeightmapLimits) {
  const Bytes z = zlib_stored(Bytes(6, 0));
  EXPECT_THAT(load_error(png_of(ihdr(0, 0, 8, 0), z)),
              HasSubstr(": PNG dimensions 0x0: width and height must be at least 1"));
  EXPECT_THAT(load_error(png_of(ihdr(7, 0, 8, 0), z)),
              HasSubstr(": PNG dimensions 7x0: width and height must be at least 1"));
  EXPECT_THAT(
      load_error(png_of(ihdr(100000, 100000, 8, 0), z)),
      HasSubstr(
          ": PNG dimensions 100000x100000 exceed the heightmap limit of 65536 samples per side"));
  EXPECT_THAT(
      load_error(png_of(ihdr(65536, 65536, 16, 0), z)),
      HasSubstr(": PNG dimensions 65536x65536 exceed the heightmap limit of 268435456 samples"));
  // The header alone answers png_is_16_bit, checked just as much.
  const fs::path file = path("huge.png");
  write_file(file, png_of(ihdr(100000, 100000, 16, 0), z));
  EXPECT_THAT(error_of([&] { png_is_16_bit(file); }), HasSubstr("exceed the heightmap limit"));
}

TEST_F(PngCheck, HeaderFieldsAndOrder) {
  const Bytes z = zlib_stored(Bytes(6, 0));
  EXPECT_THAT(load_error(png_of(ihdr(2, 2, 3, 0), z)),
              HasSubstr(": PNG chunk IHDR at byte 8: bit depth 3 is not valid for colour type 0 "
                        "(grey)"));
  EXPECT_THAT(load_error(png_of(ihdr(2, 2, 8, 5), z)),
              HasSubstr(": PNG chunk IHDR at byte 8: colour type 5 is not a PNG colour type"));
  EXPECT_THAT(load_error(png_of(ihdr(2, 2, 8, 0, 2), z)),
              HasSubstr(": PNG chunk IHDR at byte 8: interlace method 2"));
  Bytes first = kSignature;
  put_chunk(first, "tEXt", {'k', 0, 'v'});
  EXPECT_THAT(load_error(first), HasSubstr(": PNG chunk tEXt at byte 8: expected IHDR here"));
  Bytes long_ihdr = kSignature;
  Bytes d = ihdr(2, 2, 8, 0);
  d.push_back(0);
  put_chunk(long_ihdr, "IHDR", d);
  EXPECT_THAT(load_error(long_ihdr),
              HasSubstr(": PNG chunk IHDR at byte 8: length 14, expected 13"));
}

TEST_F(PngCheck, UnknownCriticalChunkAndBadNamesAreQuotedPrintably) {
  Bytes png = kSignature;
  put_chunk(png, "IHDR", ihdr(2, 2, 8, 0));
  put_chunk(png, "ABCD", {1});
  EXPECT_THAT(load_error(png), HasSubstr(": PNG chunk ABCD at byte 33: unknown critical chunk"));
  Bytes odd = kSignature;
  put_chunk(odd, "IHDR", ihdr(2, 2, 8, 0));
  put_chunk(odd, std::string("\x01G\xFF\n", 4), {});
  EXPECT_THAT(load_error(odd),
              HasSubstr(": PNG chunk \"\\x01G\\xFF\\x0A\" at byte 33: bad chunk name"));
  Bytes huge = kSignature;
  put_chunk(huge, "IHDR", ihdr(2, 2, 8, 0));
  put_be32(huge, 0x80000000u);
  huge.insert(huge.end(), {'I', 'D', 'A', 'T', 0, 0, 0, 0});
  EXPECT_THAT(load_error(huge),
              HasSubstr(": PNG chunk IDAT at byte 33: length 2147483648 exceeds 2^31-1"));
}

TEST_F(PngCheck, PaletteImagesAreNamedAsSuch) {
  Bytes png = kSignature;
  put_chunk(png, "IHDR", ihdr(2, 2, 8, 3));
  put_chunk(png, "PLTE", {0, 0, 0, 255, 255, 255});
  put_chunk(png, "IDAT", zlib_stored({0, 0, 1, 0, 1, 0}));
  put_chunk(png, "IEND", {});
  EXPECT_THAT(load_error(png),
              HasSubstr(": palette PNG (colour type 3) is not a heightmap; use 8- or 16-bit grey"));
  const fs::path file = path("classes.png");
  write_file(file, png);
  EXPECT_THAT(error_of([&] {
                classes_from_image(file, 2, 2, {{"a", 1.0, false}});
              }),
              HasSubstr(file.string() + ": palette PNG (colour type 3) is not a class map"));

  Bytes no_plte = kSignature;
  put_chunk(no_plte, "IHDR", ihdr(2, 2, 8, 3));
  put_chunk(no_plte, "IDAT", zlib_stored({0, 0, 1, 0, 1, 0}));
  put_chunk(no_plte, "IEND", {});
  EXPECT_THAT(load_error(no_plte), HasSubstr(": PNG of colour type 3 (palette) has no PLTE chunk"));
}

TEST_F(PngCheck, ClassMapBelow8BitsIsRefused) {
  // 4-bit grey: stb_image would scale the indices 0..15 to 0..255.
  const fs::path file = path("classes4.png");
  write_file(file, png_of(ihdr(2, 2, 4, 0), zlib_stored({0, 0x10, 0, 0x01})));
  EXPECT_THAT(error_of([&] {
                classes_from_image(file, 2, 2, {{"a", 1.0, false}});
              }),
              HasSubstr(file.string() + ": PNG has 1 channel(s) of 4 bits; a class map must be "
                                        "8-bit"));
}

// --- names and directories --------------------------------------------------------

TEST_F(PngCheck, DirectoriesAreNamedAsSuch) {
  const fs::path dir = path(
      "a\x01"
      "dir");
  fs::create_directories(dir);
  const std::string name = path("a\\x01dir").string();
  const std::vector<std::pair<std::string, std::string>> errors = {
      {"png", error_of([&] { load_png_heightmap(dir, 1.0, 1.0); })},
      {"png_is_16_bit", error_of([&] { png_is_16_bit(dir); })},
      {"hgt", error_of([&] { load_hgt_heightmap(dir, 1.0); })},
      {"raw", error_of([&] { load_raw16_heightmap(dir, 2, 2, 1.0, 1.0); })},
      {"class image", error_of([&] {
         classes_from_image(dir, 2, 2, {{"a", 1.0, false}});
       })},
      {"map", error_of([&] { load_movingai_map(dir); })},
      {"scen", error_of([&] { load_movingai_scen(dir); })}};
  for (const auto& [what, error] : errors) {
    EXPECT_EQ(error, name + ": is a directory") << what;
  }
}

TEST_F(PngCheck, FileNamesArePrintable) {
  const fs::path file = path("h\xC3\xA9ight\t.png");
  const std::string error = error_of([&] { load_png_heightmap(file, 1.0, 1.0); });
  EXPECT_TRUE(printable_ascii(error)) << error;
  EXPECT_THAT(error, HasSubstr("h\\xC3\\xA9ight\\x09.png: cannot read file"));
  EXPECT_THAT(error, Not(HasSubstr("\t")));
}

}  // namespace
}  // namespace terranav::nav
