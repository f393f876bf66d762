// Timing: CUDA events around GPU work, a steady clock around host work; a warm-up first, then
// the median (and spread) of many repeats. All times in milliseconds.
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <vector>

#include "bench_check.h"

namespace geofield::bench {

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

inline double now_ms() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double, std::milli>(clock::now().time_since_epoch()).count();
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
  cudaEvent_t a, b;
  BENCH_CUDA(cudaEventCreate(&a));
  BENCH_CUDA(cudaEventCreate(&b));
  for (int k = 0; k < warmup; ++k) launch();
  BENCH_CUDA(cudaStreamSynchronize(stream));
  BENCH_CUDA(cudaEventRecord(a, stream));
  launch();
  BENCH_CUDA(cudaEventRecord(b, stream));
  BENCH_CUDA(cudaEventSynchronize(b));
  float one = 0;
  BENCH_CUDA(cudaEventElapsedTime(&one, a, b));
  BENCH_CUDA(cudaEventDestroy(a));
  BENCH_CUDA(cudaEventDestroy(b));

  const int n = repeats_for(one, budget_ms, lo, hi);
  std::vector<cudaEvent_t> ev(2 * static_cast<size_t>(n));
  for (cudaEvent_t& e : ev) BENCH_CUDA(cudaEventCreate(&e));
  for (int k = 0; k < n; ++k) {
    BENCH_CUDA(cudaEventRecord(ev[2 * k], stream));
    launch();
    BENCH_CUDA(cudaEventRecord(ev[2 * k + 1], stream));
  }
  BENCH_CUDA(cudaEventSynchronize(ev.back()));
  std::vector<double> ms(static_cast<size_t>(n));
  for (int k = 0; k < n; ++k) {
    float t = 0;
    BENCH_CUDA(cudaEventElapsedTime(&t, ev[2 * k], ev[2 * k + 1]));
    ms[k] = t;
  }
  for (cudaEvent_t e : ev) BENCH_CUDA(cudaEventDestroy(e));
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
