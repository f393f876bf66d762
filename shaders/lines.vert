// (The program prepends the version and the shared math: app/gl/drawing_shader_source.)
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
// A projected view (u_projection aeqd or ortho): the ends are placed by the forward projection
// about u_centre_deg (lat, lon) on a sphere of u_radius, the viewport spanning the map's plane
// (-half.x..half.x east, -half.y..half.y north).
uniform int u_projection;
uniform vec2 u_centre_deg;
uniform vec2 u_half_map;
uniform float u_radius;

out float v_across_px;  // signed distance from the line's centre, pixels

vec2 to_px(vec2 lonlat) {
  float u = ((lonlat.x - u_lon_map.x) - u_lon_map.y) * u_lon_map.z;
  float v = ((u_lat_map.x - lonlat.y) + u_lat_map.y) * u_lat_map.z;
  return vec2(u, 1.0 - v) * u_viewport_px;  // GL's y runs up
}

// The pixel of a point (lon, lat) on the projected map; false where the map has none.
bool projected_px(vec2 lonlat, ProjectionCentre c, out vec2 px) {
  MapPoint m = project(u_projection, c, lonlat.y, lonlat.x, u_radius);
  px = (vec2(m.x, m.y) / u_half_map * 0.5 + 0.5) * u_viewport_px;  // GL's y runs up, as north
  return m.valid;
}

void main() {
  vec4 segment = segments[gl_VertexID / 6];
  vec2 p0, p1;
  if (u_projection == kProjectionLatlon) {
    p0 = to_px(segment.xy);
    p1 = to_px(segment.zw);
  } else {
    ProjectionCentre c = make_projection_centre(u_centre_deg.x, u_centre_deg.y);
    vec2 pm;
    bool seen = projected_px(segment.xy, c, p0) && projected_px(segment.zw, c, p1) &&
                projected_px(0.5 * (segment.xy + segment.zw), c, pm);  // no segment crosses 180
    // A segment across aeqd's antipode (mapped to the rim's far sides) has its middle far from
    // the chord between its ends; a short segment anywhere else, near it. Such segments, and
    // those with an end on ortho's far side, are not drawn: no chords across the map.
    if (!seen || length(pm - 0.5 * (p0 + p1)) > 0.25 * length(p1 - p0) + 2.0) {
      gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // outside the clip volume: nothing drawn
      v_across_px = 0.0;
      return;
    }
  }
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
