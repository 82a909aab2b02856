// Random numbers the same on every standard library, for the commands that
// draw queries and edits from a seed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>

namespace terranav::navcli {

/// Uniform in [0, n), n > 0, from a 64-bit engine by modulo: the same
/// numbers on every standard library (std::uniform_int_distribution is not
/// specified exactly); the bias, n / 2^64, is negligible for tile counts.
inline std::uint32_t draw(std::mt19937_64& rng, std::size_t n) {
  return static_cast<std::uint32_t>(rng() % n);
}

/// Uniform in [0, 1) with 53 random bits, the same everywhere.
inline double draw_unit(std::mt19937_64& rng) {
  return static_cast<double>(rng() >> 11) * 0x1.0p-53;
}

}  // namespace terranav::navcli
