// fuzz_hgt: SRTM .hgt tiles through load_terrain (voids an error) and
// load_hgt_heightmap (voids filled). The loader judges the file size, so most
// inputs are refused at once; tools/fuzz.sh adds a generated 1201 x 1201 seed
// so the sample loop and the void filling are reached too.
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "fuzz_support.hpp"
#include "terranav/nav/types.hpp"
#include "terranav/terrain_io/heightmap_io.hpp"
#include "terranav/terrain_io/terrain_source.hpp"

namespace {

namespace nav = terranav::nav;

void check(const nav::Heightmap& heights) {
  FUZZ_CHECK((heights.width() == 1201 && heights.depth() == 1201) ||
             (heights.width() == 3601 && heights.depth() == 3601));
  FUZZ_CHECK(std::isfinite(heights.min_height()) && std::isfinite(heights.max_height()));
  FUZZ_CHECK(heights.min_height() >= -32767.0f && heights.max_height() <= 32767.0f);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const terranav::fuzz::ScratchFile file("tile.hgt");
  file.write(data, size);
  try {
    const nav::Terrain terrain = nav::load_terrain({.map = file.path()});
    check(terrain.heightmap);
  } catch (const nav::Error&) {
  }
  // Only a file of a tile's size gets further than the size check.
  if (size == 2u * 1201u * 1201u || size == 2u * 3601u * 3601u) {
    try {
      check(nav::load_hgt_heightmap(file.path(), 30.0, nav::HgtVoids::Fill));
    } catch (const nav::Error&) {
    }
  }
  return 0;
}
