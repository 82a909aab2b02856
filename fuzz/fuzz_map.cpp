// fuzz_map: Moving AI .map files through load_movingai_map and load_terrain
// (a flat (W+1) x (H+1) heightmap with the non-passable cells blocked).
#include <cstddef>
#include <cstdint>

#include "fuzz_support.hpp"
#include "terranav/nav/types.hpp"
#include "terranav/terrain_io/movingai.hpp"
#include "terranav/terrain_io/terrain_source.hpp"

namespace nav = terranav::nav;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const terranav::fuzz::ScratchFile file("grid.map");
  file.write(data, size);
  nav::GridMap map;
  try {
    map = nav::load_movingai_map(file.path());
  } catch (const nav::Error&) {
    return 0;
  }
  FUZZ_CHECK(map.width >= 1 && map.height >= 1);
  FUZZ_CHECK(map.passable.size() ==
             static_cast<std::size_t>(map.width) * static_cast<std::size_t>(map.height));
  for (const std::uint8_t p : map.passable) FUZZ_CHECK(p <= 1);
  try {
    const nav::Terrain terrain = nav::load_terrain({.map = file.path()});
    FUZZ_CHECK(terrain.heightmap.width() == map.width + 1);
    FUZZ_CHECK(terrain.heightmap.depth() == map.height + 1);
    FUZZ_CHECK(terrain.blocked.size() == map.passable.size());
    for (std::size_t k = 0; k < map.passable.size(); ++k) {
      FUZZ_CHECK((terrain.blocked[k] != 0) == (map.passable[k] == 0));
    }
  } catch (const nav::Error&) {
    // A map load_movingai_map accepts may still be refused as a terrain
    // (e.g. 1 x 1 cells: no tile to build); not a finding by itself.
  }
  return 0;
}
