// Map projections of the sphere, forward (latitude, longitude -> x, y) and inverse, shared by
// the kernels, the CPU backend, the exports and the tests (as field_math.h is).
//   aeqd : azimuthal equidistant about a centre: the distance from the centre of the map is the
//          great-circle distance; the whole sphere fits in the disc hypot(x, y) <= pi R.
//   ortho: orthographic about a centre: the near hemisphere seen from infinitely far away, the
//          disc hypot(x, y) <= R; the far side has no place.
//   eqearth: Equal Earth (Savric, Patterson & Jenny 2018), an equal-area pseudocylindrical
//          world map about a central meridian (the centre's longitude; its latitude is not
//          used: the equator is y = 0). Parallels are straight rows; the outline is the
//          meridians +-180 degrees from the central one, |x| <= 2.7066 R, |y| <= 1.3174 R.
// x grows east and y north at the centre. x, y and R share one unit (the output unit). Angles
// are in degrees; every angle is reduced exactly by sincos_deg before trigonometry. The formulas
// are written so that offsets from the centre keep their relative accuracy (small maps in float)
// and the antipode stays well conditioned.
#pragma once

#include "field_math.h"

namespace geofield {

using std::sqrt;

enum class Projection : int { latlon = 0, aeqd = 1, ortho = 2, eqearth = 3 };

// Longitude reduced to [-180, 180). Exact for |x| <= 540 (the subtraction is exact there).
template <typename T>
GF_HD T wrap_lon_deg(T x_deg) {
  const T r = x_deg - T(360) * rint(x_deg / T(360));  // [-180, 180]
  return r >= T(180) ? r - T(360) : r;
}

// A centre of projection, built once (in double on the host for the kernels).
template <typename T>
struct ProjectionCentre {
  T lat_deg, lon_deg;
  T sin_lat, cos_lat;
};

template <typename T>
GF_HD ProjectionCentre<T> make_projection_centre(T lat_deg, T lon_deg) {
  ProjectionCentre<T> c{lat_deg, lon_deg, T(0), T(0)};
  sincos_deg(lat_deg, &c.sin_lat, &c.cos_lat);
  c.cos_lat =
      c.cos_lat > T(0) ? c.cos_lat : T(0);  // +0, not -0, at the poles: atan2 reads the sign
  return c;
}

// A point of the map's plane, valid = false where the projection has no point (the far side,
// beyond the disc).
template <typename T>
struct MapPoint {
  T x, y;
  bool valid;
};

// A point of the sphere as the inverse projection gives it: latitude and longitude (wrapped to
// [-180, 180)) and the same point as offsets from the centre, which keep their relative
// accuracy near the centre where lat - lat_centre would not: dlat = lat - lat_centre in
// [-180, 180], dlon = lon - lon_centre in [-180, 180]; cos_lat >= 0. valid = false (all NaN)
// where no point of the sphere maps there.
template <typename T>
struct SpherePoint {
  T lat_deg, lon_deg;
  T dlat_deg, dlon_deg;
  T cos_lat;
  bool valid;
};

// The great circle from the centre to a point, as the direction's local components
// (east = sin c sin az, north = sin c cos az) and cos c, c the angle from the centre.
template <typename T>
struct LocalDirection {
  T east, north, cos_c;
};

template <typename T>
GF_HD T radians_to_deg(T r) {
  return r * T(kDegPerRad);
}

// Forward: the point's direction from the centre. Near the centre north = sin(dlat) +
// 2 sin(lat_c) cos(lat) sin^2(dlon/2) has no cancellation; near the antipode the equal
// sin(lat + lat_c) - 2 sin(lat_c) cos(lat) cos^2(dlon/2) has none.
template <typename T>
GF_HD LocalDirection<T> local_direction(const ProjectionCentre<T>& c, T lat_deg, T lon_deg) {
  const T dlon = wrap_lon_deg(lon_deg - c.lon_deg);
  T s_lat, c_lat, s_dlat, c_dlat, s_dlon, c_dlon, s_half, c_half, s_sum, c_sum;
  sincos_deg(lat_deg, &s_lat, &c_lat);
  sincos_deg(lat_deg - c.lat_deg, &s_dlat, &c_dlat);
  sincos_deg(dlon, &s_dlon, &c_dlon);
  sincos_deg(dlon / T(2), &s_half, &c_half);
  c_lat = c_lat > T(0) ? c_lat : T(0);
  const T cos_c = c_dlat - T(2) * c.cos_lat * c_lat * s_half * s_half;
  T north;
  if (cos_c >= T(0)) {
    north = s_dlat + T(2) * c.sin_lat * c_lat * s_half * s_half;
  } else {
    sincos_deg(lat_deg + c.lat_deg, &s_sum, &c_sum);
    north = s_sum - T(2) * c.sin_lat * c_lat * c_half * c_half;
  }
  return {c_lat * s_dlon, north, cos_c};
}

// Inverse: the point at direction (east, north, cos c) from the centre. In the frame X toward
// (0, lon_c), Y east, Z north the point is X = cos c cos(lat_c) - north sin(lat_c), Y = east,
// Z = north cos(lat_c) + cos c sin(lat_c). sin(lat - lat_c) = Z cos(lat_c) - H sin(lat_c),
// H = hypot(X, Y) = cos(lat), cancels near the centre; there (X > 0) it equals
// north - sin(lat_c) east^2 / (X + H), which does not.
template <typename T>
GF_HD SpherePoint<T> point_from_local(const ProjectionCentre<T>& c, T east, T north, T cos_c) {
  const T x = cos_c * c.cos_lat - north * c.sin_lat;
  const T z = north * c.cos_lat + cos_c * c.sin_lat;
  const T h = sqrt(x * x + east * east);
  const T sin_dlat =
      x > T(0) ? north - c.sin_lat * east * east / (x + h) : z * c.cos_lat - h * c.sin_lat;
  const T cos_dlat = z * c.sin_lat + h * c.cos_lat;
  SpherePoint<T> p;
  p.dlat_deg = radians_to_deg(atan2(sin_dlat, cos_dlat));
  p.dlon_deg = radians_to_deg(atan2(east, x));
  p.cos_lat = h;
  p.lat_deg = radians_to_deg(atan2(z, h));
  p.lon_deg = wrap_lon_deg(c.lon_deg + p.dlon_deg);
  p.valid = true;
  return p;
}

template <typename T>
GF_HD SpherePoint<T> no_sphere_point() {
  const T nan = T(0) / T(0);  // NaN without <limits> on the device
  return {nan, nan, nan, nan, nan, false};
}

// Azimuthal equidistant, forward. The antipode (a circle on the map) has no single point.
template <typename T>
GF_HD MapPoint<T> aeqd_forward(const ProjectionCentre<T>& c, T lat_deg, T lon_deg, T radius) {
  const LocalDirection<T> d = local_direction(c, lat_deg, lon_deg);
  const T sin_c = sqrt(d.east * d.east + d.north * d.north);
  if (!(sin_c > T(0))) {
    return d.cos_c > T(0) ? MapPoint<T>{T(0), T(0), true} : MapPoint<T>{T(0), T(0), false};
  }
  const T k = radius * atan2(sin_c, d.cos_c) / sin_c;  // arc length over chord
  return {k * d.east, k * d.north, true};
}

// Azimuthal equidistant, inverse. hypot(x, y) > pi R: no point (NaN).
template <typename T>
GF_HD SpherePoint<T> aeqd_inverse(const ProjectionCentre<T>& c, T x, T y, T radius) {
  const T rho = sqrt(x * x + y * y);
  if (!(rho <= T(kPi) * radius)) return no_sphere_point<T>();
  T c_deg = radians_to_deg(rho / radius);
  c_deg = c_deg < T(180) ? c_deg : T(180);  // pi R itself may round a little above 180
  T sin_c, cos_c;
  sincos_deg(c_deg, &sin_c, &cos_c);
  const T k = rho > T(0) ? sin_c / rho : T(1) / radius;  // sin c / rho -> 1/R at the centre
  return point_from_local(c, k * x, k * y, cos_c);
}

// Orthographic, forward. The far side (cos c < 0) is not visible.
template <typename T>
GF_HD MapPoint<T> ortho_forward(const ProjectionCentre<T>& c, T lat_deg, T lon_deg, T radius) {
  const LocalDirection<T> d = local_direction(c, lat_deg, lon_deg);
  return {radius * d.east, radius * d.north, d.cos_c >= T(0)};
}

// Orthographic, inverse. hypot(x, y) > R: outside the disc, no point (NaN).
template <typename T>
GF_HD SpherePoint<T> ortho_inverse(const ProjectionCentre<T>& c, T x, T y, T radius) {
  const T ex = x / radius, ny = y / radius;
  const T s2 = ex * ex + ny * ny;  // sin^2 c
  if (!(s2 <= T(1))) return no_sphere_point<T>();
  const T s = sqrt(s2);
  const T cos_c = sqrt((T(1) - s) * (T(1) + s));  // keeps its digits at the rim
  return point_from_local(c, ex, ny, cos_c);
}

// Equal Earth's polynomial in the parametric latitude theta: y / R = theta * eqearth_poly and
// its derivative dy/dtheta / R = eqearth_slope.
template <typename T>
GF_HD T eqearth_poly(T t2) {
  const T t6 = t2 * t2 * t2;
  return T(kEqEarthA1) + T(kEqEarthA2) * t2 + t6 * (T(kEqEarthA3) + T(kEqEarthA4) * t2);
}
template <typename T>
GF_HD T eqearth_slope(T t2) {
  const T t6 = t2 * t2 * t2;
  return T(kEqEarthA1) + T(3 * kEqEarthA2) * t2 + t6 * (T(7 * kEqEarthA3) + T(9 * kEqEarthA4) * t2);
}

// The relative slack of Equal Earth's outline tests: a node on the outline (lon +-180, a pole)
// stays on the map through its rounding in T.
template <typename T>
GF_HD T eqearth_slack() {
  return sizeof(T) == sizeof(float) ? T(4e-7) : T(1e-13);
}

// Equal Earth, forward: x = R lambda cos(theta) / (M slope), y = R theta poly, lambda the
// longitude from the central meridian wrapped to [-180, 180) (radians). Every point has a place.
template <typename T>
GF_HD MapPoint<T> eqearth_forward(const ProjectionCentre<T>& c, T lat_deg, T lon_deg, T radius) {
  T s_lat, c_lat;
  sincos_deg(lat_deg, &s_lat, &c_lat);
  const T st = T(kEqEarthM) * s_lat;             // sin theta, |st| <= sqrt(3)/2
  const T ct = sqrt((T(1) - st) * (T(1) + st));  // cos theta >= 1/2: no cancellation
  const T theta = atan2(st, ct);
  const T t2 = theta * theta;
  const T lambda = wrap_lon_deg(lon_deg - c.lon_deg) * T(kRadPerDeg);
  return {radius * lambda * ct / (T(kEqEarthM) * eqearth_slope(t2)),
          radius * theta * eqearth_poly(t2), true};
}

// Equal Earth, inverse. theta from y by Newton's method on theta poly(theta) = y / R (the slope
// is above 1.13 on [0, pi/3] and the polynomial nearly linear: from theta = y / (R A1) it
// converges to double in 4 steps, at most kEqEarthNewtonSteps); then
// lambda = M slope x / (R cos theta), lat = asin(sin theta / M). Outside the outline
// (|y| > 1.3174 R, |lambda| > pi) no point (NaN).
constexpr int kEqEarthNewtonSteps = 8;

template <typename T>
GF_HD SpherePoint<T> eqearth_inverse(const ProjectionCentre<T>& c, T x, T y, T radius) {
  const T v = y / radius;
  const T slack = T(1) + eqearth_slack<T>();
  if (!(v <= T(kEqEarthMaxY) * slack && v >= -T(kEqEarthMaxY) * slack)) {
    return no_sphere_point<T>();
  }
  T theta = v / T(kEqEarthA1);
  for (int k = 0; k < kEqEarthNewtonSteps; ++k) {
    const T t2 = theta * theta;
    const T step = (theta * eqearth_poly(t2) - v) / eqearth_slope(t2);
    theta -= step;
    // Quadratic convergence: after a step this small the error is below T's rounding.
    const T done = sizeof(T) == sizeof(float) ? T(1e-5) : T(1e-9);
    if (!(step > done || step < -done)) break;
  }
  const T pole = T(kEqEarthPoleTheta);
  theta = theta > pole ? pole : (theta < -pole ? -pole : theta);  // a pole rounded beyond
  const T st = sin(theta), ct = cos(theta);
  T lambda = T(kEqEarthM) * eqearth_slope(theta * theta) * (x / radius) / ct;
  const T edge = T(kPi);
  if (!(lambda <= edge * slack && lambda >= -edge * slack)) return no_sphere_point<T>();
  lambda = lambda > edge ? edge : (lambda < -edge ? -edge : lambda);
  const T s = st / T(kEqEarthM);  // sin lat, |s| <= 1 by the clamp above (to rounding)
  const T s_lat = s > T(1) ? T(1) : (s < T(-1) ? T(-1) : s);
  const T cos_lat = sqrt((T(1) - s_lat) * (T(1) + s_lat));
  SpherePoint<T> p;
  p.lat_deg = radians_to_deg(atan2(s_lat, cos_lat));
  p.dlat_deg = p.lat_deg;  // the map's centre is on the equator
  p.dlon_deg = radians_to_deg(lambda);
  p.lon_deg = wrap_lon_deg(c.lon_deg + p.dlon_deg);
  p.cos_lat = cos_lat;
  p.valid = true;
  return p;
}

template <typename T>
GF_HD MapPoint<T> project(Projection kind, const ProjectionCentre<T>& c, T lat_deg, T lon_deg,
                          T radius) {
  switch (kind) {
    case Projection::ortho: return ortho_forward(c, lat_deg, lon_deg, radius);
    case Projection::eqearth: return eqearth_forward(c, lat_deg, lon_deg, radius);
    default: return aeqd_forward(c, lat_deg, lon_deg, radius);
  }
}

template <typename T>
GF_HD SpherePoint<T> unproject(Projection kind, const ProjectionCentre<T>& c, T x, T y, T radius) {
  switch (kind) {
    case Projection::ortho: return ortho_inverse(c, x, y, radius);
    case Projection::eqearth: return eqearth_inverse(c, x, y, radius);
    default: return aeqd_inverse(c, x, y, radius);
  }
}

}  // namespace geofield
