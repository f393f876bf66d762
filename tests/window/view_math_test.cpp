// Pan and zoom are changes of the bounds: the point under the cursor stays put, spans scale,
// the antimeridian and the poles are handled.
#include "view/view_math.h"

#include <gtest/gtest.h>

#include <cmath>

namespace geofield {
namespace {

const MapRect kRect{100, 0, 800, 600};

TEST(ViewMath, ScreenGeoRoundTrip) {
  FieldParams p;  // 29:31, 99:101
  const GeoPoint g = screen_to_geo(p, kRect, 100 + 400, 300);
  EXPECT_DOUBLE_EQ(g.lat_deg, 30.0);
  EXPECT_DOUBLE_EQ(g.lon_deg, 100.0);
  double x = 0, y = 0;
  geo_to_screen(p, kRect, {29.5, 100.5}, &x, &y);
  EXPECT_NEAR(x, 100 + 600, 1e-9);
  EXPECT_NEAR(y, 450, 1e-9);
}

// True shape: a degree of longitude drawn cos(centre latitude) as wide as a degree of latitude.
TEST(ViewMath, LetterboxKeepsTheTrueShapeAtTheCentreLatitude) {
  FieldParams p;  // 29:31, 99:101: centre 30N, aspect cos 30 = 0.866
  EXPECT_NEAR(true_shape_aspect(p), std::sqrt(3.0) / 2, 1e-15);
  const MapRect r = letterbox(p, kRect);  // 800 x 600 is wider: bars left and right
  EXPECT_DOUBLE_EQ(r.h, 600);
  EXPECT_DOUBLE_EQ(r.y, 0);
  EXPECT_NEAR(r.w, 600 * std::sqrt(3.0) / 2, 1e-9);
  EXPECT_NEAR(r.x, 100 + (800 - r.w) / 2, 1e-9);
  // A 50 km ring at 30N is round: 50 km east and 50 km north are the same number of pixels.
  const double deg_per_km = 180 / (kPi * kDefaultRadiusKm);
  double x0 = 0, y0 = 0, xe = 0, yn = 0, unused = 0;
  geo_to_screen(p, r, {30, 100}, &x0, &y0);
  geo_to_screen(p, r, {30, 100 + 50 * deg_per_km / std::cos(30 * kRadPerDeg)}, &xe, &unused);
  geo_to_screen(p, r, {30 + 50 * deg_per_km, 100}, &unused, &yn);
  EXPECT_NEAR(xe - x0, y0 - yn, 1e-9);

  FieldParams earth = p;  // the whole Earth is twice as wide as tall, however tall the area
  earth.lat_min_deg = -90, earth.lat_max_deg = 90, earth.lon_min_deg = -180,
  earth.lon_max_deg = 180;
  const MapRect e = letterbox(earth, MapRect{0, 0, 880, 800});  // taller: bars above and below
  EXPECT_DOUBLE_EQ(e.w, 880);
  EXPECT_DOUBLE_EQ(e.h, 440);
  EXPECT_DOUBLE_EQ(e.y, 180);

  FieldParams arctic = p;  // 80:90 across all longitudes: centre 85N, a wide band
  arctic.lat_min_deg = 80, arctic.lat_max_deg = 90, arctic.lon_min_deg = 0,
  arctic.lon_max_deg = 360;
  EXPECT_NEAR(true_shape_aspect(arctic), 36 * std::cos(85 * kRadPerDeg), 1e-12);
}

// A picture of the view has its true shape, as large as the asked size allows.
TEST(ViewMath, PictureSizeKeepsTheTrueShape) {
  FieldParams earth;
  earth.lat_min_deg = -90, earth.lat_max_deg = 90, earth.lon_min_deg = -180,
  earth.lon_max_deg = 180;
  const PixelSize e = true_shape_size(earth, 4096, 4096);
  EXPECT_EQ(e.w, 4096);
  EXPECT_EQ(e.h, 2048);
  const FieldParams p;  // 29:31, 99:101 at 30N: 0.866 as wide as tall
  const PixelSize s = true_shape_size(p, 4096, 4096);
  EXPECT_EQ(s.h, 4096);
  EXPECT_EQ(s.w, 3547);  // 4096 cos 30 = 3547.2
  const PixelSize wide = true_shape_size(p, 1000, 100000);
  EXPECT_EQ(wide.w, 1000);
  EXPECT_EQ(wide.h, 1155);                       // 1000 / cos 30 = 1154.7
  EXPECT_EQ(true_shape_size(earth, 1, 1).h, 1);  // never below one pixel
}

TEST(ViewMath, ZoomKeepsThePointUnderTheCursor) {
  FieldParams p;
  const double px = 100 + 200, py = 150;
  const GeoPoint before = screen_to_geo(p, kRect, px, py);
  zoom_about(&p, kRect, 0.5, px, py);
  const GeoPoint after = screen_to_geo(p, kRect, px, py);
  EXPECT_NEAR(after.lat_deg, before.lat_deg, 1e-12);
  EXPECT_NEAR(after.lon_deg, before.lon_deg, 1e-12);
  EXPECT_NEAR(p.lat_max_deg - p.lat_min_deg, 1.0, 1e-12);
  EXPECT_NEAR(lon_span_of(p), 1.0, 1e-12);
}

TEST(ViewMath, ZoomOutStopsAtTheWholeEarth) {
  FieldParams p;
  for (int k = 0; k < 40; ++k) zoom_about(&p, kRect, 2.0, 100 + 400, 300);
  EXPECT_DOUBLE_EQ(p.lat_min_deg, -90);
  EXPECT_DOUBLE_EQ(p.lat_max_deg, 90);
  EXPECT_DOUBLE_EQ(lon_span_of(p), 360);
  EXPECT_NO_THROW(validate(p));
}

TEST(ViewMath, PanFollowsTheMouse) {
  FieldParams p;
  const GeoPoint grabbed = screen_to_geo(p, kRect, 500, 300);
  pan(&p, kRect, 80, -60);  // mouse moved right and up
  const GeoPoint now = screen_to_geo(p, kRect, 580, 240);
  EXPECT_NEAR(now.lat_deg, grabbed.lat_deg, 1e-12);
  EXPECT_NEAR(now.lon_deg, grabbed.lon_deg, 1e-12);
}

TEST(ViewMath, PanAcrossTheAntimeridianGivesMinAboveMax) {
  FieldParams p;
  p.lon_min_deg = 175;
  p.lon_max_deg = 179;
  pan(&p, kRect, -400, 0);  // half the width west: the view moves 2 degrees east
  EXPECT_DOUBLE_EQ(p.lon_min_deg, 177);
  EXPECT_DOUBLE_EQ(p.lon_max_deg, -179);
  EXPECT_DOUBLE_EQ(lon_span_of(p), 4);
  EXPECT_NO_THROW(validate(p));
}

TEST(ViewMath, PanStopsAtThePoles) {
  FieldParams p;
  pan(&p, kRect, 0, 1e6);  // far north
  EXPECT_DOUBLE_EQ(p.lat_max_deg, 90);
  EXPECT_DOUBLE_EQ(p.lat_min_deg, 88);
}

TEST(ViewMath, WholeCircleStaysValidWherever) {
  FieldParams p;
  for (double west : {-180.0, -10.0, 0.0, 10.0, 179.0}) {
    set_lon_bounds(&p, west, 360);
    EXPECT_DOUBLE_EQ(lon_span_of(p), 360) << west;
    EXPECT_NO_THROW(validate(p)) << west;
  }
}

TEST(ViewMath, NiceSteps) {
  EXPECT_DOUBLE_EQ(nice_step_deg(2.0, 4), 0.5);
  EXPECT_DOUBLE_EQ(nice_step_deg(360.0, 8), 45.0);
  EXPECT_DOUBLE_EQ(nice_step_deg(180.0, 6), 30.0);
  EXPECT_DOUBLE_EQ(nice_interval(0, 223, 10), 50.0);
  EXPECT_DOUBLE_EQ(nice_interval(0, 0.003, 3), 0.001);
}

// Rings of 1, 2, 2.5 or 5 x 10^k, 5 to 10 of them over a range from 0 (issues 29 and 30).
TEST(ViewMath, RingIntervalGivesFiveToTenRings) {
  EXPECT_DOUBLE_EQ(ring_interval(0, 223), 25.0);
  EXPECT_DOUBLE_EQ(ring_interval(0, 2000), 200.0);
  EXPECT_DOUBLE_EQ(ring_interval(0, 2001), 250.0);
  EXPECT_DOUBLE_EQ(ring_interval(0, 2501), 500.0);
  EXPECT_DOUBLE_EQ(ring_interval(0, 0.07), 0.01);
  EXPECT_DOUBLE_EQ(ring_interval(3, 3), 1.0);  // no range: a usable interval all the same
  for (double hi = 0.013; hi < 1e7; hi *= 1.37) {
    const double rings = std::floor(hi / ring_interval(0, hi));
    EXPECT_GE(rings, 5) << hi;
    EXPECT_LE(rings, kMostSuitedRings) << hi;
  }
}

}  // namespace
}  // namespace geofield
