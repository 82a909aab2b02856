#version 330 core
// Terrain colour: the baked shade (TerrainColour: height ramp and rock in
// rgb, the diffuse light in a), filtered bilinearly from one texel per
// sample, so colour and light show full detail whatever the geometry's level.
// Compiled with TILE_OVERLAY, the tile overlay's tint (nav/debug_draw.hpp's
// tile field: walkability, sets, ...) goes under the light; the renderer
// uses that variant only where a tile is tinted, since on a software
// renderer (llvmpipe shades 4 x 4 blocks, most of them for triangles of a
// few pixels) the tint's fetch and branch cost a fifth of the frame.
in vec3 v_nav_position;

uniform sampler2D u_colour;       // RGBA8 per sample: terrain_shade
uniform float u_spacing;          // metres between samples
uniform vec2 u_light;             // kAmbient, kDiffuse (terrain_shading.hpp)
#ifdef TILE_OVERLAY
uniform float u_tile_metres;
uniform ivec2 u_tiles;            // tile overlay's tiles wide, deep
uniform sampler2D u_tile_overlay; // RGBA8 per tile: rgb tint, a its strength
#endif

out vec4 frag_colour;

void main() {
  vec2 texel = (v_nav_position.xz / u_spacing + 0.5) / vec2(textureSize(u_colour, 0));
  vec4 shade = texture(u_colour, texel);
  vec3 base = shade.rgb;
#ifdef TILE_OVERLAY
  ivec2 tile = ivec2(floor(v_nav_position.xz / u_tile_metres));
  if (all(greaterThanEqual(tile, ivec2(0))) && all(lessThan(tile, u_tiles))) {
    vec4 tint = texelFetch(u_tile_overlay, tile, 0);
    base = mix(base, tint.rgb, tint.a);
  }
#endif
  frag_colour = vec4(base * (u_light.x + u_light.y * shade.a), 1.0);
}
