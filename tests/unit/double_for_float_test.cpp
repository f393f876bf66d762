// haversine_combine_for_float (core/double_for_float.h): the double path's distance for values
// rounded to float next, against the exact distance in long double from the same haversines
// (a = hav(angle), b = hav(pi - angle)). On the host the reciprocal square root seed is exact,
// so this checks the formula, the 12-coefficient polynomial and the far half's sign and pi R;
// the device's hardware seed is checked by the GPU test DoubleForFloatValuesWithin3e12OfCpuDouble.
#include "double_for_float.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>

#include "field_math.h"

namespace geofield {
namespace {

// The polynomial's minimax error is 1.12e-12 (scripts/fit_asin_poly.py double 12); the rest is
// rounding, some 1e-15.
constexpr double kMaxRelative = 1.2e-12;
const long double kPiL = std::acos(-1.0L);

long double exact_distance(double a, double b, double radius) {
  const long double half = a <= b ? std::asin(std::sqrt(static_cast<long double>(a)))
                                  : kPiL / 2 - std::asin(std::sqrt(static_cast<long double>(b)));
  return 2 * radius * half;
}

// The combine sees only a, b: factors that give them (row c = 0: a = a0, b = b0).
double combine_ab(double a, double b, double radius) {
  return haversine_combine_for_float(RowFactors<double>{a, b, 0.0}, ColFactors<double>{0.0, 0.0},
                                     radius);
}

std::string scientific(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", v);
  return text;
}

double relative_error(double got, long double want) {
  return static_cast<double>(std::fabs(static_cast<long double>(got) - want) / std::fabs(want));
}

TEST(DoubleForFloat, ReferencePointIsZeroAndAntipodeIsPiR) {
  EXPECT_EQ(combine_ab(0.0, 1.0, 6371.0), 0.0);
  EXPECT_LE(relative_error(combine_ab(1.0, 0.0, 6371.0), kPiL * 6371.0L), kMaxRelative);
  EXPECT_LE(relative_error(combine_ab(0.5, 0.5, 6371.0), kPiL / 2 * 6371.0L), kMaxRelative);
}

TEST(DoubleForFloat, TinyHaversinesNearAndFar) {
  for (double m : {DBL_MIN, 1e-300, 1e-100, 1e-30, 1e-16, 1e-8, 1e-3}) {
    EXPECT_LE(relative_error(combine_ab(m, 1.0 - m, 1.0), exact_distance(m, 1.0 - m, 1.0)),
              kMaxRelative)
        << m;
    EXPECT_LE(relative_error(combine_ab(1.0 - m, m, 1.0), exact_distance(1.0 - m, m, 1.0)),
              kMaxRelative)
        << m;
  }
}

TEST(DoubleForFloat, WholeRangeOfTheSmallerHaversine) {
  // m over [0, 0.5] densely, on both halves, and a and b a little off a + b = 1 as rounding
  // leaves them (the polynomial covers m up to 0.5005).
  double worst = 0;
  for (int k = 1; k <= 200000; ++k) {
    const double m = 0.5005 * k / 200000.0;
    for (double other : {1.0 - m, std::nextafter(1.0 - m, 2.0), std::nextafter(1.0 - m, 0.0)}) {
      worst = std::fmax(worst, relative_error(combine_ab(m, other, 6371.0088),
                                              exact_distance(m, other, 6371.0088)));
      worst = std::fmax(worst, relative_error(combine_ab(other, m, 6371.0088),
                                              exact_distance(other, m, 6371.0088)));
    }
  }
  EXPECT_LE(worst, kMaxRelative);
  ::testing::Test::RecordProperty("max_relative", scientific(worst));
}

TEST(DoubleForFloat, RandomPointPairsAgreeWithTheFullCombineToFarBelowAFloat) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> lat(-90, 90), lon(-180, 180);
  double worst = 0;
  for (int k = 0; k < 200000; ++k) {
    const double lat1 = lat(rng), lon1 = lon(rng), lat2 = lat(rng), lon2 = lon(rng);
    const RowFactors<double> r = haversine_row<double>(lat2 - lat1, lat2 + lat1, lat2, lat1);
    const ColFactors<double> c = haversine_col<double>(reduce_deg_180(lon2 - lon1));
    const double full = haversine_combine(r, c, 6371.0088);
    const double short_one = haversine_combine_for_float(r, c, 6371.0088);
    if (full == 0) continue;
    worst = std::fmax(worst, std::fabs(short_one - full) / full);
  }
  EXPECT_LE(worst, kMaxRelative);
  ::testing::Test::RecordProperty("max_relative_vs_full", scientific(worst));
}

TEST(DoubleForFloat, FromAAloneMovesTheFarHalfByAtMostTheSquareRootOfAsError) {
  // b = 1 - a: past the quarter circle a's absolute rounding da moves the distance by at most
  // 2R sqrt(|da|) (0.13 m for the Earth in metres and da one ulp of 1/2..1; a float holds
  // 20,000 km to 2 m). a nudged by up to 4 of those ulps against the exact distance of the
  // unnudged a, over the far half.
  const double radius = 6371008.8;
  double worst_excess = -1;
  for (int k = 100000; k <= 200000; ++k) {
    const double a0 = k / 200000.0;
    const long double want = exact_distance(a0, 1.0 - a0, radius);
    for (int ulps = -4; ulps <= 4; ++ulps) {
      const double da = ulps * DBL_EPSILON / 2;
      const double a = std::fmin(1.0, a0 + da);
      const double bound = 2 * radius * std::sqrt(std::fabs(a - a0)) + kMaxRelative * want;
      const double error = std::fabs(haversine_a_for_float(a, radius) - want);
      worst_excess = std::fmax(worst_excess, error - bound);
    }
  }
  EXPECT_LE(worst_excess, 0.0);
  EXPECT_LT(2 * radius * std::sqrt(DBL_EPSILON / 2), 0.14);
  // On the near half it is the two-argument combine exactly.
  for (double a : {0.0, 1e-300, 1e-16, 0.25, 0.5, 0.75, 1.0}) {
    EXPECT_EQ(haversine_a_for_float(a, radius), haversine_ab_for_float(a, 1.0 - a, radius)) << a;
  }
}

}  // namespace
}  // namespace geofield
