#version 330 core
// Terrain level of detail (CDLOD, Strugar 2009): one grid patch instanced per
// selected piece; heights come from the full-resolution height texture, and
// odd grid vertices morph onto the next level's grid as the eye distance goes
// from u_morph.x to u_morph.y of the morph range F_level (lod_selection.hpp),
// bilinear in the piece's corner values (LodQuadtree::morph_range). In the
// window an odd vertex keeps its place and its height blends linearly into
// the coarser grid's there, so the piece is (1 - k) its own grid + k the
// coarser one and its error is the same blend of theirs; fully morphed it
// moves onto the even vertex, so it meets a coarser neighbour's edge
// exactly. Positions leave in nav metres, like terrain.vert's.
layout(location = 0) in vec2 a_grid;  // patch grid point (i, j), 0..patch cells
layout(location = 2) in vec4 a_piece; // first sample x, z; stride in samples; level
layout(location = 3) in vec4 a_range; // F_level at corners (x0,z0), (x1,z0), (x0,z1), (x1,z1)

uniform mat4 u_nav_to_clip;
uniform float u_exaggeration;  // display y = nav y * u_exaggeration
uniform vec3 u_eye;            // display frame
uniform int u_patch_cells;     // cells per patch side
uniform int u_top_level;       // never morphs
uniform sampler2D u_heights;   // R32F, one texel per sample, nav metres
uniform ivec2 u_samples;       // heightmap width, depth
uniform float u_spacing;       // metres between samples
uniform vec2 u_morph;          // kMorphStart, kMorphEnd (lod_selection.hpp)

out vec3 v_nav_position;

// Height, nav metres, at sample coordinates s (clamped to the map): the
// triangle A (x,z),(x+1,z),(x+1,z+1) where fx >= fz, else B
// (x,z),(x+1,z+1),(x,z+1), as nav::Heightmap::surface_height.
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

void main() {
  vec2 last = vec2(u_samples - 1);
  float stride = a_piece.z;
  vec2 p = a_piece.xy + a_grid * stride;
  vec2 s = min(p, last);
  float h = texelFetch(u_heights, ivec2(s), 0).r;  // s is a sample
  vec3 shown = vec3(s.x * u_spacing, h * u_exaggeration, s.y * u_spacing);
  int level = int(a_piece.w);
  float k = 0.0;
  if (level < u_top_level) {
    // Written as sums, not mix(), so a corner's value is exact on both
    // pieces sharing it.
    vec2 f = (s - a_piece.xy) / (stride * float(u_patch_cells));
    float range = (a_range.x * (1.0 - f.x) + a_range.y * f.x) * (1.0 - f.y) +
                  (a_range.z * (1.0 - f.x) + a_range.w * f.x) * f.y;
    k = clamp((distance(shown, u_eye) - u_morph.x * range) / ((u_morph.y - u_morph.x) * range),
              0.0, 1.0);
  }
  // Odd vertices of this level's grid: the even ones before and after them
  // along x, z or the cells' diagonal are the coarser grid's.
  vec2 step = fract((a_piece.xy / stride + a_grid) * 0.5) * 2.0 * stride;
  if (k >= 1.0 || (k > 0.0 && any(greaterThan(p + step, last)))) {
    // Fully morphed, or in a coarser cell the map's edge cuts short: onto
    // the even vertex before, along nav's surface.
    s = min(p - step * k, last);
    h = surface_height(s);
  } else if (k > 0.0 && step != vec2(0.0)) {
    float coarse = 0.5 * (texelFetch(u_heights, ivec2(p - step), 0).r +
                          texelFetch(u_heights, ivec2(p + step), 0).r);
    h += k * (coarse - h);
  }
  v_nav_position = vec3(s.x * u_spacing, h, s.y * u_spacing);
  gl_Position = u_nav_to_clip * vec4(v_nav_position, 1.0);
}
