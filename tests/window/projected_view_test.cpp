// Projected views in the window: pixels <-> map plane <-> sphere round trips through the shared
// projection, square pixels, and what the mouse does (aeqd pans move the reference point,
// ortho drags turn the globe, zoom changes the extent, clicks off the globe place nothing).
#include "view/projected_view.h"

#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "field_math.h"
#include "view/graticule_crossings.h"
#include "view/view_math.h"

namespace geofield {
namespace {

const MapRect kArea{400, 0, 880, 800};

FieldParams aeqd_view() {
  FieldParams p;
  p.projection = Projection::aeqd;
  p.ref_lat_deg = 30.6;
  p.ref_lon_deg = 104.1;
  p.extent = 1500;  // km
  p.nx = p.ny = 1001;
  return p;
}

FieldParams ortho_view() {
  FieldParams p;
  p.projection = Projection::ortho;
  p.lat_min_deg = 20, p.lat_max_deg = 40, p.lon_min_deg = 90, p.lon_max_deg = 110;  // 30N 100E
  p.extent = kDefaultRadiusKm;
  p.nx = p.ny = 801;
  return p;
}

double distance_km(GeoPoint a, GeoPoint b) {
  return haversine_distance(a.lat_deg, a.lon_deg, b.lat_deg, b.lon_deg, kDefaultRadiusKm);
}

TEST(ProjectedView, SquareGridIsASquareMapWithSquarePixels) {
  FieldParams p = aeqd_view();
  const MapRect r = letterbox(p, kArea);
  EXPECT_DOUBLE_EQ(r.w, 800);
  EXPECT_DOUBLE_EQ(r.h, 800);
  EXPECT_DOUBLE_EQ(r.x, 440);
  p.nx = 1001, p.ny = 501;  // twice as wide: half as tall, same units per pixel both ways
  const MapRect wide = letterbox(p, kArea);
  EXPECT_DOUBLE_EQ(wide.w, 880);
  EXPECT_DOUBLE_EQ(wide.h, 440);
  // Following the window's pixels, the map takes the whole area.
  const MapRect all = map_rect(p, true, kArea);
  EXPECT_DOUBLE_EQ(all.w, kArea.w);
  EXPECT_DOUBLE_EQ(all.h, kArea.h);
  EXPECT_DOUBLE_EQ(letterbox(FieldParams{}, kArea).h, map_rect(FieldParams{}, true, kArea).h);
}

TEST(ProjectedView, ScreenMapSphereRoundTrips) {
  for (const FieldParams& p : {aeqd_view(), ortho_view()}) {
    const MapRect r = letterbox(p, kArea);
    SCOPED_TRACE(std::string(to_string(p.projection)));
    // The centre pixel is the projection's centre.
    const std::optional<GeoPoint> c = point_under(p, r, r.x + r.w / 2, r.y + r.h / 2);
    ASSERT_TRUE(c.has_value());
    EXPECT_NEAR(c->lat_deg, projection_centre(p).lat_deg, 1e-9);
    EXPECT_NEAR(c->lon_deg, projection_centre(p).lon_deg, 1e-9);
    for (double fx : {0.1, 0.3, 0.5, 0.77, 0.95}) {
      for (double fy : {0.05, 0.4, 0.5, 0.78}) {  // not (0.1, 0.8): exactly on the rim
        const double px = r.x + fx * r.w, py = r.y + fy * r.h;
        const std::optional<GeoPoint> g = point_under(p, r, px, py);
        if (!g) continue;  // ortho's corners are off the globe
        double bx = 0, by = 0;
        ASSERT_TRUE(screen_of(p, r, *g, &bx, &by))
            << fx << " " << fy << " " << g->lat_deg << " " << g->lon_deg;
        EXPECT_NEAR(bx, px, 1e-6);
        EXPECT_NEAR(by, py, 1e-6);
      }
    }
  }
}

TEST(ProjectedView, AeqdPixelsMeasureDistanceFromTheCentre) {
  const FieldParams p = aeqd_view();
  const MapRect r = letterbox(p, kArea);  // 800 px over 3000 km
  const double km_per_px = 3000.0 / 800;
  const GeoPoint centre{p.ref_lat_deg, p.ref_lon_deg};
  for (double ang : {0.0, 45.0, 200.0, 300.0}) {
    const double d_px = 300;
    const double px = r.x + r.w / 2 + d_px * std::sin(ang * kRadPerDeg);
    const double py = r.y + r.h / 2 - d_px * std::cos(ang * kRadPerDeg);
    const std::optional<GeoPoint> g = point_under(p, r, px, py);
    ASSERT_TRUE(g.has_value());
    EXPECT_NEAR(distance_km(centre, *g), d_px * km_per_px, 1e-6) << ang;
  }
  // Up is north at the centre.
  const std::optional<GeoPoint> up = point_under(p, r, r.x + r.w / 2, r.y + r.h / 2 - 100);
  EXPECT_GT(up->lat_deg, p.ref_lat_deg);
  EXPECT_NEAR(up->lon_deg, p.ref_lon_deg, 1e-9);
}

TEST(ProjectedView, OffTheGlobeAndTheFarSideHaveNoPlace) {
  const FieldParams p = ortho_view();
  const MapRect r = letterbox(p, kArea);
  EXPECT_FALSE(point_under(p, r, r.x + 2, r.y + 2).has_value());  // a corner, off the disc
  double x = 0, y = 0;
  EXPECT_FALSE(screen_of(p, r, {-30, -80}, &x, &y));  // the antipode of 30N 100E
  EXPECT_TRUE(screen_of(p, r, {30, 100}, &x, &y));
}

TEST(ProjectedView, AeqdPanMovesTheReferenceWithTheGround) {
  FieldParams p = aeqd_view();
  const MapRect r = letterbox(p, kArea);
  // What lies 100 px west of the centre comes to the centre when the map is dragged 100 px east.
  const GeoPoint west = *point_under(p, r, r.x + r.w / 2 - 100, r.y + r.h / 2);
  pan(&p, r, 100, 0);
  EXPECT_NEAR(p.ref_lat_deg, west.lat_deg, 1e-9);
  EXPECT_NEAR(p.ref_lon_deg, west.lon_deg, 1e-9);
  EXPECT_DOUBLE_EQ(p.extent, 1500);
  EXPECT_NO_THROW(validate(p));
}

TEST(ProjectedView, OrthoDragTurnsTheGlobeSmoothlyAndStopsAtThePole) {
  FieldParams p = ortho_view();
  const MapRect r = letterbox(p, kArea);
  const FieldParams before = p;
  // Dragging down by a few pixels brings the north towards the centre, a little at a time.
  GeoPoint last = projection_centre(p);
  for (int k = 0; k < 50; ++k) {
    pan(&p, r, 0, 4);
    const GeoPoint c = projection_centre(p);
    EXPECT_GT(c.lat_deg, last.lat_deg - 1e-12);
    EXPECT_LT(distance_km(c, last), 4 * map_units_per_px(p, r) * 1.0001);  // no jumps
    last = c;
  }
  EXPECT_NEAR(projection_centre(p).lon_deg, 100, 1e-6);  // straight north
  // Far more: it stops at the pole instead of going over it (which would flip the map).
  for (int k = 0; k < 400; ++k) pan(&p, r, 0, 10);
  EXPECT_GT(projection_centre(p).lat_deg, 89.99);
  EXPECT_LE(projection_centre(p).lat_deg, 90 - kPoleMarginDeg + 1e-9);
  EXPECT_NO_THROW(validate(p));
  // Sideways turns it about the axis: the centre's latitude stays near, the longitude moves.
  FieldParams q = before;
  pan(&q, r, -50, 0);  // dragged west: the view goes east
  EXPECT_GT(projection_centre(q).lon_deg, 100);
  EXPECT_NEAR(projection_centre(q).lat_deg, 30, 0.5);
  EXPECT_EQ(q.extent, before.extent);
}

// Equal Earth in the window: the world about the reference's meridian, pixels <-> sphere
// through the shared projection, the outline's outside has no place, a drag changes nothing
// (it would move the reference), the wheel zooms about the centre within the world's width.
TEST(ProjectedView, EqEarthIsTheWorldAboutTheReferencesMeridian) {
  FieldParams p;
  p.projection = Projection::eqearth;
  p.ref_lat_deg = 41.9, p.ref_lon_deg = 12.5;
  p.extent = max_extent(p);
  p.nx = 1001, p.ny = eqearth_world_ny(1001);
  const MapRect r = letterbox(p, kArea);
  EXPECT_EQ(projection_centre(p).lat_deg, 0);
  EXPECT_EQ(projection_centre(p).lon_deg, 12.5);
  const std::optional<GeoPoint> mid = point_under(p, r, r.x + r.w / 2, r.y + r.h / 2);
  ASSERT_TRUE(mid.has_value());
  EXPECT_NEAR(mid->lat_deg, 0, 1e-9);
  EXPECT_NEAR(mid->lon_deg, 12.5, 1e-9);
  double x = 0, y = 0;
  ASSERT_TRUE(screen_of(p, r, {41.9, 12.5}, &x, &y));  // the reference on the middle column
  EXPECT_NEAR(x, r.x + r.w / 2, 1e-9);
  EXPECT_LT(y, r.y + r.h / 2);
  const std::optional<GeoPoint> back = point_under(p, r, x, y);
  ASSERT_TRUE(back.has_value());
  EXPECT_NEAR(back->lat_deg, 41.9, 1e-9);
  EXPECT_FALSE(point_under(p, r, r.x + 2, r.y + 2).has_value());  // a corner, outside
  const FieldParams before = p;
  pan(&p, r, 100, 50);
  EXPECT_EQ(p, before);
  zoom_about(&p, r, 0.5, r.x + 10, r.y + 10);
  EXPECT_DOUBLE_EQ(p.extent, before.extent / 2);
  EXPECT_EQ(p.ref_lon_deg, 12.5);
  for (int k = 0; k < 10; ++k) zoom_about(&p, r, 2, r.x + 10, r.y + 10);
  EXPECT_DOUBLE_EQ(p.extent, max_extent(p));
  EXPECT_NEAR(projected_span_deg(p), 360, 1e-9);
  EXPECT_NO_THROW(validate(p));
}

TEST(ProjectedView, ZoomChangesTheExtentWithinItsLimits) {
  FieldParams p = aeqd_view();
  const MapRect r = letterbox(p, kArea);
  zoom_about(&p, r, 0.5, r.x + 10, r.y + 10);
  EXPECT_DOUBLE_EQ(p.extent, 750);
  EXPECT_DOUBLE_EQ(p.ref_lat_deg, 30.6);  // aeqd zooms about its centre: the reference stays
  for (int k = 0; k < 100; ++k) zoom_about(&p, r, 2, r.x + 10, r.y + 10);
  EXPECT_DOUBLE_EQ(p.extent, max_extent(p));
  for (int k = 0; k < 200; ++k) zoom_about(&p, r, 0.5, r.x + 10, r.y + 10);
  EXPECT_DOUBLE_EQ(p.extent, min_extent(p));
  EXPECT_NO_THROW(validate(p));
}

TEST(ProjectedView, OrthoZoomKeepsThePointUnderTheCursorNearly) {
  FieldParams p = ortho_view();
  p.extent = 2000;
  const MapRect r = letterbox(p, kArea);
  const double px = r.x + r.w * 0.7, py = r.y + r.h * 0.35;
  const GeoPoint before = *point_under(p, r, px, py);
  zoom_about(&p, r, 0.8, px, py);
  EXPECT_DOUBLE_EQ(p.extent, 1600);
  const GeoPoint after = *point_under(p, r, px, py);
  EXPECT_LT(distance_km(before, after), 0.5 * map_units_per_px(p, r));  // within half a pixel
}

TEST(ProjectedView, CentreOfAnOrthoViewReachesThePoles) {
  FieldParams p = ortho_view();
  set_view_centre(&p, 90, 45);
  EXPECT_NEAR(view_centre_lat_deg(p), 90 - kPoleMarginDeg, 1e-9);
  EXPECT_NEAR(view_centre_lon_deg(p), 45, 1e-9);
  EXPECT_NO_THROW(validate(p));
  set_view_centre(&p, -12.5, -179.5);
  EXPECT_NEAR(view_centre_lat_deg(p), -12.5, 1e-9);
  EXPECT_NEAR(view_centre_lon_deg(p), -179.5, 1e-9);
  EXPECT_NO_THROW(validate(p));
}

TEST(ProjectedView, UnitsKeepTheMapsSize) {
  FieldParams p = aeqd_view();
  change_units(&p, Units::m);
  EXPECT_DOUBLE_EQ(p.extent, 1.5e6);
  EXPECT_EQ(p.units, Units::m);
  FieldParams l;  // latlon has no extent to convert
  change_units(&l, Units::nm);
  EXPECT_EQ(l.extent, 0);
}

// Graticule labels of a projected map go where its lines leave it: each crossing lies on its
// line (the point under it has the line's latitude or longitude, to a pixel's worth), on the
// west or south edge, and crossings along an edge keep their distance.
TEST(GraticuleCrossings, OnTheirLinesAtTheEdgesAndApart) {
  for (const FieldParams& p : {aeqd_view(), ortho_view()}) {
    SCOPED_TRACE(std::string(to_string(p.projection)));
    const MapRect r = letterbox(p, kArea);
    const double step = p.projection == Projection::aeqd ? 5 : 15;
    const std::vector<GraticuleCrossing> v = graticule_crossings(p, r, step, step, 40);
    int lats = 0, lons = 0;
    const double deg_per_px = map_units_per_px(p, r) / (radius_in_units(p) * kRadPerDeg);
    for (std::size_t k = 0; k < v.size(); ++k) {
      const GraticuleCrossing& c = v[k];
      const std::optional<GeoPoint> g = point_under(p, r, c.x, c.y);
      ASSERT_TRUE(g.has_value());
      EXPECT_NEAR(std::remainder(c.value_deg, step), 0, 1e-9);
      if (c.latitude) {
        ++lats;
        EXPECT_NEAR(c.x, r.x + 0.5, 1e-9);
        EXPECT_NEAR(g->lat_deg, c.value_deg, 2 * deg_per_px);
      } else {
        ++lons;
        EXPECT_NEAR(c.y, r.y + r.h - 0.5, 1e-9);
        EXPECT_NEAR(reduce_deg_180(g->lon_deg - c.value_deg), 0, 4 * deg_per_px);
      }
      if (k > 0 && v[k - 1].latitude == c.latitude) {
        EXPECT_GE(c.latitude ? c.y - v[k - 1].y : c.x - v[k - 1].x, 40 - 1e-9);
      }
    }
    if (p.projection == Projection::aeqd) {  // 3000 km square about 30.6N: parallels 20..40
      EXPECT_GE(lats, 3);
      EXPECT_GE(lons, 3);
    }
  }
  EXPECT_TRUE(graticule_crossings(FieldParams{}, kArea, 1, 1, 40).empty());  // latlon: its own
}

}  // namespace
}  // namespace geofield
