// Timing for the benchmark and the research probes: CUDA events around GPU work, a steady clock
// around host work, a warm-up first. All times in milliseconds. Two disciplines:
//   bench: repeat counts adapt to a time budget; the median (and spread) of the repeats.
//   probe: a fixed warm-up, then the median of a fixed number of repeats, each one
//          synchronised, so that probe runs compare with each other (research/probes/).
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <memory>
#include <vector>

#include "cuda_check.h"
#include "device_memory.h"

namespace geofield::bench {

using Clock = std::chrono::steady_clock;

inline double now_ms() {
  return std::chrono::duration<double, std::milli>(Clock::now().time_since_epoch()).count();
}

inline double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

// GPU time between two recorded events, the second one finished.
inline double elapsed_ms(const CudaEvent& a, const CudaEvent& b) {
  float ms = 0;
  GF_CUDA(cudaEventElapsedTime(&ms, a.get(), b.get()));
  return ms;
}

struct Stats {
  double median_ms = 0, min_ms = 0, p10_ms = 0, p90_ms = 0, max_ms = 0;
  int repeats = 0;
};

inline Stats summarize(std::vector<double> ms) {
  Stats s;
  if (ms.empty()) return s;
  std::sort(ms.begin(), ms.end());
  const auto at = [&](double q) { return ms[static_cast<size_t>(q * (ms.size() - 1) + 0.5)]; };
  const size_t n = ms.size();
  s.median_ms = n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
  s.min_ms = ms.front();
  s.max_ms = ms.back();
  s.p10_ms = at(0.10);
  s.p90_ms = at(0.90);
  s.repeats = static_cast<int>(n);
  return s;
}

// How many timed repeats fit in budget_ms for work that took one_ms, within [lo, hi].
inline int repeats_for(double one_ms, double budget_ms, int lo, int hi) {
  const double r = one_ms > 0 ? budget_ms / one_ms : hi;
  return std::clamp(static_cast<int>(r), lo, hi);
}

// GPU work enqueued by launch() on `stream`, timed by a pair of events per repeat. The repeats
// run back to back (as recomputes would); the count adapts to budget_ms.
template <typename Launch>
Stats time_events(Launch&& launch, cudaStream_t stream = 0, int warmup = 5, double budget_ms = 300,
                  int lo = 20, int hi = 200) {
  double one = 0;
  {
    const CudaEvent a, b;
    for (int k = 0; k < warmup; ++k) launch();
    GF_CUDA(cudaStreamSynchronize(stream));
    GF_CUDA(cudaEventRecord(a.get(), stream));
    launch();
    GF_CUDA(cudaEventRecord(b.get(), stream));
    GF_CUDA(cudaEventSynchronize(b.get()));
    one = elapsed_ms(a, b);
  }

  const int n = repeats_for(one, budget_ms, lo, hi);
  const std::unique_ptr<CudaEvent[]> ev(new CudaEvent[2 * static_cast<size_t>(n)]);
  for (int k = 0; k < n; ++k) {
    GF_CUDA(cudaEventRecord(ev[2 * k].get(), stream));
    launch();
    GF_CUDA(cudaEventRecord(ev[2 * k + 1].get(), stream));
  }
  GF_CUDA(cudaEventSynchronize(ev[2 * static_cast<size_t>(n) - 1].get()));
  std::vector<double> ms(static_cast<size_t>(n));
  for (int k = 0; k < n; ++k) ms[k] = elapsed_ms(ev[2 * k], ev[2 * k + 1]);
  return summarize(std::move(ms));
}

// Host-visible work (that synchronises itself before returning), timed by the steady clock.
template <typename Body>
Stats time_wall(Body&& body, int warmup, double budget_ms, int lo, int hi) {
  for (int k = 0; k < warmup; ++k) body();
  std::vector<double> ms;
  const double start = now_ms();
  while (static_cast<int>(ms.size()) < hi &&
         (static_cast<int>(ms.size()) < lo || now_ms() - start < budget_ms)) {
    const double t0 = now_ms();
    body();
    ms.push_back(now_ms() - t0);
  }
  return summarize(std::move(ms));
}

}  // namespace geofield::bench

namespace geofield::probe {

using bench::Clock;
using bench::ms_since;

constexpr int kWarmup = 10;
constexpr int kRepeats = 60;

// The probes' median: the middle value, the upper of the two for an even count (kRepeats is
// even), unlike summarize's mean of the two; kept so that runs compare with those in docs/.
inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Median host time of body(), each repeat ending with what `finish` does.
inline double cpu_ms(
    const std::function<void()>& body, const std::function<void()>& finish = [] {}) {
  std::vector<double> t;
  for (int r = 0; r < kWarmup + kRepeats; ++r) {
    const auto t0 = Clock::now();
    body();
    finish();
    if (r >= kWarmup) t.push_back(ms_since(t0));
  }
  return median(t);
}

// Host time per body of `count` back to back, then one finish (a window's frames).
inline double cpu_ms_pipelined(const std::function<void()>& body,
                               const std::function<void()>& finish, int count = 200) {
  for (int r = 0; r < kWarmup; ++r) body();
  finish();
  std::vector<double> t;
  for (int k = 0; k < 5; ++k) {
    const auto t0 = Clock::now();
    for (int r = 0; r < count; ++r) body();
    finish();
    t.push_back(ms_since(t0) / count);
  }
  return median(t);
}

// Median GPU time between events recorded before and after body() on stream s.
inline double gpu_ms(cudaStream_t s, const std::function<void()>& body) {
  const CudaEvent a, b;
  std::vector<double> t;
  for (int r = 0; r < kWarmup + kRepeats; ++r) {
    GF_CUDA(cudaEventRecord(a.get(), s));
    body();
    GF_CUDA(cudaEventRecord(b.get(), s));
    GF_CUDA(cudaEventSynchronize(b.get()));
    const double ms = bench::elapsed_ms(a, b);
    if (r >= kWarmup) t.push_back(ms);
  }
  return median(t);
}

}  // namespace geofield::probe
