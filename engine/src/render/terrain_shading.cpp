#include "terranav/engine/render/terrain_shading.hpp"

#include <algorithm>
#include <cmath>

#include "terranav/engine/render/terrain_mesh.hpp"

namespace terranav::engine {
namespace {

glm::vec3 height_colour(float t) {
  const glm::vec3 low(0.20f, 0.42f, 0.18f);
  const glm::vec3 mid(0.55f, 0.60f, 0.30f);
  const glm::vec3 high(0.50f, 0.40f, 0.28f);
  const glm::vec3 peak(0.92f, 0.92f, 0.90f);
  if (t < 0.4f) return glm::mix(low, mid, t / 0.4f);
  if (t < 0.8f) return glm::mix(mid, high, (t - 0.4f) / 0.4f);
  return glm::mix(high, peak, (t - 0.8f) / 0.2f);
}

std::uint8_t to_byte(float v) {
  return static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
}

}  // namespace

glm::vec4 terrain_shade(float height, glm::vec2 gradient, const TerrainShading& shading) {
  const float range = std::max(shading.max_height - shading.min_height, 1e-3f);
  const float t = std::clamp((height - shading.min_height) / range, 0.0f, 1.0f);
  const float slope = glm::length(gradient);
  const glm::vec3 rock(0.45f, 0.43f, 0.42f);
  const glm::vec3 base = glm::mix(
      height_colour(t), rock, glm::smoothstep(0.5f * shading.max_slope, shading.max_slope, slope));
  // The normal of the exaggerated surface: inverse transpose of diag(1, e, 1).
  const glm::vec3 shown =
      glm::normalize(glm::vec3(-gradient.x, 1.0f / shading.exaggeration, -gradient.y));
  return {base, std::max(glm::dot(shown, kLightDir), 0.0f)};
}

void shade_samples(const nav::Heightmap& heightmap, const TerrainShading& shading,
                   nav::SampleRect rect, std::vector<std::uint8_t>& out) {
  for (int z = rect.z0; z < rect.z1; ++z) {
    for (int x = rect.x0; x < rect.x1; ++x) {
      const glm::vec4 s =
          terrain_shade(heightmap.at(x, z), sample_gradient(heightmap, x, z), shading);
      out.insert(out.end(), {to_byte(s.r), to_byte(s.g), to_byte(s.b), to_byte(s.a)});
    }
  }
}

}  // namespace terranav::engine
