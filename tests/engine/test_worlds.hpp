// A small hand-built world for engine tests: 33 x 33 samples, 10 m apart,
// flat at 0 m, tile size 1 (32 x 32 tiles), with
//   - tile column i = 24 blocked (tiles i > 24 form a second connected set),
//   - a 40 m block under the four corners of tile (8, 20): that tile's
//     centre is 40 m high, its neighbours' 20 / 10 m, so every slope from it
//     (>= 1.4) exceeds 0.6: unwalkable.
#pragma once

#include <cstdint>
#include <vector>

#include "terranav/terrain_io/terrain_source.hpp"

namespace terranav::test {

inline constexpr int kSamples = 33;
inline constexpr int kTiles = 32;
inline constexpr double kSpacing = 10.0;
inline constexpr nav::TileCoord kSpikeTile{8, 20};
inline constexpr int kWallColumn = 24;

inline nav::Terrain small_terrain() {
  std::vector<float> heights(static_cast<std::size_t>(kSamples * kSamples), 0.0f);
  for (int z = kSpikeTile.j; z <= kSpikeTile.j + 1; ++z) {
    for (int x = kSpikeTile.i; x <= kSpikeTile.i + 1; ++x) {
      heights[static_cast<std::size_t>(z * kSamples + x)] = 40.0f;
    }
  }
  std::vector<std::uint8_t> blocked(static_cast<std::size_t>(kTiles * kTiles), 0);
  for (int j = 0; j < kTiles; ++j) blocked[static_cast<std::size_t>(j * kTiles + kWallColumn)] = 1;
  return {nav::Heightmap(kSamples, kSamples, kSpacing, std::move(heights)), 1, std::move(blocked)};
}

}  // namespace terranav::test
