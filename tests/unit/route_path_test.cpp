// `--path` (issue 29): the great circle from the reference point, its measures against exact
// spherical math and GeographicLib (wgs84: Inverse for the short path, ArcDirect the long way
// round one turn for the long one), its vertices on the circle, the drawn lines on it to within
// half a pixel, the label's text, dashes, the far end's marker.
#include "figure/route_path.h"

#include <gtest/gtest.h>

#include <GeographicLib/Geodesic.hpp>
#include <GeographicLib/GeodesicLine.hpp>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include "figure/geodesic_path.h"
#include "figure/route_overlay.h"
#include "geodesic.h"
#include "gl/map_frame.h"
#include "projection.h"
#include "view/view_math.h"

namespace geofield {
namespace {

constexpr double kDeg = std::numbers::pi / 180;
const RouteEnd kTokyo{35.6895, 139.69171, "Tokyo, Japan"};

FieldParams from_boulder() {
  FieldParams p;
  p.ref_lat_deg = 40.01499;
  p.ref_lon_deg = -105.27055;
  return p;
}

// The spherical initial bearing, degrees in [0, 360), and the central angle (radians) by the
// textbook formulas in long double.
long double sphere_bearing(long double la1, long double lo1, long double la2, long double lo2) {
  const long double d = (lo2 - lo1) * kDeg, p1 = la1 * kDeg, p2 = la2 * kDeg;
  long double b =
      std::atan2(std::sin(d) * std::cos(p2),
                 std::cos(p1) * std::sin(p2) - std::sin(p1) * std::cos(p2) * std::cos(d)) /
      kDeg;
  return b < 0 ? b + 360 : b;
}
long double sphere_arc(long double la1, long double lo1, long double la2, long double lo2) {
  const long double d = (lo2 - lo1) * kDeg, p1 = la1 * kDeg, p2 = la2 * kDeg;
  const long double h = std::pow(std::sin((p2 - p1) / 2), 2) +
                        std::cos(p1) * std::cos(p2) * std::pow(std::sin(d / 2), 2);
  return 2 * std::asin(std::sqrt(h));
}

TEST(RoutePath, HaversineMeasuresAreTheSpheres) {
  const FieldParams p = from_boulder();
  const RouteMeasures m = route_measures(p, kTokyo);
  const long double arc = sphere_arc(p.ref_lat_deg, p.ref_lon_deg, kTokyo.lat_deg, kTokyo.lon_deg);
  EXPECT_NEAR(m.short_distance, double(arc * p.radius_km), 1e-9);
  EXPECT_NEAR(m.long_distance, double((2 * std::numbers::pi_v<long double> - arc) * p.radius_km),
              1e-9);
  const double b = sphere_bearing(p.ref_lat_deg, p.ref_lon_deg, kTokyo.lat_deg, kTokyo.lon_deg);
  EXPECT_NEAR(m.short_bearing_deg, b, 1e-9);
  EXPECT_NEAR(m.long_bearing_deg, std::fmod(b + 180, 360.0), 1e-9);
  EXPECT_EQ(route_text(p, kTokyo, m),
            "Tokyo, Japan: 9,293 km at 312° · long path 30,737 km at 132°");
}

TEST(RoutePath, UnitsAndCoordinatesInTheText) {
  FieldParams p = from_boulder();
  p.units = Units::nm;
  const RouteEnd point{-33.8688, 151.2093, ""};
  const RouteMeasures m = route_measures(p, point);
  EXPECT_NEAR(m.short_distance + m.long_distance, 2 * std::numbers::pi * p.radius_km / 1.852, 1e-9);
  const std::string t = route_text(p, point, m);
  EXPECT_EQ(t.rfind("33.87°S 151.21°E: ", 0), 0u) << t;
  EXPECT_NE(t.find(" nm at "), std::string::npos) << t;
  EXPECT_EQ(distance_text(12.345), "12.3");
  EXPECT_EQ(distance_text(0.5123), "0.512");
  EXPECT_EQ(distance_text(1234567.4), "1,234,567");
  EXPECT_EQ(distance_text(100), "100");
}

TEST(RoutePath, Wgs84MeasuresAgreeWithGeographicLib) {
  const GeographicLib::Geodesic& g = GeographicLib::Geodesic::WGS84();
  FieldParams p = from_boulder();
  p.formula = Formula::wgs84;
  p.units = Units::m;
  const RouteEnd ends[] = {kTokyo,
                           {-33.8688, 151.2093, ""},
                           {51.5074, -0.1278, ""},
                           {-40.0, 75.0, ""},
                           {0, 0, ""},
                           {89.9, 10, ""}};
  for (const RouteEnd& e : ends) {
    double s12 = 0, azi1 = 0, azi2 = 0;
    const double a12 =
        g.Inverse(p.ref_lat_deg, p.ref_lon_deg, e.lat_deg, e.lon_deg, s12, azi1, azi2);
    const RouteMeasures m = route_measures(p, e);
    EXPECT_NEAR(m.short_distance, s12, 1e-6) << e.lat_deg;
    EXPECT_NEAR(m.short_bearing_deg, azi1 < 0 ? azi1 + 360 : azi1, 1e-9) << e.lat_deg;
    // The long way: the same geodesic leaving the opposite way, on round the rest of a turn of
    // its auxiliary sphere.
    double lat2 = 0, lon2 = 0, azi = 0, s_long = 0;
    g.ArcDirect(p.ref_lat_deg, p.ref_lon_deg, azi1 + 180, 360 - a12, lat2, lon2, azi, s_long);
    EXPECT_NEAR(m.long_distance, s_long, 1e-6) << e.lat_deg;
    EXPECT_NEAR(m.long_bearing_deg, std::fmod(azi1 + 180 + 360, 360.0), 1e-9);
    // It ends where the short path does in latitude, and within about a degree in longitude.
    EXPECT_NEAR(lat2, e.lat_deg, 1e-6);
    EXPECT_LT(std::fabs(reduce_deg_180(lon2 - e.lon_deg)), 1.2);
  }
}

// Under wgs84 the short path drawn is the geodesic: every vertex where GeographicLib's
// GeodesicLine puts the point at that arc, the last at the far end.
TEST(RoutePath, Wgs84ShortPathIsTheGeodesic) {
  const GeographicLib::Geodesic& g = GeographicLib::Geodesic::WGS84();
  const double lat1 = 40.01499, lon1 = -105.27055;
  const RoutePoint ends[] = {{35.6895, 139.69171}, {-30, 60}, {-33.8688, 151.2093},
                             {51.5074, -0.1278},   {-40, 74}, {89.5, 10},
                             {40.2, -105.1}};
  double worst_deg = 0;
  for (const RoutePoint& b : ends) {
    double s12 = 0, azi1 = 0, azi2 = 0;
    const double a12 = g.Inverse(lat1, lon1, b.lat_deg, b.lon_deg, s12, azi1, azi2);
    const std::vector<RoutePoint> pts =
        geodesic_points(kWgs84A_m / 1000, kWgs84InverseF, lat1, lon1, azi1, s12, 0.5);
    ASSERT_GE(pts.size(), 2u);
    const GeographicLib::GeodesicLine line = g.Line(lat1, lon1, azi1);
    for (std::size_t k = 0; k < pts.size(); ++k) {
      double lat = 0, lon = 0;
      line.ArcPosition(a12 * k / (pts.size() - 1), lat, lon);
      worst_deg = std::max({worst_deg, std::fabs(pts[k].lat_deg - lat),
                            std::fabs(reduce_deg_180(pts[k].lon_deg - lon))});
      if (k > 0) {
        EXPECT_LT(std::fabs(pts[k].lon_deg - pts[k - 1].lon_deg), 90);
      }
    }
    EXPECT_NEAR(pts.back().lat_deg, b.lat_deg, 1e-9);
    EXPECT_NEAR(reduce_deg_180(pts.back().lon_deg - b.lon_deg), 0, 1e-9);
  }
  EXPECT_LT(worst_deg, 1e-9);
}

TEST(RoutePath, VerticesLieOnTheGreatCircle) {
  const RoutePoint a{40.01499, -105.27055}, b{35.6895, 139.69171};
  const RoutePoints r = route_points(a, b, 0.5);
  auto v = [](RoutePoint q) {
    return std::array<double, 3>{std::cos(q.lat_deg * kDeg) * std::cos(q.lon_deg * kDeg),
                                 std::cos(q.lat_deg * kDeg) * std::sin(q.lon_deg * kDeg),
                                 std::sin(q.lat_deg * kDeg)};
  };
  const auto va = v(a), vb = v(b);
  std::array<double, 3> n = {va[1] * vb[2] - va[2] * vb[1], va[2] * vb[0] - va[0] * vb[2],
                             va[0] * vb[1] - va[1] * vb[0]};
  const double len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  for (double& x : n) x /= len;
  ASSERT_EQ(r.long_path.size(), 2u);
  for (const auto* path : {&r.short_path, &r.long_path[0], &r.long_path[1]}) {
    ASSERT_GE(path->size(), 2u);
    for (std::size_t k = 0; k < path->size(); ++k) {
      const auto q = v((*path)[k]);
      EXPECT_LT(std::fabs(n[0] * q[0] + n[1] * q[1] + n[2] * q[2]), 1e-14);
      if (k > 0) {  // continuous longitudes, steps of at most half a degree of arc
        EXPECT_LT(std::fabs((*path)[k].lon_deg - (*path)[k - 1].lon_deg), 90);
        const double arc = sphere_arc((*path)[k - 1].lat_deg, (*path)[k - 1].lon_deg,
                                      (*path)[k].lat_deg, (*path)[k].lon_deg);
        EXPECT_LE(arc, 0.5 * kDeg + 1e-12);
      }
    }
  }
  // short: a to b; long: b on round to a.
  EXPECT_NEAR(r.short_path.front().lat_deg, a.lat_deg, 1e-12);
  EXPECT_NEAR(reduce_deg_180(r.short_path.front().lon_deg - a.lon_deg), 0, 1e-12);
  EXPECT_NEAR(r.short_path.back().lat_deg, b.lat_deg, 1e-12);
  EXPECT_NEAR(reduce_deg_180(r.short_path.back().lon_deg - b.lon_deg), 0, 1e-12);
  EXPECT_NEAR(r.long_path[0].front().lat_deg, b.lat_deg, 1e-12);
  EXPECT_NEAR(r.long_path[1].back().lat_deg, a.lat_deg, 1e-12);
  EXPECT_NEAR(reduce_deg_180(r.long_path[1].back().lon_deg - a.lon_deg), 0, 1e-9);
  // The runs stop just short of a's antipode, on either side of it.
  EXPECT_NEAR(r.long_path[0].back().lat_deg, -a.lat_deg, 1e-6);
  EXPECT_NEAR(r.long_path[1].front().lat_deg, -a.lat_deg, 1e-6);
  // Westward from Boulder to Tokyo: the short path crosses the antimeridian, its longitudes
  // running on below -180.
  EXPECT_LT(r.short_path.back().lon_deg, -180);
  EXPECT_FALSE(route_problem(a, a).empty());
  EXPECT_FALSE(route_problem(a, {-a.lat_deg, a.lon_deg + 180}).empty());
  EXPECT_TRUE(route_problem(a, {-a.lat_deg, a.lon_deg + 179.9}).empty());
  EXPECT_TRUE(route_points(a, a, 0.5).short_path.empty());
}

TEST(RoutePath, DashesCutALine) {
  const std::vector<Polyline> d = dashed({{{0, 0}, {35, 0}, {100, 0}}}, 9, 6);
  ASSERT_EQ(d.size(), 7u);  // 0-9, 15-24, ..., 90-99
  for (std::size_t k = 0; k < d.size(); ++k) {
    EXPECT_NEAR(d[k].front().x, 15.0 * k, 1e-9);
    EXPECT_NEAR(d[k].back().x, 15.0 * k + 9, 1e-9);
  }
  EXPECT_EQ(d[2].size(), 3u);  // 30-39 keeps the vertex at 35
}

// The drawn path of an aeqd world figure: a straight line from the centre (the reference) to
// the far end, every vertex back-projected on the great circle to within half a pixel; the long
// path dashed on round; the far end marked.
TEST(RoutePath, AnAeqdWorldDiscDrawsTheCircleThroughItsCentre) {
  FieldParams view = from_boulder();
  view.projection = Projection::aeqd;
  view.extent = max_extent(view);
  view.nx = view.ny = 801;
  const FigureLayout L0 = layout_figure(view, 1600, "", [&](int, int) {
    ViewStyle s;
    s.map = map_frame_of(view);
    return s;
  });
  FigureLayout L = L0;
  add_route(&L, view, kTokyo);
  ASSERT_FALSE(L.route_short.empty());
  ASSERT_FALSE(L.route_long.empty());
  ASSERT_EQ(L.route_ends.size(), 1u);
  ASSERT_EQ(L.route_labels.size(), 1u);
  EXPECT_EQ(L.route_labels[0].text.rfind("Tokyo, Japan: ", 0), 0u);
  const MapFrame f = map_frame_of(view);
  const auto centre = make_projection_centre(view.ref_lat_deg, view.ref_lon_deg);
  const double km_per_px = 2 * f.half_width / L.map.w;
  const double bearing = route_measures(view, kTokyo).short_bearing_deg;
  for (const auto* lines : {&L.route_short, &L.route_long}) {
    for (const Polyline& line : *lines) {
      for (const PointPx& q : line) {
        const double x = (q.x / L.map.w * 2 - 1) * f.half_width;
        const double y = (1 - q.y / L.map.h * 2) * f.half_height;
        // On aeqd about the reference, the great circle is the line through the centre at the
        // bearing: its distance from that line is the path's error, in pixels.
        const double off = std::fabs(x * std::cos(bearing * kDeg) - y * std::sin(bearing * kDeg));
        EXPECT_LT(off / km_per_px, 0.5) << q.x << "," << q.y;
        const SpherePoint<double> s = aeqd_inverse(centre, x, y, f.radius);
        EXPECT_FALSE(std::isnan(s.lat_deg));
      }
    }
  }
  // The far end's marker where the projection puts Tokyo.
  const MapPoint<double> t = aeqd_forward(centre, kTokyo.lat_deg, kTokyo.lon_deg, f.radius);
  EXPECT_NEAR(L.route_ends[0].x, L.map.x + (t.x / f.half_width + 1) / 2 * L.map.w, 1e-6);
  EXPECT_NEAR(L.route_ends[0].y, L.map.y + (1 - t.y / f.half_height) / 2 * L.map.h, 1e-6);
}

TEST(RoutePath, ARegionalMapHasNoLongPathAndALatLonWorldSplitsAtTheAntimeridian) {
  FieldParams view = from_boulder();
  view.lat_min_deg = 20, view.lat_max_deg = 60, view.lon_min_deg = -130, view.lon_max_deg = -70;
  auto style = [&](int, int) { return ViewStyle{}; };
  FigureLayout L = layout_figure(view, 1200, "", style);
  add_route(&L, view, kTokyo);
  EXPECT_FALSE(L.route_short.empty());
  EXPECT_TRUE(L.route_long.empty());
  EXPECT_TRUE(L.route_ends.empty());  // Tokyo is off this map: the label goes in a corner
  ASSERT_EQ(L.route_labels.size(), 1u);
  EXPECT_GE(L.route_labels[0].x, L.map.x);
  EXPECT_LE(L.route_labels[0].x + L.route_labels[0].w, L.map.x + L.map.w);

  view.lat_min_deg = -90, view.lat_max_deg = 90, view.lon_min_deg = -180, view.lon_max_deg = 180;
  FigureLayout W = layout_figure(view, 1600, "", style);
  add_route(&W, view, kTokyo);
  EXPECT_FALSE(W.route_long.empty());
  ASSERT_EQ(W.route_ends.size(), 1u);
  // The short path leaves the west edge and comes back at the east one: two pieces, none
  // jumping across the map.
  ASSERT_EQ(W.route_short.size(), 2u);
  for (const Polyline& line : W.route_short) {
    for (std::size_t k = 1; k < line.size(); ++k) {
      EXPECT_LT(std::fabs(line[k].x - line[k - 1].x), W.map.w / 4.0);
    }
  }
}

}  // namespace
}  // namespace geofield
