// The built-in sites (sites/builtin_sites.*, issue 28): Natural Earth's land as polygons of
// the sphere (the land on its rings' left, Antarctica about its pole, the Caspian a hole),
// the signed distance to the coast at known places (Point Nemo about 2,688 km from land; inland
// negative, the oceans and the North Pole positive, the South Pole inside Antarctica), and the
// names it refuses.
#include "sites/builtin_sites.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "arc_distance.h"
#include "compute/shape_field.h"
#include "test_grids.h"
#include "usage_error_matchers.h"

namespace geofield {
namespace {

// The ring's signed area (steradians) by the fan of spherical triangles from the north pole:
// the area to its left, less 4 pi where that is more than a hemisphere (a hole's), so that a
// ring the data gets self-crossing (quantised islets) adds its lobes' difference, as d3's
// geoArea does, and no ring's turns are trusted.
double fan_area(const SiteShapes& s, const SitePart& p) {
  const UnitVec q{0, 0, 1};
  double sum = 0;
  for (std::uint32_t k = 0; k < p.count; ++k) {
    const SiteVertex &va = s.vertices[p.first + k], &vb = s.vertices[p.first + (k + 1) % p.count];
    const UnitVec a = unit_vec_of_deg(va.lat_deg, va.lon_deg),
                  b = unit_vec_of_deg(vb.lat_deg, vb.lon_deg);
    sum += 2 * std::atan2(dot(q, cross(a, b)), 1 + dot(q, a) + dot(a, b) + dot(b, q));
  }
  double a = std::fmod(sum, 4 * kPi);
  if (a < 0) a += 4 * kPi;
  return a > 2 * kPi ? a - 4 * kPi : a;
}

TEST(BuiltinSites, LandIsOnTheLeftOfItsRings) {
  for (const char* name : {"@land:110m", "@land:50m", "@land"}) {
    SCOPED_TRACE(name);
    const SiteShapes s = builtin_sites(name);
    double land = 0;
    for (const SitePart& p : s.parts) {
      ASSERT_EQ(p.kind, PartKind::ring);
      land += fan_area(s, p);
    }
    // Natural Earth's land, Antarctica included: about 1.49e8 km^2, 3.6 steradians (wound the
    // other way, the rings would sum to minus that).
    EXPECT_GT(land, 3.55);
    EXPECT_LT(land, 3.70);
  }
}

// The signed distance to the coast (km) at a place, from @land at a scale.
double signed_to_coast(const SiteShapes& land, double lat, double lon) {
  FieldParams p = test::make_params(lat - 0.5, lat + 0.5, lon - 0.5, lon + 0.5, 3, 3, 0, 0);
  p.precision = Precision::f64;
  double v[9];
  shape_field_on_cpu<double>(p, land, ShapeFieldOptions{true}, whole_grid(3, 3), v, nullptr,
                             nullptr);
  return v[4];
}

TEST(BuiltinSites, SignedDistanceToTheCoastAtKnownPlaces) {
  const SiteShapes land = builtin_sites("@land");
  // Point Nemo, the oceanic pole of inaccessibility: about 2,688 km from the nearest land.
  EXPECT_NEAR(signed_to_coast(land, -48.8767, -123.3933), 2688, 15);
  // Inland: Madrid, some 300 km from the sea; the middle of Australia.
  EXPECT_LT(signed_to_coast(land, 40.4168, -3.7038), -250);
  EXPECT_LT(signed_to_coast(land, -25.0, 134.0), -700);
  // The South Pole is on land (Antarctica's ring encircles it); the North Pole at sea.
  EXPECT_LT(signed_to_coast(land, -89.5, 0), -500);
  EXPECT_GT(signed_to_coast(land, 89.5, 0), 500);
  // The Caspian is a hole of the coarser scales' Eurasia: water.
  EXPECT_GT(signed_to_coast(builtin_sites("@land:110m"), 42.0, 50.5), 50);
  EXPECT_GT(signed_to_coast(builtin_sites("@land:50m"), 42.0, 50.5), 50);
  // Across the antimeridian, Chukotka is land (the data's cut there is stitched).
  EXPECT_LT(signed_to_coast(land, 67.0, 179.9), 0);
  EXPECT_LT(signed_to_coast(land, 67.0, -179.9), 0);
}

TEST(BuiltinSites, CoastlinesAndBordersAreLines) {
  const SiteShapes coast = builtin_sites("@coastline:110m");
  EXPECT_EQ(coast.features.size(), 128u);
  EXPECT_TRUE(coast.has(FeatureKind::line));
  EXPECT_FALSE(coast.has(FeatureKind::polygon));
  EXPECT_GT(builtin_sites("@borders:50m").segment_count(), 19000u);
}

TEST(BuiltinSites, UnknownNamesAndScalesAreRefusedNamingSites) {
  EXPECT_TRUE(test::throws_usage_error_naming([] { builtin_sites("@rivers"); }, "--sites"));
  EXPECT_TRUE(test::throws_usage_error_naming([] { builtin_sites("@land:5m"); }, "--sites"));
}

}  // namespace
}  // namespace geofield
