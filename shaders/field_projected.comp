// The GL backend's projected field (aeqd, ortho): projected_grid.h's projected_field_value<T>
// node by node, the inverse projection (projection.glsl) and then the formulas
// (field_distance.glsl), into the R32F texture that is drawn (rounded to float) or, for a
// float64 export (OUT_F64), into a buffer of doubles, a block of rows at a time. Nodes with no
// point of the sphere are NaN. Prepended by the program: #version, REAL, VEC2, VEC4, IS_DOUBLE,
// SEED, OUT_F64, field_constants.glsl, field_math.glsl, projection.glsl, field_distance.glsl.
//
// The nodes of a row lie on no one parallel, so nothing separates into row and column factors
// as in the latlon field: one pass. Groups as field_combine.comp's: 16 x 16 invocations cover
// 64 x 64 nodes, 4 x 4 each at (x + 16 u, y + 16 v).
layout(local_size_x = 16, local_size_y = 16) in;
const int kTile = 4;

#if OUT_F64
layout(std430, binding = 2) writeonly buffer Values { double values[]; };
#else
layout(r32f, binding = 0) uniform writeonly image2D u_field;
#endif
uniform int u_nx, u_ny, u_row0, u_rows;  // this dispatch writes rows [u_row0, u_row0 + u_rows)
uniform int u_projection;                // kProjectionAeqd or kProjectionOrtho
// ProjectedGrid's fields in REAL (only the offsets leave double, as T(g.x) does on the CPU).
uniform REAL u_step, u_radius;
uniform REAL u_centre_lat, u_centre_lon, u_centre_sin_lat, u_centre_cos_lat;
uniform REAL u_dlat_centre, u_slat_centre, u_dlon_centre, u_cos_ref_lat;
uniform REAL u_seed_cos_ref;  // the seed's cos(0.01745329 ref_lat), computed in double on the host

// projected_point_value<T>: the field at the point the inverse projection gave.
REAL point_value(SpherePoint q) {
  if (!q.valid) return q.lat_deg;  // NaN
#if SEED
  REAL sd = sin_rad(kSeedHalfRadPerDeg * (u_dlat_centre + q.dlat_deg));
  // The seed's cosine from the point's distance to the nearer pole (projected_point_value<T>).
  REAL h = q.cos_lat;
  REAL polar = radians_to_deg(atan2_full(h, sqrt_full((REAL(1.0LF) - h) * (REAL(1.0LF) + h))));
  REAL cos_lat = sin_rad(kSeedPoleGapRad + kSeedRadPerDeg * polar);
  REAL s = sin_rad(kSeedHalfRadPerDeg * wrap_lon_deg(u_dlon_centre + q.dlon_deg));
  return distance_from_factors(VEC4(sd * sd, 0.0, u_seed_cos_ref * cos_lat, 0.0),
                               VEC2(s * s, 0.0), u_radius);
#else
  REAL sd, cd, ss, cs, so, co;
  sincos_deg((u_dlat_centre + q.dlat_deg) / REAL(2.0LF), sd, cd);
  sincos_deg((u_slat_centre + q.dlat_deg) / REAL(2.0LF), ss, cs);
  sincos_deg((u_dlon_centre + q.dlon_deg) / REAL(2.0LF), so, co);
  REAL c = q.cos_lat * u_cos_ref_lat;
  return distance_from_factors(VEC4(sd * sd, ss * ss, c > REAL(0.0LF) ? c : REAL(0.0LF), 0.0),
                               VEC2(so * so, co * co), u_radius);
#endif
}

void main() {
  ProjectionCentre centre =
      ProjectionCentre(u_centre_lat, u_centre_lon, u_centre_sin_lat, u_centre_cos_lat);
  ivec2 first = ivec2(gl_WorkGroupID.xy) * (16 * kTile) + ivec2(gl_LocalInvocationID.xy);
  for (int v = 0; v < kTile; ++v) {
    int i = first.y + 16 * v;  // within this dispatch's block of rows
    if (i >= u_rows) break;
    // projected_node_y/x: a half-integer count of steps from the centre (exact in REAL).
    REAL y = (REAL(0.5LF) * REAL(u_ny - 1) - REAL(u_row0 + i)) * u_step;
    for (int u = 0; u < kTile; ++u) {
      int j = first.x + 16 * u;
      if (j >= u_nx) break;
      REAL x = (REAL(j) - REAL(0.5LF) * REAL(u_nx - 1)) * u_step;
      REAL d = point_value(unproject(u_projection, centre, x, y, u_radius));
#if OUT_F64
      values[i * u_nx + j] = d;
#else
      imageStore(u_field, ivec2(j, u_row0 + i), vec4(float(d)));
#endif
    }
  }
}
