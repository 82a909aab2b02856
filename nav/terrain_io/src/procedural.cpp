#include "terranav/terrain_io/procedural.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <libnoise/module/perlin.h>

#include "number_text.hpp"
#include "terranav/nav/limits.hpp"

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
static_assert(std::size_t{16384} * 16384 == kMaxHeightmapSamples);
static_assert(kProceduralSizeLimit.max == 16384);

double default_relief(const ProceduralConfig& c) noexcept {
  return kDefaultReliefPerExtent * (c.size - 1) * c.spacing_m;
}

void check(const Limit& limit, double value, std::string_view name) {
  if (!within(limit, value)) fail(std::string(name) + ": " + limit_problem(limit, value));
}

void validate(const ProceduralConfig& c) {
  check(kProceduralSizeLimit, c.size, "size");
  check(kSpacingLimit, c.spacing_m, "spacing_m");
  if (c.relief_m != 0.0) {
    check(kHeightScaleLimit, c.relief_m, "relief_m");
  } else if (!within(kHeightScaleLimit, default_relief(c))) {
    fail("relief_m 0 picks 0.13 * (size - 1) * spacing_m, which " +
         limit_problem(kHeightScaleLimit, default_relief(c)) + "; give relief_m");
  }
  check(kOctavesLimit, c.octaves, "octaves");
  check(kFrequencyLimit, c.frequency, "frequency");
  check(kSmoothingLimit, c.smoothing_passes, "smoothing_passes");
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
  const double relief = config.relief_m > 0.0 ? config.relief_m : default_relief(config);
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
