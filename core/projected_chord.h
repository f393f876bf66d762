// The float path's haversine field of a projected grid (aeqd, ortho), separated into terms per
// row and per column as the latlon field is (field_math.h), so that a node costs a few adds, a
// square root, a division and the haversine's polynomial instead of projected_field_value's
// inverse projection (three atan2, a sqrt, a division) and formulas (three sincos): about ten
// times the instructions, which the float kernel cannot hide behind its stores
// (docs/projected-kernel.md). The CUDA kernel runs these functions (projected_kernel.cu); the
// tests hold them to the CPU double field of projected_grid.h on the host and on the device.
//
// ortho: in the frame of the centre (C up, E east, N north) the node's point is
// P = (cos c, e, n), e = x/R, n = y/R, cos c = sqrt(1 - e^2 - n^2), and the reference is
// Q = (qc, qe, qn) (ProjectedGrid::ref_local). |P - Q|^2 / 4 = hav(angle) and
// |P + Q|^2 / 4 = hav(pi - angle), sums of squares that keep their relative accuracy:
//   a = ((cos c - qc)/2)^2 + ((e - qe)/2)^2 + ((n - qn)/2)^2,
//   b = ((cos c + qc)/2)^2 + ((e + qe)/2)^2 + ((n + qn)/2)^2;
// the e terms are a column's and the n terms a row's (computed in double, each rounded once).
// The node adds them to the cos c terms, (cos c - qc)/2 taken as (1 - qc)/2 - (1 - cos c)/2
// with (1 - cos c)/2 = (sin^2 c / 4) / (1/2 + cos c / 2), which do not cancel near the centre
// (cos c - qc would: its own rounding is then the whole difference).
//
// aeqd: the centre is the reference (the view is about it), so the distance to the node's point
// is by the projection's definition the node's radius hypot(x, y): what the inverse projection
// and the haversine give (to 1e-9 relative in double, tests/unit/projected_field_test.cpp) with
// float's rounding on the way. The float path takes it directly; NaN beyond pi R. The double
// path and the seed formula (not a distance) run projected_field_value in both projections.
#pragma once

#include "projected_grid.h"

namespace geofield {

// One column's (x) or one row's (y) terms. ortho: sq = (u/2)^2, a = ((u - q)/2)^2,
// b = ((u + q)/2)^2 with u = x/R or y/R and q the reference's qe or qn; aeqd: sq = x^2 or y^2 in
// the output unit squared, a = b = 0.
template <typename T>
struct AxisTerms {
  T sq, a, b;
};

// What the node's arithmetic needs of the field, each a T rounded once from double.
template <typename T>
struct ChordConstants {
  T half_qc;   // qc / 2
  T half_omq;  // (1 - qc) / 2
  T pi_r_sq;   // (pi R)^2: aeqd's disc
  T two_r, pi_r;
  T nan;  // the value off the map (a constant: 0/0 on the device is the compiler's to fold)
};

template <typename T>
GF_HD AxisTerms<T> ortho_axis_terms(double u, double q) {
  const double h = u / 2, m = (u - q) / 2, p = (u + q) / 2;
  return {T(h * h), T(m * m), T(p * p)};
}

template <typename T>
GF_HD AxisTerms<T> chord_col_terms(const ProjectedGrid& g, int j) {
  const double x = projected_node_x<double>(g, j);
  if (g.projection != Projection::ortho) return {T(x * x), T(0), T(0)};
  return ortho_axis_terms<T>(x / g.radius, g.ref_local.east);
}

template <typename T>
GF_HD AxisTerms<T> chord_row_terms(const ProjectedGrid& g, int i) {
  const double y = projected_node_y<double>(g, i);
  if (g.projection != Projection::ortho) return {T(y * y), T(0), T(0)};
  return ortho_axis_terms<T>(y / g.radius, g.ref_local.north);
}

// Built on the host (or once per thread) from the grid's double values.
template <typename T>
GF_HD ChordConstants<T> chord_constants(const ProjectedGrid& g, T nan) {
  const LocalDirection<double>& q = g.ref_local;
  // 1 - qc = sin^2 / (1 + qc): no cancellation when the reference is near the centre.
  const double sin2 = q.east * q.east + q.north * q.north;
  const double half_omq = q.cos_c > 0 ? sin2 / (2 * (1 + q.cos_c)) : (1 - q.cos_c) / 2;
  const double pi_r = kPi * g.radius;
  return {T(q.cos_c / 2), T(half_omq), T(pi_r * pi_r), T(2 * g.radius), T(pi_r), nan};
}

// ortho: a = hav(angle) and b = hav(pi - angle) between the node's point and the reference;
// false off the disc (a and b are then NaN in float, meaningless in double). No branch: the
// kernel selects the result.
template <typename T>
GF_HD bool ortho_haversines(const AxisTerms<T>& row, const AxisTerms<T>& col,
                            const ChordConstants<T>& k, T* a, T* b) {
  const T s4 = row.sq + col.sq;  // sin^2 c / 4
  const bool on = s4 <= T(0.25);
  // cos c / 2. Float: NaN off the disc, and so are a and b there (the caller selects on `on`):
  // no clamp to pay for. Double: clamped to 0 there, since the device's double square root
  // takes a slow path on a negative or NaN argument (the kernel ran 2.5x the latlon double one).
  T half_cos;
  if constexpr (sizeof(T) == sizeof(double)) {
    half_cos = sqrt(fmax(T(0.25) - s4, T(0)));
  } else {
    half_cos = sqrt(T(0.25) - s4);
  }
  // (cos c - qc) / 2. Float: a reciprocal, then a multiply (on the device, -prec-div=false,
  // one MUFU.RCP where a division is the longer full-range sequence; 1.5 ulp either way), so
  // that it does not cancel near the centre. Double: the plain difference, whose absolute error
  // (~1e-17) moves a node's distance by ~1e-16 of the angle over the distance to the reference,
  // ~1e-10 of a 6-metre distance, far below the double path's bound; a double division would
  // cost the kernel a quarter of its time.
  T dm;
  if constexpr (sizeof(T) == sizeof(double)) {
    dm = half_cos - k.half_qc;
  } else {
    dm = k.half_omq - s4 * (T(1) / (T(0.5) + half_cos));
  }
  const T dp = half_cos + k.half_qc;  // (cos c + qc) / 2
  *a = dm * dm + (row.a + col.a);
  *b = dp * dp + (row.b + col.b);
  return on;
}

// aeqd: the node's radius hypot(x, y), NaN beyond pi R.
template <typename T>
GF_HD T aeqd_radius_value(const AxisTerms<T>& row, const AxisTerms<T>& col,
                          const ChordConstants<T>& k) {
  const T rho2 = row.sq + col.sq;
  return rho2 <= k.pi_r_sq ? sqrt(rho2) : k.nan;
}

// The field at a node by these terms, with the header's haversine end (the kernel ends with
// the device's shorter one, haversine_distance_ab_f32). For the tests on the host.
template <typename T>
GF_HD T chord_field_value(const ProjectedGrid& g, const ChordConstants<T>& k, int i, int j) {
  const AxisTerms<T> row = chord_row_terms<T>(g, i), col = chord_col_terms<T>(g, j);
  if (g.projection != Projection::ortho) return aeqd_radius_value(row, col, k);
  T a, b;
  const bool on = ortho_haversines(row, col, k, &a, &b);
  return on ? T(2) * T(g.radius) * haversine_half_angle(a, b) : k.nan;
}

}  // namespace geofield
