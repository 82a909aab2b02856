#version 330 core
// nav::Heightmap's triangulated surface: a shared source (ShaderProgram)
// compiled into both stages of the terrain programs.
uniform sampler2D u_heights;  // R32F, one texel per sample, nav metres
uniform ivec2 u_samples;      // heightmap width, depth

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
