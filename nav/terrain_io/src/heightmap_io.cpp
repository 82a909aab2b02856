#include "terranav/terrain_io/heightmap_io.hpp"

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "heightmap_support.hpp"
#include "png_reader.hpp"
#include "terranav/nav/limits.hpp"

namespace terranav::nav {
namespace {

using detail::check_dimensions;
using detail::fail;
using detail::file_size_of;
using detail::make_heightmap;
using detail::read_bytes;

constexpr int kHgtSide3 = 1201;  // 3 arc-second tile
constexpr int kHgtSide1 = 3601;  // 1 arc-second tile
constexpr std::int16_t kHgtVoid = -32768;

void check(const std::filesystem::path& file, const Limit& limit, double value) {
  if (!within(limit, value))
    fail(file, std::string(limit.name) + ": " + limit_problem(limit, value));
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

}  // namespace

namespace detail {

void fill_voids(std::vector<float>& heights, std::vector<std::int32_t>& layer, int width,
                int depth) {
  const auto for_neighbours = [width, depth](std::size_t k, auto&& visit) {
    const int x = static_cast<int>(k % static_cast<std::size_t>(width));
    const int z = static_cast<int>(k / static_cast<std::size_t>(width));
    for (int dz = -1; dz <= 1; ++dz) {
      for (int dx = -1; dx <= 1; ++dx) {
        const int nx = x + dx;
        const int nz = z + dz;
        if ((dx != 0 || dz != 0) && nx >= 0 && nz >= 0 && nx < width && nz < depth) {
          visit(static_cast<std::size_t>(nz) * static_cast<std::size_t>(width) +
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

Heightmap make_heightmap(const std::filesystem::path& file, int width, int depth, double spacing_m,
                         std::vector<float> heights) {
  try {
    return Heightmap(width, depth, spacing_m, std::move(heights));
  } catch (const Error& e) {
    fail(file, e.what());
  }
}

std::size_t check_voids(const std::filesystem::path& file, const std::vector<std::int32_t>& layer,
                        int width, HgtVoids voids, const std::string& kind,
                        const std::string& value) {
  std::size_t void_count = 0;
  std::size_t first_void = 0;
  for (std::size_t k = layer.size(); k-- > 0;) {
    if (layer[k] < 0) {
      first_void = k;
      ++void_count;
    }
  }
  if (void_count == layer.size()) {
    fail(file, "every sample is " + kind + " (" + value + ")");
  }
  if (void_count > 0 && voids == HgtVoids::Error) {
    const auto w = static_cast<std::size_t>(width);
    fail(file, std::to_string(void_count) + " " + kind + " samples (" + value +
                   "), the first at row " + std::to_string(first_void / w) + ", column " +
                   std::to_string(first_void % w) +
                   "; --nodata fill fills them from their neighbours, --nodata block also "
                   "blocks their tiles");
  }
  return void_count;
}

std::vector<std::uint8_t> void_mask(const std::vector<std::int32_t>& layer) {
  std::vector<std::uint8_t> mask(layer.size());
  for (std::size_t k = 0; k < layer.size(); ++k) mask[k] = layer[k] != 0 ? 1 : 0;
  return mask;
}

FilledHeightmap load_hgt(const std::filesystem::path& file, double spacing_m, HgtVoids voids) {
  check(file, kSpacingLimit, spacing_m);
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
  for (std::size_t k = 0; k < count; ++k) {
    const auto value = static_cast<std::int16_t>(
        static_cast<std::uint16_t>((bytes[2 * k] << 8) | bytes[2 * k + 1]));
    if (value == kHgtVoid) {
      layer[k] = -1;
    } else {
      heights[k] = value;
    }
  }
  std::vector<std::uint8_t> mask;
  if (check_voids(file, layer, side, voids, "void", "-32768") > 0) {
    fill_voids(heights, layer, side, side);
    mask = void_mask(layer);
  }
  return {make_heightmap(file, side, side, spacing_m, std::move(heights)), std::move(mask)};
}

}  // namespace detail

bool png_is_16_bit(const std::filesystem::path& file) {
  return detail::png_header_is_16_bit(file);
}

Heightmap load_png_heightmap(const std::filesystem::path& file, double spacing_m,
                             double height_scale_m) {
  check(file, kSpacingLimit, spacing_m);
  check(file, kHeightScaleLimit, height_scale_m);
  const detail::EncodedPng png(file);
  if (png.is_palette()) {
    fail(file, "palette PNG (colour type 3) is not a heightmap; use 8- or 16-bit grey");
  }
  if (png.channels() != 1) {
    fail(file, "PNG has " + std::to_string(png.channels()) +
                   " channels; a heightmap must be 1-channel grayscale");
  }
  const int width = png.width();
  const int depth = png.height();
  check_dimensions(file, width, depth);

  const std::size_t count = static_cast<std::size_t>(width) * static_cast<std::size_t>(depth);
  std::vector<float> heights =
      png.is_16_bit() ? scale_samples(png.decode_16().get(), count, 65535.0, height_scale_m)
                      : scale_samples(png.decode_8().get(), count, 255.0, height_scale_m);
  return make_heightmap(file, width, depth, spacing_m, std::move(heights));
}

Heightmap load_hgt_heightmap(const std::filesystem::path& file, double spacing_m, HgtVoids voids) {
  return detail::load_hgt(file, spacing_m, voids).heightmap;
}

Heightmap load_raw16_heightmap(const std::filesystem::path& file, int width, int depth,
                               double spacing_m, double height_scale_m) {
  check(file, kSpacingLimit, spacing_m);
  check(file, kHeightScaleLimit, height_scale_m);
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
