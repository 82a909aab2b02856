#version 330 core
// Terrain colour: the baked shade (TerrainColour: height ramp and rock in
// rgb, the diffuse light in a), filtered bilinearly from one texel per
// sample, so colour and light show full detail whatever the geometry's level;
// the tile overlay's tint (nav/debug_draw.hpp's tile field: walkability,
// sets, ...) goes under the light.
in vec3 v_nav_position;

uniform float u_tile_metres;
uniform ivec2 u_tiles;            // tile overlay's tiles wide, deep; 0 = no overlay
uniform sampler2D u_tile_overlay; // RGBA8 per tile: rgb tint, a its strength
uniform sampler2D u_colour;       // RGBA8 per sample: terrain_shade
uniform float u_spacing;          // metres between samples
uniform vec2 u_light;             // kAmbient, kDiffuse (terrain_shading.hpp)

out vec4 frag_colour;

void main() {
  vec2 texel = (v_nav_position.xz / u_spacing + 0.5) / vec2(textureSize(u_colour, 0));
  vec4 shade = texture(u_colour, texel);
  vec3 base = shade.rgb;
  if (u_tiles.x > 0) {  // uniform: no per-fragment work without an overlay
    ivec2 tile = ivec2(floor(v_nav_position.xz / u_tile_metres));
    if (all(greaterThanEqual(tile, ivec2(0))) && all(lessThan(tile, u_tiles))) {
      vec4 tint = texelFetch(u_tile_overlay, tile, 0);
      base = mix(base, tint.rgb, tint.a);
    }
  }
  frag_colour = vec4(base * (u_light.x + u_light.y * shade.a), 1.0);
}
