#version 450 core
// One quad over the viewport, no vertex buffers. v_uv.y = 0 at the top of the picture, which
// samples texel row 0: the north row of the grid.
out vec2 v_uv;
void main() {
  const vec2 corners[4] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(-1, 1), vec2(1, 1));
  vec2 p = corners[gl_VertexID];
  v_uv = vec2((p.x + 1.0) * 0.5, (1.0 - p.y) * 0.5);
  gl_Position = vec4(p, 0.0, 1.0);
}
