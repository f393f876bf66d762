// CUDA error checking for the benchmark: every CUDA call goes through BENCH_CUDA, which throws
// RuntimeFailure naming the call, its location and CUDA's error name and message.
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "errors.h"

namespace geofield::bench {

[[noreturn]] inline void throw_cuda_error(const char* call, cudaError_t e, const char* file,
                                          int line) {
  ::geofield::throw_failure(
      file, line,
      std::string(call) + " failed: " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) + ")");
}

}  // namespace geofield::bench

#define BENCH_CUDA(call)                                                          \
  do {                                                                            \
    const cudaError_t bench_err_ = (call);                                        \
    if (bench_err_ != cudaSuccess)                                                \
      ::geofield::bench::throw_cuda_error(#call, bench_err_, __FILE__, __LINE__); \
  } while (0)

// After a kernel launch: launch-configuration errors surface here.
#define BENCH_CUDA_LAUNCHED(what) BENCH_CUDA(cudaGetLastError())
