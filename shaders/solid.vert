#version 330 core
// Path ribbon and unit marker: one colour, optionally lit.
layout(location = 0) in vec3 a_position;
layout(location = 1) in vec3 a_normal;

uniform mat4 u_model_to_clip;
uniform mat3 u_normal_matrix;  // model -> display frame

out vec3 v_normal;

void main() {
  v_normal = u_normal_matrix * a_normal;
  gl_Position = u_model_to_clip * vec4(a_position, 1.0);
}
