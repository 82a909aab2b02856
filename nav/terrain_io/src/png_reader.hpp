// Private file-reading helpers shared by the nav loaders (heightmaps, class
// maps): whole-file reads and PNG decoding with stb_image, every failure an
// Error naming the file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace terranav::nav::detail {

/// Throws Error("<file>: <problem>"), the file name through printable_text.
[[noreturn]] void fail(const std::filesystem::path& file, const std::string& problem);

/// Size in bytes; a missing or unreadable file, or a directory, is an Error
/// naming it.
std::uintmax_t file_size_of(const std::filesystem::path& file);

/// The first `size` bytes of the file (normally all of it).
std::vector<unsigned char> read_bytes(const std::filesystem::path& file, std::uintmax_t size);

/// Throws unless `bytes` starts with the 8-byte PNG signature.
void check_png_signature(const std::filesystem::path& file, std::span<const unsigned char> bytes);

/// True iff the PNG holds 16-bit samples; reads only the signature and the
/// IHDR chunk. Throws for a missing file, a bad signature or a bad IHDR.
bool png_header_is_16_bit(const std::filesystem::path& file);

/// Frees pixels that stb_image allocated.
struct StbFree {
  void operator()(void* p) const noexcept;
};

/// A PNG read into memory and checked whole (check_png: chunks, CRCs, image
/// data); decoding is a separate step so callers can reject a header before
/// allocating pixels.
class EncodedPng {
 public:
  /// Throws Error naming the file for a missing/unreadable file, more than
  /// INT_MAX bytes, or anything check_png refuses.
  explicit EncodedPng(std::filesystem::path file);

  const std::filesystem::path& file() const noexcept { return file_; }
  int width() const noexcept { return width_; }
  int height() const noexcept { return height_; }
  /// Channels as decoded (1 = grey, 2 = grey + alpha, 3/4 = colour or
  /// palette; a tRNS chunk adds alpha).
  int channels() const noexcept { return channels_; }
  /// Bits per sample (palette: per index): 1, 2, 4, 8 or 16.
  int bit_depth() const noexcept { return bit_depth_; }
  bool is_16_bit() const noexcept { return bit_depth_ == 16; }
  /// IHDR colour type: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA.
  int colour_type() const noexcept { return colour_type_; }
  bool is_palette() const noexcept { return colour_type_ == 3; }

  /// width * height * channels samples, row-major. Use the one matching
  /// is_16_bit() (the other converts). Throws Error for corrupt data.
  std::unique_ptr<unsigned char[], StbFree> decode_8() const;
  std::unique_ptr<std::uint16_t[], StbFree> decode_16() const;

 private:
  std::filesystem::path file_;
  std::vector<unsigned char> bytes_;  // the canonical copy (check_png)
  int width_ = 0;
  int height_ = 0;
  int channels_ = 0;
  int bit_depth_ = 0;
  int colour_type_ = 0;
};

}  // namespace terranav::nav::detail
