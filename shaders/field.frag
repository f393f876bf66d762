#version 450 core
// Value -> colour happens here, so a colormap or range change is a redraw, not a recompute.
in vec2 v_uv;
out vec4 frag_color;

uniform sampler2D u_field;     // R32F, the field in the output unit
uniform sampler2D u_colormaps;  // 256 x N lookup table, one colormap per row
uniform int u_colormap_row;
uniform float u_value_min;
uniform float u_value_max;
uniform bool u_reverse;

const vec3 kInvalidColor = vec3(0.5);  // NaN or inf in the field

void main() {
  float v = texture(u_field, v_uv).r;
  if (isnan(v) || isinf(v)) {
    frag_color = vec4(kInvalidColor, 1.0);
    return;
  }
  float span = u_value_max - u_value_min;
  float t = span > 0.0 ? clamp((v - u_value_min) / span, 0.0, 1.0) : 0.0;
  if (u_reverse) t = 1.0 - t;
  // Sample texel centres only: t = 0 is the first entry, t = 1 the last.
  float u = (t * 255.0 + 0.5) / 256.0;
  float v_row = (float(u_colormap_row) + 0.5) / float(textureSize(u_colormaps, 0).y);
  frag_color = vec4(texture(u_colormaps, vec2(u, v_row)).rgb, 1.0);
}
