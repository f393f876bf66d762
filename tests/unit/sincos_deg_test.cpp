// sincos_deg: exact reduction to [-45, 45] degrees, so the quadrant points are exact in float
// and in double, and every other angle matches sin/cos of the angle in radians.
#include <gtest/gtest.h>

#include <cmath>

#include "field_math.h"

namespace geofield {
namespace {

template <typename T>
void expect_exact_quadrants() {
  struct Case {
    T deg, s, c;
  };
  for (const Case& k : {Case{0, 0, 1}, Case{90, 1, 0}, Case{180, 0, -1}, Case{270, -1, 0},
                        Case{360, 0, 1}, Case{-90, -1, 0}, Case{-180, 0, -1}, Case{-270, 1, 0},
                        Case{540, 0, -1}, Case{-720, 0, 1}}) {
    T s, c;
    sincos_deg<T>(k.deg, &s, &c);
    EXPECT_EQ(s, k.s) << k.deg;
    EXPECT_EQ(c, k.c) << k.deg;
  }
}

TEST(SincosDeg, QuadrantPointsAreExactInDouble) { expect_exact_quadrants<double>(); }
TEST(SincosDeg, QuadrantPointsAreExactInFloat) { expect_exact_quadrants<float>(); }

TEST(SincosDeg, MatchesTheRadianFunctionsEverywhere) {
  for (double deg = -725.0; deg <= 725.0; deg += 0.37) {
    double s, c;
    sincos_deg(deg, &s, &c);
    const double rad = deg * 3.141592653589793238462643383279502884 / 180.0;
    // The reference itself loses ~|rad| * 1e-16 in its argument; allow for it.
    const double tol = 4e-16 * (1 + std::abs(rad));
    EXPECT_NEAR(s, std::sin(rad), tol) << deg;
    EXPECT_NEAR(c, std::cos(rad), tol) << deg;
    float sf, cf;
    sincos_deg<float>(static_cast<float>(deg), &sf, &cf);
    const double rad_f = static_cast<double>(static_cast<float>(deg)) * 3.141592653589793 / 180;
    EXPECT_NEAR(sf, std::sin(rad_f), 3e-7) << deg;
    EXPECT_NEAR(cf, std::cos(rad_f), 3e-7) << deg;
  }
}

TEST(SincosDeg, SmallAnglesKeepRelativeAccuracy) {
  for (double deg : {1e-9, -1e-9, 1e-300, 4.5e-5, -3e-3}) {
    double s, c;
    sincos_deg(deg, &s, &c);
    const double rad = deg * 3.141592653589793 / 180;
    EXPECT_NEAR(s, std::sin(rad), 2e-16 * std::abs(s)) << deg;
    EXPECT_NEAR(c, std::cos(rad), 2e-16) << deg;
  }
  // sin(180 - x) is sin(x) to the last bits, which plain sin(pi - x) cannot give: near 180
  // the radian argument has lost all but a few digits of x.
  for (double x : {1e-7, 3e-5, 1e-2}) {
    const double near180 = 180 - x;
    const double exact_x = 180 - near180;  // exact (Sterbenz): the x really given
    double s1, c1, s2, c2;
    sincos_deg(exact_x, &s1, &c1);
    sincos_deg(near180, &s2, &c2);
    EXPECT_NEAR(s2, s1, 4e-16 * s1) << x;
    EXPECT_EQ(c2, -c1) << x;
  }
}

}  // namespace
}  // namespace geofield
