// Move-only owner of one cudaMalloc allocation of n elements of T.
#pragma once

#include <cstddef>
#include <cstdio>
#include <utility>

#include "bench_check.h"

namespace geofield::bench {

template <typename T>
class DeviceBuffer {
 public:
  DeviceBuffer() = default;
  explicit DeviceBuffer(std::size_t n) : n_(n) { BENCH_CUDA(cudaMalloc(&p_, n * sizeof(T))); }
  ~DeviceBuffer() {
    if (p_ == nullptr) return;
    const cudaError_t e = cudaFree(p_);  // destructors only log
    if (e != cudaSuccess)
      std::fprintf(stderr, "geofield_bench: cudaFree: %s\n", cudaGetErrorString(e));
  }
  DeviceBuffer(DeviceBuffer&& o) noexcept
      : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  DeviceBuffer& operator=(DeviceBuffer&& o) noexcept {
    std::swap(p_, o.p_);
    std::swap(n_, o.n_);
    return *this;
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  T* get() const { return p_; }
  std::size_t size() const { return n_; }
  std::size_t bytes() const { return n_ * sizeof(T); }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace geofield::bench
