#include "terranav/terrain_io/procedural.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <libnoise/module/perlin.h>

namespace terranav::nav {
namespace {

// Default relief per metre of extent (see the header for the measured edge
// shares). The fBm is sampled at x / size, so slopes scale with relief /
// extent whatever the size: 2049^2 at t = 2 sees the slopes of 1025^2 at t = 1.
constexpr double kDefaultReliefPerExtent = 0.13;

[[noreturn]] void fail(const std::string& problem) {
  throw Error("procedural terrain: " + problem);
}

// The largest square heightmap within kMaxHeightmapSamples.
constexpr int kMaxSize = 16384;
static_assert(std::size_t{kMaxSize} * kMaxSize == kMaxHeightmapSamples);

void validate(const ProceduralConfig& c) {
  if (c.size < 2 || c.size > kMaxSize) {
    fail("size " + std::to_string(c.size) + " outside 2.." + std::to_string(kMaxSize) +
         " samples per side");
  }
  if (!std::isfinite(c.spacing_m) || c.spacing_m <= 0.0) {
    fail("spacing " + std::to_string(c.spacing_m) + " m must be finite and > 0");
  }
  if (!std::isfinite(c.relief_m)) {
    fail("relief must be finite (<= 0 picks the default)");
  }
  if (c.octaves < 1 || c.octaves > noise::module::PERLIN_MAX_OCTAVE) {
    fail("octaves " + std::to_string(c.octaves) + " outside 1.." +
         std::to_string(noise::module::PERLIN_MAX_OCTAVE));
  }
  if (!std::isfinite(c.frequency) || c.frequency <= 0.0) {
    fail("frequency " + std::to_string(c.frequency) + " must be finite and > 0");
  }
  if (c.smoothing_passes < 0) {
    fail("smoothing passes " + std::to_string(c.smoothing_passes) + " must be >= 0");
  }
}

// One 3x3 box blur pass; samples beyond the border repeat the edge.
void box_blur(std::vector<double>& h, int size) {
  const std::vector<double> src = h;
  const auto at = [&](int x, int z) {
    x = std::clamp(x, 0, size - 1);
    z = std::clamp(z, 0, size - 1);
    return src[static_cast<std::size_t>(z) * static_cast<std::size_t>(size) +
               static_cast<std::size_t>(x)];
  };
  for (int z = 0; z < size; ++z) {
    for (int x = 0; x < size; ++x) {
      double sum = 0.0;
      for (int dz = -1; dz <= 1; ++dz) {
        for (int dx = -1; dx <= 1; ++dx) {
          sum += at(x + dx, z + dz);
        }
      }
      h[static_cast<std::size_t>(z) * static_cast<std::size_t>(size) +
        static_cast<std::size_t>(x)] = sum / 9.0;
    }
  }
}

}  // namespace

Heightmap procedural_heightmap(const ProceduralConfig& config) {
  validate(config);
  const int size = config.size;
  noise::module::Perlin perlin;
  perlin.SetSeed(static_cast<int>(config.seed));
  perlin.SetOctaveCount(config.octaves);
  perlin.SetPersistence(0.5);
  perlin.SetLacunarity(2.0);
  perlin.SetFrequency(1.0);
  const double scale = config.frequency / size;
  std::vector<double> h(static_cast<std::size_t>(size) * static_cast<std::size_t>(size));
  for (int z = 0; z < size; ++z) {
    for (int x = 0; x < size; ++x) {
      // The plane y = 0.5 keeps the base octave off lattice points, where
      // gradient noise is 0: lattice-aligned samples would all be flat.
      h[static_cast<std::size_t>(z) * static_cast<std::size_t>(size) +
        static_cast<std::size_t>(x)] = perlin.GetValue(x * scale, 0.5, z * scale);
    }
  }
  for (int pass = 0; pass < config.smoothing_passes; ++pass) {
    box_blur(h, size);
  }
  const double relief = config.relief_m > 0.0
                            ? config.relief_m
                            : kDefaultReliefPerExtent * (size - 1) * config.spacing_m;
  const auto [lo, hi] = std::minmax_element(h.begin(), h.end());
  const double low = *lo;
  const double span = *hi - low;
  std::vector<float> heights(h.size());
  std::transform(h.begin(), h.end(), heights.begin(), [&](double v) {
    return span > 0.0 ? static_cast<float>((v - low) / span * relief) : 0.0f;
  });
  return Heightmap(size, size, config.spacing_m, std::move(heights));
}

}  // namespace terranav::nav
