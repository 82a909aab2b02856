#version 330 core
// Terrain: positions and normals arrive in nav metres; the exaggeration lives
// in u_nav_to_clip (projection * view * model).
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;

uniform mat4 u_nav_to_clip;

out vec3 v_nav_position;
out vec3 v_nav_normal;

void main() {
  v_nav_position = a_position;
  v_nav_normal = a_normal;
  gl_Position = u_nav_to_clip * vec4(a_position, 1.0);
}
