// fuzz_raw: headerless 16-bit RAW heightmaps (.raw / .r16). The input's
// first bytes are the request (width, depth, extension, and optionally
// spacing and height scale), so the fuzzer explores the size checks too;
// the rest is the file.
//   [0..4)  width, int32 little-endian     [4..8) depth, int32 little-endian
//   [8]     bit 0: .r16 instead of .raw; bit 1: call load_raw16_heightmap with
//           [9..17) spacing and [17..25) height scale (doubles) instead of
//           load_terrain
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "fuzz_support.hpp"
#include "terranav/nav/types.hpp"
#include "terranav/terrain_io/heightmap_io.hpp"
#include "terranav/terrain_io/terrain_source.hpp"

namespace {

namespace nav = terranav::nav;

template <typename T>
T take(const std::uint8_t*& data, std::size_t& size) {
  T value{};
  const std::size_t n = size < sizeof(T) ? size : sizeof(T);
  if (n > 0) std::memcpy(&value, data, n);
  data += n;
  size -= n;
  return value;
}

void check(const nav::Heightmap& heights, int width, int depth) {
  FUZZ_CHECK(heights.width() == width && heights.depth() == depth);
  FUZZ_CHECK(std::isfinite(heights.min_height()) && std::isfinite(heights.max_height()));
  FUZZ_CHECK(heights.min_height() <= heights.max_height());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const terranav::fuzz::ScratchFile raw("heights.raw");
  static const terranav::fuzz::ScratchFile r16("heights.r16");
  const auto width = take<std::int32_t>(data, size);
  const auto depth = take<std::int32_t>(data, size);
  const auto mode = take<std::uint8_t>(data, size);
  const terranav::fuzz::ScratchFile& file = (mode & 1) != 0 ? r16 : raw;
  try {
    if ((mode & 2) != 0) {
      const auto spacing = take<double>(data, size);
      const auto height_scale = take<double>(data, size);
      file.write(data, size);
      check(nav::load_raw16_heightmap(file.path(), width, depth, spacing, height_scale), width,
            depth);
    } else {
      file.write(data, size);
      const nav::Terrain terrain =
          nav::load_terrain({.map = file.path(), .raw_width = width, .raw_depth = depth});
      check(terrain.heightmap, width, depth);
    }
  } catch (const nav::Error&) {
  }
  return 0;
}
