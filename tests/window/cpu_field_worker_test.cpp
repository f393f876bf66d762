// The CPU worker computes the newest request off the calling thread, its field and index are
// the oracle's exactly, and a newer request stops the one in progress, for one site and many.
#include "view/cpu_field_worker.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

#include "backends/cpu_backend.h"
#include "compute/nearest_centre.h"

namespace geofield {
namespace {

std::optional<CpuFieldResult> wait_for(CpuFieldWorker& w) {
  for (int k = 0; k < 2000; ++k) {
    if (auto r = w.take()) return r;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return std::nullopt;
}

// One site and many: the worker's field, index and range are the oracle's (one site: the
// one-point field, no index kept, the exact range; several: the brute force and the values'
// range), in float and double.
struct WorkerCase {
  std::size_t sites;
  Precision precision;
};

class CpuFieldWorkerSites : public testing::TestWithParam<WorkerCase> {};

TEST_P(CpuFieldWorkerSites, GivesTheOraclesFieldIndexAndRange) {
  std::atomic<int> ready{0};
  CpuFieldWorker w([&] { ++ready; });
  FieldParams p;
  p.nx = 37, p.ny = 23;
  p.precision = GetParam().precision;
  const std::vector<Centre> all{{29, 100, ""}, {31, 102.5, ""}, {30, 101, ""}, {30, 101, "dup"}};
  auto list =
      std::make_shared<const std::vector<Centre>>(all.begin(), all.begin() + GetParam().sites);
  const FieldRequest asked{p, SiteSet::points(list)};
  w.request(asked);
  const auto r = wait_for(w);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->request, asked);
  EXPECT_EQ(r->request.sites.points(), list);
  const std::size_t n = std::size_t(p.nx * p.ny);
  std::vector<double> want(n);
  std::vector<std::int32_t> index(n);
  nearest_centre_brute_force<double>(p, *list, want.data(), index.data());
  std::vector<float> want32(n);
  nearest_centre_brute_force<float>(p, *list, want32.data(), index.data());
  if (p.precision == Precision::f64) {
    EXPECT_EQ(r->f64, want);
    for (std::size_t k = 0; k < n; ++k) ASSERT_EQ(r->f32[k], float(want[k])) << k;
  } else {
    EXPECT_EQ(r->f32, want32);
    EXPECT_TRUE(r->f64.empty());
  }
  EXPECT_EQ(r->index.empty(), list->size() == 1);  // one site: 0 everywhere, not kept
  EXPECT_EQ(r->index_or_zeros(), index);
  if (list->size() == 1) {
    EXPECT_EQ(std::count(index.begin(), index.end(), 0), std::ptrdiff_t(n));
    const ValueRange exact = field_range(asked.one_point_params());
    EXPECT_EQ(r->known_range.min, exact.min);
    EXPECT_EQ(r->known_range.max, exact.max);
  } else {
    EXPECT_EQ(std::count(index.begin(), index.end(), 3), 0);  // the duplicate never wins
    const auto [lo, hi] = std::minmax_element(want32.begin(), want32.end());
    if (p.precision == Precision::f32) {
      EXPECT_EQ(r->known_range.min, *lo);
      EXPECT_EQ(r->known_range.max, *hi);
    }
  }
  // on_ready runs just after the result is published, so take() can see the result first (it
  // did under ASan's timing): wait for the call.
  for (int k = 0; k < 2000 && ready.load() < 1; ++k) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_GE(ready.load(), 1);
  EXPECT_FALSE(w.take().has_value());  // taken once
  EXPECT_FALSE(w.busy());
}

INSTANTIATE_TEST_SUITE_P(
    OneSiteAndMany, CpuFieldWorkerSites,
    testing::Values(WorkerCase{1, Precision::f32}, WorkerCase{1, Precision::f64},
                    WorkerCase{4, Precision::f32}, WorkerCase{4, Precision::f64}),
    [](const testing::TestParamInfo<WorkerCase>& i) {
      return std::to_string(i.param.sites) + "_sites_" + std::string(to_string(i.param.precision));
    });

TEST(CpuFieldWorker, TheNewestRequestWins) {
  CpuFieldWorker w;
  FieldParams p;
  p.nx = p.ny = 512;
  for (int k = 0; k < 20; ++k) {
    p.ref_lat_deg = 29 + 0.1 * k;
    w.request(p);
  }
  std::optional<CpuFieldResult> last;
  for (int k = 0; k < 4000 && (w.busy() || !last || !(last->request.params == p)); ++k) {
    if (auto r = w.take()) last = std::move(r);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->request.params, p);
  EXPECT_FALSE(w.busy());
}

// A field of seconds (node by node on ortho, in double) is stopped by a newer request, and its
// progress is known meanwhile, whether its sites are one or many.
class CpuFieldWorkerStops : public testing::TestWithParam<std::size_t> {};

TEST_P(CpuFieldWorkerStops, ANewerRequestStopsTheFieldInProgressAndItsProgressIsKnown) {
  CpuFieldWorker w;
  FieldParams big;
  big.projection = Projection::ortho;
  big.extent = kDefaultRadiusKm;
  big.nx = big.ny = 3000;
  big.precision = Precision::f64;
  std::vector<Centre> sites;
  for (std::size_t k = 0; k < GetParam(); ++k) sites.push_back({29.0 + k, 100.0 + 0.5 * k, ""});
  w.request(FieldRequest{big, SiteSet::points(std::move(sites))});
  std::optional<double> seen;
  for (int k = 0; k < 400 && !(seen && *seen > 0); ++k) {
    seen = w.progress();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_TRUE(seen.has_value());
  EXPECT_GT(*seen, 0.0);
  EXPECT_LT(*seen, 1.0);
  FieldParams small;
  small.nx = 32;
  small.ny = 16;
  w.request(small);
  const auto r = wait_for(w);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->request.params, small);  // the stale field was dropped, not handed over
  EXPECT_FALSE(w.progress().has_value());
}

INSTANTIATE_TEST_SUITE_P(OneSiteAndMany, CpuFieldWorkerStops, testing::Values(1u, 50u),
                         [](const testing::TestParamInfo<std::size_t>& i) {
                           return std::to_string(i.param) + "_sites";
                         });

}  // namespace
}  // namespace geofield
