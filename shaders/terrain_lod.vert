#version 330 core
// Terrain level of detail (CDLOD, Strugar 2009): one grid patch instanced per
// selected piece; heights come from the full-resolution height texture, and
// odd grid vertices slide onto the next level's grid as the eye distance goes
// from 0.8 to 0.97 of the morph range F_level (lod_selection.hpp), read
// bilinearly from u_field. Positions leave in nav metres, like terrain.vert's.
layout(location = 0) in vec2 a_grid;  // patch grid point (i, j), 0..patch cells
layout(location = 2) in vec4 a_piece; // first sample x, z; stride in samples; level

uniform mat4 u_nav_to_clip;
uniform float u_exaggeration;  // display y = nav y * u_exaggeration
uniform vec3 u_eye;            // display frame
uniform sampler2D u_field;     // R32F morph ranges, display metres, levels stacked by rows
uniform int u_field_row[16];   // first row of each level's corners
uniform int u_patch_cells;     // cells per patch side
uniform int u_top_level;       // never morphs
uniform sampler2D u_heights;   // R32F, one texel per sample, nav metres
uniform ivec2 u_samples;       // heightmap width, depth
uniform float u_spacing;       // metres between samples

out vec3 v_nav_position;
out vec3 v_nav_normal;

// Height of nav::Heightmap's triangulated surface at sample coordinates s
// (the same function as terrain.frag's surface_height).
float surface_height(vec2 s) {
  vec2 c = clamp(s, vec2(0.0), vec2(u_samples - 1));
  ivec2 i = min(ivec2(floor(c)), u_samples - 2);
  vec2 f = c - vec2(i);
  float h00 = texelFetch(u_heights, i, 0).r;
  float h11 = texelFetch(u_heights, i + ivec2(1, 1), 0).r;
  if (f.x >= f.y) {
    float h10 = texelFetch(u_heights, i + ivec2(1, 0), 0).r;
    return h00 + f.x * (h10 - h00) + f.y * (h11 - h10);
  }
  float h01 = texelFetch(u_heights, i + ivec2(0, 1), 0).r;
  return h00 + f.y * (h01 - h00) + f.x * (h11 - h01);
}

// LodQuadtree::morph_range: F_level at sample coordinates s, bilinear in the
// level-(level+1) node containing s.
float morph_range(int level, vec2 s) {
  int size = u_patch_cells << (level + 1);
  ivec2 nodes = (u_samples - 1 + size - 1) / size;
  vec2 g = s / float(size);
  ivec2 i = clamp(ivec2(floor(g)), ivec2(0), nodes - 1);
  vec2 f = clamp(g - vec2(i), 0.0, 1.0);
  int row = u_field_row[level];
  float c00 = texelFetch(u_field, ivec2(i.x, row + i.y), 0).r;
  float c10 = texelFetch(u_field, ivec2(i.x + 1, row + i.y), 0).r;
  float c01 = texelFetch(u_field, ivec2(i.x, row + i.y + 1), 0).r;
  float c11 = texelFetch(u_field, ivec2(i.x + 1, row + i.y + 1), 0).r;
  return mix(mix(c00, c10, f.x), mix(c01, c11, f.x), f.y);
}

void main() {
  vec2 last = vec2(u_samples - 1);
  float stride = a_piece.z;
  vec2 s = min(a_piece.xy + a_grid * stride, last);
  vec3 shown = vec3(s.x * u_spacing, surface_height(s) * u_exaggeration, s.y * u_spacing);
  int level = int(a_piece.w);
  float k = 0.0;
  if (level < u_top_level) {
    float range = morph_range(level, s);
    k = clamp((distance(shown, u_eye) - 0.8 * range) / (0.17 * range), 0.0, 1.0);
  }
  // Odd vertices of this level's grid move towards the even one before them.
  vec2 odd = fract((a_piece.xy / stride + a_grid) * 0.5) * 2.0;
  s = min(a_piece.xy + (a_grid - odd * k) * stride, last);
  v_nav_position = vec3(s.x * u_spacing, surface_height(s), s.y * u_spacing);
  v_nav_normal = vec3(0.0, 1.0, 0.0);  // terrain.frag takes its normal from u_heights
  gl_Position = u_nav_to_clip * vec4(v_nav_position, 1.0);
}
