// The CPU worker computes the newest request off the calling thread, and its field is the
// CPU backend's field exactly.
#include "view/cpu_field_worker.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "backends/cpu_backend.h"

namespace geofield {
namespace {

std::optional<CpuFieldResult> wait_for(CpuFieldWorker& w) {
  for (int k = 0; k < 2000; ++k) {
    if (auto r = w.take()) return r;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return std::nullopt;
}

TEST(CpuFieldWorker, ComputesTheSameFieldAsTheBackend) {
  std::atomic<int> ready{0};
  CpuFieldWorker w([&] { ++ready; });
  FieldParams p;
  p.nx = 64;
  p.ny = 48;
  w.request(p);
  const auto r = wait_for(w);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(r->request.params, p);
  std::vector<float> want(64 * 48);
  compute_field_on_cpu<float>(p, want.data());
  EXPECT_EQ(r->f32, want);
  EXPECT_TRUE(r->f64.empty());
  // on_ready runs just after the result is published, so take() can see the result first (it
  // did under ASan's timing): wait for the call.
  for (int k = 0; k < 2000 && ready.load() < 1; ++k) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  EXPECT_GE(ready.load(), 1);
  EXPECT_FALSE(w.take().has_value());  // taken once
}

TEST(CpuFieldWorker, DoubleFieldsKeepTheirDoubles) {
  CpuFieldWorker w;
  FieldParams p;
  p.nx = 16;
  p.ny = 16;
  p.precision = Precision::f64;
  w.request(p);
  const auto r = wait_for(w);
  ASSERT_TRUE(r.has_value());
  std::vector<double> want(256);
  compute_field_on_cpu<double>(p, want.data());
  EXPECT_EQ(r->f64, want);
  EXPECT_EQ(r->f32[5], float(want[5]));
}

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

TEST(CpuFieldWorker, ANewerRequestStopsTheFieldInProgressAndItsProgressIsKnown) {
  CpuFieldWorker w;
  FieldParams big;
  big.projection = Projection::ortho;  // node by node: seconds at this size
  big.extent = kDefaultRadiusKm;
  big.nx = big.ny = 3000;
  big.precision = Precision::f64;
  w.request(big);
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

}  // namespace
}  // namespace geofield
