// Private: a PNG file checked whole in memory before stb_image sees it.
// stb_image checks no chunk CRC and no zlib Adler-32, and it has undefined
// behaviour on some malformed files (a zero-length first IDAT), so the
// loaders decode only what passed these checks, re-encoded in a canonical
// form: signature, IHDR, PLTE (palette images), tRNS, one IDAT, IEND.
#pragma once

#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

namespace terranav::nav::detail {

/// The IHDR fields that matter to a decoder.
struct PngHeader {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
  int bit_depth = 0;
  int colour_type = 0;  ///< 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA
  bool interlaced = false;
};

/// "200x50 8-bit grey", ", Adam7 interlaced" appended when it is.
std::string describe(const PngHeader& header);

/// The signature and the first chunk, which must be a valid IHDR (CRC,
/// field combinations, dimensions within the Heightmap limits). `head` may be
/// the first 33 bytes of the file only. Throws Error("<file>: ...").
PngHeader check_png_header(const std::filesystem::path& file, std::span<const unsigned char> head);

/// A whole PNG that passed check_png.
struct CheckedPng {
  PngHeader header;
  bool has_transparency = false;         ///< a tRNS chunk
  std::vector<unsigned char> canonical;  ///< the same image, for stb_image
};

/// Every chunk (length, name, CRC-32, order: IHDR first, IDATs consecutive,
/// IEND last and nothing after it), and the image data: the concatenated
/// IDATs inflate (Adler-32 checked) to exactly the size IHDR implies, every
/// row's filter type 0..4. Throws Error("<file>: ...") naming the chunk and
/// its byte offset where one is at fault.
CheckedPng check_png(const std::filesystem::path& file, std::span<const unsigned char> bytes);

}  // namespace terranav::nav::detail
