// The CPU's one path (cpu_field.h, issue 27) over one site and many, the same cases for both:
// the whole field is the oracle's (one site: the one-point field of compute_field_on_cpu, index
// 0; several: the nearest-site brute force), every subgrid and every block of the blocks form is
// the whole field's at its nodes bit for bit (tiles mosaic exactly), compute_cpu_field keeps
// the index only where it says more than "site 0", and an exception from a block's receiver
// (a full disk, a worker's cancel) stops the other cores and reaches the caller.
#include "compute/cpu_field.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <mutex>
#include <span>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "backends/cpu_backend.h"
#include "case_names.h"
#include "centre_sets.h"
#include "same_bits.h"
#include "test_grids.h"

namespace geofield {
namespace {

using test::same_bits;

struct SitesCase {
  std::string name;
  FieldRequest request;
};

void PrintTo(const SitesCase& c, std::ostream* os) { *os << c.name; }

FieldParams projected(FieldParams p, Projection projection, double extent) {
  p.projection = projection;
  p.extent = extent;
  return p;
}

// Each view with one site (its fast path: on aeqd the site is the map's centre) and with many.
std::vector<SitesCase> sites_cases() {
  const FieldParams across = test::make_params(-60, 70, 150, -120, 77, 53, 20, 175);
  FieldParams wgs84 = across;
  wgs84.formula = Formula::wgs84;
  const FieldParams aeqd =
      projected(test::make_params(-10, 10, 170, 190, 81, 61, 25, 179), Projection::aeqd,
                kPi * kDefaultRadiusKm);  // the whole sphere: the antipode's circle, NaN beyond
  const FieldParams ortho = projected(test::make_params(-30, 50, 120, -140, 73, 73, 10, 170),
                                      Projection::ortho, kDefaultRadiusKm);
  std::vector<SitesCase> cases;
  for (const auto& [view, p] : {std::pair<std::string, FieldParams>{"latlon across 180", across},
                                {"latlon wgs84", wgs84},
                                {"aeqd whole sphere", aeqd},
                                {"ortho globe", ortho}}) {
    cases.push_back({view + " one site", FieldRequest::of_reference(p)});
    cases.push_back({view + " many sites", {p, SiteSet::points(test::random_centres(300, 11))}});
  }
  return cases;
}

// Subgrids at the corners and edges, one row, one column, one node, the interior, the whole.
std::vector<Subgrid> subgrids_of(const FieldParams& p) {
  return {whole_grid(p.nx, p.ny),     {0, 0, 7, 5},           {p.ny - 4, p.nx - 9, 9, 4},
          {p.ny / 2, 0, p.nx, 1},     {0, p.nx / 3, 1, p.ny}, {p.ny / 3, p.nx / 2, 1, 1},
          {3, 5, p.nx - 11, p.ny - 7}};
}

class CpuOnePath : public testing::TestWithParam<SitesCase> {
 protected:
  template <typename T>
  FieldRequest request() const {
    FieldRequest r = GetParam().request;
    r.params.precision = sizeof(T) == 4 ? Precision::f32 : Precision::f64;
    return r;
  }

  // The oracle's field: one site's own field, or every site at every node.
  template <typename T>
  void oracle(const FieldRequest& r, std::vector<T>* v, std::vector<std::int32_t>* k) const {
    const std::size_t n = static_cast<std::size_t>(node_count(r.params));
    v->assign(n, T(-7));
    k->assign(n, -7);
    if (r.one_point()) {
      compute_field_on_cpu<T>(r.one_point_params(), v->data());
      k->assign(n, 0);
    } else {
      nearest_centre_brute_force<T>(r.params, *r.sites.points(), v->data(), k->data());
    }
  }

  template <typename T>
  void expect_subgrids_and_blocks_are_the_whole_field() {
    const FieldRequest r = request<T>();
    const FieldParams& p = r.params;
    std::vector<T> whole;
    std::vector<std::int32_t> whole_k;
    oracle<T>(r, &whole, &whole_k);
    for (const Subgrid& w : subgrids_of(p)) {
      const std::string what = GetParam().name + " subgrid rows " + std::to_string(w.row0) + "+" +
                               std::to_string(w.ny) + " cols " + std::to_string(w.col0) + "+" +
                               std::to_string(w.nx);
      const std::size_t m = static_cast<std::size_t>(w.nx) * w.ny;
      std::vector<T> v(m, T(-7)), bv(m, T(-7));
      std::vector<std::int32_t> k(m, -7), bk(m, -7);
      compute_request_subgrid_on_cpu<T>(r, w, v.data(), k.data());
      std::vector<int> emitted(static_cast<std::size_t>(w.ny), 0);
      std::mutex mutex;
      compute_request_subgrid_blocks_on_cpu<T>(
          r, w, [&](int first, std::span<const T> values, std::span<const std::int32_t> index) {
            const std::lock_guard<std::mutex> lock(mutex);
            ASSERT_EQ(values.size(), index.size());
            ASSERT_EQ(values.size() % w.nx, 0u);
            const std::size_t at = static_cast<std::size_t>(first) * w.nx;
            ASSERT_LE(at + values.size(), m);
            std::copy(values.begin(), values.end(), bv.begin() + at);
            std::copy(index.begin(), index.end(), bk.begin() + at);
            for (std::size_t row = 0; row < values.size() / w.nx; ++row) ++emitted[first + row];
          });
      for (int row = 0; row < w.ny; ++row) ASSERT_EQ(emitted[row], 1) << what << " row " << row;
      std::size_t differ = 0;
      for (int i = 0; i < w.ny; ++i) {
        for (int j = 0; j < w.nx; ++j) {
          const std::size_t at = static_cast<std::size_t>(i) * w.nx + j;
          const std::size_t whole_at = static_cast<std::size_t>(w.row0 + i) * p.nx + w.col0 + j;
          const bool ok = same_bits(v[at], whole[whole_at]) && k[at] == whole_k[whole_at] &&
                          same_bits(bv[at], whole[whole_at]) && bk[at] == whole_k[whole_at];
          if (!ok && differ++ < 3) {
            ADD_FAILURE() << what << ": local node (" << i << ", " << j << ") " << v[at]
                          << " (site " << k[at] << "), blocks " << bv[at] << " (site " << bk[at]
                          << "), oracle " << whole[whole_at] << " (site " << whole_k[whole_at]
                          << ")";
          }
        }
      }
      EXPECT_EQ(differ, 0u) << what;
    }
  }

  template <typename T>
  void expect_the_host_field_is_the_oracles() {
    const FieldRequest r = request<T>();
    std::vector<T> want;
    std::vector<std::int32_t> want_k;
    oracle<T>(r, &want, &want_k);
    geofield::CpuField f;
    std::atomic<int> rows{0};
    compute_cpu_field(r, &f, [&](int n) { rows += n; });  // from any core
    EXPECT_EQ(rows.load(), r.params.ny) << "every row counted once";
    EXPECT_EQ(f.request, r);
    EXPECT_EQ(f.index.empty(), r.one_point()) << "the index kept where it says more than 0s";
    EXPECT_EQ(f.index_or_zeros(), want_k);
    const std::vector<T>& got = [&]() -> const std::vector<T>& {
      if constexpr (sizeof(T) == 8) {
        return f.f64;
      } else {
        return f.f32;
      }
    }();
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t n = 0; n < want.size(); ++n) {
      ASSERT_TRUE(same_bits(got[n], want[n])) << GetParam().name << " node " << n;
      ASSERT_TRUE(same_bits(f.f32[n], float(want[n]))) << GetParam().name << " node " << n;
    }
    const HostField h = f.as(Precision::f64);
    EXPECT_EQ(h.f64.size(), want.size());
  }
};

TEST_P(CpuOnePath, SubgridsAndBlocksAreTheWholeFieldsNodesFloat) {
  expect_subgrids_and_blocks_are_the_whole_field<float>();
}
TEST_P(CpuOnePath, SubgridsAndBlocksAreTheWholeFieldsNodesDouble) {
  expect_subgrids_and_blocks_are_the_whole_field<double>();
}
TEST_P(CpuOnePath, TheHostFieldIsTheOraclesFloat) { expect_the_host_field_is_the_oracles<float>(); }
TEST_P(CpuOnePath, TheHostFieldIsTheOraclesDouble) {
  expect_the_host_field_is_the_oracles<double>();
}

INSTANTIATE_TEST_SUITE_P(OneSiteAndMany, CpuOnePath, testing::ValuesIn(sites_cases()),
                         [](const testing::TestParamInfo<SitesCase>& info) {
                           return test::gtest_case_name(info.param.name);
                         });

// A full disk mid-export, or the window's worker cancelling: the first exception from a block's
// receiver stops the other cores at their next block and reaches the caller, for one site and
// for many.
class CpuFieldStops : public testing::TestWithParam<std::size_t> {};

TEST_P(CpuFieldStops, AnExceptionFromABlockStopsTheOthersAndIsRethrown) {
  // A row a block for either path (the one-point rows' blocks are 256 KiB).
  const FieldParams p = test::make_params(-80, 80, -180, 180, 65536, 200, 0, 0);
  const FieldRequest r{
      p, GetParam() == 1 ? SiteSet::one_point(10, 20)
                         : SiteSet::points(test::random_centres(static_cast<int>(GetParam()), 3))};
  std::atomic<int> calls{0};
  auto emit = [&](int, std::span<const float>, std::span<const std::int32_t>) {
    if (++calls == 2) throw std::runtime_error("disk full");
    std::this_thread::sleep_for(std::chrono::milliseconds(2));  // a slow write
  };
  try {
    compute_request_subgrid_blocks_on_cpu<float>(r, whole_grid(p.nx, p.ny), emit);
    ADD_FAILURE() << "the exception from emit was swallowed";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "disk full");
  }
  EXPECT_LT(calls.load(), p.ny / 2) << "every block was still emitted";
}

INSTANTIATE_TEST_SUITE_P(OneSiteAndMany, CpuFieldStops, testing::Values(1u, 100u),
                         [](const testing::TestParamInfo<std::size_t>& i) {
                           return std::to_string(i.param) + "_sites";
                         });

}  // namespace
}  // namespace geofield
