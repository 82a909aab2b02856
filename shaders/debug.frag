#version 330 core
// Debug-draw primitives: the vertex colour as is (alpha blends).
in vec4 v_colour;

out vec4 frag_colour;

void main() {
  frag_colour = v_colour;
}
