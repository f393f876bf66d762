// The map projections of core/projection.h in GLSL: azimuthal equidistant (aeqd),
// orthographic (ortho) about a centre and Equal Earth (eqearth) about a central meridian, forward (latitude, longitude -> x, y on the map) and
// inverse (x, y -> the point of the sphere), for the GL backend's projected field
// (field_projected.comp) and the drawing shaders (coastlines, graticule, marker).
//
// Provides (names and signatures kept stable; they are the header's):
//   constants kProjectionLatlon = 0, kProjectionAeqd = 1, kProjectionOrtho = 2,
//             kProjectionEqEarth = 3 (Projection)
//   struct ProjectionCentre { lat_deg, lon_deg, sin_lat, cos_lat }
//   struct MapPoint { x, y, valid }         struct LocalDirection { east, north, cos_c }
//   struct SpherePoint { lat_deg, lon_deg, dlat_deg, dlon_deg, cos_lat, valid }
//   ProjectionCentre make_projection_centre(REAL lat_deg, REAL lon_deg)
//   REAL wrap_lon_deg(REAL x_deg)                 [-180, 180)
//   REAL radians_to_deg(REAL r)
//   REAL div_full(REAL a, REAL b)                 a / b to the last bits (see below)
//   REAL atan2_full(REAL y, REAL x)               radians, [-pi, pi], every sign of y and x
//   LocalDirection local_direction(ProjectionCentre c, REAL lat_deg, REAL lon_deg)
//   SpherePoint point_from_local(ProjectionCentre c, REAL east, REAL north, REAL cos_c)
//   SpherePoint no_sphere_point()                 valid = false, every field NaN
//   MapPoint aeqd_forward(ProjectionCentre c, REAL lat_deg, REAL lon_deg, REAL radius)
//   SpherePoint aeqd_inverse(ProjectionCentre c, REAL x, REAL y, REAL radius)
//   MapPoint ortho_forward(ProjectionCentre c, REAL lat_deg, REAL lon_deg, REAL radius)
//   SpherePoint ortho_inverse(ProjectionCentre c, REAL x, REAL y, REAL radius)
//   MapPoint eqearth_forward(ProjectionCentre c, REAL lat_deg, REAL lon_deg, REAL radius)
//   SpherePoint eqearth_inverse(ProjectionCentre c, REAL x, REAL y, REAL radius)
//   MapPoint project(int kind, ProjectionCentre c, REAL lat_deg, REAL lon_deg, REAL radius)
//   SpherePoint unproject(int kind, ProjectionCentre c, REAL x, REAL y, REAL radius)
// Angles in degrees unless a name says radians; x grows east and y north at the centre; x, y
// and radius share one unit. MapPoint.valid = false: no place on the map (aeqd: the antipode;
// ortho: the far side). SpherePoint.valid = false: no point of the sphere under (x, y) (aeqd:
// beyond pi R; ortho: beyond R; eqearth: outside the outline).
//
// Needs before it, in this order: "#define REAL float" (or double) and "#define IS_DOUBLE 0"
// (or 1), field_constants.glsl (printed by the build from core/field_constants.h: kPi,
// kRadPerDeg, kDegPerRad, kHalfPiHi/Lo, kAtanOfQuarters) and field_math.glsl (sincos_deg,
// atan_01, sqrt_full). Works in any shader stage (GLSL 4.50).
//
// A port of the header, the same formulas in the same order (the header says why each is
// written as it is); tests/gl holds the GL backend's projected field to the header's CPU double
// field node by node. Change both together. Built-ins: only +, -, *, fma, abs, roundEven and
// comparisons, which are exact or correctly rounded. Not sin, cos, atan: their GLSL error is
// absolute and implementation-defined (field_math.glsl's polynomials instead). Not a double
// sqrt or division as they come: GLSL asks of double operations only single precision, so
// sqrt_full and div_full refine them to the last bits with fma (in float they are the plain
// operators: GLSL's float division is 2.5 ulp and sqrt about 3 ulp, far inside the float path's
// 2e-6).

const int kProjectionLatlon = 0;
const int kProjectionAeqd = 1;
const int kProjectionOrtho = 2;
const int kProjectionEqEarth = 3;

struct ProjectionCentre {
  REAL lat_deg;
  REAL lon_deg;
  REAL sin_lat;
  REAL cos_lat;
};

struct MapPoint {
  REAL x;
  REAL y;
  bool valid;
};

struct SpherePoint {
  REAL lat_deg;
  REAL lon_deg;
  REAL dlat_deg;  // lat - centre lat, [-180, 180]
  REAL dlon_deg;  // lon - centre lon, [-180, 180]
  REAL cos_lat;   // >= 0
  bool valid;
};

struct LocalDirection {
  REAL east;   // sin c sin az
  REAL north;  // sin c cos az
  REAL cos_c;
};

// a / b. Double: two Newton steps on the exact residual (fma), whatever the first quotient's
// accuracy (single precision is all GLSL promises for a double division).
REAL div_full(REAL a, REAL b) {
#if IS_DOUBLE
  REAL q = a / b;
  q = fma(fma(-q, b, a), REAL(1.0LF) / b, q);
  q = fma(fma(-q, b, a), REAL(1.0LF) / b, q);
  return q;
#else
  return a / b;
#endif
}

// A quiet NaN of REAL (0.0 / 0.0 may be folded to anything by a GLSL compiler).
REAL real_nan() {
#if IS_DOUBLE
  return packDouble2x32(uvec2(0u, 0x7ff80000u));
#else
  return uintBitsToFloat(0x7fc00000u);
#endif
}

// Longitude reduced to [-180, 180); exact for |x| <= 540 (the subtraction is exact there; the
// quotient only picks the multiple of 360).
REAL wrap_lon_deg(REAL x_deg) {
  precise REAL r = x_deg - REAL(360.0LF) * roundEven(x_deg / REAL(360.0LF));
  return r >= REAL(180.0LF) ? r - REAL(360.0LF) : r;
}

REAL radians_to_deg(REAL r) { return r * kDegPerRad; }

// atan2(y, x) in radians, [-pi, pi], on field_math.glsl's atan_01 (a few ulp in float and
// double). atan2(+-0, x < 0) is +pi (GLSL cannot see the sign of a zero here: the header's
// -pi is the same direction).
REAL atan2_full(REAL y, REAL x) {
  REAL ay = abs(y), ax = abs(x);
  REAL th = ay <= ax ? (ax > REAL(0.0LF) ? atan_01(div_full(ay, ax)) : REAL(0.0LF))
                     : (kHalfPiHi - atan_01(div_full(ax, ay))) + kHalfPiLo;
  th = x < REAL(0.0LF) ? (kPi - th) : th;
  return y < REAL(0.0LF) ? -th : th;
}

ProjectionCentre make_projection_centre(REAL lat_deg, REAL lon_deg) {
  ProjectionCentre c;
  c.lat_deg = lat_deg;
  c.lon_deg = lon_deg;
  sincos_deg(lat_deg, c.sin_lat, c.cos_lat);
  c.cos_lat = c.cos_lat > REAL(0.0LF) ? c.cos_lat : REAL(0.0LF);  // +0 at the poles
  return c;
}

// Forward: the point's direction from the centre (projection.h's local_direction: no
// cancellation near the centre, nor near the antipode).
LocalDirection local_direction(ProjectionCentre c, REAL lat_deg, REAL lon_deg) {
  REAL dlon = wrap_lon_deg(lon_deg - c.lon_deg);
  REAL s_lat, c_lat, s_dlat, c_dlat, s_dlon, c_dlon, s_half, c_half, s_sum, c_sum;
  sincos_deg(lat_deg, s_lat, c_lat);
  sincos_deg(lat_deg - c.lat_deg, s_dlat, c_dlat);
  sincos_deg(dlon, s_dlon, c_dlon);
  sincos_deg(dlon / REAL(2.0LF), s_half, c_half);
  c_lat = c_lat > REAL(0.0LF) ? c_lat : REAL(0.0LF);
  LocalDirection d;
  d.cos_c = c_dlat - REAL(2.0LF) * c.cos_lat * c_lat * s_half * s_half;
  if (d.cos_c >= REAL(0.0LF)) {
    d.north = s_dlat + REAL(2.0LF) * c.sin_lat * c_lat * s_half * s_half;
  } else {
    sincos_deg(lat_deg + c.lat_deg, s_sum, c_sum);
    d.north = s_sum - REAL(2.0LF) * c.sin_lat * c_lat * c_half * c_half;
  }
  d.east = c_lat * s_dlon;
  return d;
}

// Inverse: the point at direction (east, north, cos c) from the centre (projection.h's
// point_from_local, the same frame and the same cancellation-free sin(lat - lat_c)).
SpherePoint point_from_local(ProjectionCentre c, REAL east, REAL north, REAL cos_c) {
  REAL x = cos_c * c.cos_lat - north * c.sin_lat;
  REAL z = north * c.cos_lat + cos_c * c.sin_lat;
  REAL h = sqrt_full(x * x + east * east);
  REAL sin_dlat = x > REAL(0.0LF) ? north - div_full(c.sin_lat * east * east, x + h)
                                  : z * c.cos_lat - h * c.sin_lat;
  REAL cos_dlat = z * c.sin_lat + h * c.cos_lat;
  SpherePoint p;
  p.dlat_deg = radians_to_deg(atan2_full(sin_dlat, cos_dlat));
  p.dlon_deg = radians_to_deg(atan2_full(east, x));
  p.cos_lat = h;
  p.lat_deg = radians_to_deg(atan2_full(z, h));
  p.lon_deg = wrap_lon_deg(c.lon_deg + p.dlon_deg);
  p.valid = true;
  return p;
}

SpherePoint no_sphere_point() {
  REAL nan = real_nan();
  return SpherePoint(nan, nan, nan, nan, nan, false);
}

// Azimuthal equidistant, forward. The antipode (a circle on the map) has no single point.
MapPoint aeqd_forward(ProjectionCentre c, REAL lat_deg, REAL lon_deg, REAL radius) {
  LocalDirection d = local_direction(c, lat_deg, lon_deg);
  REAL sin_c = sqrt_full(d.east * d.east + d.north * d.north);
  if (!(sin_c > REAL(0.0LF))) {
    return MapPoint(REAL(0.0LF), REAL(0.0LF), d.cos_c > REAL(0.0LF));
  }
  REAL k = div_full(radius * atan2_full(sin_c, d.cos_c), sin_c);  // arc length over chord
  return MapPoint(k * d.east, k * d.north, true);
}

// Azimuthal equidistant, inverse. hypot(x, y) > pi R: no point.
SpherePoint aeqd_inverse(ProjectionCentre c, REAL x, REAL y, REAL radius) {
  REAL rho = sqrt_full(x * x + y * y);
  if (!(rho <= kPi * radius)) return no_sphere_point();
  REAL c_deg = radians_to_deg(div_full(rho, radius));
  c_deg = c_deg < REAL(180.0LF) ? c_deg : REAL(180.0LF);  // pi R itself may round above 180
  REAL sin_c, cos_c;
  sincos_deg(c_deg, sin_c, cos_c);
  REAL k = rho > REAL(0.0LF) ? div_full(sin_c, rho) : div_full(REAL(1.0LF), radius);
  return point_from_local(c, k * x, k * y, cos_c);
}

// Orthographic, forward. The far side (cos c < 0) is not visible.
MapPoint ortho_forward(ProjectionCentre c, REAL lat_deg, REAL lon_deg, REAL radius) {
  LocalDirection d = local_direction(c, lat_deg, lon_deg);
  return MapPoint(radius * d.east, radius * d.north, d.cos_c >= REAL(0.0LF));
}

// Orthographic, inverse. hypot(x, y) > R: outside the disc, no point.
SpherePoint ortho_inverse(ProjectionCentre c, REAL x, REAL y, REAL radius) {
  REAL ex = div_full(x, radius), ny = div_full(y, radius);
  REAL s2 = ex * ex + ny * ny;  // sin^2 c
  if (!(s2 <= REAL(1.0LF))) return no_sphere_point();
  REAL s = sqrt_full(s2);
  REAL cos_c = sqrt_full((REAL(1.0LF) - s) * (REAL(1.0LF) + s));  // keeps its digits at the rim
  return point_from_local(c, ex, ny, cos_c);
}

// Equal Earth's polynomial (y / R = theta poly) and its slope, as projection.h's.
REAL eqearth_poly(REAL t2) {
  REAL t6 = t2 * t2 * t2;
  return kEqEarthA1 + kEqEarthA2 * t2 + t6 * (kEqEarthA3 + kEqEarthA4 * t2);
}
REAL eqearth_slope(REAL t2) {
  REAL t6 = t2 * t2 * t2;
  return kEqEarthA1 + kEqEarth3A2 * t2 + t6 * (kEqEarth7A3 + kEqEarth9A4 * t2);
}

// projection.h's eqearth_slack<T>: a node on the outline stays on the map through its rounding.
REAL eqearth_slack() {
#if IS_DOUBLE
  return REAL(1e-13LF);
#else
  return REAL(4e-7LF);
#endif
}

// Equal Earth, forward (projection.h's eqearth_forward). Every point has a place.
MapPoint eqearth_forward(ProjectionCentre c, REAL lat_deg, REAL lon_deg, REAL radius) {
  REAL s_lat, c_lat;
  sincos_deg(lat_deg, s_lat, c_lat);
  REAL st = kEqEarthM * s_lat;
  REAL ct = sqrt_full((REAL(1.0LF) - st) * (REAL(1.0LF) + st));
  REAL theta = atan2_full(st, ct);
  REAL t2 = theta * theta;
  REAL lambda = wrap_lon_deg(lon_deg - c.lon_deg) * kRadPerDeg;
  return MapPoint(div_full(radius * lambda * ct, kEqEarthM * eqearth_slope(t2)),
                  radius * theta * eqearth_poly(t2), true);
}

// Equal Earth, inverse (projection.h's eqearth_inverse): Newton's method on theta, the same
// start, steps and bound. Outside the outline: no point.
SpherePoint eqearth_inverse(ProjectionCentre c, REAL x, REAL y, REAL radius) {
  REAL v = div_full(y, radius);
  REAL slack = REAL(1.0LF) + eqearth_slack();
  if (!(v <= kEqEarthMaxY * slack && v >= -kEqEarthMaxY * slack)) return no_sphere_point();
#if IS_DOUBLE
  REAL done = REAL(1e-9LF);
#else
  REAL done = REAL(1e-5LF);
#endif
  REAL theta = div_full(v, kEqEarthA1);
  for (int k = 0; k < 8; ++k) {  // projection.h's kEqEarthNewtonSteps
    REAL t2 = theta * theta;
    REAL step = div_full(theta * eqearth_poly(t2) - v, eqearth_slope(t2));
    theta -= step;
    if (!(step > done || step < -done)) break;
  }
  theta = clamp(theta, -kEqEarthPoleTheta, kEqEarthPoleTheta);
  REAL st, ct;
  sincos_rad(theta, st, ct);
  REAL lambda = div_full(kEqEarthM * eqearth_slope(theta * theta) * div_full(x, radius), ct);
  if (!(lambda <= kPi * slack && lambda >= -kPi * slack)) return no_sphere_point();
  lambda = clamp(lambda, -kPi, kPi);
  REAL s_lat = clamp(div_full(st, kEqEarthM), REAL(-1.0LF), REAL(1.0LF));
  REAL cos_lat = sqrt_full((REAL(1.0LF) - s_lat) * (REAL(1.0LF) + s_lat));
  SpherePoint p;
  p.lat_deg = radians_to_deg(atan2_full(s_lat, cos_lat));
  p.dlat_deg = p.lat_deg;
  p.dlon_deg = radians_to_deg(lambda);
  p.lon_deg = wrap_lon_deg(c.lon_deg + p.dlon_deg);
  p.cos_lat = cos_lat;
  p.valid = true;
  return p;
}

MapPoint project(int kind, ProjectionCentre c, REAL lat_deg, REAL lon_deg, REAL radius) {
  if (kind == kProjectionEqEarth) return eqearth_forward(c, lat_deg, lon_deg, radius);
  return kind == kProjectionOrtho ? ortho_forward(c, lat_deg, lon_deg, radius)
                                  : aeqd_forward(c, lat_deg, lon_deg, radius);
}

SpherePoint unproject(int kind, ProjectionCentre c, REAL x, REAL y, REAL radius) {
  if (kind == kProjectionEqEarth) return eqearth_inverse(c, x, y, radius);
  return kind == kProjectionOrtho ? ortho_inverse(c, x, y, radius)
                                  : aeqd_inverse(c, x, y, radius);
}
