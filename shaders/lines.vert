#version 450 core
// One quad (two triangles, six vertices) per segment, read from a buffer by gl_VertexID: not
// instanced, as llvmpipe pays for every instance as for a draw. The ends, in degrees, are
// mapped as field.frag maps the field (u across the view's longitudes from its west edge, v
// down from its north edge); the quad is widened in pixels, so a line is as wide at any zoom.
layout(std430, binding = 0) readonly buffer Segments {
  vec4 segments[];  // (lon0, lat0, lon1, lat1), degrees
};

uniform vec3 u_lon_map;  // u = ((lon - x) - y) * z: the west edge split in two floats, 1/span
uniform vec3 u_lat_map;  // v = ((x - lat) + y) * z: the north edge split likewise, 1/span
uniform vec2 u_viewport_px;
uniform float u_half_width_px;

out float v_across_px;  // signed distance from the line's centre, pixels

vec2 to_px(vec2 lonlat) {
  float u = ((lonlat.x - u_lon_map.x) - u_lon_map.y) * u_lon_map.z;
  float v = ((u_lat_map.x - lonlat.y) + u_lat_map.y) * u_lat_map.z;
  return vec2(u, 1.0 - v) * u_viewport_px;  // GL's y runs up
}

void main() {
  vec4 segment = segments[gl_VertexID / 6];
  vec2 p0 = to_px(segment.xy), p1 = to_px(segment.zw);
  vec2 d = p1 - p0;
  float len = length(d);
  vec2 dir = len > 1e-6 ? d / len : vec2(1.0, 0.0);
  vec2 normal = vec2(-dir.y, dir.x);
  // Corners 0 (start, -), 1 (start, +), 2 (end, -), 3 (end, +); triangles 0 1 2 and 2 1 3.
  const int corners[6] = int[](0, 1, 2, 2, 1, 3);
  int corner = corners[gl_VertexID % 6];
  float along = float(corner >> 1);
  float side = (corner & 1) == 0 ? -1.0 : 1.0;
  // Half a pixel beyond the edge, where lines.frag's coverage reaches 0: on llvmpipe the
  // lines' cost is mostly rasterising these quads, so no wider than that.
  float reach = u_half_width_px + 0.5;
  vec2 p = mix(p0, p1, along) + dir * (along * 2.0 - 1.0) * u_half_width_px + normal * side * reach;
  v_across_px = side * reach;
  gl_Position = vec4(p / u_viewport_px * 2.0 - 1.0, 0.0, 1.0);
}
