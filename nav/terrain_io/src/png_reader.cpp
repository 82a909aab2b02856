#include "png_reader.hpp"

// stb_image compiled into this file, its functions static: no libstb to link
// (so none in the installed package's link interface) and no stbi_* symbols
// to clash with a program that brings its own stb.
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#include <stb_image.h>

#include <algorithm>
#include <array>
#include <climits>
#include <fstream>
#include <system_error>
#include <utility>

#include "png_check.hpp"
#include "terranav/nav/printable_text.hpp"
#include "terranav/nav/types.hpp"

namespace terranav::nav::detail {
namespace {

constexpr std::array<unsigned char, 8> kPngSignature = {0x89, 'P',  'N',  'G',
                                                        '\r', '\n', 0x1A, '\n'};

std::string stb_reason() {
  const char* reason = stbi_failure_reason();
  return printable_text(reason != nullptr && *reason != '\0' ? reason : "unknown reason");
}

// stb_image's channel count for an image as stored: a tRNS chunk adds alpha.
int channels_of(const PngHeader& header, bool has_transparency) {
  switch (header.colour_type) {
    case 0:
      return has_transparency ? 2 : 1;
    case 4:
      return 2;
    case 6:
      return 4;
    default:  // RGB, palette
      return has_transparency ? 4 : 3;
  }
}

}  // namespace

void fail(const std::filesystem::path& file, const std::string& problem) {
  throw Error(printable_text(file.string()) + ": " + problem);
}

std::uintmax_t file_size_of(const std::filesystem::path& file) {
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) {
    fail(file, "is a directory");
  }
  const std::uintmax_t size = std::filesystem::file_size(file, ec);
  if (ec) {
    fail(file, "cannot read file (" + ec.message() + ")");
  }
  return size;
}

std::vector<unsigned char> read_bytes(const std::filesystem::path& file, std::uintmax_t size) {
  std::vector<unsigned char> bytes(static_cast<std::size_t>(size));
  std::ifstream in(file, std::ios::binary);
  if (!in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size))) {
    fail(file, "read failed after " + std::to_string(in.gcount()) + " of " + std::to_string(size) +
                   " bytes");
  }
  return bytes;
}

void check_png_signature(const std::filesystem::path& file, std::span<const unsigned char> bytes) {
  if (bytes.size() < kPngSignature.size() ||
      !std::equal(kPngSignature.begin(), kPngSignature.end(), bytes.begin())) {
    fail(file, "not a PNG file (bad signature)");
  }
}

bool png_header_is_16_bit(const std::filesystem::path& file) {
  file_size_of(file);                    // a missing file is named as such
  std::array<unsigned char, 33> head{};  // signature + IHDR chunk
  std::ifstream in(file, std::ios::binary);
  in.read(reinterpret_cast<char*>(head.data()), static_cast<std::streamsize>(head.size()));
  const auto got = static_cast<std::size_t>(in.gcount());
  return check_png_header(file, std::span(head.data(), got)).bit_depth == 16;
}

void StbFree::operator()(void* p) const noexcept {
  stbi_image_free(p);
}

EncodedPng::EncodedPng(std::filesystem::path file) : file_(std::move(file)) {
  const std::uintmax_t size = file_size_of(file_);
  if (size > static_cast<std::uintmax_t>(INT_MAX)) {
    fail(file_, "PNG of " + std::to_string(size) + " bytes is too large to decode");
  }
  CheckedPng png = check_png(file_, read_bytes(file_, size));
  bytes_ = std::move(png.canonical);
  width_ = static_cast<int>(png.header.width);  // within the Heightmap limits
  height_ = static_cast<int>(png.header.height);
  bit_depth_ = png.header.bit_depth;
  colour_type_ = png.header.colour_type;
  channels_ = channels_of(png.header, png.has_transparency);
}

std::unique_ptr<unsigned char[], StbFree> EncodedPng::decode_8() const {
  int w = 0;
  int h = 0;
  int c = 0;
  std::unique_ptr<unsigned char[], StbFree> pixels(
      stbi_load_from_memory(bytes_.data(), static_cast<int>(bytes_.size()), &w, &h, &c, 0));
  if (!pixels) {
    fail(file_, "PNG decoding failed (" + stb_reason() + ")");
  }
  return pixels;
}

std::unique_ptr<std::uint16_t[], StbFree> EncodedPng::decode_16() const {
  int w = 0;
  int h = 0;
  int c = 0;
  std::unique_ptr<std::uint16_t[], StbFree> pixels(
      stbi_load_16_from_memory(bytes_.data(), static_cast<int>(bytes_.size()), &w, &h, &c, 0));
  if (!pixels) {
    fail(file_, "PNG decoding failed (" + stb_reason() + ")");
  }
  return pixels;
}

}  // namespace terranav::nav::detail
