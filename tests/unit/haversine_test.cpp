// The haversine distance (double) against GeographicLib on a sphere, on WGS84 within the
// sphere-vs-ellipsoid bound, and against values checked by hand.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "field_math.h"
#include "field_params.h"
#include "spherical_reference.h"

namespace geofield {
namespace {

using test::geographiclib_sphere_distance;
using test::kTestPi;

constexpr double kR = kDefaultRadiusKm;

struct Pair {
  double lat1, lon1, lat2, lon2;
};

std::string describe(const Pair& p) {
  char text[128];  // snprintf, not "(" + std::string: GCC 12 warns falsely on that (-Wrestrict)
  std::snprintf(text, sizeof text, "(%f, %f) -> (%f, %f)", p.lat1, p.lon1, p.lat2, p.lon2);
  return text;
}

// The hard places: signed zeros, the antimeridian, the poles, antipodes exact and near,
// coincident points, separations of 1e-9 degree.
std::vector<Pair> hard_pairs() {
  std::vector<Pair> v = {
      {0.0, 0.0, 0.0, 0.0},
      {-0.0, -0.0, 0.0, 0.0},
      {0.0, 180.0, 0.0, -180.0},
      {0.0, -180.0, -0.0, 180.0},
      {45.0, 180.0, 45.0, -180.0},
      {10.0, 179.5, -10.0, -179.5},
      {90.0, 0.0, 90.0, 137.0},  // the north pole under two longitudes
      {-90.0, -45.0, -90.0, 120.0},
      {90.0, 0.0, -90.0, 0.0},   // pole to pole
      {90.0, 12.0, 0.0, -77.0},  // quarter meridian from the pole
      {0.0, 0.0, 0.0, 90.0},
      {0.0, 0.0, 0.0, 180.0},       // exact antipodes on the equator
      {30.0, 101.0, -30.0, -79.0},  // the default reference and its antipode
      {-12.5, 33.25, 12.5, -146.75},
      {89.0, 10.0, -89.0, -170.0},
      {30.0, 101.0, -30.0 + 1e-6, -79.0},  // near-antipodes
      {30.0, 101.0, -30.0, -79.0 + 1e-7},
      {0.0, 0.0, 1e-9, 179.999999},
      {0.0, 0.0, 0.0, 179.9999999},
      {30.0, 101.0, 30.0, 101.0},  // coincident
      {-90.0, 0.0, -90.0, 0.0},
      {30.0, 101.0, 30.0 + 1e-9, 101.0},  // 1e-9 degree separations
      {30.0, 101.0, 30.0, 101.0 + 1e-9},
      {0.0, 0.0, 1e-9, 1e-9},
      {89.999999999, 0.0, 90.0, 0.0},
      {-45.0, 359.0, -45.0, -1.0},  // the same point written two ways
      {60.0, -360.0, 60.0, 360.0},
  };
  return v;
}

// Random pairs over the whole sphere plus random points with their near-antipodes.
std::vector<Pair> random_pairs(int count) {
  std::mt19937_64 rng(20240601);
  std::uniform_real_distribution<double> lat(-90, 90), lon(-360, 360), tiny(-1e-3, 1e-3);
  std::vector<Pair> v;
  for (int k = 0; k < count; ++k) v.push_back({lat(rng), lon(rng), lat(rng), lon(rng)});
  for (int k = 0; k < count; ++k) {
    const double la = lat(rng) * 0.99, lo = lon(rng) * 0.5;
    v.push_back({la, lo, -la + tiny(rng), lo + 180 + tiny(rng)});
  }
  return v;
}

// Double haversine vs GeographicLib's exact sphere: a few units in the last place of the
// distance, plus 20 nanometres for GeographicLib's own round-off.
void expect_matches_sphere(const Pair& p, double radius) {
  const double ours = haversine_distance(p.lat1, p.lon1, p.lat2, p.lon2, radius);
  const double ref = geographiclib_sphere_distance(p.lat1, p.lon1, p.lat2, p.lon2, radius);
  const double tol = 1e-14 * ref + 2e-12 * radius;
  EXPECT_NEAR(ours, ref, tol) << describe(p) << " radius " << radius;
  const double swapped = haversine_distance(p.lat2, p.lon2, p.lat1, p.lon1, radius);
  EXPECT_NEAR(swapped, ref, tol) << "swapped " << describe(p);
}

TEST(Haversine, MatchesGeographicLibSphereAtTheHardPlaces) {
  for (const Pair& p : hard_pairs()) expect_matches_sphere(p, kR);
}

TEST(Haversine, MatchesGeographicLibSphereOnRandomPairs) {
  for (const Pair& p : random_pairs(2000)) expect_matches_sphere(p, kR);
}

TEST(Haversine, MatchesGeographicLibSphereOfAnotherRadius) {
  for (const Pair& p : hard_pairs()) expect_matches_sphere(p, 1737.4);  // the Moon, km
  for (const Pair& p : random_pairs(200)) expect_matches_sphere(p, 1737.4);
}

TEST(Haversine, TinySeparationsKeepTheirRelativeAccuracy) {
  // 1e-9 degree of latitude is R * 1e-9 * pi / 180: about 0.11 mm. The plain
  // acos(sin sin + cos cos cos) form returns 0 or noise here.
  for (double lat : {-89.0, -30.0, 0.0, 30.0, 60.0, 89.0}) {
    const double lat2 = lat + 1e-9;
    const double step_deg = lat2 - lat;  // exact (Sterbenz), the separation really given
    const double expected_m = kR * 1000.0 * step_deg * kTestPi / 180.0;
    const double got_m = haversine_distance(lat, 10.0, lat2, 10.0, kR * 1000.0);
    EXPECT_NEAR(got_m, expected_m, 1e-12 * expected_m) << "lat " << lat;
    EXPECT_GT(got_m, 0.0);
  }
}

TEST(Haversine, HandCheckedValues) {
  const double one_degree_km = kR * kTestPi / 180.0;  // 111.19508...
  EXPECT_NEAR(one_degree_km, 111.19508, 1e-5);        // the textbook figure for the mean radius
  EXPECT_NEAR(haversine_distance(30.0, 101.0, 31.0, 101.0, kR), one_degree_km, 1e-12);
  EXPECT_NEAR(haversine_distance(-0.5, 7.0, 0.5, 7.0, kR), one_degree_km, 1e-12);
  EXPECT_NEAR(haversine_distance(0.0, 100.0, 0.0, 101.0, kR), one_degree_km, 1e-12);
  // One degree of longitude at latitude 60 along the great circle, not the parallel.
  const double at60 =
      2 * kR * std::asin(std::cos(60 * kTestPi / 180) * std::sin(0.5 * kTestPi / 180));
  EXPECT_NEAR(haversine_distance(60.0, 0.0, 60.0, 1.0, kR), at60, 1e-12);

  const double quarter_meridian = kR * kTestPi / 2;  // 10007.5576... km
  EXPECT_NEAR(haversine_distance(0.0, 0.0, 90.0, 0.0, kR), quarter_meridian, 1e-11);
  EXPECT_NEAR(haversine_distance(-90.0, 33.0, 0.0, -150.0, kR), quarter_meridian, 1e-11);
  EXPECT_NEAR(haversine_distance(0.0, 0.0, 0.0, -90.0, kR), quarter_meridian, 1e-11);

  const double half = kTestPi * kR;  // 20015.1 km: antipodes
  EXPECT_NEAR(haversine_distance(30.0, 101.0, -30.0, -79.0, kR), half, 1e-11);
  EXPECT_NEAR(haversine_distance(90.0, 0.0, -90.0, 0.0, kR), half, 1e-11);
  EXPECT_NEAR(haversine_distance(0.0, -180.0, 0.0, 0.0, kR), half, 1e-11);
  EXPECT_NEAR(haversine_distance(45.0, 90.0, -45.0, -90.0, kR), half, 1e-11);

  EXPECT_EQ(haversine_distance(30.0, 101.0, 30.0, 101.0, kR), 0.0);
  EXPECT_EQ(haversine_distance(0.0, 180.0, 0.0, -180.0, kR), 0.0);
  EXPECT_EQ(haversine_distance(-0.0, -0.0, 0.0, 0.0, kR), 0.0);
  EXPECT_EQ(haversine_distance(-45.0, 359.0, -45.0, -1.0, kR), 0.0);
  // Every longitude at a pole is the same point.
  EXPECT_NEAR(haversine_distance(90.0, 0.0, 90.0, 137.0, kR), 0.0, 1e-12);
}

TEST(Haversine, NearAntipodesDifferFromHalfACircumferenceByTheOffset) {
  // Moving d degrees away from the antipode along a meridian shortens the distance by d.
  for (double d : {1e-9, 1e-7, 1e-5, 1e-3}) {
    const double got = haversine_distance(30.0, 101.0, -30.0 + d, -79.0, kR);
    const double expected = kR * (kTestPi - d * kTestPi / 180.0);
    EXPECT_NEAR(got, expected, 1e-11) << "offset " << d;
    EXPECT_LT(got, kTestPi * kR) << "offset " << d;
  }
}

TEST(Haversine, UnitsAreTheKilometreValueConverted) {
  // Through FieldParams/grid_geometry, the way the program chooses a unit.
  FieldParams p;
  p.lat_min_deg = 0, p.lat_max_deg = 1, p.lon_min_deg = 0, p.lon_max_deg = 1, p.nx = p.ny = 2;
  p.ref_lat_deg = 0, p.ref_lon_deg = 0;
  const double km = kR * kTestPi / 180.0;  // node (0, 0) is (1, 0): one degree north
  struct Case {
    Units units;
    double per_km;
  };
  for (const Case c : {Case{Units::km, 1.0}, Case{Units::nm, 1 / 1.852},
                       Case{Units::mi, 1 / 1.609344}, Case{Units::m, 1000.0}}) {
    p.units = c.units;
    const GridGeometry g = grid_geometry(p);
    EXPECT_NEAR(g.radius, kR * c.per_km, 1e-12 * g.radius) << to_string(c.units);
    EXPECT_NEAR(field_value<double>(g, 0, 0), km * c.per_km, 1e-12 * km * c.per_km)
        << to_string(c.units);
    const double ref = geographiclib_sphere_distance(30.0, 101.0, -12.0, 44.0, g.radius);
    EXPECT_NEAR(haversine_distance(30.0, 101.0, -12.0, 44.0, g.radius), ref, 1e-14 * ref)
        << to_string(c.units);
  }
  // On the sphere where a nautical mile is one arcminute, a degree is 60 nm exactly.
  p.units = Units::nm;
  p.radius_km = 1.852 * 60 * 180 / kTestPi;
  EXPECT_NEAR(field_value<double>(grid_geometry(p), 0, 0), 60.0, 1e-12);
  // A statute mile: a degree on a sphere of radius 3958.7613 mi (the mean radius) is 69.09 mi.
  p.units = Units::mi;
  p.radius_km = kR;
  EXPECT_NEAR(field_value<double>(grid_geometry(p), 0, 0), 69.09342, 1e-5);
}

TEST(Haversine, NonDefaultRadiusScalesTheDistance) {
  FieldParams p;
  p.nx = p.ny = 3;
  p.radius_km = 1000.0;
  const GridGeometry g = grid_geometry(p);
  FieldParams d = p;
  d.radius_km = kR;
  const GridGeometry g_default = grid_geometry(d);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      const double v = field_value<double>(g, i, j);
      EXPECT_NEAR(v, field_value<double>(g_default, i, j) * 1000.0 / kR, 1e-12 * v + 1e-15);
      const double ref = geographiclib_sphere_distance(30.0, 101.0, node_lat_deg(g, i),
                                                       node_lon_deg(g, j), 1000.0);
      EXPECT_NEAR(v, ref, 1e-12 * ref + 1e-12);
    }
  }
}

TEST(Haversine, SphereIsWithinTheEllipsoidBoundOfWgs84) {
  // The mean-radius sphere against WGS84: the largest relative difference is for short
  // north-south steps at the equator, where the meridian's radius of curvature is
  // a(1 - e^2) = 6335.439 km: 6371.0088 / 6335.439 - 1 = 0.56 %. Nothing may exceed it.
  const double bound = 6371.0088 / 6335.439 - 1 + 1e-5;
  auto pairs = random_pairs(1000);
  for (const Pair& p : hard_pairs()) pairs.push_back(p);
  for (const Pair& p : pairs) {
    const double sphere = haversine_distance(p.lat1, p.lon1, p.lat2, p.lon2, kR);
    const double ellipsoid = test::geographiclib_wgs84_distance_km(p.lat1, p.lon1, p.lat2, p.lon2);
    EXPECT_NEAR(sphere, ellipsoid, bound * ellipsoid + 1e-9) << describe(p);
  }
  // And the bound is nearly reached where the theory says.
  const double sphere = haversine_distance(-0.05, 0.0, 0.05, 0.0, kR);
  const double ellipsoid = test::geographiclib_wgs84_distance_km(-0.05, 0.0, 0.05, 0.0);
  EXPECT_GT(sphere / ellipsoid - 1, 0.0055);
}

}  // namespace
}  // namespace geofield
