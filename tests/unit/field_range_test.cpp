// field_range (O(nx + ny)) against a brute-force min/max over the double field.
#include "field_range.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "backends/cpu_backend.h"
#include "spherical_reference.h"
#include "test_grids.h"

namespace geofield {
namespace {

ValueRange brute_force_range(const FieldParams& p) {
  std::vector<double> d(static_cast<size_t>(node_count(p)));
  compute_field_on_cpu<double>(p, d.data());
  const auto [lo, hi] = std::minmax_element(d.begin(), d.end());
  return {*lo, *hi};
}

class FieldRange : public ::testing::TestWithParam<test::NamedGrid> {};

TEST_P(FieldRange, EqualsTheBruteForceExtremes) {
  const FieldParams& p = GetParam().params;
  const ValueRange fast = field_range(p);
  const ValueRange slow = brute_force_range(p);
  // The same double arithmetic at the same nodes: equal to the last bits.
  EXPECT_DOUBLE_EQ(fast.min, slow.min);
  EXPECT_DOUBLE_EQ(fast.max, slow.max);
  EXPECT_LT(fast.min, fast.max);
}

INSTANTIATE_TEST_SUITE_P(Grids, FieldRange, ::testing::ValuesIn(test::precision_test_grids()),
                         [](const auto& info) { return info.param.name; });

TEST(FieldRangeExtra, ReferenceOnANodeGivesZero) {
  // 29:31 with 201 rows puts latitude 30 on row 100, longitude 101 is the last column.
  const FieldParams p = test::make_params(29, 31, 99, 101, 101, 201, 30, 101);
  const ValueRange r = field_range(p);
  EXPECT_NEAR(r.min, 0.0, 1e-9);
  // The farthest node is the south-west corner: a degree of longitude is longer at 29 than at 31.
  const double far = test::geographiclib_sphere_distance(30, 101, 29, 99, kDefaultRadiusKm);
  EXPECT_GT(far, test::geographiclib_sphere_distance(30, 101, 31, 99, kDefaultRadiusKm));
  EXPECT_NEAR(r.max, far, 1e-9);
}

TEST(FieldRangeExtra, WholeGlobeSpansZeroToHalfTheCircumference) {
  const FieldParams p = test::make_params(-90, 90, -180, 180, 361, 181, 30, 101);
  const ValueRange r = field_range(p);
  EXPECT_NEAR(r.min, 0.0, 1e-9);
  EXPECT_NEAR(r.max, test::kTestPi * kDefaultRadiusKm, 1e-9);
}

TEST(FieldRangeExtra, RandomGridsAgreeWithBruteForce) {
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> lat(-90, 90), lon(-360, 360);
  std::uniform_int_distribution<int> side(2, 60);
  for (int k = 0; k < 300; ++k) {
    double a = lat(rng), b = lat(rng);
    if (a == b) continue;
    double lo0 = lon(rng), lo1 = lon(rng);
    if (lo0 == lo1) continue;
    FieldParams p = test::make_params(std::min(a, b), std::max(a, b), lo0, lo1, side(rng),
                                      side(rng), lat(rng), lon(rng));
    p.formula = k % 2 ? Formula::seed : Formula::haversine;
    const ValueRange fast = field_range(p), slow = brute_force_range(p);
    EXPECT_DOUBLE_EQ(fast.min, slow.min) << "grid " << k;
    EXPECT_DOUBLE_EQ(fast.max, slow.max) << "grid " << k;
  }
}

}  // namespace
}  // namespace geofield
