#include "terranav/engine/render/terrain_shading.hpp"

#include <cmath>

#include <gtest/gtest.h>

namespace terranav::engine {
namespace {

const TerrainShading kShading{.min_height = 100.0f, .max_height = 300.0f, .max_slope = 0.6f};

void expect_rgb(glm::vec4 got, float r, float g, float b) {
  EXPECT_NEAR(got.r, r, 1e-6f);
  EXPECT_NEAR(got.g, g, 1e-6f);
  EXPECT_NEAR(got.b, b, 1e-6f);
}

TEST(TerrainShade, FlatGroundTakesTheRampColourOfItsHeightUnderTheFlatLight) {
  // The light (-0.5, 0.75, -0.45) normalised: a flat normal (0, 1, 0) gets its y.
  const float flat = 0.75f / std::sqrt(0.25f + 0.5625f + 0.2025f);
  const glm::vec4 low = terrain_shade(100.0f, {0.0f, 0.0f}, kShading);
  expect_rgb(low, 0.20f, 0.42f, 0.18f);
  EXPECT_NEAR(low.a, flat, 1e-6f);
  // 40% of the relief: the ramp's second stop; below the range clamps to the first.
  expect_rgb(terrain_shade(180.0f, {0.0f, 0.0f}, kShading), 0.55f, 0.60f, 0.30f);
  expect_rgb(terrain_shade(-50.0f, {0.0f, 0.0f}, kShading), 0.20f, 0.42f, 0.18f);
  expect_rgb(terrain_shade(300.0f, {0.0f, 0.0f}, kShading), 0.92f, 0.92f, 0.90f);
}

TEST(TerrainShade, RockFadesInFromHalfTheMaxSlopeToIt) {
  // Slope 0.3 = half of 0.6: no rock yet; 0.6 and steeper: all rock.
  expect_rgb(terrain_shade(100.0f, {0.3f, 0.0f}, kShading), 0.20f, 0.42f, 0.18f);
  expect_rgb(terrain_shade(100.0f, {0.0f, 0.6f}, kShading), 0.45f, 0.43f, 0.42f);
  expect_rgb(terrain_shade(100.0f, {3.0f, 4.0f}, kShading), 0.45f, 0.43f, 0.42f);
  // Half way (0.45): smoothstep 0.5, the two colours' mean.
  expect_rgb(terrain_shade(100.0f, {0.45f, 0.0f}, kShading), 0.325f, 0.425f, 0.30f);
}

TEST(TerrainShade, LightFallsOnTheExaggeratedSurface) {
  // dh/dx = 1 shown 2x exaggerated: normal (-1, 1/2, 0) / |.|, against the light.
  TerrainShading shading = kShading;
  shading.exaggeration = 2.0f;
  const glm::vec3 n = glm::normalize(glm::vec3(-1.0f, 0.5f, 0.0f));
  const glm::vec3 light = glm::normalize(glm::vec3(-0.5f, 0.75f, -0.45f));
  EXPECT_NEAR(terrain_shade(100.0f, {1.0f, 0.0f}, shading).a, glm::dot(n, light), 1e-6f);
  // Facing away from it: no diffuse light at all.
  EXPECT_EQ(terrain_shade(100.0f, {-10.0f, -10.0f}, shading).a, 0.0f);
}

TEST(TerrainShade, SamplesComeOutRowMajorAsBytes) {
  // A 3 x 2 map at min height, flat: every texel the low green and the flat light.
  const nav::Heightmap map(3, 2, 1.0, std::vector<float>(6, 100.0f));
  std::vector<std::uint8_t> out{7};
  shade_samples(map, kShading, {1, 0, 3, 2}, out);
  ASSERT_EQ(out.size(), 1u + 4u * 4u);
  const glm::vec4 s = terrain_shade(100.0f, {0.0f, 0.0f}, kShading);
  for (std::size_t k = 1; k < out.size(); k += 4) {
    EXPECT_EQ(out[k], std::lround(s.r * 255.0f));
    EXPECT_EQ(out[k + 1], std::lround(s.g * 255.0f));
    EXPECT_EQ(out[k + 2], std::lround(s.b * 255.0f));
    EXPECT_EQ(out[k + 3], std::lround(s.a * 255.0f));
  }
}

}  // namespace
}  // namespace terranav::engine
