// Procedural heightmaps: seeded fractal Brownian motion (fBm) noise from
// Debian's libnoise (Perlin module), as in the seed's random maps.
#pragma once

#include <cstdint>

#include "terranav/nav/heightmap.hpp"

namespace terranav::nav {

struct ProceduralConfig {
  /// Samples per side. [Limits: kProceduralSizeLimit, 2..16384]
  int size = 1025;
  std::uint32_t seed = 1;
  /// Horizontal spacing. [Units: metres] [Limits: kSpacingLimit]
  double spacing_m = 1.0;
  /// Heights span [0, relief_m]; 0 = the default below. [Units: metres]
  /// [Limits: kHeightScaleLimit, which the default must meet too]
  double relief_m = 0.0;
  /// fBm octaves (libnoise Perlin). [Limits: kOctavesLimit, 1..30]
  int octaves = 6;
  /// Features per map side of the base octave. [Limits: kFrequencyLimit]
  double frequency = 4.0;
  /// Passes of a 3x3 box blur after generation. [Limits: kSmoothingLimit, 0..1000]
  int smoothing_passes = 0;
};

/// A size x size heightmap; same config, same heights on every machine.
/// relief_m = 0 picks a default that puts roughly a fifth of the
/// reference-model edges over the default max slope (0.6) at tile size 1:
/// 0.13 * (size - 1) * spacing_m metres, measured for the default octaves and
/// frequency without smoothing (1025^2: 14-24 % by seed; 2049^2 at t = 2 the
/// same; smaller maps and smoothing give fewer). Sample (x, z) is the fBm at
/// (x, z) * frequency / size, then smoothed, then scaled to [0, relief_m].
/// Throws Error ("procedural terrain: <field>: must be in ...") for a config
/// outside its limits (limits.hpp).
/// O(size^2 * (octaves + smoothing_passes)).
Heightmap procedural_heightmap(const ProceduralConfig& config);

}  // namespace terranav::nav
