// The nearest-centre field's node pass: each node takes its fine tile's candidates, bounds its
// nearest angle by the smallest chord among them, and evaluates the field's formula at the
// candidates within the reach of that angle; the smallest value wins, the lowest index on a
// tie. u_brute = 1 evaluates every centre instead (the tests' and the benchmark's brute force):
// the same loop and the same call of the formula, so pruned and brute force differ only in
// which centres are evaluated. One workgroup of 8 x 8 per fine tile. Prepended: #version, REAL,
// VEC2, VEC4, IS_DOUBLE, TO_BUFFER, the constants, field_math.glsl, projection.glsl,
// field_distance.glsl, centres_bounds.glsl. Projected views (u_projection): each node's point by
// the inverse projection, off the map NaN and index -1.
layout(local_size_x = 8, local_size_y = 8) in;

layout(std430, binding = 1) readonly buffer Units { vec4 units[]; };
layout(std430, binding = 2) readonly buffer Factors { VEC4 factors[]; };
layout(std430, binding = 4) readonly buffer Tiles { ivec2 tiles[]; };
layout(std430, binding = 5) readonly buffer Pool { int pool[]; };
#if TO_BUFFER
layout(std430, binding = 7) writeonly buffer Values { double values[]; };
#else
layout(r32f, binding = 0) uniform writeonly image2D u_field;
layout(r32i, binding = 1) uniform writeonly iimage2D u_index;
#endif

uniform int u_count;
uniform int u_tile, u_tiles_x;  // fine tiles
uniform int u_tile_row0;        // the first fine tile row of this dispatch
uniform int u_row0, u_rows;     // TO_BUFFER: rows [u_row0, u_row0 + u_rows) only
uniform int u_brute;

// Centre k's own field at node (i, j) (field_math.h's field_value<T> with k as the reference:
// row_factors<T>, col_factors<T>, haversine_combine<T>); di = T(i) * T(lat_step), cos_lat from
// the row's polar distance, dj = T(j) * T(lon_step), as there.
REAL centre_value(int k, REAL di, REAL cos_lat, REAL dj) {
  VEC4 f = factors[k];
  precise REAL dlat = f.x - di;
  precise REAL slat = f.y - di;
  precise REAL dlon = f.z + dj;
  REAL sd, cd, ss, cs, s, c;
  sincos_deg(dlat / REAL(2.0LF), sd, cd);
  sincos_deg(slat / REAL(2.0LF), ss, cs);
  sincos_deg(dlon / REAL(2.0LF), s, c);
  precise REAL cc = cos_lat * f.w;
  precise VEC4 r = VEC4(sd * sd, ss * ss, cc > REAL(0.0LF) ? cc : REAL(0.0LF), 0.0);
  precise VEC2 col = VEC2(s * s, c * c);
  precise REAL v = distance_from_factors(r, col, u_radius);
  return v;
}

// Site k's value at a projected node's point q (projected_point_value<T> with k as the
// reference, as field_projected.comp's point_value): factors[k] holds its dlat_centre,
// slat_centre, dlon_centre and cos_ref_lat on this map.
REAL site_point_value(int k, SpherePoint q) {
  VEC4 f = factors[k];
  REAL sd, cd, ss, cs, so, co;
  sincos_deg((f.x + q.dlat_deg) / REAL(2.0LF), sd, cd);
  sincos_deg((f.y + q.dlat_deg) / REAL(2.0LF), ss, cs);
  sincos_deg((f.z + q.dlon_deg) / REAL(2.0LF), so, co);
  precise REAL c = q.cos_lat * f.w;
  precise REAL v = distance_from_factors(
      VEC4(sd * sd, ss * ss, c > REAL(0.0LF) ? c : REAL(0.0LF), 0.0), VEC2(so * so, co * co),
      u_radius);
  return v;
}

void main() {
  ivec2 t = ivec2(gl_WorkGroupID.x, int(gl_WorkGroupID.y) + u_tile_row0);
  ivec2 rec = u_brute != 0 ? ivec2(0, -1) : tiles[t.y * u_tiles_x + t.x];
  bool all = rec.y < 0;
  int n = all ? u_count : rec.y;
  for (int v = int(gl_LocalInvocationID.y); v < u_tile; v += 8) {
    int i = t.y * u_tile + v;
    if (i >= u_ny) break;
#if TO_BUFFER
    if (i < u_row0 || i >= u_row0 + u_rows) continue;
#endif
    precise REAL di = REAL(i) * u_lat_step;
    REAL cos_lat, sin_lat;  // from the row's polar distance, as row_factors<T> takes cos_lat
    row_cos_sin(i, cos_lat, sin_lat);
    for (int u = int(gl_LocalInvocationID.x); u < u_tile; u += 8) {
      int j = t.x * u_tile + u;
      if (j >= u_nx) break;
      precise REAL dj = REAL(j) * u_lon_step;
      SpherePoint pt;
      vec3 x;
      if (u_projection != 0) {
        pt = node_point(i, j);
        if (!pt.valid) {  // off the map: NaN and no site, as the CPU's
#if TO_BUFFER
          values[(i - u_row0) * u_nx + j] = packDouble2x32(uvec2(0u, 0x7ff80000u));
#else
          imageStore(u_field, ivec2(j, i), vec4(uintBitsToFloat(0x7fc00000u)));
          imageStore(u_index, ivec2(j, i), ivec4(-1));
#endif
          continue;
        }
        x = point_unit(pt);
      } else {
        x = node_unit_at(cos_lat, sin_lat, j);
      }
      float limit = 16.0;  // brute force: every centre
      if (u_brute == 0) {
        float c2 = 16.0;
        for (int m = 0; m < n; ++m) c2 = min(c2, chord2(x, units[all ? m : pool[rec.x + m]].xyz));
        limit = chord2_up(reach_up(angle_up(c2)));
      }
      REAL best = REAL(0.0LF);
      int best_k = -1;
      for (int m = 0; m < n; ++m) {
        int k = all ? m : pool[rec.x + m];
        if (chord2(x, units[k].xyz) > limit) continue;
        precise REAL value =
            u_projection != 0 ? site_point_value(k, pt) : centre_value(k, di, cos_lat, dj);
        if (best_k < 0 || value < best || (value == best && k < best_k)) {
          best = value;
          best_k = k;
        }
      }
#if TO_BUFFER
      values[(i - u_row0) * u_nx + j] = double(best);
#else
      imageStore(u_field, ivec2(j, i), vec4(float(best)));
      imageStore(u_index, ivec2(j, i), ivec4(best_k));
#endif
    }
  }
}
