// The nearest-site passes' pruning (gl_backend_sites.cpp, docs/centres.md "GPU (GL
// compute)"): node positions as unit vectors, and bounds on angles from chords computed in
// float. Every bound errs on the large side: a bound too large costs time, one too small would
// lose a winner. Needs REAL, field_constants.glsl, field_math.glsl and field_distance.glsl
// before it, and the grid's uniforms below.
uniform int u_nx, u_ny;
uniform REAL u_lat_step, u_lat_max, u_north_polar0, u_south_polar0;  // GridGeometry's
uniform REAL u_lon_step;
uniform REAL u_lon_min_reduced;  // column 0's longitude reduced to [-180, 180)
uniform REAL u_radius;           // in the output unit
// Projected views: kProjectionAeqd or kProjectionOrtho (0: latlon), the nodes' spacing in the
// output unit and the map's centre (ProjectedGrid's, in REAL).
uniform int u_projection;
uniform REAL u_step;
uniform REAL u_centre_lat, u_centre_lon, u_centre_sin_lat, u_centre_cos_lat;

// Absolute error of a chord between a node's unit vector computed here in float and a centre's
// (double, rounded to float): a node's is within about 1e-6 radian of the exact one (its float
// longitude, up to 540 degrees: half an ulp is 3e-5 degree, and j * step's rounding as much
// again), a centre's within 1e-7. tests/gl/centres_bounds_glsl_test.cpp measures 9.0e-7 for
// both on llvmpipe; 4e-6 leaves four times that for GLs whose sincos or products round worse.
const float kChordSlack = 4e-6;
// The relative rounding of the few float operations in each bound below, generously.
const float kRoundUp = 1.0 + 1e-6;
// Projected views: how far (radians) a node's point as the node pass finds it (double or float
// inverse projection) can be from the tile pass's (float; off the map, the map's edge at most
// 1e-6 of the radius inside it). The float inverse projection is worst at ortho's rim, where
// an ulp of x or y moves the point by sqrt(2 ulp) ~ 3.5e-4 radian, and pulling a node 1e-6 in
// moves it by up to sqrt(2e-6) = 1.4e-3: 4e-3 covers both with room.
const float kProjectedSlack = 4e-3;
// The reach (nearest_centre.cpp): a centre can beat the nearest one at a node only within
// theta0 + 1e-5 (pi + theta0) of the node, theta0 the nearest's angle, because every value of
// the float formula is within 2e-6 (pi R + value) of the true distance (the GLSL port's error
// is measured by the tests against double: see docs/centres.md).
const float kReachPerRadian = 1e-5;

// Node (i, j)'s unit vector, its latitude from the distance to the nearer pole as the field's
// rows take it (row_polar_distance_deg: accurate near the poles).
// Column j's unit vector at a latitude given by its cosine and signed sine.
vec3 node_unit_at(REAL cos_lat, REAL sin_lat, int j) {
  REAL s, c;
  sincos_deg(u_lon_min_reduced + REAL(j) * u_lon_step, s, c);
  return vec3(cos_lat * c, cos_lat * s, sin_lat);
}

// Row i's cosine and signed sine of latitude, from its distance to the nearer pole as
// row_factors<T> computes it (precise: no fused multiply-add the CPU does not do).
void row_cos_sin(int i, out REAL cos_lat, out REAL sin_lat) {
  precise REAL di = REAL(i) * u_lat_step;
  bool north = u_lat_max - di >= REAL(0.0LF);
  precise REAL polar = north ? u_north_polar0 + di : u_south_polar0 + REAL(u_ny - 1 - i) * u_lat_step;
  REAL abs_sin_lat;
  sincos_deg(polar, cos_lat, abs_sin_lat);  // cos(lat) = sin(polar distance)
  sin_lat = north ? abs_sin_lat : -abs_sin_lat;
}

vec3 node_unit(int i, int j) {
  REAL cos_lat, sin_lat;
  row_cos_sin(i, cos_lat, sin_lat);
  return node_unit_at(cos_lat, sin_lat, j);
}

// A projected node's point: projected_node_x/y (a half-integer count of steps from the
// centre, exact in REAL), then the inverse projection (projection.glsl), as
// field_projected.comp and the CPU's projected_node_point find it. Off the map: not valid.
SpherePoint node_point(int i, int j) {
  REAL y = (REAL(0.5LF) * REAL(u_ny - 1) - REAL(i)) * u_step;
  REAL x = (REAL(j) - REAL(0.5LF) * REAL(u_nx - 1)) * u_step;
  return unproject(u_projection,
                   ProjectionCentre(u_centre_lat, u_centre_lon, u_centre_sin_lat, u_centre_cos_lat),
                   x, y, u_radius);
}

// A point's unit vector (float, as the sites' are).
vec3 point_unit(SpherePoint q) {
  REAL s, c, sl, cl;
  sincos_deg(q.lon_deg, s, c);
  sincos_deg(q.lat_deg, sl, cl);
  return vec3(cl * c, cl * s, sl);
}

// The tile pass's point of node (i, j) on any view. A projected node off the map is pulled to
// 1e-6 of the radius inside the map's edge (ortho: R, aeqd: pi R), where the node pass may still
// find a point (kProjectedSlack covers the difference); ok = false if even then there is none.
vec3 tile_node_unit(int i, int j, inout bool ok) {
  if (u_projection == 0) return node_unit(i, j);
  SpherePoint q = node_point(i, j);
  if (!q.valid) {
    REAL y = (REAL(0.5LF) * REAL(u_ny - 1) - REAL(i)) * u_step;
    REAL x = (REAL(j) - REAL(0.5LF) * REAL(u_nx - 1)) * u_step;
    REAL edge = (u_projection == kProjectionOrtho ? REAL(1.0LF) : REAL(kPi)) * u_radius *
                REAL(1.0LF - 1e-6LF);
    REAL scale = edge / sqrt(x * x + y * y);
    q = unproject(u_projection,
                  ProjectionCentre(u_centre_lat, u_centre_lon, u_centre_sin_lat, u_centre_cos_lat),
                  x * scale, y * scale, u_radius);
    if (!q.valid) {
      ok = false;
      return vec3(0.0);
    }
  }
  return point_unit(q);
}

// precise: the tile pass counts, then writes, the centres this passes; both must agree.
float chord2(vec3 a, vec3 b) {
  precise vec3 d = a - b;
  precise float c2 = dot(d, d);
  return c2;
}

// An upper bound of the angle (radians) between two points whose chord squared was computed
// as c2: 2 asin(chord / 2) by the field's own accurate asin (asin_sqrt_over_sqrt), on the chord
// plus its slack. Near the antipode (m near 1) asin is ill-conditioned there: pi bounds it.
float angle_up(float c2) {
  float ch = sqrt(c2) * kRoundUp + kChordSlack;
  float m = ch * ch * 0.25 * kRoundUp;
  if (m > 0.999) return float(kPi) * kRoundUp;
  float half_angle = m <= 0.5 ? sqrt(m) * float(asin_sqrt_over_sqrt(REAL(m)))
                              : float(kHalfPiHi) - sqrt(1.0 - m) * float(asin_sqrt_over_sqrt(REAL(1.0 - m)));
  // Beyond m = 1/2, 1 - m has lost digits: up to about 5e-6 radians at m = 0.999.
  return 2.0 * half_angle * kRoundUp + (m <= 0.5 ? 1e-7 : 1e-5);
}

// The largest chord squared computed in float of two points at most `angle` radians apart.
float chord2_up(float angle) {
  if (angle >= float(kPi)) return 16.0;  // every chord
  REAL s, c;
  sincos_rad(REAL(angle * 0.5), s, c);
  float ch = 2.0 * float(s) * kRoundUp + kChordSlack;
  return ch * ch * kRoundUp;
}

// The reach of the nearest angle theta0 (an upper bound of it), itself bounded above.
float reach_up(float theta0) {
  return (theta0 + kReachPerRadian * (float(kPi) + theta0)) * kRoundUp + 1e-7;
}
