// The `seed` formula against a literal double transcription of the original numba expression:
//   a = sin²(0.008726645·(lat−lat_r)) +
//   cos(0.01745329·lat_r)·cos(0.01745329·lat)·sin²(0.008726645·(lon−lon_r)) value = atan2(a,
//   1−a)·2R
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <random>

#include "field_math.h"
#include "field_params.h"

namespace geofield {
namespace {

// Written out here from the original answer, independent of field_math.h.
double numba_seed(double lat_r, double lon_r, double lat, double lon, double R) {
  const double a = std::pow(std::sin(0.008726645 * (lat - lat_r)), 2) +
                   std::cos(0.01745329 * lat_r) * std::cos(0.01745329 * lat) *
                       std::pow(std::sin(0.008726645 * (lon - lon_r)), 2);
  return std::atan2(a, 1 - a) * 2 * R;
}

TEST(SeedFormula, PointValueIsTheLiteralExpression) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> lat(-90, 90), lon(-360, 360);
  for (int k = 0; k < 5000; ++k) {
    const double lr = lat(rng), lor = lon(rng), la = lat(rng), lo = lon(rng);
    const double expected = numba_seed(lr, lor, la, lo, kDefaultRadiusKm);
    EXPECT_NEAR(seed_value(lr, lor, la, lo, kDefaultRadiusKm), expected,
                1e-13 * std::abs(expected) + 1e-12);
  }
}

TEST(SeedFormula, IsNotTheGreatCircleDistance) {
  // Its "a" is the haversine of the angle but atan2(a, 1 - a) is not half the angle: the
  // seed value of one degree of latitude is about R * hav(1 deg) * 2, not R * pi / 180.
  const double seed = seed_value(30, 101, 31, 101, kDefaultRadiusKm);
  EXPECT_NEAR(seed, numba_seed(30, 101, 31, 101, kDefaultRadiusKm), 1e-12);
  EXPECT_NEAR(seed, 2 * kDefaultRadiusKm * std::pow(std::sin(0.5 * 3.14159265358979 / 180), 2),
              1e-3);
  EXPECT_GT(haversine_distance(30, 101, 31, 101, kDefaultRadiusKm), 100 * seed);
  EXPECT_EQ(seed_value(30, 101, 30, 101, kDefaultRadiusKm), 0.0);
}

TEST(SeedFormula, UsesTheRawLongitudeDifference) {
  // The original never wrapped longitudes: 190 and -170 are different inputs to it. sin^2
  // of half the angle has a period of 360 degrees, so they differ only through the truncated
  // constant 0.008726645 (not quite pi/360): by about a metre here.
  const double a = seed_value(0, 0, 0, 190, kDefaultRadiusKm);
  const double b = seed_value(0, 0, 0, -170, kDefaultRadiusKm);
  EXPECT_NEAR(a, numba_seed(0, 0, 0, 190, kDefaultRadiusKm), 1e-12 * a);
  EXPECT_NEAR(b, numba_seed(0, 0, 0, -170, kDefaultRadiusKm), 1e-12 * b);
  EXPECT_GT(std::abs(a - b), 1e-4);
  EXPECT_LT(std::abs(a - b), 1e-2);
}

TEST(SeedFormula, EveryGridNodeIsTheLiteralExpressionAtThatNode) {
  FieldParams p;
  p.formula = Formula::seed;
  p.nx = 37;
  p.ny = 23;
  for (auto [la0, la1, lo0, lo1, rlat, rlon] : {std::array<double, 6>{29, 31, 99, 101, 30, 101},
                                                {-10, 10, 170, -170, 0, 175},
                                                {-90, 90, -180, 180, 30, 101},
                                                {60, 90, 0, 360, 89, -20}}) {
    p.lat_min_deg = la0, p.lat_max_deg = la1, p.lon_min_deg = lo0, p.lon_max_deg = lo1;
    p.ref_lat_deg = rlat, p.ref_lon_deg = rlon;
    for (Units u : {Units::km, Units::m, Units::nm, Units::mi}) {
      p.units = u;
      const GridGeometry g = grid_geometry(p);
      for (int i = 0; i < p.ny; ++i) {
        for (int j = 0; j < p.nx; ++j) {
          const double lat = la1 - i * (la1 - la0) / (p.ny - 1);
          const double lon = lo0 + j * lon_span_deg(lo0, lo1) / (p.nx - 1);  // unwrapped
          const double expected = numba_seed(rlat, rlon, lat, lon, g.radius);
          EXPECT_NEAR(field_value<double>(g, i, j), expected,
                      1e-12 * std::abs(expected) + 1e-12 * g.radius)
              << "node " << i << "," << j << " of " << la0 << ":" << la1 << " x " << lo0 << ":"
              << lo1;
        }
      }
    }
  }
}

}  // namespace
}  // namespace geofield
