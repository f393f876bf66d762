// Timing for the probes in this folder (design questions measured on the GPU machine): a fixed
// warm-up, then the median of a fixed number of repeats, each one synchronised, so that probe
// runs compare with each other. The benchmark (bench/timing.h) adapts its repeat counts instead.
// All times in milliseconds.
#pragma once

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <vector>

#include "cuda_check.h"

namespace geofield::probe {

constexpr int kWarmup = 10;
constexpr int kRepeats = 60;
using Clock = std::chrono::steady_clock;

inline double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// Median host time of body(), each repeat ending with what `finish` does.
inline double cpu_ms(const std::function<void()>& body,
                     const std::function<void()>& finish = [] {}) {
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
  cudaEvent_t a = nullptr, b = nullptr;
  GF_CUDA(cudaEventCreate(&a));
  GF_CUDA(cudaEventCreate(&b));
  std::vector<double> t;
  for (int r = 0; r < kWarmup + kRepeats; ++r) {
    GF_CUDA(cudaEventRecord(a, s));
    body();
    GF_CUDA(cudaEventRecord(b, s));
    GF_CUDA(cudaEventSynchronize(b));
    float ms = 0;
    GF_CUDA(cudaEventElapsedTime(&ms, a, b));
    if (r >= kWarmup) t.push_back(ms);
  }
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return median(t);
}

}  // namespace geofield::probe
