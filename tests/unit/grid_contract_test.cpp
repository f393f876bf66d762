// The grid contract of DESIGN.md: row 0 is north, lat = lat_max - i (lat_max - lat_min)/(ny - 1),
// lon = lon_min + j dlon/(nx - 1) with dlon = (lon_max - lon_min) mod 360 in (0, 360].
#include <gtest/gtest.h>

#include <cmath>

#include "field_math.h"
#include "field_params.h"
#include "spherical_reference.h"

namespace geofield {
namespace {

FieldParams grid(double lat0, double lat1, double lon0, double lon1, int nx, int ny) {
  FieldParams p;
  p.lat_min_deg = lat0, p.lat_max_deg = lat1, p.lon_min_deg = lon0, p.lon_max_deg = lon1;
  p.nx = nx, p.ny = ny;
  return p;
}

TEST(GridContract, CornersAndRowZeroNorth) {
  const GridGeometry g = grid_geometry(grid(29, 31, 99, 101, 1000, 500));
  EXPECT_EQ(node_lat_deg(g, 0), 31.0);  // north-west corner
  EXPECT_EQ(node_lon_deg(g, 0), 99.0);
  EXPECT_NEAR(node_lat_deg(g, 499), 29.0, 1e-13);  // south-east corner
  EXPECT_NEAR(node_lon_deg(g, 999), 101.0, 1e-13);
  EXPECT_GT(node_lat_deg(g, 1), node_lat_deg(g, 2));  // latitude falls down the rows
  EXPECT_LT(node_lon_deg(g, 1), node_lon_deg(g, 2));  // longitude grows along a row
  EXPECT_NEAR(node_lat_deg(g, 1), 31.0 - 2.0 / 499, 1e-13);
  EXPECT_NEAR(node_lon_deg(g, 1), 99.0 + 2.0 / 999, 1e-13);
}

TEST(GridContract, FieldValuesAreTheDistanceToTheNodeCoordinates) {
  FieldParams p = grid(29, 31, 99, 101, 11, 7);
  p.ref_lat_deg = 30, p.ref_lon_deg = 101;
  const GridGeometry g = grid_geometry(p);
  // North-west corner (31, 99), south-east corner (29, 101).
  EXPECT_NEAR(field_value<double>(g, 0, 0),
              test::geographiclib_sphere_distance(30, 101, 31, 99, kDefaultRadiusKm), 1e-10);
  EXPECT_NEAR(field_value<double>(g, 6, 10), kDefaultRadiusKm * test::kTestPi / 180, 1e-10);
  // Row 3 is latitude 30, column 10 longitude 101: the reference itself.
  EXPECT_NEAR(field_value<double>(g, 3, 10), 0.0, 1e-12);
}

TEST(GridContract, AntimeridianCrossingRunsPast180) {
  const GridGeometry g = grid_geometry(grid(-10, 10, 170, -170, 21, 3));
  EXPECT_EQ(lon_span_deg(170, -170), 20.0);
  EXPECT_EQ(node_lon_deg(g, 0), 170.0);
  EXPECT_NEAR(node_lon_deg(g, 10), 180.0, 1e-12);
  EXPECT_NEAR(node_lon_deg(g, 20), 190.0, 1e-12);  // not wrapped to -170
  for (int j = 1; j < 21; ++j) EXPECT_NEAR(node_lon_deg(g, j) - node_lon_deg(g, j - 1), 1.0, 1e-12);
  // The distance still treats 190 as -170: the east edge is 20 degrees of equator from 170.
  FieldParams p = grid(-10, 10, 170, -170, 21, 3);
  p.ref_lat_deg = 0, p.ref_lon_deg = -170;
  const GridGeometry d = grid_geometry(p);
  EXPECT_NEAR(field_value<double>(d, 1, 20), 0.0, 1e-9);
  EXPECT_NEAR(field_value<double>(d, 1, 0), 20 * kDefaultRadiusKm * test::kTestPi / 180, 1e-9);
  EXPECT_NEAR(field_value<double>(d, 1, 10), 10 * kDefaultRadiusKm * test::kTestPi / 180, 1e-9);
}

TEST(GridContract, WholeCircleFromEitherConvention) {
  EXPECT_EQ(lon_span_deg(-180, 180), 360.0);
  EXPECT_EQ(lon_span_deg(0, 360), 360.0);
  EXPECT_EQ(lon_span_deg(-360, 360), 360.0);
  EXPECT_EQ(lon_span_deg(10, 10.5), 0.5);
  EXPECT_EQ(lon_span_deg(10.5, 10), 359.5);  // MIN > MAX: the long way round, eastwards
  for (auto [lo0, lo1] : {std::pair{-180.0, 180.0}, std::pair{0.0, 360.0}}) {
    FieldParams p = grid(-60, 60, lo0, lo1, 9, 5);
    p.ref_lat_deg = 20, p.ref_lon_deg = 45;
    const GridGeometry g = grid_geometry(p);
    EXPECT_EQ(node_lon_deg(g, 0), lo0);
    EXPECT_NEAR(node_lon_deg(g, 8), lo1, 1e-12);
    EXPECT_NEAR(node_lon_deg(g, 4), lo0 + 180, 1e-12);
    // The first and last columns are the same meridian, so the same distances.
    for (int i = 0; i < 5; ++i) {
      EXPECT_NEAR(field_value<double>(g, i, 0), field_value<double>(g, i, 8), 1e-9) << i;
      EXPECT_NEAR(field_value<float>(g, i, 0), field_value<float>(g, i, 8), 1e-2) << i;
    }
  }
}

TEST(GridContract, PolesAreOnePointForEveryColumn) {
  FieldParams p = grid(-90, 90, -180, 180, 13, 7);
  p.ref_lat_deg = 30, p.ref_lon_deg = 101;
  const GridGeometry g = grid_geometry(p);
  EXPECT_EQ(node_lat_deg(g, 0), 90.0);
  EXPECT_NEAR(node_lat_deg(g, 6), -90.0, 1e-12);
  const double deg = kDefaultRadiusKm * test::kTestPi / 180;
  for (int j = 0; j < 13; ++j) {
    EXPECT_NEAR(field_value<double>(g, 0, j), 60 * deg, 1e-9) << j;   // north pole
    EXPECT_NEAR(field_value<double>(g, 6, j), 120 * deg, 1e-9) << j;  // south pole
    EXPECT_NEAR(field_value<float>(g, 0, j), 60 * deg, 60 * deg * 1e-6) << j;
    EXPECT_NEAR(field_value<float>(g, 6, j), 120 * deg, 120 * deg * 1e-6) << j;
  }
}

TEST(GridContract, ReferenceAtAPole) {
  FieldParams p = grid(-90, 90, 0, 360, 9, 19);
  p.ref_lat_deg = -90, p.ref_lon_deg = 77;
  const GridGeometry g = grid_geometry(p);
  const double deg = kDefaultRadiusKm * test::kTestPi / 180;
  for (int i = 0; i < 19; ++i) {
    for (int j = 0; j < 9; ++j) {
      // Row i is at latitude 90 - 10 i: (180 - 10 i) degrees from the south pole.
      EXPECT_NEAR(field_value<double>(g, i, j), (180 - 10 * i) * deg, 1e-9) << i << "," << j;
    }
  }
}

}  // namespace
}  // namespace geofield
