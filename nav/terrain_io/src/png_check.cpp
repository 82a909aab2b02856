#include "png_check.hpp"

#include <zlib.h>

#include <array>
#include <cstddef>
#include <cstdio>
#include <memory>
#include <string_view>

#include "png_reader.hpp"
#include "terranav/nav/heightmap.hpp"
#include "terranav/nav/printable_text.hpp"

namespace terranav::nav::detail {
namespace {

constexpr std::size_t kSignatureSize = 8;
constexpr std::uint32_t kMaxChunkLength = 0x7FFFFFFFu;  // PNG: at most 2^31 - 1
constexpr std::size_t kChunkOverhead = 12;              // length, name, CRC

std::uint32_t be32(const unsigned char* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
         std::uint32_t{p[3]};
}

void put_be32(std::vector<unsigned char>& out, std::uint32_t v) {
  out.push_back(static_cast<unsigned char>(v >> 24));
  out.push_back(static_cast<unsigned char>(v >> 16));
  out.push_back(static_cast<unsigned char>(v >> 8));
  out.push_back(static_cast<unsigned char>(v));
}

std::string hex32(std::uint32_t v) {
  std::array<char, 11> text{};
  std::snprintf(text.data(), text.size(), "0x%08X", static_cast<unsigned>(v));
  return text.data();
}

// zlib's CRC-32 of `size` bytes (a chunk's name and data: < 2^32 bytes).
std::uint32_t crc_of(const unsigned char* data, std::size_t size, uLong crc = 0) {
  return static_cast<std::uint32_t>(::crc32(crc, data, static_cast<uInt>(size)));
}

bool is_letter(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

// One chunk, its CRC checked.
struct Chunk {
  std::size_t offset = 0;  // of its length field
  std::string name;        // 4 ASCII letters
  std::span<const unsigned char> data;
  std::span<const unsigned char> whole;  // length field to CRC

  bool is(std::string_view n) const { return name == n; }
  std::string where() const { return "PNG chunk " + name + " at byte " + std::to_string(offset); }
};

[[noreturn]] void chunk_fail(const std::filesystem::path& file, const Chunk& chunk,
                             const std::string& problem) {
  fail(file, chunk.where() + ": " + problem);
}

// The chunk starting at `offset` (< bytes.size()): its name, length, bytes
// present and CRC checked. `expected_length`, when given, is checked before
// truncation so that a header-only read reports a wrong IHDR length as such.
Chunk read_chunk(const std::filesystem::path& file, std::span<const unsigned char> bytes,
                 std::size_t offset, const char* expected_name = nullptr,
                 std::uint32_t expected_length = 0) {
  const std::size_t left = bytes.size() - offset;
  if (left < 8) {
    fail(file, "PNG truncated at byte " + std::to_string(bytes.size()) + " inside a chunk header");
  }
  Chunk chunk;
  chunk.offset = offset;
  const unsigned char* p = bytes.data() + offset;
  const std::uint32_t length = be32(p);
  chunk.name.assign(reinterpret_cast<const char*>(p + 4), 4);
  for (int k = 4; k < 8; ++k) {
    if (!is_letter(p[k])) {
      fail(file, "PNG chunk \"" + printable_text(chunk.name) + "\" at byte " +
                     std::to_string(offset) + ": bad chunk name (not 4 ASCII letters)");
    }
  }
  if (expected_name != nullptr) {
    if (!chunk.is(expected_name)) {
      chunk_fail(file, chunk, std::string("expected ") + expected_name + " here");
    }
    if (length != expected_length) {
      chunk_fail(
          file, chunk,
          "length " + std::to_string(length) + ", expected " + std::to_string(expected_length));
    }
  }
  if (length > kMaxChunkLength) {
    chunk_fail(file, chunk, "length " + std::to_string(length) + " exceeds 2^31-1");
  }
  if (left < kChunkOverhead + length) {
    fail(file,
         "PNG truncated at byte " + std::to_string(bytes.size()) + " inside chunk " + chunk.name);
  }
  chunk.data = bytes.subspan(offset + 8, length);
  chunk.whole = bytes.subspan(offset, kChunkOverhead + length);
  const std::uint32_t stored = be32(p + 8 + length);
  const std::uint32_t computed = crc_of(p + 4, 4 + std::size_t{length});
  if (stored != computed) {
    chunk_fail(file, chunk,
               "CRC mismatch (stored " + hex32(stored) + ", computed " + hex32(computed) + ")");
  }
  return chunk;
}

const char* colour_name(int colour_type) {
  switch (colour_type) {
    case 0:
      return "grey";
    case 2:
      return "RGB";
    case 3:
      return "palette";
    case 4:
      return "grey+alpha";
    case 6:
      return "RGBA";
    default:
      return "unknown";
  }
}

int samples_per_pixel(int colour_type) {
  switch (colour_type) {
    case 2:
      return 3;
    case 4:
      return 2;
    case 6:
      return 4;
    default:
      return 1;  // grey, palette index
  }
}

bool valid_bit_depth(int colour_type, int bit_depth) {
  switch (colour_type) {
    case 0:
      return bit_depth == 1 || bit_depth == 2 || bit_depth == 4 || bit_depth == 8 ||
             bit_depth == 16;
    case 3:
      return bit_depth == 1 || bit_depth == 2 || bit_depth == 4 || bit_depth == 8;
    case 2:
    case 4:
    case 6:
      return bit_depth == 8 || bit_depth == 16;
    default:
      return false;
  }
}

PngHeader parse_ihdr(const std::filesystem::path& file, const Chunk& ihdr) {
  const unsigned char* d = ihdr.data.data();
  PngHeader header;
  header.width = be32(d);
  header.height = be32(d + 4);
  header.bit_depth = d[8];
  header.colour_type = d[9];
  const std::string dims = std::to_string(header.width) + "x" + std::to_string(header.height);
  if (header.colour_type != 0 && header.colour_type != 2 && header.colour_type != 3 &&
      header.colour_type != 4 && header.colour_type != 6) {
    chunk_fail(file, ihdr,
               "colour type " + std::to_string(header.colour_type) +
                   " is not a PNG colour type (0, 2, 3, 4 or 6)");
  }
  if (!valid_bit_depth(header.colour_type, header.bit_depth)) {
    chunk_fail(file, ihdr,
               "bit depth " + std::to_string(header.bit_depth) + " is not valid for colour type " +
                   std::to_string(header.colour_type) + " (" + colour_name(header.colour_type) +
                   ")");
  }
  if (d[10] != 0) {
    chunk_fail(file, ihdr, "compression method " + std::to_string(d[10]) + " is not 0 (deflate)");
  }
  if (d[11] != 0) {
    chunk_fail(file, ihdr, "filter method " + std::to_string(d[11]) + " is not 0 (adaptive)");
  }
  if (d[12] > 1) {
    chunk_fail(file, ihdr,
               "interlace method " + std::to_string(d[12]) + " is not 0 (none) or 1 (Adam7)");
  }
  header.interlaced = d[12] == 1;
  if (header.width == 0 || header.height == 0) {
    fail(file, "PNG dimensions " + dims + ": width and height must be at least 1");
  }
  const auto max_side = static_cast<std::uint32_t>(kMaxHeightmapDimension);
  if (header.width > max_side || header.height > max_side) {
    fail(file, "PNG dimensions " + dims + " exceed the heightmap limit of " +
                   std::to_string(kMaxHeightmapDimension) + " samples per side");
  }
  if (std::uint64_t{header.width} * header.height > kMaxHeightmapSamples) {
    fail(file, "PNG dimensions " + dims + " exceed the heightmap limit of " +
                   std::to_string(kMaxHeightmapSamples) + " samples");
  }
  return header;
}

// Rows of the filtered image data: one pass, or Adam7's seven (empty passes
// have no rows), each row a filter-type byte and the row's bytes.
struct Pass {
  std::uint64_t rows = 0;
  std::uint64_t row_bytes = 0;  // without the filter byte
};

std::vector<Pass> passes_of(const PngHeader& h) {
  const std::uint64_t bits = static_cast<std::uint64_t>(h.bit_depth) *
                             static_cast<std::uint64_t>(samples_per_pixel(h.colour_type));
  const auto pass = [&](std::uint64_t w, std::uint64_t rows) {
    return Pass{rows, (w * bits + 7) / 8};
  };
  if (!h.interlaced) {
    return {pass(h.width, h.height)};
  }
  struct Adam7 {
    std::uint32_t x0, y0, dx, dy;
  };
  static constexpr std::array<Adam7, 7> kAdam7 = {{{0, 0, 8, 8},
                                                   {4, 0, 8, 8},
                                                   {0, 4, 4, 8},
                                                   {2, 0, 4, 4},
                                                   {0, 2, 2, 4},
                                                   {1, 0, 2, 2},
                                                   {0, 1, 1, 2}}};
  std::vector<Pass> passes;
  for (const Adam7& a : kAdam7) {
    const std::uint64_t w = h.width > a.x0 ? (h.width - a.x0 + a.dx - 1) / a.dx : 0;
    const std::uint64_t rows = h.height > a.y0 ? (h.height - a.y0 + a.dy - 1) / a.dy : 0;
    if (w > 0 && rows > 0) {
      passes.push_back(pass(w, rows));
    }
  }
  return passes;
}

// Inflates the image data into a scratch buffer, keeping nothing: the zlib
// stream must be intact (Adler-32 included), end, and hold exactly the bytes
// the header implies, every row starting with a filter type 0..4.
void check_image_data(const std::filesystem::path& file, const PngHeader& header,
                      std::span<const unsigned char> zdata) {
  const std::vector<Pass> passes = passes_of(header);
  std::uint64_t expected = 0;
  for (const Pass& p : passes) {
    expected += p.rows * (1 + p.row_bytes);
  }
  const std::string what = " for " + describe(header);

  z_stream z{};
  if (inflateInit(&z) != Z_OK) {
    fail(file, "PNG image data: zlib could not start inflating");
  }
  const std::unique_ptr<z_stream, int (*)(z_stream*)> end(&z, inflateEnd);
  z.next_in = const_cast<Bytef*>(zdata.data());  // zlib's API is not const
  z.avail_in = static_cast<uInt>(zdata.size());  // the IDATs of a file < 2^31 bytes

  std::vector<unsigned char> scratch(std::size_t{1} << 16);
  std::uint64_t produced = 0;
  std::size_t pass = 0;
  std::uint64_t row = 0;
  std::uint64_t next_filter = 0;  // offset of the next row's filter byte
  int rc = Z_OK;
  while (rc != Z_STREAM_END) {
    z.next_out = scratch.data();
    z.avail_out = static_cast<uInt>(scratch.size());
    rc = inflate(&z, Z_NO_FLUSH);
    if (rc == Z_DATA_ERROR || rc == Z_NEED_DICT) {
      const std::string reason = z.msg != nullptr ? z.msg : "preset dictionary";
      fail(file, reason == "incorrect data check"
                     ? std::string("PNG image data: zlib Adler-32 mismatch")
                     : "PNG image data: corrupt zlib stream (" + printable_text(reason) + ")");
    }
    if (rc == Z_BUF_ERROR) {  // no progress: the input ended inside the stream
      fail(file, "PNG image data: corrupt zlib stream (ends after " + std::to_string(produced) +
                     " bytes, expected " + std::to_string(expected) + what + ")");
    }
    if (rc != Z_OK && rc != Z_STREAM_END) {
      fail(file, "PNG image data: zlib error " + std::to_string(rc));
    }
    const std::uint64_t got = scratch.size() - z.avail_out;
    if (produced + got > expected) {
      fail(file, "PNG image data: more than " + std::to_string(expected) + " bytes, expected " +
                     std::to_string(expected) + what);
    }
    for (; next_filter < produced + got; ++row) {
      if (row == passes[pass].rows) {
        ++pass;
        row = 0;
      }
      const unsigned char filter = scratch[static_cast<std::size_t>(next_filter - produced)];
      if (filter > 4) {
        fail(file, "PNG image data: " +
                       (header.interlaced ? "pass " + std::to_string(pass + 1) + " " : "") +
                       "row " + std::to_string(row) + " has filter type " + std::to_string(filter) +
                       " (0..4 allowed)");
      }
      next_filter += 1 + passes[pass].row_bytes;
    }
    produced += got;
  }
  if (produced != expected) {
    fail(file, "PNG image data: " + std::to_string(produced) + " bytes, expected " +
                   std::to_string(expected) + what);
  }
  if (z.avail_in != 0) {
    fail(file, "PNG image data: " + std::to_string(z.avail_in) +
                   " bytes after the end of the zlib stream");
  }
}

void append(std::vector<unsigned char>& out, std::span<const unsigned char> bytes) {
  out.insert(out.end(), bytes.begin(), bytes.end());
}

}  // namespace

std::string describe(const PngHeader& header) {
  return std::to_string(header.width) + "x" + std::to_string(header.height) + " " +
         std::to_string(header.bit_depth) + "-bit " + colour_name(header.colour_type) +
         (header.interlaced ? ", Adam7 interlaced" : "");
}

PngHeader check_png_header(const std::filesystem::path& file, std::span<const unsigned char> head) {
  check_png_signature(file, head);
  if (head.size() == kSignatureSize) {
    fail(file, "PNG truncated: no IHDR chunk");
  }
  return parse_ihdr(file, read_chunk(file, head, kSignatureSize, "IHDR", 13));
}

CheckedPng check_png(const std::filesystem::path& file, std::span<const unsigned char> bytes) {
  CheckedPng png;
  png.header = check_png_header(file, bytes);
  const Chunk ihdr = read_chunk(file, bytes, kSignatureSize);
  const int colour = png.header.colour_type;

  std::span<const unsigned char> plte;
  std::span<const unsigned char> trns;
  std::size_t palette_entries = 0;
  std::vector<Chunk> idats;
  bool idats_closed = false;  // a chunk other than IDAT followed them
  bool seen_iend = false;
  std::size_t offset = ihdr.offset + ihdr.whole.size();
  while (offset < bytes.size() && !seen_iend) {
    const Chunk chunk = read_chunk(file, bytes, offset);
    offset += chunk.whole.size();
    if (!idats.empty() && !chunk.is("IDAT")) {
      idats_closed = true;
    }
    if (chunk.is("IDAT")) {
      if (idats_closed) {
        chunk_fail(file, chunk, "IDAT chunks must be consecutive");
      }
      idats.push_back(chunk);
    } else if (chunk.is("IEND")) {
      if (!chunk.data.empty()) {
        chunk_fail(file, chunk, "length " + std::to_string(chunk.data.size()) + ", expected 0");
      }
      seen_iend = true;
    } else if (chunk.is("IHDR")) {
      chunk_fail(file, chunk, "a second IHDR");
    } else if (chunk.is("PLTE")) {
      if (colour == 0 || colour == 4) {
        chunk_fail(file, chunk, std::string("not allowed in a ") + colour_name(colour) + " image");
      }
      if (!plte.empty()) {
        chunk_fail(file, chunk, "a second PLTE");
      }
      if (!idats.empty() || !trns.empty()) {
        chunk_fail(file, chunk, "PLTE must come before tRNS and IDAT");
      }
      const std::size_t n = chunk.data.size();
      if (n == 0 || n % 3 != 0 || n > 3 * 256) {
        chunk_fail(file, chunk, "length " + std::to_string(n) + " is not 3..768 in steps of 3");
      }
      palette_entries = n / 3;
      if (colour == 3 && palette_entries > (std::size_t{1} << png.header.bit_depth)) {
        chunk_fail(file, chunk,
                   std::to_string(palette_entries) + " entries, more than a " +
                       std::to_string(png.header.bit_depth) + "-bit index can reach");
      }
      plte = chunk.whole;
    } else if (chunk.is("tRNS")) {
      const std::size_t n = chunk.data.size();
      if (colour == 4 || colour == 6) {
        chunk_fail(file, chunk, std::string("not allowed in a ") + colour_name(colour) + " image");
      }
      if (!trns.empty()) {
        chunk_fail(file, chunk, "a second tRNS");
      }
      if (!idats.empty()) {
        chunk_fail(file, chunk, "tRNS must come before IDAT");
      }
      if (colour == 3 && plte.empty()) {
        chunk_fail(file, chunk, "tRNS must come after PLTE");
      }
      const std::size_t allowed = colour == 0 ? 2 : colour == 2 ? 6 : palette_entries;
      if (colour == 3 ? n == 0 || n > allowed : n != allowed) {
        chunk_fail(file, chunk,
                   "length " + std::to_string(n) +
                       (colour == 3 ? ", expected 1.." : ", expected ") + std::to_string(allowed));
      }
      trns = chunk.whole;
    } else if (chunk.name[0] >= 'A' && chunk.name[0] <= 'Z') {
      chunk_fail(file, chunk, "unknown critical chunk");
    }
    // Other ancillary chunks (text, gamma, ...) are skipped: nothing here reads them.
  }
  if (!seen_iend) {
    fail(file, "PNG truncated: no IEND chunk");
  }
  if (offset < bytes.size()) {
    fail(file, "PNG has " + std::to_string(bytes.size() - offset) + " bytes after IEND");
  }
  if (idats.empty()) {
    fail(file, "PNG has no IDAT chunk");
  }
  if (colour == 3 && plte.empty()) {
    fail(file, "PNG of colour type 3 (palette) has no PLTE chunk");
  }

  // The canonical copy: one IDAT holding all the image data, so stb_image
  // never meets a zero-length chunk.
  std::size_t data_size = 0;
  for (const Chunk& c : idats) {
    data_size += c.data.size();
  }
  std::vector<unsigned char>& out = png.canonical;
  out.reserve(kSignatureSize + ihdr.whole.size() + (colour == 3 ? plte.size() : 0) + trns.size() +
              data_size + 2 * kChunkOverhead);
  append(out, bytes.first(kSignatureSize));
  append(out, ihdr.whole);
  if (colour == 3) {
    append(out, plte);  // a suggested palette of an RGB image is not needed
  }
  append(out, trns);
  png.has_transparency = !trns.empty();
  put_be32(out, static_cast<std::uint32_t>(data_size));
  const std::size_t idat_name = out.size();
  append(out, std::span(reinterpret_cast<const unsigned char*>("IDAT"), 4));
  for (const Chunk& c : idats) {
    append(out, c.data);
  }
  check_image_data(file, png.header, std::span(out).subspan(idat_name + 4, data_size));
  put_be32(out, crc_of(out.data() + idat_name, 4 + data_size));
  static constexpr std::array<unsigned char, kChunkOverhead> kIend = {
      0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xAE, 0x42, 0x60, 0x82};
  append(out, kIend);
  return png;
}

}  // namespace terranav::nav::detail
