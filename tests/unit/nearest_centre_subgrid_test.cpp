// Subgrids of the nearest-centre field (issue 27): every subgrid of a grid, and every block its
// blocks form emits, holds bit for bit the whole grid's values and indices at its nodes (tiles
// mosaic into the whole render exactly), on latlon grids (the globe, across the antimeridian,
// wgs84) and projected ones (aeqd, ortho, whose off-map nodes are NaN and -1 in both); and the
// brute force's subgrids are the brute force's whole grid.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

#include "case_names.h"
#include "centre_sets.h"
#include "compute/nearest_centre.h"
#include "errors.h"
#include "same_bits.h"
#include "test_grids.h"

namespace geofield {
namespace {

using test::same_bits;

struct SubgridCase {
  std::string name;
  FieldParams p;
  std::vector<Centre> centres;
};

void PrintTo(const SubgridCase& c, std::ostream* os) { *os << c.name; }

FieldParams with(FieldParams p, Projection projection, double extent, Formula formula) {
  p.projection = projection;
  p.extent = extent;
  p.formula = formula;
  return p;
}

std::vector<SubgridCase> subgrid_cases() {
  const FieldParams globe = test::make_params(-90, 90, -180, 180, 91, 47, 10, 20);
  const FieldParams across = test::make_params(-60, 70, 150, -120, 77, 53, 0, 0);  // across 180
  const double half = kPi * kDefaultRadiusKm;
  return {
      {"latlon globe", globe, test::tie_heavy_centres(globe, 500, 3)},
      {"latlon across 180", across, test::tie_heavy_centres(across, 200, 5)},
      {"latlon wgs84", with(across, Projection::latlon, 0, Formula::wgs84),
       test::tie_heavy_centres(across, 50, 7)},
      // The whole sphere about a point near 180: the map's rows cross the antimeridian and the
      // antipode's circle.
      {"aeqd whole sphere",
       with(test::make_params(-10, 10, 170, 190, 81, 61, 25, 179), Projection::aeqd, half,
            Formula::haversine),
       test::random_centres(800, 9)},
      {"ortho globe",
       with(test::make_params(-30, 50, 120, -140, 73, 73, 0, 0), Projection::ortho,
            kDefaultRadiusKm, Formula::haversine),
       test::random_centres(300, 11)},
      {"ortho wgs84",
       with(test::make_params(40, 60, -10, 30, 41, 33, 0, 0), Projection::ortho, 3000,
            Formula::wgs84),
       test::random_centres(40, 13)},
  };
}

// Subgrids at the corners and edges, one row, one column, one node, the interior, the whole.
std::vector<Subgrid> subgrids_of(const FieldParams& p) {
  return {whole_grid(p.nx, p.ny),     {0, 0, 7, 5},           {p.ny - 4, p.nx - 9, 9, 4},
          {p.ny / 2, 0, p.nx, 1},     {0, p.nx / 3, 1, p.ny}, {p.ny / 3, p.nx / 2, 1, 1},
          {3, 5, p.nx - 11, p.ny - 7}};
}

class NearestCentreSubgrid : public testing::TestWithParam<SubgridCase> {
 protected:
  template <typename T>
  void expect_subgrids_equal_whole(bool brute) {
    const SubgridCase& c = GetParam();
    FieldParams p = c.p;
    p.precision = sizeof(T) == 4 ? Precision::f32 : Precision::f64;
    const std::size_t n = static_cast<std::size_t>(p.nx) * p.ny;
    std::vector<T> whole(n);
    std::vector<std::int32_t> whole_k(n);
    auto subgrid = [&](const Subgrid& w, T* v, std::int32_t* k) {
      if (brute) {
        nearest_centre_brute_force<T>(p, c.centres, w, v, k);
      } else {
        nearest_centre_subgrid_on_cpu<T>(p, c.centres, w, v, k);
      }
    };
    if (brute) {
      nearest_centre_brute_force<T>(p, c.centres, whole.data(), whole_k.data());
    } else {
      nearest_centre_field_on_cpu<T>(p, c.centres, whole.data(), whole_k.data());
    }
    for (const Subgrid& w : subgrids_of(p)) {
      const std::string what = c.name + (brute ? " brute force" : "") + " subgrid rows " +
                               std::to_string(w.row0) + "+" + std::to_string(w.ny) + " cols " +
                               std::to_string(w.col0) + "+" + std::to_string(w.nx);
      const std::size_t m = static_cast<std::size_t>(w.nx) * w.ny;
      std::vector<T> v(m, T(-7));
      std::vector<std::int32_t> k(m, -7);
      subgrid(w, v.data(), k.data());
      // The blocks form: every row once, each block's rows at their place.
      std::vector<T> bv(m, T(-7));
      std::vector<std::int32_t> bk(m, -7);
      std::vector<int> emitted(static_cast<std::size_t>(w.ny), 0);
      std::mutex mutex;
      if (!brute) {
        nearest_centre_subgrid_blocks_on_cpu<T>(
            p, c.centres, w,
            [&](int first, std::span<const T> values, std::span<const std::int32_t> index) {
              const std::lock_guard<std::mutex> lock(mutex);
              ASSERT_EQ(values.size(), index.size());
              ASSERT_EQ(values.size() % w.nx, 0u);
              const std::size_t at = static_cast<std::size_t>(first) * w.nx;
              ASSERT_LE(at + values.size(), m);
              std::copy(values.begin(), values.end(), bv.begin() + at);
              std::copy(index.begin(), index.end(), bk.begin() + at);
              for (std::size_t r = 0; r < values.size() / w.nx; ++r) ++emitted[first + r];
            });
        for (int r = 0; r < w.ny; ++r) ASSERT_EQ(emitted[r], 1) << what << " row " << r;
      }
      std::size_t differ = 0;
      for (int i = 0; i < w.ny; ++i) {
        for (int j = 0; j < w.nx; ++j) {
          const std::size_t at = static_cast<std::size_t>(i) * w.nx + j;
          const std::size_t whole_at = static_cast<std::size_t>(w.row0 + i) * p.nx + w.col0 + j;
          const bool ok =
              same_bits(v[at], whole[whole_at]) && k[at] == whole_k[whole_at] &&
              (brute || (same_bits(bv[at], whole[whole_at]) && bk[at] == whole_k[whole_at]));
          if (!ok && differ++ < 3) {
            ADD_FAILURE() << what << ": local node (" << i << ", " << j << ") " << v[at]
                          << " (centre " << k[at] << "), blocks " << bv[at] << " (centre " << bk[at]
                          << "), whole " << whole[whole_at] << " (centre " << whole_k[whole_at]
                          << ")";
          }
        }
      }
      EXPECT_EQ(differ, 0u) << what;
    }
  }
};

TEST_P(NearestCentreSubgrid, WindowsAreTheWholeGridsNodesFloat) {
  expect_subgrids_equal_whole<float>(false);
}
TEST_P(NearestCentreSubgrid, WindowsAreTheWholeGridsNodesDouble) {
  expect_subgrids_equal_whole<double>(false);
}
TEST_P(NearestCentreSubgrid, BruteForceWindowsAreItsWholeGrid) {
  expect_subgrids_equal_whole<float>(true);
}

INSTANTIATE_TEST_SUITE_P(Views, NearestCentreSubgrid, testing::ValuesIn(subgrid_cases()),
                         [](const testing::TestParamInfo<SubgridCase>& info) {
                           return test::gtest_case_name(info.param.name);
                         });

TEST(NearestCentreSubgridChecks, ASubgridOutsideTheGridIsRefused) {
  const FieldParams p = test::make_params(29, 31, 99, 101, 8, 8, 30, 101);
  std::vector<float> v(64);
  std::vector<std::int32_t> k(64);
  const std::vector<Centre> one{{30, 101, ""}};
  EXPECT_THROW(nearest_centre_subgrid_on_cpu<float>(p, one, {4, 0, 8, 8}, v.data(), k.data()),
               RuntimeFailure);
  EXPECT_THROW(nearest_centre_subgrid_on_cpu<float>(p, one, {0, 0, 0, 1}, v.data(), k.data()),
               RuntimeFailure);
  EXPECT_THROW(nearest_centre_subgrid_blocks_on_cpu<float>(p, one, {0, 1, 8, 1}, {}),
               RuntimeFailure);
}

// An export that fails mid-way (a full disk): the first exception from emit stops the other
// cores at their next block and reaches the caller; not every block is emitted.
TEST(NearestCentreSubgridChecks, AnExceptionFromEmitStopsTheBlocksAndIsRethrown) {
  const FieldParams p = test::make_params(-80, 80, -180, 180, 64, 400, 0, 0);
  const std::vector<Centre> centres = test::random_centres(100, 3);
  std::mutex mutex;
  int calls = 0;
  const auto failing = [&](int, std::span<const float>, std::span<const std::int32_t>) {
    const std::lock_guard<std::mutex> lock(mutex);
    if (++calls == 2) throw RuntimeFailure("disk full");
  };
  try {
    nearest_centre_subgrid_blocks_on_cpu<float>(p, centres, whole_grid(p.nx, p.ny), failing);
    ADD_FAILURE() << "the exception from emit was swallowed";
  } catch (const RuntimeFailure& e) {
    EXPECT_STREQ(e.what(), "disk full");
  }
  EXPECT_LT(calls, p.ny * p.nx / 4096) << "every block was still emitted";
}

}  // namespace
}  // namespace geofield
