// Map projections of the sphere, forward (latitude, longitude -> x, y) and inverse, shared by
// the kernels, the CPU backend, the exports and the tests (as field_math.h is).
//   aeqd : azimuthal equidistant about a centre: the distance from the centre of the map is the
//          great-circle distance; the whole sphere fits in the disc hypot(x, y) <= pi R.
//   ortho: orthographic about a centre: the near hemisphere seen from infinitely far away, the
//          disc hypot(x, y) <= R; the far side has no place.
// x grows east and y north at the centre. x, y and R share one unit (the output unit). Angles
// are in degrees; every angle is reduced exactly by sincos_deg before trigonometry. The formulas
// are written so that offsets from the centre keep their relative accuracy (small maps in float)
// and the antipode stays well conditioned.
#pragma once

#include "field_math.h"

namespace geofield {

using std::sqrt;

enum class Projection : int { latlon = 0, aeqd = 1, ortho = 2 };

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

template <typename T>
GF_HD MapPoint<T> project(Projection kind, const ProjectionCentre<T>& c, T lat_deg, T lon_deg,
                          T radius) {
  return kind == Projection::ortho ? ortho_forward(c, lat_deg, lon_deg, radius)
                                   : aeqd_forward(c, lat_deg, lon_deg, radius);
}

template <typename T>
GF_HD SpherePoint<T> unproject(Projection kind, const ProjectionCentre<T>& c, T x, T y, T radius) {
  return kind == Projection::ortho ? ortho_inverse(c, x, y, radius) : aeqd_inverse(c, x, y, radius);
}

}  // namespace geofield
