// Bearing, distance and path of the measure tool against GeographicLib on a sphere (f = 0)
// and the double-precision textbook formulas.
#include "view/great_circle.h"

#include <gtest/gtest.h>

#include <GeographicLib/Geodesic.hpp>
#include <cmath>

namespace geofield {
namespace {

constexpr double kR = 6371.0088;  // km
constexpr double kD2R = M_PI / 180;

double textbook_bearing(GeoPoint a, GeoPoint b) {
  const double p1 = a.lat_deg * kD2R, p2 = b.lat_deg * kD2R, dl = (b.lon_deg - a.lon_deg) * kD2R;
  const double th =
      std::atan2(std::sin(dl) * std::cos(p2),
                 std::cos(p1) * std::sin(p2) - std::sin(p1) * std::cos(p2) * std::cos(dl));
  return std::fmod(th / kD2R + 360, 360);
}

double angle_diff(double a, double b) { return std::fabs(std::remainder(a - b, 360.0)); }

TEST(GreatCircle, BearingMatchesGeographicLibSphere) {
  const GeographicLib::Geodesic sphere(kR * 1000, 0);
  const GeoPoint cases[][2] = {{{30, 101}, {30, 99}},
                               {{0, 0}, {0, 90}},
                               {{0, 0}, {10, 0}},
                               {{51.5, 0}, {40.7, -74}},
                               {{-33.9, 151.2}, {35.7, 139.7}},
                               {{10, 170}, {-10, -170}},
                               {{89, 0}, {89, 180}},
                               {{-60, -30}, {20, 45}}};
  for (const auto& c : cases) {
    double s12 = 0, azi1 = 0, azi2 = 0;
    sphere.Inverse(c[0].lat_deg, c[0].lon_deg, c[1].lat_deg, c[1].lon_deg, s12, azi1, azi2);
    EXPECT_LT(angle_diff(initial_bearing_deg(c[0], c[1]), azi1), 1e-9)
        << c[0].lat_deg << "," << c[0].lon_deg << " -> " << c[1].lat_deg << "," << c[1].lon_deg;
    EXPECT_LT(angle_diff(initial_bearing_deg(c[0], c[1]), textbook_bearing(c[0], c[1])), 1e-9);
    EXPECT_NEAR(great_circle_distance(c[0], c[1], kR), s12 / 1000, 1e-6);
  }
}

TEST(GreatCircle, BearingsOfTheCardinalDirections) {
  EXPECT_NEAR(initial_bearing_deg({0, 0}, {1, 0}), 0, 1e-12);
  EXPECT_NEAR(initial_bearing_deg({0, 0}, {0, 1}), 90, 1e-12);
  EXPECT_NEAR(initial_bearing_deg({0, 0}, {-1, 0}), 180, 1e-12);
  EXPECT_NEAR(initial_bearing_deg({0, 0}, {0, -1}), 270, 1e-12);
  EXPECT_EQ(initial_bearing_deg({12, 34}, {12, 34}), 0);                // coincident: defined as 0
  EXPECT_NEAR(initial_bearing_deg({0, 179.5}, {0, -179.5}), 90, 1e-9);  // across 180
}

TEST(GreatCircle, PathLiesOnTheGreatCircleEquallySpaced) {
  const GeoPoint a{51.5, 0}, b{40.7, -74};
  const auto path = great_circle_path(a, b, 64);
  ASSERT_EQ(path.size(), 65u);
  const double total = great_circle_distance(a, b, kR);
  EXPECT_NEAR(path.back().lat_deg, b.lat_deg, 1e-9);
  EXPECT_NEAR(path.back().lon_deg, b.lon_deg, 1e-9);
  for (std::size_t k = 0; k < path.size(); ++k) {
    // On the arc: distance from a plus distance to b is the whole, at the k/64 point.
    const double da = great_circle_distance(a, path[k], kR);
    EXPECT_NEAR(da + great_circle_distance(path[k], b, kR), total, 1e-6);
    EXPECT_NEAR(da, total * k / 64, 1e-6);
  }
  // The path's start heads the initial bearing.
  EXPECT_LT(angle_diff(initial_bearing_deg(path[0], path[1]), initial_bearing_deg(a, b)), 1e-6);
}

TEST(GreatCircle, PathAcrossTheAntimeridianAndToThePole) {
  const auto p = great_circle_path({10, 170}, {-10, -170}, 10);
  for (const GeoPoint& g : p) EXPECT_TRUE(g.lon_deg >= 170 || g.lon_deg <= -170) << g.lon_deg;
  const auto q = great_circle_path({0, 0}, {90, 0}, 4);
  EXPECT_NEAR(q.back().lat_deg, 90, 1e-9);
  EXPECT_NEAR(q[2].lat_deg, 45, 1e-9);
}

}  // namespace
}  // namespace geofield
