// Geodesic distance on an ellipsoid of revolution (WGS84 and others with 0 <= f <= 1/50): the
// inverse problem solved as in C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87:43-55
// (2013), "the paper" below. Written from the paper; the series are derived by
// scripts/geodesic_series.py. Equations are numbered as in the paper where a number is given
// (5-9, 44); elsewhere its quantities go by its names (A1, C1l, I3, m12, w-bar, the astroid).
// GeographicLib serves only as the tests' oracle (tests/unit/geodesic_test.cpp). docs/geodesic.md
// describes the algorithm as built here.
//
// Shared like field_math.h: the CUDA kernels, the CPU backend and the hover readout run this
// code. Double only; no exceptions, no dynamic memory, no std containers, so nvcc compiles it
// as device code. The work is split by what it depends on, so that a grid does each part once:
//   GeodesicEllipsoid  the ellipsoid's constants and series coefficients      once per ellipsoid
//   GeodesicReference  the reference point's reduced latitude                 once per field
//   GeodesicRow        everything that depends on the node's latitude         once per row
//   GeodesicColumn     the longitude difference                               once per column
//   geodesic_inverse   Newton's method for the azimuth, then the distance     per node
//
// Angles are in degrees in the interfaces, radians inside; distances in metres.
#pragma once

#include <cmath>

#include "field_math.h"

namespace geofield {

using std::cbrt;
using std::fabs;

// The series are of the paper's order 6: their truncation error grows like f^7. Within this
// flattening the distance stays within 1 micrometre of GeographicLib on an Earth-sized body
// (tests/unit/geodesic_test.cpp); prolate ellipsoids (f < 0) are not handled.
constexpr double kGeodesicMaxFlattening = 1.0 / 50;
// An upper bound on the evaluations of Newton's loop: bisection keeps it bounded even where
// Newton's steps would leave the bracket. The tests report the counts met (at most a handful).
constexpr int kGeodesicMaxIterations = 80;

constexpr double kWgs84A_m = 6378137.0;
constexpr double kWgs84InverseF = 298.257223563;

struct GeodesicEllipsoid {
  double a_m = 0;  // equatorial radius
  double f = 0;    // flattening, 0 <= f <= kGeodesicMaxFlattening
  double f1 = 1;   // 1 - f
  double b_m = 0;  // polar semi-axis, a (1 - f)
  double ep2 = 0;  // second eccentricity squared, e^2 / (1 - f)^2
  double n = 0;    // third flattening, f / (2 - f)
  // A3 = sum_k a3[k] eps^k and C3l = sum_k c3[l][k] eps^k, their polynomials in n
  // evaluated for this ellipsoid; c3[l][k] is zero for k < l (l = 1..5, index 0 unused).
  double a3[6] = {};
  double c3[6][6] = {};
  double equator_limit_rad = 0;  // (1 - f) pi: the equator is the shortest path up to this
  double eps_meridian = 0;       // eps of a meridian (alpha0 = 0): k^2 = e'^2
};

struct GeodesicReference {
  double lat_deg = 0;
  double abs_sbet = 0, cbet = 1;  // reduced latitude beta of |lat|: sin >= 0 and cos
  double dn = 1;                  // sqrt(1 + e'^2 sin^2 beta)
};

// The pair (reference, node) in the paper's canonical form (eq. 44): point 1 is the one
// farther from the equator, moved to the southern hemisphere, so that beta1 <= 0,
// |beta2| <= |beta1|, and with lambda12 in [0, pi] the geodesic reaches point 2 heading north.
// A row of a grid shares all of it.
struct GeodesicRow {
  bool swapped = false;       // point 1 is the node, point 2 the reference
  bool lat_flipped = false;   // both latitudes were negated
  bool pole = false;          // point 1 is at a pole: the geodesic is a meridian
  bool equatorial = false;    // both points are on the equator
  bool same_abs_lat = false;  // |lat1| == |lat2|: alpha2 follows from alpha1 exactly
  double sbet1 = 0, cbet1 = 1, dn1 = 1;
  double sbet2 = 0, cbet2 = 1, dn2 = 1;
  double dcos2 = 0;             // cos^2 beta2 - cos^2 beta1 >= 0, without cancellation
  double sbet12 = 0;            // sin(beta2 - beta1) >= 0
  double cbet12 = 1;            // cos(beta2 - beta1)
  double sbet12a = 0;           // sin(beta2 + beta1) <= 0
  double omega_scale = 1;       // 1 / w-bar: omega12 ~ lambda12 / w-bar on short lines
  double antipodal_window = 0;  // sin(sigma12) below which the astroid start is used
  double lamscale = 0;          // f pi A3 cos beta1: the astroid's unit of longitude
  double betscale = 0;          // lamscale cos beta1: its unit of latitude
};

struct GeodesicColumn {
  bool negative = false;  // lon2 - lon1 < 0 in (-180, 180]
  double lam12 = 0;       // |lon2 - lon1| in radians, [0, pi]
  double slam = 0, clam = 1;
  double lam12x = -kPi;  // lam12 - pi, exact for lam12 near pi
};

struct GeodesicInverse {
  double s12_m = 0;     // geodesic distance
  double azi1_deg = 0;  // azimuth at the reference point, clockwise from north, (-180, 180]
  int iterations = 0;   // evaluations of lambda12(alpha1) by Newton's loop (0: closed form)
  bool converged = true;
};

namespace geodesic_detail {

constexpr double kTiny = 1.4916681462400413e-154;  // sqrt(DBL_MIN): keeps cos(beta) off zero
// When Newton's loop stops. The end of the geodesic evaluated at alpha1 misses point 2 by
// v = lambda12(alpha1) - lambda12 along the parallel beta2; the distance is corrected to first
// order in v (d s12 / d lambda2 = a cos(beta2) sin(alpha2)), which leaves a second-order error
// of about a v^2 (1 + a / m12). The loop stops once that is below a * kSecondOrderTolerance
// (1e-17 of the radius: 6e-11 m on the Earth), or |v| is at rounding level.
constexpr double kSecondOrderTolerance = 1e-17;
constexpr double kLambdaRounding = 4 * 2.220446049250313e-16;  // 4 DBL_EPSILON
// |y| (the astroid's latitude coordinate) below which the limit y -> 0 of its solution is used.
// Only y = 0 needs it (mu = 0 there); the root keeps its digits down to tiny y, and near the
// astroid's cusp (x = -1) alpha1 moves like y^(1/3), so any larger cut would show.
constexpr double kAstroidFlatY = 1e-100;
// sin(sigma12) below which a short line's solution on the w-bar sphere is the answer, without
// Newton's loop: its error grows like sigma12^3, measured against GeographicLib on WGS84 as
// 9.5e-9 m at sigma12 = 1.75e-4 (0.01 degree), so below 2e-9 m within this (about 640 m).
constexpr double kShortLineSigma = 1e-4;

GF_HD double sq(double x) { return x * x; }
GF_HD double max0(double x) { return x > 0 ? x : 0; }

// a b + c d with a single rounding's error (Kahan's difference of products): once per row.
GF_HD double sum_of_products(double a, double b, double c, double d) {
  const double p = c * d;
  return fma(a, b, p) + fma(c, d, -p);
}

GF_HD void normalize(double* s, double* c) {
  const double r = sqrt(*s * *s + *c * *c);
  *s /= r;
  *c /= r;
}

// sum_{l=1..6} c[l] sin(2 l sigma) from sin and cos of sigma, by Clenshaw's recurrence in
// cos(2 sigma), as the paper sums its series.
GF_HD double sin_series6(const double c[7], double ssig, double csig) {
  const double x = 2 * (csig - ssig) * (csig + ssig);  // 2 cos(2 sigma)
  double b1 = 0, b2 = 0;
  for (int l = 6; l >= 1; --l) {
    const double b0 = x * b1 + (c[l] - b2);
    b2 = b1;
    b1 = b0;
  }
  return 2 * ssig * csig * b1;  // b1 sin(2 sigma)
}

// Distance series I1: A1 and C1l of eps, l = 1..6.
GF_HD double a1_coeff(double eps) {
  const double e2 = eps * eps;
  return horner(e2, 1.0, 1.0 / 4, 1.0 / 64, 1.0 / 256) / (1 - eps);
}
GF_HD void c1_coeffs(double eps, double c[7]) {
  const double e2 = eps * eps;
  double d = eps;
  c[1] = d * horner(e2, -1.0 / 2, 3.0 / 16, -1.0 / 32);
  d *= eps;
  c[2] = d * horner(e2, -1.0 / 16, 1.0 / 32, -9.0 / 2048);
  d *= eps;
  c[3] = d * horner(e2, -1.0 / 48, 3.0 / 256);
  d *= eps;
  c[4] = d * horner(e2, -5.0 / 512, 3.0 / 512);
  d *= eps;
  c[5] = d * (-7.0 / 1280);
  d *= eps;
  c[6] = d * (-7.0 / 2048);
}

// Reduced-length series I2: A2 and C2l of eps.
GF_HD double a2_coeff(double eps) {
  const double e2 = eps * eps;
  return horner(e2, 1.0, -3.0 / 4, -7.0 / 64, -11.0 / 256) / (1 + eps);
}
GF_HD void c2_coeffs(double eps, double c[7]) {
  const double e2 = eps * eps;
  double d = eps;
  c[1] = d * horner(e2, 1.0 / 2, 1.0 / 16, 1.0 / 32);
  d *= eps;
  c[2] = d * horner(e2, 3.0 / 16, 1.0 / 32, 35.0 / 2048);
  d *= eps;
  c[3] = d * horner(e2, 5.0 / 48, 5.0 / 256);
  d *= eps;
  c[4] = d * horner(e2, 35.0 / 512, 7.0 / 512);
  d *= eps;
  c[5] = d * (63.0 / 1280);
  d *= eps;
  c[6] = d * (77.0 / 2048);
}

// Longitude series I3 from the ellipsoid's polynomials in eps.
GF_HD double a3_coeff(const GeodesicEllipsoid& e, double eps) {
  double s = e.a3[5];
  for (int k = 4; k >= 0; --k) s = s * eps + e.a3[k];
  return s;
}
GF_HD void c3_coeffs(const GeodesicEllipsoid& e, double eps, double c[7]) {
  double d = 1;
  for (int l = 1; l <= 5; ++l) {
    d *= eps;  // C3l starts at eps^l
    double s = e.c3[l][5];
    for (int k = 4; k >= l; --k) s = s * eps + e.c3[l][k];
    c[l] = s * d;
  }
  c[6] = 0;
}

// The paper's expansion parameter eps of a geodesic from k^2 = e'^2 cos^2 alpha0, without
// cancellation.
GF_HD double eps_of_k2(double k2) { return k2 / (2 * (1 + sqrt(1 + k2)) + k2); }

}  // namespace geodesic_detail

// The ellipsoid of equatorial radius a_m and flattening f (0 <= f <= kGeodesicMaxFlattening;
// geodesic_ellipsoid_supported says whether the pair qualifies). The series' coefficients that
// depend on n alone are evaluated here.
GF_HD GeodesicEllipsoid make_geodesic_ellipsoid(double a_m, double f) {
  GeodesicEllipsoid e;
  e.a_m = a_m;
  e.f = f;
  e.f1 = 1 - f;
  e.b_m = a_m * (1 - f);
  const double e2 = f * (2 - f);
  e.ep2 = e2 / (e.f1 * e.f1);
  const double n = f / (2 - f);
  e.n = n;
  // A3, coefficients of eps^0..eps^5.
  e.a3[0] = 1;
  e.a3[1] = horner(n, -1.0 / 2, 1.0 / 2);
  e.a3[2] = horner(n, -1.0 / 4, -1.0 / 8, 3.0 / 8);
  e.a3[3] = horner(n, -1.0 / 16, -3.0 / 16, -1.0 / 16);
  e.a3[4] = horner(n, -3.0 / 64, -1.0 / 32);
  e.a3[5] = -3.0 / 128;
  // C3l, coefficients of eps^k, k = l..5.
  e.c3[1][1] = horner(n, 1.0 / 4, -1.0 / 4);
  e.c3[1][2] = horner(n, 1.0 / 8, 0.0, -1.0 / 8);
  e.c3[1][3] = horner(n, 3.0 / 64, 3.0 / 64, -1.0 / 64);
  e.c3[1][4] = horner(n, 5.0 / 128, 1.0 / 64);
  e.c3[1][5] = 3.0 / 128;
  e.c3[2][2] = horner(n, 1.0 / 16, -3.0 / 32, 1.0 / 32);
  e.c3[2][3] = horner(n, 3.0 / 64, -1.0 / 32, -3.0 / 64);
  e.c3[2][4] = horner(n, 3.0 / 128, 1.0 / 128);
  e.c3[2][5] = 5.0 / 256;
  e.c3[3][3] = horner(n, 5.0 / 192, -3.0 / 64, 5.0 / 192);
  e.c3[3][4] = horner(n, 3.0 / 128, -5.0 / 192);
  e.c3[3][5] = 7.0 / 512;
  e.c3[4][4] = horner(n, 7.0 / 512, -7.0 / 256);
  e.c3[4][5] = 7.0 / 512;
  e.c3[5][5] = 21.0 / 2560;
  e.equator_limit_rad = e.f1 * kPi;
  e.eps_meridian = geodesic_detail::eps_of_k2(e.ep2);
  return e;
}

GF_HD bool geodesic_ellipsoid_supported(double a_m, double f) {
  return a_m > 0 && std::isfinite(a_m) && f >= 0 && f <= kGeodesicMaxFlattening;
}

GF_HD GeodesicEllipsoid wgs84_ellipsoid() {
  return make_geodesic_ellipsoid(kWgs84A_m, 1 / kWgs84InverseF);
}

namespace geodesic_detail {

// Reduced latitude of |lat| (eq. 6: tan beta = (1 - f) tan phi): sin >= 0 and cos, cos kept
// at least kTiny so that a pole keeps a direction.
GF_HD void reduced_abs_lat(const GeodesicEllipsoid& e, double lat_deg, double* sbet, double* cbet) {
  double s, c;
  sincos_deg(fabs(lat_deg), &s, &c);
  s *= e.f1;
  normalize(&s, &c);
  *sbet = s;
  *cbet = c > kTiny ? c : kTiny;
}

}  // namespace geodesic_detail

// The reference point's part; lat_deg in [-90, 90].
GF_HD GeodesicReference make_geodesic_reference(const GeodesicEllipsoid& e, double lat_deg) {
  GeodesicReference r;
  r.lat_deg = lat_deg;
  geodesic_detail::reduced_abs_lat(e, lat_deg, &r.abs_sbet, &r.cbet);
  r.dn = sqrt(1 + e.ep2 * r.abs_sbet * r.abs_sbet);
  return r;
}

// A node latitude's part (lat_deg in [-90, 90]), given the reference's.
GF_HD GeodesicRow make_geodesic_row(const GeodesicEllipsoid& e, const GeodesicReference& ref,
                                    double lat_deg) {
  using namespace geodesic_detail;
  GeodesicRow w;
  double node_sbet, node_cbet;
  reduced_abs_lat(e, lat_deg, &node_sbet, &node_cbet);
  const double node_dn = sqrt(1 + e.ep2 * node_sbet * node_sbet);
  w.swapped = fabs(ref.lat_deg) < fabs(lat_deg);
  const double lat1 = w.swapped ? lat_deg : ref.lat_deg;
  const double lat2 = w.swapped ? ref.lat_deg : lat_deg;
  w.lat_flipped = !(lat1 < 0);
  // Point 1 goes south of the equator; point 2 follows it (negated too when point 1 was).
  w.sbet1 = -(w.swapped ? node_sbet : ref.abs_sbet);
  w.cbet1 = w.swapped ? node_cbet : ref.cbet;
  w.dn1 = w.swapped ? node_dn : ref.dn;
  const double abs_sbet2 = w.swapped ? ref.abs_sbet : node_sbet;
  const bool south2 = (lat2 < 0) != w.lat_flipped;
  w.sbet2 = (south2 ? -abs_sbet2 : abs_sbet2) + 0.0;  // + 0.0: no -0
  w.cbet2 = w.swapped ? ref.cbet : node_cbet;
  w.dn2 = w.swapped ? ref.dn : node_dn;
  w.pole = fabs(lat1) == 90;
  w.equatorial = lat1 == 0 && lat2 == 0;
  w.same_abs_lat = fabs(lat1) == fabs(lat2);
  // cos^2 beta2 - cos^2 beta1 = sin^2 beta1 - sin^2 beta2: from the smaller of the two pairs,
  // whose difference keeps its digits.
  w.dcos2 = w.cbet1 < -w.sbet1 ? (w.cbet2 - w.cbet1) * (w.cbet2 + w.cbet1)
                               : (w.sbet1 - w.sbet2) * (w.sbet1 + w.sbet2);
  w.dcos2 = max0(w.dcos2);
  w.sbet12 = max0(w.sbet2 * w.cbet1 - w.cbet2 * w.sbet1);
  w.cbet12 = w.cbet2 * w.cbet1 + w.sbet2 * w.sbet1;
  // Exact for the rounded sines and cosines that Newton's loop sees: on rows symmetric to the
  // reference to an ulp this is what tells the astroid which side of its cusp the node is on.
  w.sbet12a = sum_of_products(w.sbet2, w.cbet1, w.cbet2, w.sbet1);
  // w-bar = sqrt(1 - e^2 cos^2 beta-bar) = (1 - f) sqrt(1 + e'^2 sin^2 beta-bar), beta-bar the
  // mean of beta1 and beta2, its sine squared from the sums of sines and cosines.
  const double ss = sq(w.sbet1 + w.sbet2), cc = sq(w.cbet1 + w.cbet2);
  const double sbetm2 = ss / (ss + cc);
  w.omega_scale = 1 / (e.f1 * sqrt(1 + e.ep2 * sbetm2));
  // Near the antipode of point 1, lengths scale with f pi cos^2 beta1: the astroid
  // is used within about three of its radii, where the spherical start is poor.
  w.antipodal_window = 6 * e.n * kPi * sq(w.cbet1);
  const double eps1 = eps_of_k2(e.ep2 * sq(w.sbet1));  // alpha1 = 90 degrees
  w.lamscale = e.f * w.cbet1 * a3_coeff(e, eps1) * kPi;
  w.betscale = w.lamscale * w.cbet1;
  return w;
}

// A column's part: dlon_deg = lon_node - lon_reference, any value (reduced here).
GF_HD GeodesicColumn make_geodesic_column(double dlon_deg) {
  GeodesicColumn c;
  double d = remainder(dlon_deg, 360.0);  // [-180, 180], exact
  if (d == -180) d = 180;
  c.negative = d < 0;
  const double ad = fabs(d);
  sincos_deg(ad, &c.slam, &c.clam);
  c.lam12 = ad * kRadPerDeg;
  c.lam12x = (ad - 180) * kRadPerDeg;  // exact difference for ad >= 90 (Sterbenz)
  return c;
}

namespace geodesic_detail {

// One evaluation of the geodesic leaving point 1 at azimuth alpha1: how far its
// longitude on reaching beta2 misses lambda12, the derivative of that miss, and its length.
struct Trial {
  double v;      // lambda12(alpha1) - lambda12, radians
  double dv;     // d v / d alpha1
  double s12_b;  // distance / b
  double m12_b;  // reduced length / b
  double salp2, calp2;
};

GF_HD Trial evaluate(const GeodesicEllipsoid& e, const GeodesicRow& w, const GeodesicColumn& col,
                     double salp1, double calp1) {
  Trial t;
  // Clairaut: sin alpha0 = sin alpha1 cos beta1 (eq. 5); sigma and omega from the auxiliary
  // sphere's triangle.
  const double salp0 = salp1 * w.cbet1;
  const double calp0 = sqrt(sq(calp1) + sq(salp1 * w.sbet1));
  // sigma1 and omega1: tan sigma1 = tan beta1 / cos alpha1, tan omega1 =
  // sin alpha0 tan sigma1. omega's pair is left unnormalised: only its direction is used.
  double ssig1 = w.sbet1, csig1 = calp1 * w.cbet1;
  const double somg1 = salp0 * w.sbet1, comg1 = csig1;
  normalize(&ssig1, &csig1);
  // alpha2 by Clairaut; cos alpha2 >= 0 in the canonical form.
  if (w.same_abs_lat) {
    t.salp2 = salp1;
    t.calp2 = fabs(calp1);
  } else {
    t.salp2 = salp0 / w.cbet2;
    t.calp2 = sqrt(max0(sq(calp1 * w.cbet1) + w.dcos2)) / w.cbet2;
  }
  double ssig2 = w.sbet2, csig2 = t.calp2 * w.cbet2;
  const double somg2 = salp0 * w.sbet2, comg2 = csig2;
  normalize(&ssig2, &csig2);
  // sigma12 and omega12 are in [0, pi]; the max guards rounding only.
  const double sig12 = atan2(max0(csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2);
  const double somg12 = max0(comg1 * somg2 - somg1 * comg2);
  const double comg12 = comg1 * comg2 + somg1 * somg2;
  // omega12 - lambda12 in one atan2, so that nothing is subtracted near pi.
  const double eta =
      atan2(somg12 * col.clam - comg12 * col.slam, comg12 * col.clam + somg12 * col.slam);
  const double eps = eps_of_k2(e.ep2 * sq(calp0));
  double c[7];
  c3_coeffs(e, eps, c);
  const double b3 = sin_series6(c, ssig2, csig2) - sin_series6(c, ssig1, csig1);
  // lambda12 = omega12 - f sin(alpha0) I3 (eq. 8, I3 by its series).
  t.v = eta - e.f * salp0 * a3_coeff(e, eps) * (sig12 + b3);
  // Distance (eq. 7) and the reduced length m12, for Newton's derivative.
  c1_coeffs(eps, c);
  const double i1 =
      a1_coeff(eps) * (sig12 + sin_series6(c, ssig2, csig2) - sin_series6(c, ssig1, csig1));
  c2_coeffs(eps, c);
  const double i2 =
      a2_coeff(eps) * (sig12 + sin_series6(c, ssig2, csig2) - sin_series6(c, ssig1, csig1));
  t.s12_b = i1;
  t.m12_b = w.dn2 * csig1 * ssig2 - w.dn1 * ssig1 * csig2 - csig1 * csig2 * (i1 - i2);
  // d lambda12 / d alpha1 = m12 / (a cos alpha2 cos beta2), and its limit where alpha2 = 90
  // degrees, -2 sqrt(1 - e^2 cos^2 beta1) / sin beta1 (1 - e^2 cos^2 = (1 - f)^2 dn^2).
  t.dv = t.calp2 == 0 ? -2 * e.f1 * w.dn1 / w.sbet1 : t.m12_b * e.f1 / (t.calp2 * w.cbet2);
  return t;
}

// The positive root mu of the astroid's quartic, y != 0:
//   mu^4 + 2 mu^3 + (1 - x^2 - y^2) mu^2 - 2 y^2 mu - y^2 = 0.
// Writing the quartic as (mu^2 + mu - u)^2 = (W mu - V)^2 makes the square on the right exact
// when u is a root of the resolvent cubic u^3 - 3 r u^2 - x^2 y^2 / 2 = 0, r = (x^2 + y^2 - 1) / 6;
// with its largest root, V = sqrt(u^2 + y^2), W = (u - y^2) / V, the factor
// mu^2 + (1 + W) mu - (u + V) = 0 has the positive root (its roots' product is -(u + V) < 0).
GF_HD double astroid_mu(double x, double y) {
  const double p = x * x, q = y * y;
  const double r = (p + q - 1) / 6;
  const double s = p * q / 4;  // the cubic is u^2 (u - 3 r) = 2 s
  const double r2 = r * r, r3 = r * r2;
  const double disc = s * (s + 2 * r3);
  double u;
  if (disc >= 0) {
    // One real root (Cardano): with u = r + T, T^3 - 3 r^2 T = 2 (s + r^3), T = A + r^2 / A,
    // A^3 = (s + r^3) + sqrt(disc), the root of larger magnitude taken (no cancellation).
    double a3 = s + r3;
    a3 += a3 < 0 ? -sqrt(disc) : sqrt(disc);
    const double a = cbrt(a3);
    u = r + a + (a != 0 ? r2 / a : 0);
  } else {
    // Three real roots (then r < 0): the largest is u = r (1 - 2 cos(theta / 3)) with
    // theta = pi - ang; written as a product, it keeps its digits as u -> 0 (y -> 0).
    const double ang = atan2(sqrt(-disc), -(s + r3));
    u = -4 * r * sin(kPi / 3 - ang / 6) * sin(ang / 6);
  }
  const double v = sqrt(u * u + q);
  const double uv = u < 0 ? q / (v - u) : u + v;  // u + v without cancellation
  const double w = (uv - q) / (2 * v);            // (1 + W) / 2, in [0, 1]
  return uv / (sqrt(uv + w * w) + w);             // the positive root of the factor
}

// The azimuth alpha1 on the auxiliary sphere for an arc omega12 between beta1 and beta2: the
// great circle's tan alpha1 = cos b2 sin w / (cos b1 sin b2 - sin b1 cos b2 cos w),
// its denominator as sin(b2 -+ b1) plus a term in sin^2 w / (1 +- cos w) that keeps its digits.
GF_HD void great_circle_azimuth(const GeodesicRow& w, double somg, double comg, double* salp1,
                                double* calp1) {
  *salp1 = w.cbet2 * somg;
  const double t = w.sbet1 * w.cbet2 * sq(somg);
  *calp1 = comg >= 0 ? w.sbet12 + t / (1 + comg) : w.sbet12a - t / (1 - comg);
}

}  // namespace geodesic_detail

// The geodesic from the reference point to the node of row w and column col: its length in
// metres, the azimuth at the reference point and the iteration count.
GF_HD GeodesicInverse geodesic_inverse(const GeodesicEllipsoid& e, const GeodesicRow& w,
                                       const GeodesicColumn& col) {
  using namespace geodesic_detail;
  GeodesicInverse out;
  double salp1, calp1;          // alpha1 at canonical point 1
  double salp2 = 0, calp2 = 1;  // alpha2 at canonical point 2
  if (w.pole || col.slam == 0) {
    // Meridional: alpha1 = lambda12 (0 or pi; at a pole, the direction of
    // point 2's meridian), alpha2 = 0. On an oblate ellipsoid the meridian is the shortest path.
    salp1 = col.slam;
    calp1 = col.clam;
    double ssig1 = w.sbet1, csig1 = calp1 * w.cbet1;
    double ssig2 = w.sbet2, csig2 = w.cbet2;
    normalize(&ssig1, &csig1);
    normalize(&ssig2, &csig2);
    const double sig12 = atan2(max0(csig1 * ssig2 - ssig1 * csig2), csig1 * csig2 + ssig1 * ssig2);
    double c[7];
    c1_coeffs(e.eps_meridian, c);
    out.s12_m = e.b_m * a1_coeff(e.eps_meridian) *
                (sig12 + sin_series6(c, ssig2, csig2) - sin_series6(c, ssig1, csig1));
    // The same point (the same pole, or the same latitude and longitude): exactly 0, also
    // where a fused multiply-add leaves the rounding error of a product in sin(sigma12).
    if (w.sbet1 == w.sbet2 && w.cbet1 == w.cbet2 && (w.pole || calp1 > 0)) out.s12_m = 0;
  } else if (w.equatorial && col.lam12 <= e.equator_limit_rad) {
    // Along the equator, shortest up to lambda12 = (1 - f) pi, where its conjugate point is.
    salp1 = salp2 = 1;
    calp1 = calp2 = 0;
    out.s12_m = e.a_m * col.lam12;
  } else {
    // The paper's starting guess: alpha1 of the great circle on the auxiliary sphere through
    // beta1, beta2 and omega12, with omega12 = lambda12 / w-bar for short lines (small
    // differences of latitude and of longitude itself: near a pole a short line may cross many
    // meridians, and omega12 ~ lambda12 there), omega12 = lambda12 otherwise, and the
    // astroid's solution instead near the antipode.
    const bool short_line =
        w.cbet12 >= 0 && w.sbet12 < 0.5 && col.lam12 * w.cbet2 < 0.5 && col.lam12 < 1;
    double somg = col.slam, comg = col.clam;
    if (short_line) {
      const double omg12 = col.lam12 * w.omega_scale;
      somg = sin(omg12);
      comg = cos(omg12);
    }
    great_circle_azimuth(w, somg, comg, &salp1, &calp1);
    const double ssig12 = sqrt(sq(salp1) + sq(calp1));
    const double csig12 = w.sbet1 * w.sbet2 + w.cbet1 * w.cbet2 * comg;
    const bool antipodal = csig12 < 0 && ssig12 < w.antipodal_window;
    bool done = false;
    if (!short_line && !antipodal) {
      // The paper's start takes omega12 = lambda12, which misses by f sin(alpha0) I3 ~ 1e-3.
      // One step of eq. 8 on the sphere's solution, omega12 = lambda12 + f sin(alpha0) A3
      // sigma12, leaves ~1e-5, and Newton's loop stops after two evaluations instead of three.
      const double r = sqrt(sq(salp1) + sq(calp1));
      const double salp0 = salp1 / r * w.cbet1;
      const double eps = eps_of_k2(e.ep2 * (sq(calp1 / r) + sq(salp1 / r * w.sbet1)));
      const double omg12 = col.lam12 + e.f * salp0 * a3_coeff(e, eps) * atan2(ssig12, csig12);
      if (omg12 < kPi) great_circle_azimuth(w, sin(omg12), cos(omg12), &salp1, &calp1);
    }
    if (short_line && ssig12 < kShortLineSigma) {
      // Short enough that the w-bar sphere is exact to rounding: s12 = b dn(beta-bar)
      // sigma12, where dn(beta-bar) = w-bar / (1 - f).
      out.s12_m = e.b_m / (e.f1 * w.omega_scale) * atan2(ssig12, csig12);
      // alpha2 of the same great circle, its denominator written as alpha1's.
      salp2 = w.cbet1 * somg;
      calp2 = w.sbet12 - w.cbet1 * w.sbet2 * sq(somg) / (1 + comg);
      done = true;
    } else if (antipodal) {
      // Nearly antipodal, the paper's astroid: in units of the astroid, x along the
      // parallel and y along the meridian from the antipode of point 1.
      const double x = col.lam12x / w.lamscale;  // <= 0
      const double y = w.sbet12a / w.betscale;   // <= 0
      if (y > -kAstroidFlatY) {
        // y -> 0: the limit of the astroid's solution, sin alpha1 = -x (alpha1 = 90 deg beyond).
        salp1 = -x < 1 ? -x : 1;
        calp1 = -sqrt(1 - sq(salp1));
      } else {
        // The geodesics through the astroid's point: omega12 = pi - (pi - lambda12) mu/(1 + mu)
        // (the longitude on the auxiliary sphere), then the great circle's alpha1.
        const double mu = astroid_mu(x, y);
        const double d = -col.lam12x * mu / (1 + mu);
        great_circle_azimuth(w, sin(d), -cos(d), &salp1, &calp1);
      }
    }
    if (!done) {
      // Newton's method on v(alpha1) = lambda12(alpha1) - lambda12, v increasing
      // from -lambda12 at alpha1 = 0 to pi - lambda12 at pi, so a bracket [lo, hi] is kept and
      // a step that leaves it (or a derivative that is not positive) is replaced by bisection.
      normalize(&salp1, &calp1);
      if (!(salp1 > kTiny)) {  // alpha1 strictly inside (0, pi), as the bracket
        salp1 = kTiny;
        calp1 = calp1 < 0 ? -1 : 1;
      }
      double slo = kTiny, clo = 1, shi = kTiny, chi = -1;
      Trial t{};
      int it = 0;
      for (;;) {
        // On the equator alpha1 = 90 deg is the equator itself; the solution here (beyond
        // (1 - f) pi) leaves it southwards.
        if (w.sbet1 == 0 && calp1 == 0) calp1 = -kTiny;
        t = evaluate(e, w, col, salp1, calp1);
        ++it;
        if (fabs(t.v) <= kLambdaRounding ||
            sq(t.v) * (1 + 1 / fabs(t.m12_b)) <= kSecondOrderTolerance)
          break;
        if (it >= kGeodesicMaxIterations) {
          out.converged = false;
          break;
        }
        if (t.v > 0) {
          shi = salp1;
          chi = calp1;
        } else {
          slo = salp1;
          clo = calp1;
        }
        const double dalp = -t.v / t.dv;
        bool newton = t.dv > 0 && fabs(dalp) < kPi / 2;
        double sn = 0, cn = 0;
        if (newton) {
          const double sd = sin(dalp), cd = cos(dalp);
          sn = salp1 * cd + calp1 * sd;
          cn = calp1 * cd - salp1 * sd;
          // Strictly inside (lo, hi): sin(new - lo) > 0 and sin(hi - new) > 0.
          newton = sn * clo - cn * slo > 0 && shi * cn - chi * sn > 0;
        }
        if (newton) {
          salp1 = sn;
          calp1 = cn;
        } else {
          salp1 = slo + shi;
          calp1 = clo + chi;
          normalize(&salp1, &calp1);
          if ((salp1 == slo && calp1 == clo) || (salp1 == shi && calp1 == chi)) {
            // The bracket is down to adjacent doubles: as converged as it can be.
            t = evaluate(e, w, col, salp1, calp1);
            ++it;
            break;
          }
        }
      }
      out.iterations = it;
      // First-order corrections for the remaining miss v: the distance along the parallel,
      // alpha1 by Newton's step, alpha2 from the corrected alpha1 (Clairaut, as in evaluate).
      out.s12_m = e.b_m * (t.s12_b - w.cbet2 * t.salp2 * t.v / e.f1);
      if (t.dv > 0 && fabs(t.v) < 1e-6 * t.dv) {
        const double dalp = -t.v / t.dv;
        const double sn = salp1 + calp1 * dalp, cn = calp1 - salp1 * dalp;
        salp1 = sn;
        calp1 = cn;
        normalize(&salp1, &calp1);
      }
      if (w.same_abs_lat) {
        salp2 = salp1;
        calp2 = fabs(calp1);
      } else {
        salp2 = salp1 * w.cbet1 / w.cbet2;
        calp2 = sqrt(max0(sq(calp1 * w.cbet1) + w.dcos2)) / w.cbet2;
      }
    }
  }
  // Undo the canonical form for the azimuth at the reference point: a latitude flip mirrors
  // north-south, a longitude flip east-west; when the points were swapped, the reference is
  // point 2 and the azimuth there toward the node is alpha2 reversed.
  double sa = w.swapped ? salp2 : salp1, ca = w.swapped ? calp2 : calp1;
  if (w.lat_flipped) ca = -ca;
  if (col.negative != w.swapped) sa = -sa;
  if (w.swapped) {
    sa = -sa;
    ca = -ca;
  }
  out.azi1_deg = atan2(sa, ca) * kDegPerRad;
  return out;
}

// Distance alone, metres; the iteration count through iterations when it is not null.
GF_HD double geodesic_inverse_distance(const GeodesicEllipsoid& e, const GeodesicRow& w,
                                       const GeodesicColumn& col, int* iterations = nullptr) {
  const GeodesicInverse g = geodesic_inverse(e, w, col);
  if (iterations) *iterations = g.iterations;
  return g.s12_m;
}

// Between two points (the hover readout, tests): degrees in, metres and degrees out.
GF_HD GeodesicInverse geodesic_inverse_points(const GeodesicEllipsoid& e, double lat1_deg,
                                              double lon1_deg, double lat2_deg, double lon2_deg) {
  // lon2 - lon1 with its rounding error (two-sum), so large longitudes lose nothing.
  const double d = lon2_deg - lon1_deg;
  const double bv = d - lon2_deg;
  const double err = (lon2_deg - (d - bv)) + (-lon1_deg - bv);
  const double dlon = remainder(d, 360.0) + err;
  const GeodesicReference ref = make_geodesic_reference(e, lat1_deg);
  return geodesic_inverse(e, make_geodesic_row(e, ref, lat2_deg), make_geodesic_column(dlon));
}

}  // namespace geofield
