// The bearing toward the nearest site (compute/bearing_field.h, issue 28's --bearing): known
// geometry (north of an east-west arc the bearing is 180, south of it 0, beyond its end toward
// the vertex), NaN on a site and inside a polygon unless signed, a set of points and the one
// reference point as point features, any subgrid the whole grid's nodes, and wgs84 refused
// naming --bearing.
#include "compute/bearing_field.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "compute/cpu_field.h"
#include "test_grids.h"
#include "usage_error_matchers.h"

namespace geofield {
namespace {

// One feature of one part: a line or a ring (closed by the reader's convention: the last
// vertex is not repeated) through `vertices` (lat, lon).
SiteSet one_shape(FeatureKind kind, std::vector<SiteVertex> vertices) {
  auto s = std::make_shared<SiteShapes>();
  const auto n = static_cast<std::uint32_t>(vertices.size());
  s->vertices = std::move(vertices);
  s->parts = {{kind == FeatureKind::line ? PartKind::line : PartKind::ring, 0, n}};
  s->features = {{kind, 0, 1, "shape"}};
  return SiteSet::shapes(s);
}

// A latlon grid of nx x ny nodes over [lat0, lat1] x [lon0, lon1].
FieldParams grid(double lat0, double lat1, double lon0, double lon1, int nx, int ny) {
  return test::make_params(lat0, lat1, lon0, lon1, nx, ny, 0, 0);
}

float at(const std::vector<float>& b, const FieldParams& p, int row, int col) {
  return b[static_cast<std::size_t>(row) * p.nx + col];
}

TEST(BearingField, AcrossAnEastWestArcItPointsAtTheArc) {
  // The equator from 10°W to 10°E; nodes every 5°, latitude 10 (row 0) to -10 (row 4).
  const FieldParams p = grid(-10, 10, -20, 20, 9, 5);
  const FieldRequest r{p, one_shape(FeatureKind::line, {{0, -10}, {0, 10}})};
  const std::vector<float> b = BearingField(r).subgrid(whole_grid(p.nx, p.ny));
  EXPECT_NEAR(at(b, p, 0, 4), 180.0f, 1e-4);  // north of the arc: due south
  EXPECT_NEAR(at(b, p, 4, 4), 0.0f, 1e-4);    // south of it: due north
  EXPECT_TRUE(std::isnan(at(b, p, 2, 4)));    // on it: the distance is 0
  // West of its west end, on the equator: toward that vertex, due east.
  EXPECT_NEAR(at(b, p, 2, 0), 90.0f, 1e-4);
  EXPECT_NEAR(at(b, p, 2, 8), 270.0f, 1e-4);
  for (float v : b) EXPECT_TRUE(std::isnan(v) || (v >= 0.0f && v < 360.0f)) << v;
}

TEST(BearingField, InsideAPolygonNaNUnlessSigned) {
  // A square about (0, 0), 10° a side; the node (0, 0) is inside, 5° from every side.
  const FieldParams p = grid(-2, 2, -2, 2, 3, 3);
  const SiteSet square = one_shape(FeatureKind::polygon, {{-5, -5}, {-5, 5}, {5, 5}, {5, -5}});
  ASSERT_TRUE(square.has_polygons());
  FieldRequest r{p, square};
  const std::vector<float> unsigned_b = BearingField(r).subgrid(whole_grid(3, 3));
  for (float v : unsigned_b) EXPECT_TRUE(std::isnan(v));
  r.signed_inside = true;
  const std::vector<float> signed_b = BearingField(r).subgrid(whole_grid(3, 3));
  for (float v : signed_b) EXPECT_FALSE(std::isnan(v));
  // North of the centre, the north side is nearest: due north.
  EXPECT_NEAR(at(signed_b, p, 0, 1), 0.0f, 1e-3);
}

TEST(BearingField, PointsAndTheOneReferencePointArePointFeatures) {
  const FieldParams p = grid(-10, 10, -10, 10, 3, 3);  // nodes every 10°
  const SiteSet points = SiteSet::points({{0, 10, "east"}, {10, -10, "north-west"}});
  const ShapesPtr shapes = shapes_of_sites(points);
  ASSERT_EQ(shapes->features.size(), 2u);
  EXPECT_EQ(shapes->features[1].name, "north-west");
  EXPECT_EQ(shapes->vertices[1], (SiteVertex{10, -10}));
  const std::vector<float> b = BearingField(FieldRequest{p, points}).subgrid(whole_grid(3, 3));
  EXPECT_NEAR(at(b, p, 1, 1), 90.0f, 1e-4);  // (0, 0): the east point is 10° away, due east
  EXPECT_TRUE(std::isnan(at(b, p, 1, 2)));   // on it
  EXPECT_NEAR(at(b, p, 1, 0), 0.0f, 1e-4);   // (0, -10): north-west is due north

  // --ref's one point, with any formula: the seed's field is no distance, its bearing is.
  FieldParams seed = p;
  seed.formula = Formula::seed;
  seed.ref_lat_deg = -10;
  seed.ref_lon_deg = 0;
  const std::vector<float> one =
      BearingField(FieldRequest::of_reference(seed)).subgrid(whole_grid(3, 3));
  EXPECT_NEAR(at(one, p, 0, 1), 180.0f, 1e-4);  // (10, 0): due south
}

TEST(BearingField, ASubgridIsTheWholeGridsNodes) {
  const FieldParams p = grid(-30, 40, 150, -140, 37, 29);
  const FieldRequest r{p, one_shape(FeatureKind::line, {{10, 170}, {12, -170}, {5, -160}})};
  const BearingField f(r);
  const std::vector<float> whole = f.subgrid(whole_grid(p.nx, p.ny));
  const Subgrid w{5, 7, 11, 9};
  const std::vector<float> part = f.subgrid(w);
  for (int i = 0; i < w.ny; ++i) {
    for (int j = 0; j < w.nx; ++j) {
      const float a = part[static_cast<std::size_t>(i) * w.nx + j];
      const float b = at(whole, p, w.row0 + i, w.col0 + j);
      EXPECT_TRUE((std::isnan(a) && std::isnan(b)) || a == b) << i << "," << j;
    }
  }
}

TEST(BearingField, Wgs84IsRefusedNamingBearing) {
  FieldParams p = grid(-10, 10, -10, 10, 3, 3);
  p.formula = Formula::wgs84;
  EXPECT_TRUE(test::throws_usage_error_naming([&] { check_bearing_view(p); }, "--bearing"));
  EXPECT_TRUE(test::throws_usage_error_naming(
      [&] { BearingField f(FieldRequest::of_reference(p)); }, "--bearing"));
}

}  // namespace
}  // namespace geofield
