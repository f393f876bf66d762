// The view keys in every projection: + and - zoom about the centre and undo each other, arrows
// show what lies in their direction, Home returns, R centres on the reference.
#include "view/view_commands.h"

#include <gtest/gtest.h>

#include "view/projected_view.h"

namespace geofield {
namespace {

const MapRect kMap{400, 0, 800, 800};

FieldParams view_of(Projection proj) {
  FieldParams p;
  p.projection = proj;
  p.lat_min_deg = 20, p.lat_max_deg = 40, p.lon_min_deg = 90, p.lon_max_deg = 110;  // 30N 100E
  p.ref_lat_deg = 35, p.ref_lon_deg = 105;
  p.extent = 2000;
  p.nx = p.ny = 801;
  return p;
}

GeoPoint centre_of(const FieldParams& p) {
  return *point_under(p, kMap, kMap.x + kMap.w / 2, kMap.y + kMap.h / 2);
}

TEST(ViewCommands, LatLonKeys) {
  FieldParams p = view_of(Projection::latlon);
  zoom_centre(&p, kMap, kKeyZoomFactor);
  EXPECT_NEAR(p.lat_min_deg, 22, 1e-9);
  EXPECT_NEAR(p.lat_max_deg, 38, 1e-9);
  EXPECT_NEAR(p.lon_min_deg, 92, 1e-9);
  EXPECT_NEAR(p.lon_max_deg, 108, 1e-9);
  pan_step(&p, kMap, 1, 0);  // east: a tenth of 16 degrees
  EXPECT_NEAR(p.lon_min_deg, 93.6, 1e-9);
  pan_step(&p, kMap, 0, -1);  // south
  EXPECT_NEAR(p.lat_min_deg, 20.4, 1e-9);
  reset_view(&p, view_of(Projection::latlon));
  EXPECT_EQ(p, view_of(Projection::latlon));
  centre_on_reference(&p);
  EXPECT_NEAR(p.lat_min_deg, 25, 1e-9);
  EXPECT_NEAR(p.lon_max_deg, 115, 1e-9);
}

TEST(ViewCommands, ProjectedZoomIsAboutTheCentre) {
  for (Projection proj : {Projection::aeqd, Projection::ortho}) {
    FieldParams p = view_of(proj);
    const GeoPoint c0 = centre_of(p);
    zoom_centre(&p, kMap, kKeyZoomFactor);
    EXPECT_NEAR(p.extent, 1600, 1e-9);
    const GeoPoint c1 = centre_of(p);
    EXPECT_NEAR(c1.lat_deg, c0.lat_deg, 1e-6);
    EXPECT_NEAR(c1.lon_deg, c0.lon_deg, 1e-6);
    zoom_centre(&p, kMap, 1 / kKeyZoomFactor);
    EXPECT_NEAR(p.extent, 2000, 1e-9);
  }
}

TEST(ViewCommands, ProjectedArrowsMoveTheCentreTheirWay) {
  for (Projection proj : {Projection::aeqd, Projection::ortho}) {
    FieldParams p = view_of(proj);
    const GeoPoint c0 = centre_of(p);
    pan_step(&p, kMap, 1, 0);
    const GeoPoint c1 = centre_of(p);
    EXPECT_GT(c1.lon_deg, c0.lon_deg + 1) << int(proj);  // east
    pan_step(&p, kMap, 0, 1);
    EXPECT_GT(centre_of(p).lat_deg, c1.lat_deg + 1) << int(proj);  // north
    reset_view(&p, view_of(proj));
    if (proj == Projection::ortho) {
      EXPECT_EQ(p, view_of(proj));  // aeqd: the reference moved
    }
  }
}

TEST(ViewCommands, CentreOnReferenceInOrtho) {
  FieldParams p = view_of(Projection::ortho);
  centre_on_reference(&p);
  const GeoPoint c = centre_of(p);
  EXPECT_NEAR(c.lat_deg, 35, 1e-6);
  EXPECT_NEAR(c.lon_deg, 105, 1e-6);
}

}  // namespace
}  // namespace geofield
