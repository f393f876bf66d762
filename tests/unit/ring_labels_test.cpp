// Range-ring labels: the spherical direct problem against GeographicLib's Direct on a sphere,
// and the labels' places (on their ring, inside the map, never touching each other).
#include "view/ring_labels.h"

#include <gtest/gtest.h>

#include <GeographicLib/Geodesic.hpp>
#include <cmath>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "field_math.h"
#include "field_params.h"
#include "spherical_reference.h"

namespace geofield {
namespace {

using test::kTestPi;

constexpr double kR = kDefaultRadiusKm;

double lon_diff_deg(double a, double b) { return std::remainder(a - b, 360.0); }

void expect_direct_matches(double lat1, double lon1, double azi, double dist) {
  const GeographicLib::Geodesic sphere(kR, 0);
  double lat2 = 0, lon2 = 0;
  sphere.Direct(lat1, lon1, azi, dist, lat2, lon2);
  const GeoPoint g = spherical_direct(lat1, lon1, azi, dist, kR);
  SCOPED_TRACE(testing::Message() << "from (" << lat1 << ", " << lon1 << ") azimuth " << azi
                                  << " distance " << dist);
  EXPECT_NEAR(g.lat_deg, lat2, 1e-9);
  if (std::fabs(lat2) < 90 - 1e-6) {  // at a pole the longitude is any
    EXPECT_NEAR(lon_diff_deg(g.lon_deg, lon2), 0.0, 1e-9);
  }
  EXPECT_GE(g.lon_deg, -180.0);
  EXPECT_LT(g.lon_deg, 180.0);
}

TEST(SphericalDirect, MatchesGeographicLibAtTheHardPlaces) {
  const double half = kTestPi * kR;  // to the antipode
  const double cases[][4] = {
      {0, 0, 90, 1000},          {0, 0, 0, 1000},           {30, 101, 45, 250},
      {30, 101, 225, 5000},      {-45, 179.9, 90, 100},     {10, -179.5, 270, 300},
      {90, 0, 180, 1000},        {90, 37, 30, 2000},        {-90, -45, 0, 500},
      {89.9999, 10, 0, 50},      {0, 0, 90, half / 2},      {30, 101, 10, half - 1e-6},
      {-12.5, 33.25, 300, 1e-6}, {60, 20, 135, 0},          {0, 180, 90, 10},
      {45, -180, -90, 20000},    {1e-9, 0, 359.999, 12345}, {-60, 0, 180, 3000},
  };
  for (const auto& c : cases) expect_direct_matches(c[0], c[1], c[2], c[3]);
}

TEST(SphericalDirect, MatchesGeographicLibAtRandomAndIsADistanceOfD) {
  std::mt19937_64 rng(12);
  std::uniform_real_distribution<double> lat(-90, 90), lon(-180, 180), azi(0, 360),
      dist(0, kTestPi * kR);
  for (int n = 0; n < 2000; ++n) {
    const double la = lat(rng), lo = lon(rng), az = azi(rng), d = dist(rng);
    expect_direct_matches(la, lo, az, d);
    const GeoPoint g = spherical_direct(la, lo, az, d, kR);
    EXPECT_NEAR(haversine_distance(la, lo, g.lat_deg, g.lon_deg, kR), d, 1e-6);
  }
}

TEST(SphericalDirect, KnownValues) {
  // A quarter of a great circle east along the equator, and north to the pole.
  GeoPoint g = spherical_direct(0, 10, 90, kTestPi * kR / 2, kR);
  EXPECT_NEAR(g.lat_deg, 0, 1e-12);
  EXPECT_NEAR(g.lon_deg, 100, 1e-12);
  g = spherical_direct(0, 10, 0, kTestPi * kR / 2, kR);
  EXPECT_NEAR(g.lat_deg, 90, 1e-12);
  // 1 degree of arc south from 30N: 29N on the same meridian.
  g = spherical_direct(30, 101, 180, kTestPi * kR / 180, kR);
  EXPECT_NEAR(g.lat_deg, 29, 1e-12);
  EXPECT_NEAR(g.lon_deg, 101, 1e-12);
}

// 7 px a character and 13 px high, as ImGui's default font is close to.
RingLabelLook mono7() {
  RingLabelLook look;
  look.text_width_px = [](std::string_view t) { return 7.0 * static_cast<double>(t.size()); };
  return look;
}

FieldParams centred_view() {
  FieldParams p;  // 29:31, 99:101
  p.ref_lat_deg = 30;
  p.ref_lon_deg = 100;
  return p;
}

// The field's value at g: the great-circle distance, or for wgs84 GeographicLib's geodesic on
// the view's ellipsoid.
double ring_value_at(const FieldParams& p, GeoPoint g) {
  if (p.formula == Formula::wgs84) {
    const GeographicLib::Geodesic e(p.ellipsoid_a_km * 1000, flattening_of(p.ellipsoid_inv_f));
    double s = 0;
    e.Inverse(p.ref_lat_deg, p.ref_lon_deg, g.lat_deg, g.lon_deg, s);
    return s / metres_per_unit(p.units);
  }
  return haversine_distance(p.ref_lat_deg, p.ref_lon_deg, g.lat_deg, g.lon_deg,
                            p.radius_km * units_per_km(p.units));
}

void expect_placed_well(const FieldParams& p, const MapRect& m, const std::vector<RingLabel>& v) {
  for (std::size_t a = 0; a < v.size(); ++a) {
    const RingLabel& l = v[a];
    SCOPED_TRACE(l.text);
    EXPECT_GE(l.x, m.x);
    EXPECT_GE(l.y, m.y);
    EXPECT_LE(l.x + l.w, m.x + m.w);
    EXPECT_LE(l.y + l.h, m.y + m.h);
    // All of the box on the sphere's part of the map: in ortho and aeqd each corner has a point
    // under it (the globe's disc is convex), never past the limb or the antipode's circle.
    for (const double x : {l.x, l.x + l.w}) {
      for (const double y : {l.y, l.y + l.h}) {
        EXPECT_TRUE(point_under(p, m, x, y).has_value()) << "corner " << x << ", " << y;
      }
    }
    // Centred on its ring: the distance under the box's centre is the ring's.
    const std::optional<GeoPoint> g = point_under(p, m, l.x + l.w / 2, l.y + l.h / 2);
    ASSERT_TRUE(g.has_value());
    EXPECT_NEAR(ring_value_at(p, *g), l.value, 1e-6 * l.value);
    for (std::size_t b = a + 1; b < v.size(); ++b) {
      const RingLabel& o = v[b];
      const bool apart =
          l.x + l.w <= o.x || o.x + o.w <= l.x || l.y + l.h <= o.y || o.y + o.h <= l.y;
      EXPECT_TRUE(apart) << l.text << " and " << o.text;
    }
  }
}

TEST(RingLabels, EachRingInTheViewIsLabelledWithItsDistanceAndUnit) {
  const FieldParams p = centred_view();
  const MapRect m = letterbox(p, MapRect{280, 0, 1000, 800});
  const std::vector<RingLabel> v = ring_labels(p, m, 50, mono7());
  // The view's corners are 140-150 km from its centre: rings at 50 and 100 km lie wholly
  // inside it, 150 km only reaches past the corners.
  std::set<std::string> texts;
  for (const RingLabel& l : v) texts.insert(l.text);
  EXPECT_EQ(texts, (std::set<std::string>{"50 km", "100 km"}));
  ASSERT_FALSE(v.empty());
  EXPECT_EQ(v[0].text, "50 km");
  EXPECT_DOUBLE_EQ(v[0].value, 50);
  EXPECT_DOUBLE_EQ(v[0].w, 5 * 7 + 4);
  EXPECT_DOUBLE_EQ(v[0].h, 13 + 4);
  // The first label sits north-east of the reference (azimuth 45: right of and above it).
  double cx = 0, cy = 0;
  geo_to_screen(p, m, {p.ref_lat_deg, p.ref_lon_deg}, &cx, &cy);
  EXPECT_GT(v[0].x + v[0].w / 2, cx);
  EXPECT_LT(v[0].y + v[0].h / 2, cy);
  expect_placed_well(p, m, v);
}

TEST(RingLabels, ManyRingsNeverCollideAndStayInside) {
  FieldParams p = centred_view();
  p.ref_lat_deg = 29.3;  // off centre: rings cut by the edges
  p.ref_lon_deg = 100.8;
  const MapRect m = letterbox(p, MapRect{280, 0, 1000, 800});
  const std::vector<RingLabel> v = ring_labels(p, m, 5, mono7());
  EXPECT_GT(v.size(), 20u);
  std::set<double> rings;
  for (const RingLabel& l : v) rings.insert(l.value);
  EXPECT_GT(rings.size(), 20u);
  expect_placed_well(p, m, v);
}

TEST(RingLabels, UnitsAndDecimalsFollowTheInterval) {
  FieldParams p = centred_view();
  p.units = Units::nm;
  const MapRect m = letterbox(p, MapRect{280, 0, 1000, 800});
  const std::vector<RingLabel> v = ring_labels(p, m, 12.5, mono7());
  ASSERT_FALSE(v.empty());
  EXPECT_EQ(v[0].text, "12.5 nm");
  std::set<std::string> texts;
  for (const RingLabel& l : v) texts.insert(l.text);
  EXPECT_TRUE(texts.count("25 nm")) << "a whole number is written without decimals";
  expect_placed_well(p, m, v);
  p.units = Units::km;
  const std::vector<RingLabel> tenths =
      ring_labels(p, m, 0.1 * 300, mono7());  // 30.000000000000004
  ASSERT_FALSE(tenths.empty());
  EXPECT_EQ(tenths[0].text, "30 km");
}

// aeqd: rings are circles about the map's centre (the reference point); each label's box is
// centred at the ring's radius from the centre in the map's own square pixels.
TEST(RingLabels, AeqdLabelsSitOnCirclesAboutTheCentre) {
  FieldParams p;
  p.projection = Projection::aeqd;
  p.ref_lat_deg = 48.85;
  p.ref_lon_deg = 2.35;
  p.extent = 2000;  // km
  p.nx = p.ny = 800;
  const MapRect m = letterbox(p, MapRect{280, 0, 1000, 800});
  EXPECT_DOUBLE_EQ(m.w, m.h);  // a square grid, square pixels
  const std::vector<RingLabel> v = ring_labels(p, m, 500, mono7());
  std::set<std::string> texts;
  for (const RingLabel& l : v) texts.insert(l.text);
  // 500, 1000, 1500 and 2000 km lie inside the map (2000 km only by the corners).
  EXPECT_TRUE(texts.count("500 km") && texts.count("1000 km") && texts.count("1500 km"));
  const double px_per_km = m.w / (2 * p.extent);
  for (const RingLabel& l : v) {
    const double dx = l.x + l.w / 2 - (m.x + m.w / 2), dy = l.y + l.h / 2 - (m.y + m.h / 2);
    EXPECT_NEAR(std::hypot(dx, dy), l.value * px_per_km, 1e-6) << l.text;
  }
  expect_placed_well(p, m, v);
}

// An ortho view about the middle of lat0:lat1, -20:20 (its extent the whole disc, touching the
// frame), the reference at (ref_lat, ref_lon), n x n nodes.
FieldParams ortho_view(double lat0, double lat1, double ref_lat, double ref_lon, int n) {
  FieldParams p;
  p.projection = Projection::ortho;
  p.lat_min_deg = lat0, p.lat_max_deg = lat1, p.lon_min_deg = -20, p.lon_max_deg = 20;
  p.ref_lat_deg = ref_lat;
  p.ref_lon_deg = ref_lon;
  p.extent = max_extent(p);
  p.nx = p.ny = n;
  return p;
}

// ortho: labels only on the near side; each is on its ring.
TEST(RingLabels, OrthoLabelsAreOnTheNearSideAndOnTheirRings) {
  const FieldParams p = ortho_view(10, 50, 40, 10, 800);  // about 30N 0E
  const MapRect m = letterbox(p, MapRect{280, 0, 1000, 800});
  const std::vector<RingLabel> v = ring_labels(p, m, 2000, mono7());
  EXPECT_GE(v.size(), 4u);
  expect_placed_well(p, m, v);
}

// The audit's ortho figure (`--projection ortho --lat 20:60 --lon -20:20 --ref 48.85,2.35
// --contours 1000`): "9000 km" sat half off the disc, "10000 km" and "11000 km" on the page
// beyond the limb. Rings near the limb are labelled only where the whole box is on the globe,
// and a ring whose every place reaches past it is left out. aeqd likewise at the antipode's
// circle, which a whole-world extent puts inside the frame.
TEST(RingLabels, ProjectedLabelsAreWhollyOnTheGlobe) {
  const FieldParams o = ortho_view(20, 60, 48.85, 2.35, 1000);  // about 40N 0E
  FieldParams a;
  a.projection = Projection::aeqd;
  a.ref_lat_deg = 48.85;
  a.ref_lon_deg = 2.35;
  a.extent = 22000;  // km: the antipode's circle (20015 km) inside the frame
  a.nx = a.ny = 1000;
  for (const FieldParams& p : {o, a}) {
    SCOPED_TRACE(to_string(p.projection));
    const MapRect m = letterbox(p, MapRect{280, 0, 1000, 800});
    const std::vector<RingLabel> v = ring_labels(p, m, 1000, mono7());
    std::set<double> rings;
    for (const RingLabel& l : v) rings.insert(l.value);
    EXPECT_GE(rings.size(), 8u);  // most rings keep a label: only the limb's are left out
    expect_placed_well(p, m, v);
  }
}

// wgs84: each label on the field's own ring (the geodesic distance under its centre), in every
// projection, on WGS84 and on Mars.
TEST(RingLabels, Wgs84LabelsSitOnTheGeodesicRings) {
  std::vector<FieldParams> views;
  FieldParams p = centred_view();
  p.formula = Formula::wgs84;
  views.push_back(p);  // latlon, 29:31 x 99:101
  p.lat_min_deg = -80, p.lat_max_deg = 80, p.lon_min_deg = -180, p.lon_max_deg = 180;
  views.push_back(p);  // the whole globe
  p.projection = Projection::aeqd;
  p.extent = 15000;
  views.push_back(p);
  p.projection = Projection::ortho;
  p.lat_min_deg = 10, p.lat_max_deg = 50, p.lon_min_deg = 80, p.lon_max_deg = 120;
  p.extent = max_extent(p);
  views.push_back(p);
  p.ellipsoid_a_km = 3396.19, p.ellipsoid_inv_f = 169.894;  // Mars, its whole disc
  p.extent = max_extent(p);
  views.push_back(p);
  for (const FieldParams& q : views) {
    SCOPED_TRACE(testing::Message() << to_string(q.projection) << " " << q.ellipsoid_a_km);
    const MapRect m = letterbox(q, MapRect{280, 0, 1000, 800});
    const double interval = q.lat_max_deg - q.lat_min_deg < 5 ? 50 : 1000;
    const std::vector<RingLabel> v = ring_labels(q, m, interval, mono7());
    EXPECT_GE(v.size(), 2u);
    expect_placed_well(q, m, v);
  }
}

TEST(RingLabels, NoneForSeedOrNoInterval) {
  FieldParams p = centred_view();
  const MapRect m = letterbox(p, MapRect{280, 0, 1000, 800});
  EXPECT_TRUE(ring_labels(p, m, 0, mono7()).empty());
  EXPECT_TRUE(ring_labels(p, m, 1000, mono7()).empty());  // no ring crosses the view
  p.formula = Formula::seed;
  EXPECT_TRUE(ring_labels(p, m, 50, mono7()).empty());
}

// Issue 33: a subnormal interval over a view that does not hold the reference made both ring
// counts overflow to infinity, and the labelling looped forever on their NaN difference.
TEST(RingLabels, AnIntervalTooSmallToCountReturnsWithoutLabels) {
  FieldParams p = centred_view();
  p.ref_lat_deg = p.lat_min_deg - 10;  // every node some distance away: the range starts above 0
  const MapRect m = letterbox(p, MapRect{280, 0, 1000, 800});
  for (const double interval : {1e-320, 4.9e-324, 1e-310, 1e-300}) {
    SCOPED_TRACE(interval);
    EXPECT_TRUE(ring_labels(p, m, interval, mono7()).empty());
  }
}

}  // namespace
}  // namespace geofield
