#version 330 core
in vec3 v_normal;

uniform vec3 u_colour;
uniform bool u_lit;        // false: exactly u_colour (the path, so tests can find it)
uniform vec3 u_light_dir;  // display frame, towards the light

out vec4 frag_colour;

void main() {
  if (!u_lit) {
    frag_colour = vec4(u_colour, 1.0);
    return;
  }
  // Double-sided: light either face.
  float diffuse = abs(dot(normalize(v_normal), u_light_dir));
  frag_colour = vec4(u_colour * (0.45 + 0.6 * diffuse), 1.0);
}
