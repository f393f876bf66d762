// Lines and polygons as sites of the one field model (issue 28 on issue 27's SiteSet): a set
// of shapes is a request's sites like any other; a file of single points stays a set of points
// (its names kept); the CPU's request paths (whole, subgrid, blocks with progress) give the
// shape field's values and index bit for bit, signed as the request says; the sites' checks
// name --sites; the trees are built once per set.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "compute/cpu_field.h"
#include "compute/shape_field.h"
#include "compute/shape_trees.h"
#include "same_bits.h"
#include "shape_sets.h"
#include "sites.h"
#include "sites/sites_file.h"
#include "test_grids.h"
#include "usage_error_matchers.h"

namespace geofield {
namespace {

using test::same_bits;

ShapesPtr hard() { return std::make_shared<const SiteShapes>(test::hard_shapes(12, 3)); }

TEST(ShapeRequest, AFileOfSinglePointsIsASetOfPointsWithItsNames) {
  const SiteSet s = SiteSet::shapes(std::make_shared<const SiteShapes>(parse_sites_geojson(
      R"({"type":"FeatureCollection","features":[)"
      R"({"type":"Feature","properties":{"name":"Oslo"},"geometry":{"type":"Point","coordinates":[10.75,59.91]}},)"
      R"({"type":"Feature","properties":{},"geometry":{"type":"MultiPoint","coordinates":[[-3.7,40.4]]}}]})",
      "points")));
  ASSERT_EQ(s.kind(), SiteKind::points);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s.point(0), (Centre{59.91, 10.75, "Oslo"}));
  EXPECT_EQ(s.point(1), (Centre{40.4, -3.7, ""}));
  EXPECT_EQ(s.name(0), "Oslo");
  EXPECT_FALSE(s.has_polygons());
}

TEST(ShapeRequest, LinesAndPolygonsAreASetOfShapes) {
  const ShapesPtr shapes = hard();
  const SiteSet s = SiteSet::shapes(shapes);
  EXPECT_EQ(s.kind(), SiteKind::shapes);
  EXPECT_EQ(s.size(), shapes->features.size());
  EXPECT_FALSE(s.is_one_point());
  EXPECT_TRUE(s.has_polygons());
  EXPECT_EQ(s.points(), nullptr);
  EXPECT_TRUE(SiteSet::shapes(nullptr).empty());
  // Equal by value, not only by pointer: a window that reads the same file again.
  EXPECT_EQ(s, SiteSet::shapes(std::make_shared<const SiteShapes>(*shapes)));
  EXPECT_FALSE(s == SiteSet::one_point(0, 0));
}

TEST(ShapeRequest, TheTreesAreBuiltOncePerSet) {
  const ShapesPtr shapes = hard();
  const auto a = shape_trees_of(shapes);
  EXPECT_EQ(a, shape_trees_of(shapes));
  const ShapesPtr copy = std::make_shared<const SiteShapes>(*shapes);
  EXPECT_NE(a, shape_trees_of(copy));  // another set (it may differ later): its own trees
  EXPECT_EQ(a->rings.arcs().size() + a->others.arcs().size(), shapes->segment_count());
}

// The CPU's request paths against the shape field itself.
template <typename T>
void expect_request_is_shape_field(const FieldParams& p, bool signed_inside) {
  const ShapesPtr shapes = hard();
  FieldRequest r{p, SiteSet::shapes(shapes)};
  r.signed_inside = signed_inside;
  const std::size_t n = static_cast<std::size_t>(p.nx) * p.ny;
  std::vector<T> want(n);
  std::vector<std::int32_t> want_k(n);
  shape_field_on_cpu<T>(p, *shapes, {signed_inside}, whole_grid(p.nx, p.ny), want.data(),
                        want_k.data(), nullptr);

  // The whole field, with progress.
  CpuField f;
  int rows = 0;
  compute_cpu_field(r, &f, [&](int k) { rows += k; });
  EXPECT_EQ(rows, p.ny);
  ASSERT_EQ(f.index.size(), n);
  long negative = 0;
  for (std::size_t at = 0; at < n; ++at) {
    const T got = sizeof(T) == sizeof(double) ? T(f.f64[at]) : T(f.f32[at]);
    ASSERT_TRUE(same_bits(got, want[at])) << "node " << at;
    ASSERT_EQ(f.index[at], want_k[at]) << "node " << at;
    negative += got < 0;
  }
  EXPECT_EQ(negative > 0, signed_inside) << "the sign follows the request";

  // A subgrid: the whole field's nodes, bit for bit.
  const Subgrid w{p.ny / 3, p.nx / 4, p.nx / 2, p.ny / 2};
  std::vector<T> sub(static_cast<std::size_t>(w.nx) * w.ny);
  std::vector<std::int32_t> sub_k(sub.size());
  compute_request_subgrid_on_cpu<T>(r, w, sub.data(), sub_k.data());
  for (int i = 0; i < w.ny; ++i) {
    for (int j = 0; j < w.nx; ++j) {
      const std::size_t at = static_cast<std::size_t>(w.row0 + i) * p.nx + (w.col0 + j);
      ASSERT_TRUE(same_bits(sub[static_cast<std::size_t>(i) * w.nx + j], want[at]));
      ASSERT_EQ(sub_k[static_cast<std::size_t>(i) * w.nx + j], want_k[at]);
    }
  }
}

TEST(ShapeRequest, TheCpuPathsAreTheShapeFieldLatlonFloat) {
  expect_request_is_shape_field<float>(test::make_params(-90, 90, -180, 180, 73, 37, 0, 0), false);
}
TEST(ShapeRequest, TheCpuPathsAreTheShapeFieldLatlonDoubleSigned) {
  FieldParams p = test::make_params(-90, 90, -180, 180, 73, 37, 0, 0);
  p.precision = Precision::f64;
  expect_request_is_shape_field<double>(p, true);
}
TEST(ShapeRequest, TheCpuPathsAreTheShapeFieldOrthoSigned) {
  FieldParams p = test::make_params(-60, 60, -100, 100, 64, 48, 20, 10);
  p.projection = Projection::ortho;
  p.extent = 6371;
  expect_request_is_shape_field<float>(p, true);
}

TEST(ShapeRequest, WhatIsNotComputedIsOneLineNamingSites) {
  FieldRequest r{test::make_params(0, 1, 0, 1, 2, 2, 0, 0), SiteSet::shapes(hard())};
  r.params.formula = Formula::wgs84;
  EXPECT_TRUE(test::throws_usage_error_naming([&] { check_sites(r); }, "--sites"));
  r.params.formula = Formula::seed;
  EXPECT_TRUE(test::throws_usage_error_naming([&] { check_sites(r); }, "--sites"));
  r.params.formula = Formula::haversine;
  EXPECT_NO_THROW(check_sites(r));
}

}  // namespace
}  // namespace geofield
