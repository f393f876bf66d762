// The float path (stores and computes in float) against the double path, node by node:
//   |float - double| <= 2e-6 * max|double| + 2e-6 * |double|
// and the double path against GeographicLib's exact sphere at sampled nodes.
#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <vector>

#include "backends/cpu_backend.h"
#include "field_math.h"
#include "spherical_reference.h"
#include "test_grids.h"

namespace geofield {
namespace {

class FloatVsDouble : public ::testing::TestWithParam<test::NamedGrid> {};

TEST_P(FloatVsDouble, EveryFloatNodeIsWithinTheBoundOfTheDoubleNode) {
  const FieldParams& p = GetParam().params;
  ASSERT_NO_THROW(validate(p));
  const size_t n = static_cast<size_t>(node_count(p));
  std::vector<float> f(n, std::nanf(""));
  std::vector<double> d(n, std::nan(""));
  compute_field_on_cpu<float>(p, f.data());
  compute_field_on_cpu<double>(p, d.data());

  double largest = 0;
  for (double v : d) largest = std::max(largest, std::abs(v));
  ASSERT_GT(largest, 0.0);
  int failures = 0;
  double worst_ratio = 0;
  for (size_t k = 0; k < n; ++k) {
    const double bound = 2e-6 * largest + 2e-6 * std::abs(d[k]);
    const double err = std::abs(static_cast<double>(f[k]) - d[k]);
    worst_ratio = std::max(worst_ratio, err / bound);
    if (!(err <= bound) && ++failures <= 5) {
      ADD_FAILURE() << "node " << k / p.nx << "," << k % p.nx << ": float " << f[k] << " double "
                    << d[k] << " error " << err << " bound " << bound;
    }
  }
  EXPECT_EQ(failures, 0) << "worst error / bound = " << worst_ratio;
  RecordProperty("worst_error_over_bound", std::to_string(worst_ratio));
}

// The seed is not a distance: only the haversine grids have a geodesic reference.
class DoubleVsGeographicLib : public ::testing::TestWithParam<test::NamedGrid> {};

TEST_P(DoubleVsGeographicLib, SampledNodesMatchTheExactSphere) {
  const FieldParams& p = GetParam().params;
  ASSERT_EQ(p.formula, Formula::haversine);
  const GridGeometry g = grid_geometry(p);
  std::vector<double> d(static_cast<size_t>(node_count(p)));
  compute_field_on_cpu<double>(p, d.data());
  // The field and GeographicLib see node coordinates rounded differently (lat_max - i step
  // against offsets from the reference): a few units in the last place of 360 degrees.
  const double coordinate_rounding = 8 * DBL_EPSILON * 360 * (test::kTestPi / 180) * g.radius;
  // Every 7th row and 5th column, and the last row and column (corners included).
  auto sample = [](int count, int stride) {
    std::vector<int> v;
    for (int k = 0; k < count; k += stride) v.push_back(k);
    v.push_back(count - 1);
    return v;
  };
  for (int i : sample(p.ny, 7)) {
    for (int j : sample(p.nx, 5)) {
      const double ref = test::geographiclib_sphere_distance(
          p.ref_lat_deg, p.ref_lon_deg, node_lat_deg(g, i), node_lon_deg(g, j), g.radius);
      ASSERT_NEAR(d[static_cast<size_t>(i) * p.nx + j], ref, 1e-12 * ref + coordinate_rounding)
          << "node " << i << "," << j;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Grids, FloatVsDouble, ::testing::ValuesIn(test::precision_test_grids()),
                         [](const auto& info) { return info.param.name; });
INSTANTIATE_TEST_SUITE_P(Grids, DoubleVsGeographicLib,
                         ::testing::ValuesIn(test::precision_test_grids(Formula::haversine)),
                         [](const auto& info) { return info.param.name; });

TEST(FloatVsDoubleGrids, TheAntipodeGridsReallyHoldTheAntipode) {
  // Guards the test grids themselves: a node at exactly pi R.
  for (const test::NamedGrid& t : test::precision_test_grids()) {
    if (t.name.find("antipode") == std::string::npos || t.params.formula != Formula::haversine) {
      continue;
    }
    const FieldParams& p = t.params;
    std::vector<double> d(static_cast<size_t>(node_count(p)));
    compute_field_on_cpu<double>(p, d.data());
    const double half = test::kTestPi * grid_geometry(p).radius;
    EXPECT_NEAR(*std::max_element(d.begin(), d.end()), half, 1e-12 * half) << t.name;
  }
}

}  // namespace
}  // namespace geofield
