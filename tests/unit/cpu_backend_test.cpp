// compute_field_on_cpu: every node is the shared math's value at that node, in row order with
// row 0 north, whatever the number of threads the rows are split into.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "cpu_backend.h"
#include "field_math.h"
#include "spherical_reference.h"
#include "test_grids.h"

namespace geofield {
namespace {

template <typename T>
void expect_every_node_is_the_math(const FieldParams& p) {
  const GridGeometry g = grid_geometry(p);
  std::vector<T> out(static_cast<size_t>(node_count(p)), T(-1));
  compute_field_on_cpu<T>(p, out.data());
  for (int i = 0; i < p.ny; ++i) {
    for (int j = 0; j < p.nx; ++j) {
      // Bit-identical: the backend must call the same functions, not a copy of them.
      ASSERT_EQ(out[static_cast<size_t>(i) * p.nx + j], field_value<T>(g, i, j))
          << "node " << i << "," << j;
    }
  }
}

TEST(CpuBackend, FloatFieldIsTheSharedMathAtEveryNode) {
  for (const test::NamedGrid& t : test::precision_test_grids()) {
    SCOPED_TRACE(t.name);
    expect_every_node_is_the_math<float>(t.params);
  }
}

TEST(CpuBackend, DoubleFieldIsTheSharedMathAtEveryNode) {
  for (const test::NamedGrid& t : test::precision_test_grids()) {
    SCOPED_TRACE(t.name);
    expect_every_node_is_the_math<double>(t.params);
  }
}

TEST(CpuBackend, FewerRowsThanThreadsAndTheSmallestGrid) {
  expect_every_node_is_the_math<float>(test::make_params(0, 1, 0, 1, 2, 2, 0, 0));
  expect_every_node_is_the_math<double>(test::make_params(-5, 5, 10, 20, 1000, 2, 0, 15));
  expect_every_node_is_the_math<double>(test::make_params(-5, 5, 10, 20, 2, 1000, 0, 15));
}

TEST(CpuBackend, RowZeroIsNorthAndValuesAreDistances) {
  // A 3x3 grid 0:2 x 0:2 with the reference at (0, 0): the south-west corner is zero.
  const FieldParams p = test::make_params(0, 2, 0, 2, 3, 3, 0, 0);
  std::vector<double> d(9);
  compute_field_on_cpu<double>(p, d.data());
  const double deg = kDefaultRadiusKm * test::kTestPi / 180;
  EXPECT_NEAR(d[6], 0.0, 1e-12);            // row 2 (south), column 0 (west)
  EXPECT_NEAR(d[0], 2 * deg, 1e-9);         // row 0: latitude 2, due north
  EXPECT_NEAR(d[8], 2 * deg, 1e-9);         // row 2, column 2: two degrees of equator
  EXPECT_NEAR(d[7], 1 * deg, 1e-9);
  for (int k = 0; k < 9; ++k) {
    const int i = k / 3, j = k % 3;
    EXPECT_NEAR(d[k], test::geographiclib_sphere_distance(0, 0, 2 - i, j, kDefaultRadiusKm),
                1e-9);
  }
}

}  // namespace
}  // namespace geofield
