// The terrain's colours, computed on the CPU once per sample (pure): the
// main view bakes them into a texture (TerrainColour) and the minimap draws
// them, so both show the same ground.
#pragma once

#include <cstdint>
#include <vector>

#include <glm/glm.hpp>

#include "terranav/nav/heightmap.hpp"

namespace terranav::engine {

/// Towards the light, display frame (unit vector): from the north-west,
/// high (the usual hillshade).
inline const glm::vec3 kLightDir = glm::normalize(glm::vec3(-0.5f, 0.75f, -0.45f));

struct TerrainShading {
  float min_height = 0.0f;  ///< the colour ramp's ends [Units: nav metres]
  float max_height = 1.0f;
  /// Rock colour fades in from half this slope to it. [Units: rise over run]
  float max_slope = 1.0f;
  /// Display y = nav y * exaggeration: the light falls on the shown surface.
  float exaggeration = 1.0f;

  bool operator==(const TerrainShading&) const = default;
};

/// One sample's shade: rgb the ground's colour (height ramp low green →
/// peak white, rock grey towards max_slope), a the diffuse light on the
/// exaggerated surface, max(dot(normal, kLightDir), 0) in [0, 1]; drawn as
/// rgb * (kAmbient + kDiffuse * a). `gradient` is (dh/dx, dh/dz), rise over run. O(1).
glm::vec4 terrain_shade(float height, glm::vec2 gradient, const TerrainShading& shading);

/// Ambient and diffuse light weights of a drawn shade (shaders/terrain.frag).
inline constexpr float kAmbient = 0.35f;
inline constexpr float kDiffuse = 0.8f;

/// terrain_shade of every sample in `rect` (sample_gradient's slopes; rect
/// within the map), as RGBA8, row-major from (x0, z0): 4 bytes a sample
/// appended to `out`. O(rect).
void shade_samples(const nav::Heightmap& heightmap, const TerrainShading& shading,
                   nav::SampleRect rect, std::vector<std::uint8_t>& out);

}  // namespace terranav::engine
