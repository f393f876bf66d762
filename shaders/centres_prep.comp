// The nearest-centre field's first pass: each centre's part of its own one-centre field on this
// grid (GridGeometry's dlat0, slat0, dlon0 and cos_ref_lat with the centre as the reference),
// in double as make_grid_geometry computes them, then in REAL as row_factors<T> and
// col_factors<T> take them (T(g.dlat0_deg)). Prepended: #version, REAL, VEC4, the constants.
layout(local_size_x = 64) in;

// lat, lon (degrees), cos(lat) by the shared math's sincos_deg (the host's), unused
layout(std430, binding = 0) readonly buffer Centres { dvec4 centres[]; };
layout(std430, binding = 2) writeonly buffer Factors { VEC4 factors[]; };  // dlat0, slat0, dlon0, cos

uniform int u_count;
uniform double u_lat_max_d, u_lon_min_d;
// Projected views (u_projected = 1): the map's centre, whose offsets to each site the nodes'
// points are measured from (make_projected_grid's dlat_centre, slat_centre, dlon_centre,
// cos_ref_lat with the site as the reference).
uniform int u_projected;
uniform double u_centre_lat_d, u_centre_lon_d;

// reduce_deg_180: std::remainder(x, 360) in [-180, 180], then 180 -> -180. x - 360 n is exact
// for the integer n; the quotient's rounding may pick the neighbouring n, put right after.
double reduce_deg_180(double x) {
  precise double r = x - 360.0LF * roundEven(x / 360.0LF);
  if (r > 180.0LF) r -= 360.0LF;
  if (r < -180.0LF) r += 360.0LF;
  return r == 180.0LF ? -180.0LF : r;
}

// wrap_lon_deg (cuda/projection.h) in double: x - 360 n is exact for the integer n; the
// quotient's rounding may pick the neighbouring n, put right after.
double wrap_lon_d(double x) {
  precise double r = x - 360.0LF * roundEven(x / 360.0LF);
  if (r < -180.0LF) r += 360.0LF;
  if (r >= 180.0LF) r -= 360.0LF;
  return r;
}

void main() {
  int k = int(gl_GlobalInvocationID.x);
  if (k >= u_count) return;
  dvec4 c = centres[k];
  if (u_projected != 0) {
    precise double dlat_c = u_centre_lat_d - c.x;
    precise double slat_c = u_centre_lat_d + c.x;
    double dlon_c = wrap_lon_d(wrap_lon_d(u_centre_lon_d) - wrap_lon_d(c.y));
    factors[k] = VEC4(REAL(dlat_c), REAL(slat_c), REAL(dlon_c), REAL(c.z > 0.0LF ? c.z : 0.0LF));
    return;
  }
  precise double dlat0 = u_lat_max_d - c.x;
  precise double slat0 = u_lat_max_d + c.x;
  precise double dlon0_raw = u_lon_min_d - c.y;
  factors[k] = VEC4(REAL(dlat0), REAL(slat0), REAL(reduce_deg_180(dlon0_raw)), REAL(c.z));
}
