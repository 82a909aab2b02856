// Deterministic random heightmaps for property tests: smooth hills plus
// per-sample noise, so a fraction of edges exceed the max slope.
#pragma once

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "terranav/nav/heightmap.hpp"

namespace terranav::test {

/// width x depth samples at spacing_m; heights in [0, relief_m] from a few
/// random sinusoids plus uniform noise of +-noise_m. Same seed, same map.
inline nav::Heightmap random_heightmap(int width, int depth, double spacing_m, double relief_m,
                                       double noise_m, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  struct Wave {
    double fx, fz, phase, amp;
  };
  std::vector<Wave> waves;
  for (int k = 0; k < 4; ++k) {
    waves.push_back({unit(rng) * 0.3, unit(rng) * 0.3, unit(rng) * 6.283, unit(rng)});
  }
  std::vector<float> h(static_cast<std::size_t>(width) * static_cast<std::size_t>(depth));
  for (int z = 0; z < depth; ++z) {
    for (int x = 0; x < width; ++x) {
      double v = 0.0;
      for (const Wave& w : waves) v += w.amp * (1.0 + std::sin(w.fx * x + w.fz * z + w.phase));
      v = v / 8.0 * relief_m + (unit(rng) * 2.0 - 1.0) * noise_m;
      h[static_cast<std::size_t>(z) * static_cast<std::size_t>(width) +
        static_cast<std::size_t>(x)] = static_cast<float>(v);
    }
  }
  return nav::Heightmap(width, depth, spacing_m, std::move(h));
}

}  // namespace terranav::test
