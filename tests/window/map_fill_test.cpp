// The view extended to the map area's shape (issue 30), against spans worked by hand: the
// longitude span grows by (area aspect) / (view aspect), the latitude span to
// lon_span cos(centre latitude) / (area aspect), the grid with them; nothing where it cannot.
#include "view/map_fill.h"

#include <gtest/gtest.h>

#include <cmath>

#include "view/view_math.h"

namespace geofield {
namespace {

constexpr double kDeg = 3.14159265358979323846 / 180;

FieldParams latlon(double lat0, double lat1, double lon0, double lon1, int nx, int ny) {
  FieldParams p;
  p.lat_min_deg = lat0, p.lat_max_deg = lat1, p.lon_min_deg = lon0, p.lon_max_deg = lon1;
  p.nx = nx, p.ny = ny;
  return p;
}

// The window's first view, 28:32 x 99:103, in the 1400 x 900 window's map area (1100 x 867
// right of a 300-pixel panel above the status bar): aspect 4 cos 30 / 4 = 0.8660 against
// 1100 / 867 = 1.2687, so the longitude span becomes 4 x 1.2687 / 0.8660 = 5.8601 degrees
// about 101E, and nx 1 + round(999 x 5.8601 / 4) = 1465.
TEST(MapFill, WiderAreaWidensTheLongitudesAboutTheCentre) {
  FieldParams p = latlon(28, 32, 99, 103, 1000, 1000);
  const MapRect area{300, 0, 1100, 867};
  ASSERT_TRUE(fill_area(&p, area));
  const double span = 4 * (1100.0 / 867) / std::cos(30 * kDeg);
  EXPECT_NEAR(span, 5.860072, 1e-6);
  EXPECT_NEAR(p.lon_min_deg, 101 - span / 2, 1e-12);
  EXPECT_NEAR(p.lon_max_deg, 101 + span / 2, 1e-12);
  EXPECT_EQ(p.lat_min_deg, 28);
  EXPECT_EQ(p.lat_max_deg, 32);
  EXPECT_EQ(p.nx, 1465);
  EXPECT_EQ(p.ny, 1000);
  const MapRect r = letterbox(p, area);  // no bars
  EXPECT_NEAR(r.w, 1100, 1e-6);
  EXPECT_NEAR(r.h, 867, 1e-6);
  EXPECT_FALSE(fill_area(&p, area));  // idempotent: nothing more to extend
}

// A taller area at the equator: -5:5 x 0:10 (aspect 1) in 500 x 1000 wants a latitude span of
// 10 cos 0 / 0.5 = 20: -10:10, ny 1 + 100 x 2 = 201.
TEST(MapFill, TallerAreaAddsLatitudes) {
  FieldParams p = latlon(-5, 5, 0, 10, 101, 101);
  ASSERT_TRUE(fill_area(&p, {0, 0, 500, 1000}));
  EXPECT_NEAR(p.lat_min_deg, -10, 1e-9);
  EXPECT_NEAR(p.lat_max_deg, 10, 1e-9);
  EXPECT_EQ(p.lon_min_deg, 0);
  EXPECT_EQ(p.lon_max_deg, 10);
  EXPECT_EQ(p.ny, 201);
  EXPECT_EQ(p.nx, 101);
}

// Crossing the antimeridian: 170:-170 (20 degrees about 180) at the equator in a 2:1 area
// becomes 40 degrees about 180, written 160:-160.
TEST(MapFill, WideningAcrossTheAntimeridian) {
  FieldParams p = latlon(-10, 10, 170, -170, 21, 21);
  ASSERT_TRUE(fill_area(&p, {0, 0, 1000, 500}));
  EXPECT_NEAR(p.lon_min_deg, 160, 1e-9);
  EXPECT_NEAR(p.lon_max_deg, -160, 1e-9);
  EXPECT_EQ(p.nx, 41);
}

// Near a pole the span cannot grow about the centre: 60:90 x 0:30 in a 100 x 1000 area wants
// 30 cos(lat) / 0.1 degrees of latitude, more than 180 wherever it is put: the whole -90:90,
// and the rest letterboxed (aspect 30 / 180: the map 100 wide and 600 tall, bars above and
// below).
TEST(MapFill, LatitudesStopAtThePoles) {
  FieldParams p = latlon(60, 90, 0, 30, 31, 31);
  const MapRect area{0, 0, 100, 1000};
  ASSERT_TRUE(fill_area(&p, area));
  EXPECT_EQ(p.lat_min_deg, -90);
  EXPECT_EQ(p.lat_max_deg, 90);
  EXPECT_EQ(p.ny, 181);
  EXPECT_NEAR(letterbox(p, area).h, 100 / (30.0 / 180), 1e-9);  // 600 of 1000: letterboxed
  EXPECT_FALSE(fill_area(&p, area));
}

// The whole Earth in a square area: no more latitude to add; in a 3:1 area no more longitude.
TEST(MapFill, TheWholeEarthIsLetterboxed) {
  FieldParams p = latlon(-90, 90, -180, 180, 361, 181);
  const FieldParams before = p;
  EXPECT_FALSE(fill_area(&p, {0, 0, 1000, 1000}));
  EXPECT_FALSE(fill_area(&p, {0, 0, 3000, 1000}));
  EXPECT_EQ(p, before);
}

// Less than a pixel of bar is none: 2:1 in 1000.6 x 500 is left alone.
TEST(MapFill, UnderAPixelChangesNothing) {
  FieldParams p = latlon(-10, 10, -20, 20, 41, 21);
  EXPECT_FALSE(fill_area(&p, {0, 0, 1000.6, 500}));
}

// aeqd, square grid (1001 x 1001, extent 1000 km) in a 2:1 area: 2001 columns and twice the
// extent (the node spacing, 2 km, kept); in a 1:2 area 2001 rows and the extent kept.
TEST(MapFill, ProjectedViewsLengthenTheShorterAxis) {
  FieldParams p;
  p.projection = Projection::aeqd;
  p.nx = p.ny = 1001;
  p.extent = 1000;
  FieldParams wide = p;
  ASSERT_TRUE(fill_area(&wide, {0, 0, 2000, 1000}));
  EXPECT_EQ(wide.nx, 2001);
  EXPECT_EQ(wide.ny, 1001);
  EXPECT_DOUBLE_EQ(wide.extent, 2000);
  EXPECT_FALSE(fill_area(&wide, {0, 0, 2000, 1000}));
  FieldParams tall = p;
  ASSERT_TRUE(fill_area(&tall, {0, 0, 500, 1000}));
  EXPECT_EQ(tall.nx, 1001);
  EXPECT_EQ(tall.ny, 2001);
  EXPECT_DOUBLE_EQ(tall.extent, 1000);
}

// The extent stops at max_extent (the antipode's circle): 0.8 of it widens by 1.25, not 2.
TEST(MapFill, ProjectedExtentStopsAtItsLimit) {
  FieldParams p;
  p.projection = Projection::aeqd;
  p.nx = p.ny = 1001;
  p.extent = 0.8 * max_extent(p);
  ASSERT_TRUE(fill_area(&p, {0, 0, 2000, 1000}));
  EXPECT_EQ(p.nx, 1251);
  EXPECT_NEAR(p.extent, max_extent(p), 1e-9 * max_extent(p));
  EXPECT_NO_THROW(validate(p));
  EXPECT_FALSE(fill_area(&p, {0, 0, 2000, 1000}));
}

// Digits of the panel's degrees: the last one under a pixel. 4 degrees over 800 pixels is
// 0.005 a pixel: 3 decimals; the world over 1000: 0.36, 1; a micro-degree view: at most 6; a
// view coarser than a degree a pixel: 0.
TEST(MapFill, DecimalsFollowTheZoom) {
  EXPECT_EQ(view_decimals(4, 800), 3);
  EXPECT_EQ(view_decimals(360, 1000), 1);
  EXPECT_EQ(view_decimals(1e-6, 1000), 6);
  EXPECT_EQ(view_decimals(400, 10), 0);
  EXPECT_EQ(view_decimals(1, 100), 2);  // exactly 0.01 a pixel: a step of one pixel
}

}  // namespace
}  // namespace geofield
