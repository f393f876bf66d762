// The one source of truth for geofield's math: grid nodes and distance formulas.
// Compiled by nvcc for the CUDA kernels and by the host compiler for the CPU backend,
// the hover readout, the value range and the tests. Nothing here knows about GL or windows.
//
// Angles are in degrees unless a name says otherwise. Distances are in the output unit
// (see Units), the sphere radius too.
#pragma once

#include <cmath>

#include "field_constants.h"

#if defined(__CUDACC__)
#define GF_HD __host__ __device__ __forceinline__
#else
#define GF_HD inline
#endif

namespace geofield {

// Float and double overloads on the host as on the device.
using std::atan2;
using std::cos;
using std::fma;
using std::rint;
using std::sin;
using std::sqrt;

enum class Formula : int {
  haversine = 0,  // true great-circle distance, well conditioned everywhere
  seed = 1,       // the original numba answer's expression, reproduced exactly (not a distance)
  wgs84 = 2,  // geodesic distance on an ellipsoid (WGS84 by default), in double: geodesic_field.h
};

enum class Units : int { km = 0, nm = 1, mi = 2, m = 3 };

constexpr double kDefaultRadiusKm = 6371.0088;  // IUGG mean Earth radius
constexpr double kKmPerNauticalMile = 1.852;    // exact by definition
constexpr double kKmPerStatuteMile = 1.609344;  // exact by definition

// Metres per output unit, exact (the wgs84 formula divides its metres by it).
GF_HD double metres_per_unit(Units u) {
  switch (u) {
    case Units::nm: return 1000.0 * kKmPerNauticalMile;
    case Units::mi: return 1000.0 * kKmPerStatuteMile;
    case Units::m: return 1.0;
    case Units::km:
    default: return 1000.0;
  }
}

GF_HD double units_per_km(Units u) {
  switch (u) {
    case Units::nm: return 1.0 / kKmPerNauticalMile;
    case Units::mi: return 1.0 / kKmPerStatuteMile;
    case Units::m: return 1000.0;
    case Units::km:
    default: return 1.0;
  }
}

// sin and cos of an angle in degrees, reduced exactly to [-45, 45] first, so that
// cos(90) is 0 and sin(180) is 0 in float as in double (GeographicLib's sincosd idea).
template <typename T>
GF_HD void sincos_deg(T x_deg, T* s, T* c) {
  const T q = rint(x_deg / T(90));
  const T r_deg = x_deg - q * T(90);  // exact: q*90 is exact and the difference is small
  const T r = r_deg * T(kRadPerDeg);
  const T s0 = sin(r), c0 = cos(r);
  const long long n = static_cast<long long>(q);
  switch (static_cast<int>(((n % 4) + 4) % 4)) {
    case 0:
      *s = s0;
      *c = c0;
      break;
    case 1:
      *s = c0;
      *c = -s0;
      break;
    case 2:
      *s = -s0;
      *c = -c0;
      break;
    default:
      *s = -c0;
      *c = s0;
      break;
  }
}

// A grid as the kernels use it. Built on the host in double (make_grid_geometry); the
// offsets from the reference point are taken in double there, so that the float path
// never subtracts two large nearly equal angles and keeps its digits on tiny grids.
struct GridGeometry {
  int nx = 0, ny = 0;
  double lat_max_deg = 0;   // latitude of row 0 (north)
  double lat_step_deg = 0;  // > 0: row i is at lat_max - i * lat_step
  double lon_min_deg = 0;   // longitude of column 0, as given
  double lon_step_deg = 0;  // > 0: column j is at lon_min + j * lon_step (may pass 180)
  double ref_lat_deg = 0, ref_lon_deg = 0;
  double dlat0_deg = 0;      // lat_max - ref_lat
  double slat0_deg = 0;      // lat_max + ref_lat
  double dlon0_deg = 0;      // lon_min - ref_lon reduced to [-180, 180)
  double dlon0_raw_deg = 0;  // lon_min - ref_lon as is (the seed formula uses the raw difference)
  double north_polar0_deg = 0;  // 90 - lat_max: row 0's distance from the north pole
  double south_polar0_deg = 0;  // 90 + lat_min: the last row's distance from the south pole
  double cos_ref_lat = 0;       // cos(ref_lat), or the seed's cos(0.01745329 ref_lat), in double
  double radius = 0;            // sphere radius in the output unit
  Formula formula = Formula::haversine;
};

// dlon = (lon_max - lon_min) mod 360 taken in (0, 360]; callers reject lon_min == lon_max.
inline double lon_span_deg(double lon_min_deg, double lon_max_deg) {
  double d = std::fmod(lon_max_deg - lon_min_deg, 360.0);
  if (d <= 0) d += 360.0;
  return d;
}

inline double reduce_deg_180(double x_deg) {
  double r = std::remainder(x_deg, 360.0);  // [-180, 180]
  return r == 180.0 ? -180.0 : r;
}

// The nodes of an nx x ny grid: row 0 at lat_north, the last row at lat_south, rows lat_step
// apart; column 0 at lon_west, columns lon_step apart (degrees).
struct GridNodes {
  double lat_north_deg = 0, lat_south_deg = 0, lat_step_deg = 0;
  double lon_west_deg = 0, lon_step_deg = 0;
};

// Node registration (the grid contract): nodes on the bounds, steps span / (n - 1).
inline GridNodes nodes_on_bounds(double lat_min_deg, double lat_max_deg, double lon_min_deg,
                                 double lon_max_deg, int nx, int ny) {
  return {lat_max_deg, lat_min_deg, (lat_max_deg - lat_min_deg) / (ny - 1), lon_min_deg,
          lon_span_deg(lon_min_deg, lon_max_deg) / (nx - 1)};
}

// Pixel registration: the bounds are the cells' edges, the nodes the centres of nx x ny cells of
// span / n. The step is the one division (0.25 exactly for 1440 cells over 360 degrees) and the
// centres are an edge plus an odd number of half steps, so a cell size with a short binary form
// gives exact centres (-179.875, ..., 179.875).
inline GridNodes nodes_at_cell_centres(double lat_min_deg, double lat_max_deg, double lon_min_deg,
                                       double lon_max_deg, int nx, int ny) {
  const double lat_step = (lat_max_deg - lat_min_deg) / ny;
  const double lon_step = lon_span_deg(lon_min_deg, lon_max_deg) / nx;
  return {lat_max_deg - 0.5 * lat_step, lat_min_deg + 0.5 * lat_step, lat_step,
          lon_min_deg + 0.5 * lon_step, lon_step};
}

inline GridGeometry make_grid_geometry(const GridNodes& n, int nx, int ny, double ref_lat_deg,
                                       double ref_lon_deg, Formula formula, Units units,
                                       double radius_km) {
  GridGeometry g;
  g.nx = nx;
  g.ny = ny;
  const double lat_max_deg = n.lat_north_deg, lat_min_deg = n.lat_south_deg;
  const double lon_min_deg = n.lon_west_deg;
  g.lat_max_deg = lat_max_deg;
  g.lat_step_deg = n.lat_step_deg;
  g.lon_min_deg = lon_min_deg;
  g.lon_step_deg = n.lon_step_deg;
  g.ref_lat_deg = ref_lat_deg;
  g.ref_lon_deg = ref_lon_deg;
  g.dlat0_deg = lat_max_deg - ref_lat_deg;
  g.slat0_deg = lat_max_deg + ref_lat_deg;
  g.dlon0_deg = reduce_deg_180(lon_min_deg - ref_lon_deg);
  g.dlon0_raw_deg = lon_min_deg - ref_lon_deg;
  g.north_polar0_deg = 90.0 - lat_max_deg;
  g.south_polar0_deg = 90.0 + lat_min_deg;
  if (formula == Formula::seed) {
    g.cos_ref_lat = std::cos(kSeedRadPerDeg * ref_lat_deg);
  } else {
    double s = 0;
    sincos_deg(ref_lat_deg, &s, &g.cos_ref_lat);
  }
  g.radius = radius_km * units_per_km(units);
  g.formula = formula;
  return g;
}

// A node-registered grid over the bounds (the nodes on them).
inline GridGeometry make_grid_geometry(double lat_min_deg, double lat_max_deg, double lon_min_deg,
                                       double lon_max_deg, int nx, int ny, double ref_lat_deg,
                                       double ref_lon_deg, Formula formula, Units units,
                                       double radius_km) {
  return make_grid_geometry(
      nodes_on_bounds(lat_min_deg, lat_max_deg, lon_min_deg, lon_max_deg, nx, ny), nx, ny,
      ref_lat_deg, ref_lon_deg, formula, units, radius_km);
}

// Node coordinates per the grid contract (row 0 north). Longitudes are not wrapped:
// a grid over 170:-170 has columns up to 190.
GF_HD double node_lat_deg(const GridGeometry& g, int i) {
  return g.lat_max_deg - i * g.lat_step_deg;
}
GF_HD double node_lon_deg(const GridGeometry& g, int j) {
  return g.lon_min_deg + j * g.lon_step_deg;
}

// The distance factors separate into a part per row and a part per column:
//   a = row.a0 + row.c * col.s,   b = row.b0 + row.c * col.k,   with a + b = 1,
// haversine: a = hav(angle), b = hav(pi - angle), both sums of non-negative terms, so the
// angle 2 atan2(sqrt a, sqrt b) keeps its relative accuracy from coincident points to
// exact antipodes (the plain 1 - a loses half the digits there).
template <typename T>
struct RowFactors {
  T a0, b0, c;
};
template <typename T>
struct ColFactors {
  T s, k;
};

// Haversine factors from angular offsets in degrees, dlat = lat - lat_r and slat = lat + lat_r,
// and the cosines of the two latitudes.
template <typename T>
GF_HD RowFactors<T> haversine_row_from_cos(T dlat_deg, T slat_deg, T cos_lat, T cos_ref_lat) {
  T sd, cd, ss, cs;
  sincos_deg(dlat_deg / T(2), &sd, &cd);
  sincos_deg(slat_deg / T(2), &ss, &cs);
  T c = cos_lat * cos_ref_lat;
  c = c > T(0) ? c : T(0);  // cos of a latitude in [-90, 90] is never negative
  return {sd * sd, ss * ss, c};
}

template <typename T>
GF_HD RowFactors<T> haversine_row(T dlat_deg, T slat_deg, T lat_deg, T ref_lat_deg) {
  T sl, cl, sr, cr;
  sincos_deg(lat_deg, &sl, &cl);
  sincos_deg(ref_lat_deg, &sr, &cr);
  return haversine_row_from_cos(dlat_deg, slat_deg, cl, cr);
}

template <typename T>
GF_HD ColFactors<T> haversine_col(T dlon_deg) {
  T s, c;
  sincos_deg(dlon_deg / T(2), &s, &c);
  return {s * s, c * c};
}

// c0 + m (c1 + m (c2 + ...)) for the list c0, c1, ... (lowest first): inlined, it is the Horner
// lines q = q * m + ck from the highest ck down with the literals as operands, as if hand-written.
template <typename T>
GF_HD T horner(T, T c) {
  return c;
}
template <typename T, typename... Rest>
GF_HD T horner(T m, T c0, Rest... rest) {
  return horner(m, rest...) * m + c0;
}

// asin(sqrt m) / sqrt m = 1 + m Q(m) for m in [0, 0.5005], Q's coefficients in
// field_constants.h (scripts/fit_asin_poly.py fits them and checks this evaluation in ulp).
// Plain multiply-adds: GCC vectorises them in the CPU backend's row loop, nvcc fuses them.
GF_HD float asin_sqrt_over_sqrt(float m) { return 1.0f + m * horner(m, GF_ASIN_Q32); }

GF_HD double asin_sqrt_over_sqrt(double m) { return 1.0 + m * horner(m, GF_ASIN_Q64); }

// Half the great-circle angle, in radians, from a = hav(angle) and b = hav(pi - angle)
// (a + b = 1, each accurate to its last bits): asin(sqrt a) while a <= b (a <= 1/2), else
// pi/2 - asin(sqrt b). The same value as atan2(sqrt a, sqrt b) for one square root and a
// polynomial: no division, no atan2, no branch (a select). About 2 ulp in float and in double
// (tests/unit/haversine_angle_test.cpp).
template <typename T>
GF_HD T haversine_half_angle(T a, T b) {
  const T m = a <= b ? a : b;
  const T r = sqrt(m) * asin_sqrt_over_sqrt(m);
  const T far = (HalfPi<T>::hi - r) + HalfPi<T>::lo;  // computed either way: a select
  return a <= b ? r : far;
}

// Great-circle distance, radius in the output unit.
template <typename T>
GF_HD T haversine_combine(const RowFactors<T>& r, const ColFactors<T>& col, T radius) {
  const T a = r.a0 + r.c * col.s;
  const T b = r.b0 + r.c * col.k;
  return T(2) * radius * haversine_half_angle(a, b);
}

// The seed expression, literally: a = sin^2(0.008726645 dlat) + cos(0.01745329 lat_r)
// cos(0.01745329 lat) sin^2(0.008726645 dlon); value atan2(a, 1 - a) * 2R.
// cos_lat and cos_ref_lat are the seed's cos(0.01745329 lat) and cos(0.01745329 lat_r).
template <typename T>
GF_HD RowFactors<T> seed_row_from_cos(T dlat_deg, T cos_lat, T cos_ref_lat) {
  const T sd = sin(T(kSeedHalfRadPerDeg) * dlat_deg);
  return {sd * sd, T(0), cos_ref_lat * cos_lat};
}

template <typename T>
GF_HD RowFactors<T> seed_row(T dlat_deg, T lat_deg, T ref_lat_deg) {
  return seed_row_from_cos(dlat_deg, cos(T(kSeedRadPerDeg) * lat_deg),
                           cos(T(kSeedRadPerDeg) * ref_lat_deg));
}

template <typename T>
GF_HD ColFactors<T> seed_col(T dlon_raw_deg) {
  const T s = sin(T(kSeedHalfRadPerDeg) * dlon_raw_deg);
  return {s * s, T(0)};
}

template <typename T>
GF_HD T seed_combine(const RowFactors<T>& r, const ColFactors<T>& col, T radius) {
  const T a = r.a0 + r.c * col.s;
  return atan2(a, T(1) - a) * T(2) * radius;
}

// The seed's cos(0.01745329 lat) of a latitude given as its distance from the nearer pole, in
// degrees: sin(kSeedPoleGapRad + 0.01745329 polar) keeps its relative accuracy at the poles.
template <typename T>
GF_HD T seed_cos_of_polar_distance(T polar_deg) {
  return sin(T(kSeedPoleGapRad) + T(kSeedRadPerDeg) * polar_deg);
}

// Row i's distance from the nearer pole in degrees, counted from the grid's edge on that side
// (a sum of two non-negative terms), so it keeps its relative accuracy in float. The row's
// cosine of latitude is taken from it: near a pole the float latitude itself has lost the
// digits that matter (the float spacing at 89.99 is 7.6e-6 degree, 0.4 % of 0.001 degree).
template <typename T>
GF_HD T row_polar_distance_deg(const GridGeometry& g, int i) {
  const T step = T(g.lat_step_deg);
  const T di = T(i) * step;
  if (T(g.lat_max_deg) - di >= T(0)) return T(g.north_polar0_deg) + di;
  return T(g.south_polar0_deg) + T(g.ny - 1 - i) * step;
}

// Row i and column j factors of a grid in precision T. Only the offsets leave double.
template <typename T>
GF_HD RowFactors<T> row_factors(const GridGeometry& g, int i) {
  const T di = T(i) * T(g.lat_step_deg);
  const T dlat = T(g.dlat0_deg) - di;
  const T polar = row_polar_distance_deg<T>(g, i);
  if (g.formula == Formula::seed) {
    return seed_row_from_cos<T>(dlat, seed_cos_of_polar_distance(polar), T(g.cos_ref_lat));
  }
  T cos_lat, abs_sin_lat;
  sincos_deg(polar, &cos_lat, &abs_sin_lat);  // cos(lat) = sin(polar distance)
  return haversine_row_from_cos<T>(dlat, T(g.slat0_deg) - di, cos_lat, T(g.cos_ref_lat));
}

template <typename T>
GF_HD ColFactors<T> col_factors(const GridGeometry& g, int j) {
  const T dj = T(j) * T(g.lon_step_deg);
  if (g.formula == Formula::seed) return seed_col<T>(T(g.dlon0_raw_deg) + dj);
  return haversine_col<T>(T(g.dlon0_deg) + dj);
}

template <typename T>
GF_HD T combine(const GridGeometry& g, const RowFactors<T>& r, const ColFactors<T>& c) {
  const T radius = T(g.radius);
  return g.formula == Formula::seed ? seed_combine(r, c, radius) : haversine_combine(r, c, radius);
}

// The field value at node (i, j) in precision T.
template <typename T>
GF_HD T field_value(const GridGeometry& g, int i, int j) {
  return combine<T>(g, row_factors<T>(g, i), col_factors<T>(g, j));
}

// Great-circle distance between two points, in double, radius in the output unit.
inline double haversine_distance(double lat1_deg, double lon1_deg, double lat2_deg, double lon2_deg,
                                 double radius) {
  const RowFactors<double> r =
      haversine_row<double>(lat2_deg - lat1_deg, lat2_deg + lat1_deg, lat2_deg, lat1_deg);
  const ColFactors<double> c = haversine_col<double>(reduce_deg_180(lon2_deg - lon1_deg));
  return haversine_combine(r, c, radius);
}

// The seed expression between two points, in double.
inline double seed_value(double ref_lat_deg, double ref_lon_deg, double lat_deg, double lon_deg,
                         double radius) {
  return seed_combine(seed_row<double>(lat_deg - ref_lat_deg, lat_deg, ref_lat_deg),
                      seed_col<double>(lon_deg - ref_lon_deg), radius);
}

}  // namespace geofield
