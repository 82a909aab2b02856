// fuzz_sidecar: the `.terrain` sidecar (key = value lines) that load_terrain
// reads beside a map file X.png / X.raw / X.r16 / X.map as X.terrain. A small
// valid map is written once; the input is
//   [0]  bits 0-1: the map (0 .raw 4x3, 1 .png 5x4 8-bit, 2 Moving AI .map,
//        3 .r16 4x3); bit 2: the request overrides spacing_m (2.0); bit 3:
//        the request overrides tile_size (1)
//   [1..] the sidecar's text
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "fuzz_support.hpp"
#include "terranav/nav/types.hpp"
#include "terranav/terrain_io/terrain_source.hpp"

namespace {

namespace nav = terranav::nav;
using terranav::fuzz::ScratchFile;

// 5 x 4 8-bit grayscale (fuzz/make_seeds.py png(5, 4, 8, 0, seed=3)).
constexpr std::array<std::uint8_t, 89> kPng = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44,
    0x52, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x04, 0x08, 0x00, 0x00, 0x00, 0x00, 0x63,
    0x58, 0xaa, 0x9c, 0x00, 0x00, 0x00, 0x20, 0x49, 0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0x08,
    0x3e, 0x5c, 0x5b, 0xd1, 0xc7, 0xb0, 0xc5, 0x77, 0xbb, 0x87, 0x3e, 0x43, 0xae, 0x9b, 0xad,
    0xe4, 0x53, 0x86, 0x02, 0x15, 0x9f, 0xdd, 0x0b, 0x00, 0x6e, 0x9f, 0x08, 0xf2, 0xea, 0x18,
    0xd1, 0x63, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};

// 4 x 3 little-endian uint16 samples.
constexpr std::array<std::uint8_t, 24> kRaw = {0,    0,    0x10, 0,    0x20, 0, 0x30, 0,
                                               0,    1,    0x10, 1,    0x20, 1, 0x30, 1,
                                               0xff, 0xff, 0,    0x80, 1,    0, 2,    0};

constexpr std::string_view kMap = "type octile\nheight 3\nwidth 4\nmap\n.@..\n....\n.T.G\n";

/// The map files, each written once, with the sidecar name beside it.
struct Maps {
  ScratchFile raw{"sidecar-map.raw"};
  ScratchFile png{"sidecar-map.png"};
  ScratchFile movingai{"sidecar-map.map"};
  ScratchFile r16{"sidecar-map.r16"};
  ScratchFile sidecar{"sidecar-map.terrain"};
  Maps() {
    raw.write(kRaw.data(), kRaw.size());
    png.write(kPng.data(), kPng.size());
    movingai.write(kMap);
    r16.write(kRaw.data(), kRaw.size());
  }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Maps maps;
  if (size == 0) return 0;
  const std::uint8_t mode = data[0];
  maps.sidecar.write(data + 1, size - 1);
  const std::array<const ScratchFile*, 4> files = {&maps.raw, &maps.png, &maps.movingai, &maps.r16};
  nav::TerrainRequest request{.map = files[mode & 3]->path()};
  if ((mode & 4) != 0) request.spacing_m = 2.0;
  if ((mode & 8) != 0) request.tile_size = 1;
  try {
    const nav::Terrain terrain = nav::load_terrain(request);
    const nav::Heightmap& heights = terrain.heightmap;
    FUZZ_CHECK(std::isfinite(heights.spacing()) && heights.spacing() > 0.0);
    FUZZ_CHECK(std::isfinite(heights.min_height()) && std::isfinite(heights.max_height()));
    FUZZ_CHECK(terrain.tile_size >= 1 &&
               terrain.tile_size <= std::min(heights.width(), heights.depth()) - 1);
    if ((mode & 4) != 0 && (mode & 3) != 2) FUZZ_CHECK(heights.spacing() == 2.0);
  } catch (const nav::Error&) {
  }
  return 0;
}
