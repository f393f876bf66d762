// Pan and zoom are changes of the bounds: the point under the cursor stays put, spans scale,
// the antimeridian and the poles are handled.
#include "view/view_math.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace geofield
