// The GL backend's first pass: the row and column factors of the grid (field_math.h's
// row_factors<T> and col_factors<T>), one invocation per row and then per column. Prepended by
// the program: #version, REAL, VEC2, VEC4, IS_DOUBLE, SEED, field_constants.glsl (the seed's
// constants among them) and field_math.glsl.
layout(local_size_x = 64) in;

layout(std430, binding = 0) writeonly buffer Rows { VEC4 rows[]; };  // a0, b0, c, unused
layout(std430, binding = 1) writeonly buffer Cols { VEC2 cols[]; };  // s, k

uniform int u_nx, u_ny;
// GridGeometry's fields, in REAL (only the offsets leave double, as on the CPU and in CUDA).
uniform REAL u_lat_step, u_lat_max, u_north_polar0, u_south_polar0, u_dlat0, u_slat0, u_cos_ref;
uniform REAL u_lon_step, u_dlon0, u_dlon0_raw;

// Row i's distance from the nearer pole, from that side's edge (field_math.h).
REAL row_polar_distance_deg(int i, REAL di) {
  if (u_lat_max - di >= REAL(0.0LF)) return u_north_polar0 + di;
  return u_south_polar0 + REAL(u_ny - 1 - i) * u_lat_step;
}

void main() {
  int id = int(gl_GlobalInvocationID.x);
  if (id < u_ny) {
    int i = id;
    precise REAL di = REAL(i) * u_lat_step;
    precise REAL dlat = u_dlat0 - di;
    REAL polar = row_polar_distance_deg(i, di);
#if SEED
    REAL cos_lat = sin_rad(kSeedPoleGapRad + kSeedRadPerDeg * polar);
    REAL sd = sin_rad(kSeedHalfRadPerDeg * dlat);
    rows[i] = VEC4(sd * sd, 0.0, u_cos_ref * cos_lat, 0.0);
#else
    REAL cos_lat, abs_sin_lat, sd, cd, ss, cs;
    sincos_deg(polar, cos_lat, abs_sin_lat);  // cos(lat) = sin(polar distance)
    sincos_deg(dlat / REAL(2.0LF), sd, cd);
    sincos_deg((u_slat0 - di) / REAL(2.0LF), ss, cs);
    REAL c = cos_lat * u_cos_ref;
    rows[i] = VEC4(sd * sd, ss * ss, c > REAL(0.0LF) ? c : REAL(0.0LF), 0.0);
#endif
  } else if (id < u_ny + u_nx) {
    int j = id - u_ny;
    precise REAL dj = REAL(j) * u_lon_step;
#if SEED
    REAL s = sin_rad(kSeedHalfRadPerDeg * (u_dlon0_raw + dj));
    cols[j] = VEC2(s * s, 0.0);
#else
    REAL s, c;
    sincos_deg((u_dlon0 + dj) / REAL(2.0LF), s, c);
    cols[j] = VEC2(s * s, c * c);
#endif
  }
}
