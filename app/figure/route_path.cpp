#include "figure/route_path.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "figure/degree_labels.h"
#include "geodesic.h"
#include "view/field_measures.h"

namespace geofield {
namespace {

using Vec3 = std::array<double, 3>;

Vec3 unit_vector(RoutePoint p) {
  double sl = 0, cl = 0, so = 0, co = 0;
  sincos_deg(p.lat_deg, &sl, &cl);
  sincos_deg(p.lon_deg, &so, &co);
  return {cl * co, cl * so, sl};
}

double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

// The arc between unit vectors, radians in [0, pi], accurate at both ends (atan2 of the cross
// product's length and the dot product).
double arc_between(const Vec3& a, const Vec3& b) {
  const Vec3 c = {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
  return std::atan2(std::sqrt(dot(c, c)), dot(a, b));
}

double bearing_0_360(double deg) {
  const double b = std::fmod(deg, 360.0);
  return b < 0 ? b + 360 : b;
}

// The point at arc angle t (radians) of the circle a cos t + c sin t.
RoutePoint circle_point(const Vec3& a, const Vec3& c, double t) {
  const double ct = std::cos(t), st = std::sin(t);
  const Vec3 p = {a[0] * ct + c[0] * st, a[1] * ct + c[1] * st, a[2] * ct + c[2] * st};
  return {std::atan2(p[2], std::hypot(p[0], p[1])) * 180 / kPi, std::atan2(p[1], p[0]) * 180 / kPi};
}

// The points at arc angles ts of the circle, longitudes continuous from the first.
std::vector<RoutePoint> circle_points(const Vec3& a, const Vec3& c, const std::vector<double>& ts) {
  std::vector<RoutePoint> out;
  out.reserve(ts.size());
  for (const double t : ts) {
    RoutePoint q = circle_point(a, c, t);
    if (!out.empty())
      q.lon_deg = out.back().lon_deg + reduce_deg_180(q.lon_deg - out.back().lon_deg);
    out.push_back(q);
  }
  return out;
}

// Arc angles from..to, step_rad apart at most.
std::vector<double> evenly(double from, double to, double step_rad) {
  const int n = std::max(1, static_cast<int>(std::ceil((to - from) / step_rad)));
  std::vector<double> ts(n + 1);
  for (int k = 0; k <= n; ++k) ts[k] = from + (to - from) * k / n;
  return ts;
}

// Arc angles halving their distance to pi - gap from pi - step (side -1: before pi) or from
// pi + gap to pi + step (side +1): an aeqd map about a magnifies a step across the direction
// near a's antipode by one over its distance there, so a step between points there (which the
// map subdivides in latitude and longitude) must shrink with that distance to stay on the
// circle.
std::vector<double> toward_antipode(double step_rad, double gap, int side) {
  std::vector<double> d;  // distances from pi, decreasing
  for (double e = step_rad / 2; e > gap; e /= 2) d.push_back(e);
  d.push_back(gap);
  std::vector<double> ts;
  for (const double e : d) ts.push_back(kPi + side * e);
  if (side > 0) std::reverse(ts.begin(), ts.end());
  return ts;
}

}  // namespace

double geodesic_turn_m(double a_km, double inv_f, double lat1_deg, double azi1_deg) {
  const GeodesicEllipsoid e = make_geodesic_ellipsoid(a_km * 1000, inv_f > 0 ? 1 / inv_f : 0);
  double sbet = 0, cbet = 1, salp = 0, calp = 1;
  geodesic_detail::reduced_abs_lat(e, lat1_deg, &sbet, &cbet);
  sincos_deg(azi1_deg, &salp, &calp);
  const double salp0 = salp * cbet;  // Clairaut: the same at every point of the geodesic
  const double k2 = e.ep2 * (1 - salp0 * salp0);
  return 2 * kPi * e.b_m * geodesic_detail::a1_coeff(geodesic_detail::eps_of_k2(k2));
}

RouteMeasures route_measures(const FieldParams& view, const RouteEnd& end) {
  const GeoPoint a{view.ref_lat_deg, view.ref_lon_deg}, b{end.lat_deg, end.lon_deg};
  RouteMeasures m;
  m.short_distance = distance_between(view, a, b);
  m.short_bearing_deg = bearing_between(view, a, b);
  m.long_bearing_deg = bearing_0_360(m.short_bearing_deg + 180);
  const double turn = view.formula == Formula::wgs84
                          ? geodesic_turn_m(view.ellipsoid_a_km, view.ellipsoid_inv_f, a.lat_deg,
                                            m.short_bearing_deg) /
                                metres_per_unit(view.units)
                          : 2 * kPi * radius_in_units(view);
  m.long_distance = turn - m.short_distance;
  return m;
}

std::string distance_text(double v) {
  char buf[64];
  if (!(std::fabs(v) >= 100)) {
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
  }
  std::snprintf(buf, sizeof buf, "%.0f", v);
  const std::string digits = buf;
  std::string out;
  for (std::size_t k = 0; k < digits.size(); ++k) {
    if (k > 0 && (digits.size() - k) % 3 == 0) out += ',';
    out += digits[k];
  }
  return out;
}

std::string route_text(const FieldParams& view, const RouteEnd& end, const RouteMeasures& m) {
  const std::string name =
      end.name.empty() ? lat_label(end.lat_deg, 2) + " " + lon_label(end.lon_deg, 2) : end.name;
  const std::string unit(to_string(view.units));
  auto degrees = [](double b) { return std::to_string(std::lround(b) % 360) + "°"; };
  return name + ": " + distance_text(m.short_distance) + " " + unit + " at " +
         degrees(m.short_bearing_deg) + " · long path " + distance_text(m.long_distance) + " " +
         unit + " at " + degrees(m.long_bearing_deg);
}

std::string route_problem(RoutePoint a, RoutePoint b) {
  const double arc = arc_between(unit_vector(a), unit_vector(b));
  if (arc < kRouteDegenerateRad) return "is the reference point itself: there is no path";
  if (kPi - arc < kRouteDegenerateRad) {
    return "is antipodal to the reference point: every great circle through it joins them";
  }
  return "";
}

RoutePoints route_points(RoutePoint a, RoutePoint b, double step_deg) {
  RoutePoints out;
  if (!route_problem(a, b).empty()) return out;
  const Vec3 va = unit_vector(a), vb = unit_vector(b);
  // c: the unit vector a quarter turn from a toward b, in their plane.
  const double ab = dot(va, vb);
  Vec3 c = {vb[0] - ab * va[0], vb[1] - ab * va[1], vb[2] - ab * va[2]};
  const double len = std::sqrt(dot(c, c));
  for (double& x : c) x /= len;
  const double sigma = arc_between(va, vb), step = step_deg * kPi / 180;
  out.short_path = circle_points(va, c, evenly(0, sigma, step));
  // The long path in two runs, each running evenly to within a step of a's antipode, then
  // closing in on it by halving.
  const double g = kRouteAntipodeGapRad;
  std::vector<double> out_ts = evenly(sigma, std::max(sigma, kPi - step), step);
  for (const double t : toward_antipode(step, g, -1)) {
    if (t > out_ts.back()) out_ts.push_back(t);
  }
  std::vector<double> back_ts;
  for (const double t : toward_antipode(step, g, +1)) back_ts.push_back(t);
  for (const double t : evenly(kPi + step, 2 * kPi, step)) {
    if (t > back_ts.back()) back_ts.push_back(t);
  }
  out.long_path = {circle_points(va, c, out_ts), circle_points(va, c, back_ts)};
  return out;
}

}  // namespace geofield
