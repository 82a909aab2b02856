// Pixel checks shared by the GL tests.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>

#include <glm/glm.hpp>

namespace terranav::test {

/// Whether an RGBA8 pixel shows `colour` (linear 0..1, written as is) within
/// `tolerance` steps of 255 in each of red, green and blue.
inline bool near_colour(const std::array<std::uint8_t, 4>& pixel, glm::vec3 colour, int tolerance) {
  for (int c = 0; c < 3; ++c) {
    const int expected = static_cast<int>(std::lround(colour[c] * 255.0f));
    if (std::abs(pixel[static_cast<std::size_t>(c)] - expected) > tolerance) return false;
  }
  return true;
}

}  // namespace terranav::test
