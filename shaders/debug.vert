#version 330 core
// Debug-draw primitives (nav/debug_draw.hpp): nav metres, a colour each.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec4 a_colour;

uniform mat4 u_nav_to_clip;
uniform float u_depth_bias;  // clip z pulled towards the eye, times w
uniform float u_point_size;  // pixels

out vec4 v_colour;

void main() {
  v_colour = a_colour;
  gl_Position = u_nav_to_clip * vec4(a_position, 1.0);
  gl_Position.z -= u_depth_bias * gl_Position.w;
  gl_PointSize = u_point_size;
}
