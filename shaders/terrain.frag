#version 330 core
// Terrain colour: height ramp, rock on steep slopes, the tile overlay's tint
// (nav/debug_draw.hpp's tile field: walkability, sets, ...), directional light.
// With u_from_heights (level of detail, terrain_lod.vert) the height and the
// normal come from the full-resolution height texture at the fragment, so the
// shading is that of the full mesh whatever the geometry's level.
in vec3 v_nav_position;
in vec3 v_nav_normal;

uniform float u_exaggeration;    // display y = nav y * u_exaggeration
uniform vec3 u_light_dir;        // display frame, unit vector towards the light
uniform vec2 u_height_range;     // min, max height, nav metres
uniform float u_max_slope;       // rise over run
uniform float u_tile_metres;
uniform ivec2 u_tiles;            // tile overlay's tiles wide, deep; 0 = no overlay
uniform sampler2D u_tile_overlay; // RGBA8 per tile: rgb tint, a its strength
uniform int u_from_heights;       // 1: height and normal from u_heights
uniform sampler2D u_heights;      // R32F, one texel per sample, nav metres
uniform ivec2 u_samples;          // heightmap width, depth
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

float height(ivec2 i) {
  return texelFetch(u_heights, clamp(i, ivec2(0), u_samples - 1), 0).r;
}

// terrain_vertices' normal at sample i: central differences, one-sided at
// the border.
vec3 sample_normal(ivec2 i) {
  ivec2 lo = max(i - 1, ivec2(0));
  ivec2 hi = min(i + 1, u_samples - 1);
  float dhdx = (height(ivec2(hi.x, i.y)) - height(ivec2(lo.x, i.y))) / (float(hi.x - lo.x) * u_spacing);
  float dhdz = (height(ivec2(i.x, hi.y)) - height(ivec2(i.x, lo.y))) / (float(hi.y - lo.y) * u_spacing);
  return normalize(vec3(-dhdx, 1.0, -dhdz));
}

// The full mesh's surface at nav (x, z): its height (nav::Heightmap's
// triangulation) and its vertex normals interpolated the same way.
void full_surface(vec2 xz, out float h, out vec3 normal) {
  vec2 c = clamp(xz / u_spacing, vec2(0.0), vec2(u_samples - 1));
  ivec2 i = min(ivec2(floor(c)), u_samples - 2);
  vec2 f = c - vec2(i);
  // Triangle A (x,z),(x+1,z),(x+1,z+1) where fx >= fz, else B (x,z),(x+1,z+1),(x,z+1).
  ivec2 side = f.x >= f.y ? ivec2(1, 0) : ivec2(0, 1);
  vec3 w = f.x >= f.y ? vec3(1.0 - f.x, f.x - f.y, f.y) : vec3(1.0 - f.y, f.y - f.x, f.x);
  h = w.x * height(i) + w.y * height(i + side) + w.z * height(i + ivec2(1, 1));
  normal = w.x * sample_normal(i) + w.y * sample_normal(i + side) +
           w.z * sample_normal(i + ivec2(1, 1));
}

void main() {
  vec3 n = v_nav_normal;
  float y = v_nav_position.y;
  if (u_from_heights == 1) full_surface(v_nav_position.xz, y, n);
  n = normalize(n);
  float slope = length(n.xz) / max(n.y, 1e-4);
  float range = max(u_height_range.y - u_height_range.x, 1e-3);
  float t = clamp((y - u_height_range.x) / range, 0.0, 1.0);
  vec3 base = height_colour(t);
  base = mix(base, vec3(0.45, 0.43, 0.42), smoothstep(0.5 * u_max_slope, u_max_slope, slope));

  ivec2 tile = ivec2(floor(v_nav_position.xz / u_tile_metres));
  if (all(greaterThanEqual(tile, ivec2(0))) && all(lessThan(tile, u_tiles))) {
    vec4 tint = texelFetch(u_tile_overlay, tile, 0);
    base = mix(base, tint.rgb, tint.a);
  }

  // The normal of the exaggerated surface: inverse transpose of diag(1, e, 1).
  vec3 shown = normalize(vec3(n.x, n.y / u_exaggeration, n.z));
  float diffuse = max(dot(shown, u_light_dir), 0.0);
  frag_colour = vec4(base * (0.35 + 0.8 * diffuse), 1.0);
}
