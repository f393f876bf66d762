// CUDA error checking: every CUDA runtime call goes through GF_CUDA; a failure throws
// CudaFailure with the call, its location, the error's name and cudaGetErrorString.
// cuda/ is a leaf: its errors are its own types, which the app's CUDA backend turns into the
// app's (app/backends/cuda_backend.cpp).
#pragma once

#include <cuda_runtime_api.h>

#include <stdexcept>
#include <string>

namespace geofield {

// A CUDA call failed, or the CUDA code was used out of order; the message says which and where.
struct CudaFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The device lacks the free memory a buffer needs; the message names what needs it, how much,
// and the device's limit (a user's choice of size, not a failure of the machine).
struct DeviceMemoryShortage : std::runtime_error {
  using std::runtime_error::runtime_error;
};

[[noreturn]] void throw_cuda_failure(const char* call, cudaError_t error, const char* file,
                                     int line);
[[noreturn]] void throw_cuda_misuse(const std::string& what, const char* file, int line);

// Throws like GF_CUDA when the last kernel launch failed (bad configuration, no kernel image
// for this GPU); `what` names the kernel.
void check_launch(const char* what, const char* file, int line);

// "cudaErrorNoDevice: no CUDA-capable device is detected": for messages that do not throw.
std::string cuda_error_text(cudaError_t error);

}  // namespace geofield

#define GF_CUDA(call)                                                            \
  do {                                                                           \
    const cudaError_t gf_cuda_error_ = (call);                                   \
    if (gf_cuda_error_ != cudaSuccess) {                                         \
      ::geofield::throw_cuda_failure(#call, gf_cuda_error_, __FILE__, __LINE__); \
    }                                                                            \
  } while (0)

#define GF_CUDA_LAUNCHED(kernel_name) ::geofield::check_launch((kernel_name), __FILE__, __LINE__)
#define GF_CUDA_MISUSE(msg) ::geofield::throw_cuda_misuse((msg), __FILE__, __LINE__)
