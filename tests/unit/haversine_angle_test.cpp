// haversine_half_angle: half the great-circle angle from a = hav(angle), b = hav(pi - angle),
// as asin(sqrt a) or pi/2 - asin(sqrt b) with one polynomial (core/field_math.h), against the
// exact value in long double (64-bit mantissa: 11 bits more than double), in units in the last
// place (ulp) of the result type: zeros and the antipode, tiny and subnormal arguments, every
// float near the diagonal a = b (where the polynomial's error is largest), the whole range
// sampled, random double arguments, and the same angle as atan2(sqrt a, sqrt b) when a + b = 1.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "field_math.h"

namespace geofield {
namespace {

// Asserted. Measured when written: float 2.24 ulp, double 2.27 ulp, both on the far half near
// the diagonal (the polynomial's evaluation near m = 1/2, the square root's rounding and
// pi/2 - r; the minimax error itself is 0.13 ulp in float and 0.07 ulp in double,
// scripts/fit_asin_poly.py).
constexpr double kMaxUlpFloat = 2.5;
constexpr double kMaxUlpDouble = 3.0;
const long double kHalfPi = std::acos(-1.0L) / 2;

// The exact half angle of (a, b) as the function defines it: from the smaller haversine.
long double exact_half_angle(long double a, long double b) {
  return a <= b ? std::asin(std::sqrt(a)) : kHalfPi - std::asin(std::sqrt(b));
}

template <typename T>
double ulp_error(T got, long double exact) {
  const T nearest = static_cast<T>(exact);
  const long double ulp =
      static_cast<long double>(std::nextafter(nearest, std::numeric_limits<T>::max())) - nearest;
  return static_cast<double>(std::fabs(static_cast<long double>(got) - exact) / ulp);
}

template <typename T>
struct Worst {
  double ulp = 0;
  T a = 0, b = 0;
  void see(T aa, T bb) {
    const double e = ulp_error(haversine_half_angle(aa, bb), exact_half_angle(aa, bb));
    if (!(e <= ulp)) *this = {e, aa, bb};  // NaN is worst
  }
};

template <typename T>
void expect_within(const Worst<T>& w, double bound, const std::string& what) {
  EXPECT_LE(w.ulp, bound) << what << ": haversine_half_angle(" << w.a << ", " << w.b << ")";
  ::testing::Test::RecordProperty("max_ulp_" + what, std::to_string(w.ulp));
}

TEST(HaversineHalfAngle, CoincidentPointsAntipodeAndQuarter) {
  EXPECT_EQ(haversine_half_angle(0.0f, 1.0f), 0.0f);  // the reference point itself
  EXPECT_EQ(haversine_half_angle(0.0, 1.0), 0.0);
  EXPECT_EQ(haversine_half_angle(1.0f, 0.0f), static_cast<float>(kHalfPi));  // the antipode
  EXPECT_EQ(haversine_half_angle(1.0, 0.0), static_cast<double>(kHalfPi));
  EXPECT_LE(ulp_error(haversine_half_angle(0.5f, 0.5f), kHalfPi / 2), kMaxUlpFloat);
  EXPECT_LE(ulp_error(haversine_half_angle(0.5, 0.5), kHalfPi / 2), kMaxUlpDouble);
}

TEST(HaversineHalfAngle, TinyHaversinesGiveTheirSquareRootExactly) {
  // asin(sqrt m) = sqrt m (1 + m/6 + ...): below m = 2^-24 the correction is under half an ulp.
  for (float m : {FLT_TRUE_MIN, 1000 * FLT_TRUE_MIN, FLT_MIN, 1e-30f, 1e-20f, 1e-10f}) {
    EXPECT_EQ(haversine_half_angle(m, 1.0f), std::sqrt(m)) << m;
    // The antipode's neighbourhood: pi/2 - sqrt m, to its last bit or two.
    EXPECT_LE(ulp_error(haversine_half_angle(1.0f, m), exact_half_angle(1.0f, m)), kMaxUlpFloat)
        << m;
  }
  for (double m : {DBL_TRUE_MIN, DBL_MIN, 1e-300, 1e-100, 1e-40, 1e-20}) {
    EXPECT_EQ(haversine_half_angle(m, 1.0), std::sqrt(m)) << m;
  }
}

TEST(HaversineHalfAngle, EveryFloatNearTheDiagonal) {
  // m in [1/4, 0.5005]: every float (2^23 + some), as the near half (a = m) and the far half
  // (b = m), with the other haversine 1 - m as the caller's sum would give it.
  Worst<float> near, far;
  for (float m = 0.25f; m <= 0.5005f; m = std::nextafter(m, 1.0f)) {
    near.see(m, 1.0f - m);
    far.see(1.0f - m, m);
  }
  expect_within(near, kMaxUlpFloat, "float_near_diagonal");
  expect_within(far, kMaxUlpFloat, "float_far_diagonal");
}

TEST(HaversineHalfAngle, FloatsBelowAQuarterEveryThirteenth) {
  Worst<float> near, far;
  std::uint32_t bits;
  const float start = 1e-12f;
  std::memcpy(&bits, &start, sizeof bits);
  for (float m = start; m < 0.25f; bits += 13, std::memcpy(&m, &bits, sizeof m)) {
    near.see(m, 1.0f - m);
    far.see(1.0f - m, m);
  }
  expect_within(near, kMaxUlpFloat, "float_below_quarter");
  expect_within(far, kMaxUlpFloat, "float_above_three_quarters");
}

TEST(HaversineHalfAngle, RandomDoubles) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> uniform(0.0, 0.5005);
  std::uniform_real_distribution<double> decade(-30, 0);
  Worst<double> near, far;
  for (int k = 0; k < 1'000'000; ++k) {
    const double m = (k % 2 == 0) ? uniform(rng) : 0.5 * std::pow(10.0, decade(rng));
    near.see(m, 1.0 - m);
    far.see(1.0 - m, m);
  }
  expect_within(near, kMaxUlpDouble, "double_near");
  expect_within(far, kMaxUlpDouble, "double_far");
}

TEST(HaversineHalfAngle, IsAtan2OfTheSquareRootsWhenTheHaversinesSumToOne) {
  // a = k / 2^20 and b = 1 - a are exact in float and double: then asin(sqrt a) is
  // atan2(sqrt a, sqrt b) exactly, and the function must be within its bound of that too.
  double worst_f = 0, worst_d = 0;
  for (int k = 0; k <= (1 << 20); ++k) {
    const double a = std::ldexp(static_cast<double>(k), -20), b = 1.0 - a;
    const long double exact =
        std::atan2(std::sqrt(static_cast<long double>(a)), std::sqrt(static_cast<long double>(b)));
    worst_f = std::max(
        worst_f,
        ulp_error(haversine_half_angle(static_cast<float>(a), static_cast<float>(b)), exact));
    worst_d = std::max(worst_d, ulp_error(haversine_half_angle(a, b), exact));
  }
  EXPECT_LE(worst_f, kMaxUlpFloat);
  EXPECT_LE(worst_d, kMaxUlpDouble);
}

}  // namespace
}  // namespace geofield
