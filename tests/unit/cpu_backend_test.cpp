// compute_field_on_cpu: every node is the shared math's value at that node, in row order with
// row 0 north, whatever the number of threads the rows are split into; the blocks of
// compute_field_blocks_on_cpu make the same field (a failure in one stopping them all is
// cpu_field_test.cpp's, for one site and many).
#include "backends/cpu_backend.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <mutex>
#include <span>
#include <vector>

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
  EXPECT_NEAR(d[6], 0.0, 1e-12);     // row 2 (south), column 0 (west)
  EXPECT_NEAR(d[0], 2 * deg, 1e-9);  // row 0: latitude 2, due north
  EXPECT_NEAR(d[8], 2 * deg, 1e-9);  // row 2, column 2: two degrees of equator
  EXPECT_NEAR(d[7], 1 * deg, 1e-9);
  for (int k = 0; k < 9; ++k) {
    const int i = k / 3, j = k % 3;
    EXPECT_NEAR(d[k], test::geographiclib_sphere_distance(0, 0, 2 - i, j, kDefaultRadiusKm), 1e-9);
  }
}

// The blocks of compute_field_blocks_on_cpu, put where they belong, are the whole field.
template <typename T>
void expect_blocks_tile_the_field(const FieldParams& p) {
  const size_t n = static_cast<size_t>(node_count(p));
  std::vector<T> whole(n), tiled(n, T(-1));
  std::vector<int> times_seen(static_cast<size_t>(p.ny), 0);
  std::mutex mutex;
  compute_field_on_cpu<T>(p, whole.data());
  compute_field_blocks_on_cpu<T>(p, [&](int first_row, std::span<const T> values) {
    ASSERT_EQ(values.size() % static_cast<size_t>(p.nx), 0u);
    const int rows = static_cast<int>(values.size() / static_cast<size_t>(p.nx));
    ASSERT_LE(first_row + rows, p.ny);
    std::copy(values.begin(), values.end(), tiled.begin() + static_cast<size_t>(first_row) * p.nx);
    const std::lock_guard<std::mutex> lock(mutex);
    for (int i = first_row; i < first_row + rows; ++i) ++times_seen[static_cast<size_t>(i)];
  });
  EXPECT_EQ(std::count(times_seen.begin(), times_seen.end(), 1), p.ny) << "every row once";
  EXPECT_EQ(std::memcmp(whole.data(), tiled.data(), n * sizeof(T)), 0) << "bit-identical";
}

TEST(CpuBackend, BlocksOfRowsMakeTheSameField) {
  expect_blocks_tile_the_field<float>(FieldParams{});
  expect_blocks_tile_the_field<double>(FieldParams{});
  expect_blocks_tile_the_field<float>(test::make_params(-5, 5, 10, 20, 3, 5000, 0, 15));
  expect_blocks_tile_the_field<double>(test::make_params(-5, 5, 10, 20, 70000, 3, 0, 15));
  expect_blocks_tile_the_field<float>(test::make_params(0, 1, 0, 1, 2, 2, 0, 0));
}

}  // namespace
}  // namespace geofield
