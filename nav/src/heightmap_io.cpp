#include "terranav/nav/heightmap_io.hpp"

#include <stb_image.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <memory>
#include <span>
#include <string>
#include <system_error>
#include <vector>

namespace terranav::nav {
namespace {

constexpr std::array<unsigned char, 8> kPngSignature = {0x89, 'P',  'N',  'G',
                                                        '\r', '\n', 0x1A, '\n'};
constexpr int kHgtSide3 = 1201;  // 3 arc-second tile
constexpr int kHgtSide1 = 3601;  // 1 arc-second tile
constexpr std::int16_t kHgtVoid = -32768;

std::string name_of(const std::filesystem::path& file) {
  return file.string();
}

[[noreturn]] void fail(const std::filesystem::path& file, const std::string& problem) {
  throw Error(name_of(file) + ": " + problem);
}

void check_positive(const std::filesystem::path& file, const char* what, double value) {
  if (!std::isfinite(value) || value <= 0.0) {
    fail(file, std::string(what) + " " + std::to_string(value) + " must be finite and > 0");
  }
}

// The Heightmap limits, checked before anything is decoded or allocated.
void check_dimensions(const std::filesystem::path& file, int width, int depth) {
  const std::string dims = std::to_string(width) + "x" + std::to_string(depth);
  if (width < 2 || depth < 2 || width > kMaxHeightmapDimension || depth > kMaxHeightmapDimension) {
    fail(file, "dimensions " + dims + " outside 2.." + std::to_string(kMaxHeightmapDimension) +
                   " samples per side");
  }
  if (static_cast<std::size_t>(width) * static_cast<std::size_t>(depth) > kMaxHeightmapSamples) {
    fail(file, dims + " samples exceed the limit of " + std::to_string(kMaxHeightmapSamples));
  }
}

std::uintmax_t file_size_of(const std::filesystem::path& file) {
  std::error_code ec;
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

std::vector<unsigned char> read_png_bytes(const std::filesystem::path& file) {
  const std::uintmax_t size = file_size_of(file);
  if (size > static_cast<std::uintmax_t>(INT_MAX)) {
    fail(file, "PNG of " + std::to_string(size) + " bytes is too large to decode");
  }
  std::vector<unsigned char> bytes = read_bytes(file, size);
  check_png_signature(file, bytes);
  return bytes;
}

std::string stb_reason() {
  const char* reason = stbi_failure_reason();
  return reason != nullptr && *reason != '\0' ? reason : "unknown reason";
}

struct StbFree {
  void operator()(void* p) const noexcept { stbi_image_free(p); }
};

// The Heightmap's own checks, reported against the file.
Heightmap make_heightmap(const std::filesystem::path& file, int width, int depth, double spacing_m,
                         std::vector<float> heights) {
  try {
    return Heightmap(width, depth, spacing_m, std::move(heights));
  } catch (const Error& e) {
    fail(file, e.what());
  }
}

template <typename Sample>
std::vector<float> scale_samples(const Sample* samples, std::size_t count, double max_value,
                                 double height_scale_m) {
  std::vector<float> heights(count);
  const double metres_per_value = height_scale_m / max_value;
  for (std::size_t k = 0; k < count; ++k) {
    heights[k] = static_cast<float>(samples[k] * metres_per_value);
  }
  return heights;
}

// Fills voids layer by layer, outward from the valid samples: a void at
// Chebyshev distance L from valid data gets the mean of its neighbours at
// distance < L. Same result as repeating "fill every void that has a non-void
// neighbour" until none is left, in O(W * D).
void fill_voids(std::vector<float>& heights, std::vector<std::int32_t>& layer, int side) {
  const auto for_neighbours = [side](std::size_t k, auto&& visit) {
    const int x = static_cast<int>(k % static_cast<std::size_t>(side));
    const int z = static_cast<int>(k / static_cast<std::size_t>(side));
    for (int dz = -1; dz <= 1; ++dz) {
      for (int dx = -1; dx <= 1; ++dx) {
        const int nx = x + dx;
        const int nz = z + dz;
        if ((dx != 0 || dz != 0) && nx >= 0 && nz >= 0 && nx < side && nz < side) {
          visit(static_cast<std::size_t>(nz) * static_cast<std::size_t>(side) +
                static_cast<std::size_t>(nx));
        }
      }
    }
  };
  std::vector<std::size_t> queue;
  for (std::size_t k = 0; k < layer.size(); ++k) {
    if (layer[k] < 0) {
      bool touches_valid = false;
      for_neighbours(k, [&](std::size_t n) { touches_valid = touches_valid || layer[n] == 0; });
      if (touches_valid) {
        layer[k] = 1;
        queue.push_back(k);
      }
    }
  }
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::size_t k = queue[head];
    double sum = 0.0;
    int count = 0;
    for_neighbours(k, [&](std::size_t n) {
      if (layer[n] >= 0 && layer[n] < layer[k]) {
        sum += heights[n];
        ++count;
      } else if (layer[n] < 0) {
        layer[n] = layer[k] + 1;
        queue.push_back(n);
      }
    });
    heights[k] = static_cast<float>(sum / count);
  }
}

}  // namespace

bool png_is_16_bit(const std::filesystem::path& file) {
  file_size_of(file);                    // a missing file is named as such
  std::array<unsigned char, 33> head{};  // signature + IHDR chunk
  std::ifstream in(file, std::ios::binary);
  in.read(reinterpret_cast<char*>(head.data()), static_cast<std::streamsize>(head.size()));
  const auto got = static_cast<std::size_t>(in.gcount());
  check_png_signature(file, std::span(head.data(), got));
  return stbi_is_16_bit_from_memory(head.data(), static_cast<int>(got)) != 0;
}

Heightmap load_png_heightmap(const std::filesystem::path& file, double spacing_m,
                             double height_scale_m) {
  check_positive(file, "spacing", spacing_m);
  check_positive(file, "height scale", height_scale_m);
  const std::vector<unsigned char> bytes = read_png_bytes(file);
  const int length = static_cast<int>(bytes.size());

  int width = 0;
  int depth = 0;
  int channels = 0;
  if (stbi_info_from_memory(bytes.data(), length, &width, &depth, &channels) == 0) {
    fail(file, "unreadable PNG header (" + stb_reason() + ")");
  }
  if (channels != 1) {
    fail(file, "PNG has " + std::to_string(channels) +
                   " channels; a heightmap must be 1-channel grayscale");
  }
  check_dimensions(file, width, depth);

  const std::size_t count = static_cast<std::size_t>(width) * static_cast<std::size_t>(depth);
  int w = 0;
  int d = 0;
  int c = 0;
  std::vector<float> heights;
  if (stbi_is_16_bit_from_memory(bytes.data(), length) != 0) {
    const std::unique_ptr<stbi_us, StbFree> pixels(
        stbi_load_16_from_memory(bytes.data(), length, &w, &d, &c, 0));
    if (!pixels) {
      fail(file, "corrupt or truncated PNG (" + stb_reason() + ")");
    }
    heights = scale_samples(pixels.get(), count, 65535.0, height_scale_m);
  } else {
    const std::unique_ptr<stbi_uc, StbFree> pixels(
        stbi_load_from_memory(bytes.data(), length, &w, &d, &c, 0));
    if (!pixels) {
      fail(file, "corrupt or truncated PNG (" + stb_reason() + ")");
    }
    heights = scale_samples(pixels.get(), count, 255.0, height_scale_m);
  }
  return make_heightmap(file, width, depth, spacing_m, std::move(heights));
}

Heightmap load_hgt_heightmap(const std::filesystem::path& file, double spacing_m, HgtVoids voids) {
  check_positive(file, "spacing", spacing_m);
  const std::uintmax_t size = file_size_of(file);
  const auto tile_bytes = [](int side) {
    return static_cast<std::uintmax_t>(side) * static_cast<std::uintmax_t>(side) * 2u;
  };
  int side = 0;
  if (size == tile_bytes(kHgtSide3)) {
    side = kHgtSide3;
  } else if (size == tile_bytes(kHgtSide1)) {
    side = kHgtSide1;
  } else {
    fail(file, "size " + std::to_string(size) + " bytes is neither a 1201x1201 (" +
                   std::to_string(tile_bytes(kHgtSide3)) + " bytes) nor a 3601x3601 (" +
                   std::to_string(tile_bytes(kHgtSide1)) + " bytes) SRTM tile");
  }
  const std::vector<unsigned char> bytes = read_bytes(file, size);

  const std::size_t count = static_cast<std::size_t>(side) * static_cast<std::size_t>(side);
  std::vector<float> heights(count);
  std::vector<std::int32_t> layer(count, 0);  // 0 = valid sample, -1 = void
  std::size_t void_count = 0;
  std::size_t first_void = 0;
  for (std::size_t k = 0; k < count; ++k) {
    const auto value = static_cast<std::int16_t>(
        static_cast<std::uint16_t>((bytes[2 * k] << 8) | bytes[2 * k + 1]));
    if (value == kHgtVoid) {
      first_void = void_count == 0 ? k : first_void;
      ++void_count;
      layer[k] = -1;
    } else {
      heights[k] = value;
    }
  }
  if (void_count == count) {
    fail(file, "every sample is void (-32768)");
  }
  if (void_count > 0) {
    if (voids == HgtVoids::Error) {
      fail(file, std::to_string(void_count) + " void samples (-32768), the first at row " +
                     std::to_string(first_void / static_cast<std::size_t>(side)) + ", column " +
                     std::to_string(first_void % static_cast<std::size_t>(side)));
    }
    fill_voids(heights, layer, side);
  }
  return make_heightmap(file, side, side, spacing_m, std::move(heights));
}

Heightmap load_raw16_heightmap(const std::filesystem::path& file, int width, int depth,
                               double spacing_m, double height_scale_m) {
  check_positive(file, "spacing", spacing_m);
  check_positive(file, "height scale", height_scale_m);
  check_dimensions(file, width, depth);
  const std::size_t count = static_cast<std::size_t>(width) * static_cast<std::size_t>(depth);
  const std::uintmax_t expected = static_cast<std::uintmax_t>(count) * 2u;
  const std::uintmax_t size = file_size_of(file);
  if (size != expected) {
    fail(file, "size " + std::to_string(size) + " bytes, but " + std::to_string(width) + "x" +
                   std::to_string(depth) + " 16-bit samples need " + std::to_string(expected) +
                   " bytes");
  }
  const std::vector<unsigned char> bytes = read_bytes(file, size);
  std::vector<float> heights(count);
  const double metres_per_value = height_scale_m / 65535.0;
  for (std::size_t k = 0; k < count; ++k) {
    heights[k] = static_cast<float>((bytes[2 * k] | (bytes[2 * k + 1] << 8)) * metres_per_value);
  }
  return make_heightmap(file, width, depth, spacing_m, std::move(heights));
}

}  // namespace terranav::nav
