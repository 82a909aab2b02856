#version 330 core
// Terrain colour: height ramp, rock on steep slopes, the tile overlay's tint
// (nav/debug_draw.hpp's tile field: walkability, sets, ...), directional light.
// With u_from_gradients (level of detail, terrain_lod.vert) the height and
// the normal come from the full-resolution height and gradient textures at
// the fragment, filtered bilinearly (one fetch each, where the full mesh's
// triangles would take three), so colour and light show full detail
// whatever the geometry's level.
in vec3 v_nav_position;
in vec3 v_nav_normal;

uniform float u_exaggeration;    // display y = nav y * u_exaggeration
uniform vec3 u_light_dir;        // display frame, unit vector towards the light
uniform vec2 u_height_range;     // min, max height, nav metres
uniform float u_max_slope;       // rise over run
uniform float u_tile_metres;
uniform ivec2 u_tiles;            // tile overlay's tiles wide, deep; 0 = no overlay
uniform sampler2D u_tile_overlay; // RGBA8 per tile: rgb tint, a its strength
uniform int u_from_gradients;     // 1: height from u_heights, normal from u_gradients
uniform sampler2D u_heights;      // R32F, nav metres per sample
uniform sampler2D u_gradients;    // RG16F (dh/dx, dh/dz) per sample
uniform float u_spacing;          // metres between samples

out vec4 frag_colour;

vec3 height_colour(float t) {
  const vec3 low = vec3(0.20, 0.42, 0.18);
  const vec3 mid = vec3(0.55, 0.60, 0.30);
  const vec3 high = vec3(0.50, 0.40, 0.28);
  const vec3 peak = vec3(0.92, 0.92, 0.90);
  if (t < 0.4) return mix(low, mid, t / 0.4);
  if (t < 0.8) return mix(mid, high, (t - 0.4) / 0.4);
  return mix(high, peak, (t - 0.8) / 0.2);
}

void main() {
  vec3 n = v_nav_normal;
  float y = v_nav_position.y;
  if (u_from_gradients == 1) {
    vec2 texel = (v_nav_position.xz / u_spacing + 0.5) / vec2(textureSize(u_gradients, 0));
    vec2 g = texture(u_gradients, texel).rg;
    n = vec3(-g.x, 1.0, -g.y);
    y = texture(u_heights, texel).r;
  }
  n = normalize(n);
  float slope = length(n.xz) / max(n.y, 1e-4);
  float range = max(u_height_range.y - u_height_range.x, 1e-3);
  float t = clamp((y - u_height_range.x) / range, 0.0, 1.0);
  vec3 base = height_colour(t);
  base = mix(base, vec3(0.45, 0.43, 0.42), smoothstep(0.5 * u_max_slope, u_max_slope, slope));

  if (u_tiles.x > 0) {  // uniform: no per-fragment work without an overlay
    ivec2 tile = ivec2(floor(v_nav_position.xz / u_tile_metres));
    if (all(greaterThanEqual(tile, ivec2(0))) && all(lessThan(tile, u_tiles))) {
      vec4 tint = texelFetch(u_tile_overlay, tile, 0);
      base = mix(base, tint.rgb, tint.a);
    }
  }

  // The normal of the exaggerated surface: inverse transpose of diag(1, e, 1).
  vec3 shown = normalize(vec3(n.x, n.y / u_exaggeration, n.z));
  float diffuse = max(dot(shown, u_light_dir), 0.0);
  frag_colour = vec4(base * (0.35 + 0.8 * diffuse), 1.0);
}
