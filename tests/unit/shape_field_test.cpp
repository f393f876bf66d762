// The field of lines and polygons on the CPU (compute/shape_field.*, issue 28): the trees'
// search equals the brute force over every arc node for node, value, index and bearing, bit
// for bit, on latlon, aeqd and ortho grids, float and double, signed or not, with lines across
// the antimeridian and over a pole, polygons with holes and about a pole, points and repeated
// vertices, features that tie; and known values: distances along meridians and parallels,
// the sign inside and outside, a hole's inside outside, the bearing toward the nearest point.
#include "compute/shape_field.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "case_names.h"
#include "same_bits.h"
#include "shape_sets.h"
#include "sites/sites_file.h"
#include "test_grids.h"
#include "usage_error_matchers.h"

namespace geofield {
namespace {

using test::same_bits;

constexpr double kDeg = 3.14159265358979323846 / 180;

using Case = test::ShapeCase;

class ShapeFieldPrunedEqualsBruteForce : public ::testing::TestWithParam<Case> {};

template <typename T>
void expect_equal_fields(const FieldParams& p, const SiteShapes& s, const ShapeFieldOptions& o) {
  const Subgrid w = whole_grid(p.nx, p.ny);
  const std::size_t n = static_cast<std::size_t>(p.nx) * p.ny;
  std::vector<T> v(n), vb(n);
  std::vector<std::int32_t> k(n), kb(n);
  std::vector<float> b(n), bb(n);
  shape_field_on_cpu<T>(p, s, o, w, v.data(), k.data(), b.data());
  shape_field_brute_force<T>(p, s, o, w, vb.data(), kb.data(), bb.data());
  long negative = 0, off_map = 0;
  for (std::size_t at = 0; at < n; ++at) {
    ASSERT_TRUE(same_bits(v[at], vb[at])) << "node " << at << ": " << v[at] << " vs " << vb[at];
    ASSERT_EQ(k[at], kb[at]) << "node " << at;
    ASSERT_TRUE(same_bits(b[at], bb[at])) << "node " << at;
    negative += v[at] < 0;
    off_map += k[at] < 0;
  }
  if (o.signed_inside) {
    EXPECT_GT(negative, 0) << "no node inside a polygon";
  }
  if (p.projection == Projection::latlon) {
    EXPECT_EQ(off_map, 0);
  }
}

TEST_P(ShapeFieldPrunedEqualsBruteForce, NodeForNode) {
  const Case& c = GetParam();
  FieldParams p = test::make_params(-90, 90, -180, 180, 181, 91, 20, 10);
  if (c.projection != Projection::latlon) {
    p = test::make_params(-60, 60, -100, 100, 121, 121, 20, 10);
    p.projection = c.projection;
    p.extent = c.projection == Projection::aeqd ? 20015 : 6371;
    if (c.projection == Projection::eqearth) {  // the world, rows beyond the pole lines
      p.extent = max_extent(p);
      p.nx = 181;
    }
  }
  p.precision = c.f64 ? Precision::f64 : Precision::f32;
  const SiteShapes s = test::hard_shapes(40, 7);
  const ShapeFieldOptions o{c.signed_inside};
  if (c.f64) {
    expect_equal_fields<double>(p, s, o);
  } else {
    expect_equal_fields<float>(p, s, o);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Views, ShapeFieldPrunedEqualsBruteForce,
    ::testing::Values(Case{"latlon_f32", Projection::latlon, false, false},
                      Case{"latlon_f64_signed", Projection::latlon, true, true},
                      Case{"aeqd_f32_signed", Projection::aeqd, false, true},
                      Case{"ortho_f64", Projection::ortho, true, false},
                      Case{"eqearth_f32_signed", Projection::eqearth, false, true},
                      Case{"eqearth_f64", Projection::eqearth, true, false}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// One node's value, index and bearing.
struct At {
  double value;
  std::int32_t index;
  float bearing;
};
At field_at(const SiteShapes& s, double lat, double lon, bool signed_inside = false) {
  FieldParams p = test::make_params(lat - 1, lat + 1, lon - 1, lon + 1, 3, 3, 0, 0);
  p.precision = Precision::f64;
  double v[9];
  std::int32_t k[9];
  float b[9];
  shape_field_on_cpu<double>(p, s, ShapeFieldOptions{signed_inside}, whole_grid(3, 3), v, k, b);
  return {v[4], k[4], b[4]};  // the middle node
}

TEST(ShapeField, KnownDistancesSignsAndBearings) {
  const SiteShapes s = parse_sites_geojson(
      R"({"type":"FeatureCollection","features":[)"
      R"({"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[-20,0],[20,0]]}},)"
      R"({"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[)"
      R"([[100,-30],[140,-30],[140,30],[100,30],[100,-30]],[[115,-5],[125,-5],[125,5],[115,5],[115,-5]]]}}]})",
      "known");
  const FieldParams p = test::make_params(0, 1, 0, 1, 2, 2, 0, 0);
  const double r = radius_in_units(p);  // km
  // 10 degrees north of the equator's line: 10 degrees of the sphere, bearing south.
  const At north = field_at(s, 10, 0);
  EXPECT_NEAR(north.value, 10 * kDeg * r, 1e-9);
  EXPECT_EQ(north.index, 0);
  EXPECT_NEAR(north.bearing, 180, 1e-4);
  // Beyond the line's east end, on the equator: 10 degrees to the vertex (30, 0), due west.
  const At east = field_at(s, 0, 30);
  EXPECT_NEAR(east.value, 10 * kDeg * r, 1e-9);
  EXPECT_NEAR(east.bearing, 270, 1e-4);
  // On the line: 0, and no bearing.
  const At on = field_at(s, 0, 0);
  EXPECT_EQ(on.value, 0);
  EXPECT_TRUE(std::isnan(on.bearing));
  // Inside the polygon (between its outer ring and its hole): 0, or signed minus the distance
  // to the hole's edge 5 degrees east (meridian 115 at the equator), the polygon's index.
  const At in = field_at(s, 0, 110);
  EXPECT_EQ(in.value, 0);
  EXPECT_EQ(in.index, 1);
  const At in_signed = field_at(s, 0, 110, true);
  EXPECT_NEAR(in_signed.value, -5 * kDeg * r, 1e-9);
  EXPECT_NEAR(in_signed.bearing, 90, 1e-4);
  // In the hole: outside, 5 degrees from the hole's west edge at 115.
  const At hole = field_at(s, 0, 120, true);
  EXPECT_NEAR(hole.value, 5 * kDeg * r, 1e-9);
  EXPECT_EQ(hole.index, 1);
}

TEST(ShapeField, APolygonAboutAPoleHoldsThePole) {
  const SiteShapes s = parse_sites_geojson(
      R"({"type":"Polygon","coordinates":[[[0,-70],[-120,-70],[120,-70],[0,-70]]]})", "cap");
  const At pole = field_at(s, -89, 0, true);
  EXPECT_LT(pole.value, 0);
  const At north = field_at(s, 0, 0, true);
  EXPECT_GT(north.value, 0);
}

TEST(ShapeField, TheEllipsoidAndTheSeedAreRefusedNamingSites) {
  const SiteShapes s = test::hard_shapes(0, 1);
  FieldParams p = test::make_params(0, 1, 0, 1, 2, 2, 0, 0);
  float v[4];
  for (Formula f : {Formula::wgs84, Formula::seed}) {
    p.formula = f;
    EXPECT_TRUE(test::throws_usage_error_naming(
        [&] { shape_field_on_cpu<float>(p, s, {}, whole_grid(2, 2), v, nullptr, nullptr); },
        "--sites"));
  }
}

}  // namespace
}  // namespace geofield
