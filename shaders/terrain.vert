#version 330 core
// Terrain, full resolution: positions arrive in nav metres; the exaggeration
// lives in u_nav_to_clip (projection * view * model). terrain.frag colours
// them from the baked shade.
layout(location = 0) in vec3 a_position;

uniform mat4 u_nav_to_clip;

out vec3 v_nav_position;

void main() {
  v_nav_position = a_position;
  gl_Position = u_nav_to_clip * vec4(a_position, 1.0);
}
