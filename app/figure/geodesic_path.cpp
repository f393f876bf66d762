#include "figure/geodesic_path.h"

#include <algorithm>
#include <cmath>

#include "geodesic.h"

namespace geofield {
namespace {

using namespace geodesic_detail;

constexpr int kNewtonSteps = 8;  // the arc from the distance: quadratic, 3 or 4 suffice

}  // namespace

std::vector<RoutePoint> geodesic_points(double a_km, double inv_f, double lat1_deg, double lon1_deg,
                                        double azi1_deg, double s12_m, double step_deg) {
  const GeodesicEllipsoid e = make_geodesic_ellipsoid(a_km * 1000, inv_f > 0 ? 1 / inv_f : 0);
  double salp1 = 0, calp1 = 1, sphi = 0, cphi = 1;
  sincos_deg(azi1_deg, &salp1, &calp1);
  sincos_deg(lat1_deg, &sphi, &cphi);
  // The reduced latitude (eq. 6), its cosine kept off zero so that a pole keeps a direction.
  double sbet1 = e.f1 * sphi, cbet1 = cphi;
  normalize(&sbet1, &cbet1);
  cbet1 = std::max(cbet1, kTiny);
  // Clairaut (eq. 5); sigma1 and omega1 on the auxiliary sphere from the equator's crossing.
  const double salp0 = salp1 * cbet1, calp0 = std::hypot(calp1, salp1 * sbet1);
  double ssig1 = sbet1, csig1 = calp1 * cbet1;
  normalize(&ssig1, &csig1);
  const double somg1 = salp0 * sbet1, comg1 = calp1 * cbet1;
  const double k2 = e.ep2 * calp0 * calp0, eps = eps_of_k2(k2);
  double c1[7], c3[7];
  c1_coeffs(eps, c1);
  c3_coeffs(e, eps, c3);
  const double a1 = a1_coeff(eps), a3 = a3_coeff(e, eps);
  const double b11 = sin_series6(c1, ssig1, csig1), b31 = sin_series6(c3, ssig1, csig1);
  auto at_arc = [&](double sig12, double* ssig2, double* csig2) {
    const double s = std::sin(sig12), c = std::cos(sig12);
    *ssig2 = ssig1 * c + csig1 * s;
    *csig2 = csig1 * c - ssig1 * s;
  };
  // The arc of s12 (eq. 7: s = b A1 (sigma + B1(sigma)) from sigma1), by Newton's method with
  // ds/dsigma = b sqrt(1 + k^2 sin^2 sigma).
  double sig12 = s12_m / (e.b_m * a1);
  for (int k = 0; k < kNewtonSteps; ++k) {
    double ssig2 = 0, csig2 = 1;
    at_arc(sig12, &ssig2, &csig2);
    const double s = e.b_m * a1 * (sig12 + sin_series6(c1, ssig2, csig2) - b11);
    const double step = (s - s12_m) / (e.b_m * std::sqrt(1 + k2 * ssig2 * ssig2));
    sig12 -= step;
    if (std::fabs(step) < 1e-15) break;
  }
  // The point at each arc: latitude from the reduced one, longitude by eq. 8 with omega
  // unrolled (it follows sigma round, so the path's longitudes need no unwrapping).
  const double sgn = salp0 < 0 ? -1 : 1;
  const double step_rad = step_deg * kPi / 180;
  const int n = std::max(1, static_cast<int>(std::ceil(std::fabs(sig12) / step_rad)));
  std::vector<RoutePoint> out;
  out.reserve(n + 1);
  for (int k = 0; k <= n; ++k) {
    const double t = sig12 * k / n;
    double ssig2 = 0, csig2 = 1;
    at_arc(t, &ssig2, &csig2);
    const double sbet2 = calp0 * ssig2, cbet2 = std::hypot(salp0, calp0 * csig2);
    const double somg2 = salp0 * ssig2, comg2 = csig2;
    const double omg12 = sgn * (t - (std::atan2(ssig2, csig2) - std::atan2(ssig1, csig1)) +
                                (std::atan2(sgn * somg2, comg2) - std::atan2(sgn * somg1, comg1)));
    const double lam12 = omg12 - e.f * salp0 * a3 * (t + sin_series6(c3, ssig2, csig2) - b31);
    out.push_back({std::atan2(sbet2, e.f1 * cbet2) * 180 / kPi, lon1_deg + lam12 * 180 / kPi});
  }
  return out;
}

}  // namespace geofield
