#version 450 core
// A line's coverage falls off over one pixel at its edges: smooth lines of any width.
in float v_across_px;
out vec4 frag_color;

uniform vec4 u_color;  // straight (not premultiplied) RGBA
uniform float u_half_width_px;

void main() {
  float coverage = clamp(u_half_width_px + 0.5 - abs(v_across_px), 0.0, 1.0);
  frag_color = vec4(u_color.rgb, u_color.a * coverage);
}
