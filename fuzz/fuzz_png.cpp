// fuzz_png: PNG heightmaps (8/16-bit, every colour type) through
// load_terrain, and the same bytes as a class image (classes_from_image).
// A refusal is nav::Error; anything else (crash, sanitizer report, leak,
// another exception) is a finding.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "fuzz_support.hpp"
#include "terranav/nav/types.hpp"
#include "terranav/terrain_io/class_image.hpp"
#include "terranav/terrain_io/heightmap_io.hpp"
#include "terranav/terrain_io/terrain_source.hpp"

namespace {

using terranav::fuzz::ScratchFile;
namespace nav = terranav::nav;

/// Big-endian uint32 at `at`, 0 past the end.
std::uint32_t be32(const std::uint8_t* data, std::size_t size, std::size_t at) {
  if (at + 4 > size) return 0;
  return std::uint32_t{data[at]} << 24 | std::uint32_t{data[at + 1]} << 16 |
         std::uint32_t{data[at + 2]} << 8 | std::uint32_t{data[at + 3]};
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // No .terrain sidecar sits beside it: its name is this harness's own.
  static const ScratchFile file("png-heightmap.png");
  file.write(data, size);

  try {
    const nav::Terrain terrain = nav::load_terrain({.map = file.path()});
    FUZZ_CHECK(terrain.heightmap.width() >= 2 && terrain.heightmap.depth() >= 2);
    FUZZ_CHECK(terrain.blocked.empty());
  } catch (const nav::Error&) {
  }
  try {
    (void)nav::png_is_16_bit(file.path());
  } catch (const nav::Error&) {
  }

  // As a class image: the IHDR's size (when small) as the expected tiles,
  // so the reader gets past the size check to the pixel values.
  const std::uint32_t width = be32(data, size, 16);
  const std::uint32_t height = be32(data, size, 20);
  const int tiles_wide = width > 0 && width <= 4096 ? static_cast<int>(width) : 4;
  const int tiles_deep = height > 0 && height <= 4096 ? static_cast<int>(height) : 4;
  std::vector<nav::TerrainClass> table = {
      {.name = "grass"}, {.name = "mud", .multiplier = 2.5}, {.name = "rock", .impassable = true}};
  try {
    const nav::ClassMap classes =
        nav::classes_from_image(file.path(), tiles_wide, tiles_deep, table);
    FUZZ_CHECK(classes.tile_class.size() ==
               static_cast<std::size_t>(tiles_wide) * static_cast<std::size_t>(tiles_deep));
  } catch (const nav::Error&) {
  }
  return 0;
}
