// CUDA error checking: every CUDA runtime call goes through GF_CUDA; a failure throws
// RuntimeFailure with the call, its location, the error's name and cudaGetErrorString.
#pragma once

#include <cuda_runtime_api.h>

#include <string>

namespace geofield {

[[noreturn]] void throw_cuda_failure(const char* call, cudaError_t error, const char* file, int line);

// Throws like GF_CUDA when the last kernel launch failed (bad configuration, no kernel image
// for this GPU); `what` names the kernel.
void check_launch(const char* what, const char* file, int line);

// "cudaErrorNoDevice: no CUDA-capable device is detected": for messages that do not throw.
std::string cuda_error_text(cudaError_t error);

}  // namespace geofield

#define GF_CUDA(call)                                                                  \
  do {                                                                                 \
    const cudaError_t gf_cuda_error_ = (call);                                         \
    if (gf_cuda_error_ != cudaSuccess) {                                               \
      ::geofield::throw_cuda_failure(#call, gf_cuda_error_, __FILE__, __LINE__);       \
    }                                                                                  \
  } while (0)

#define GF_CUDA_LAUNCHED(kernel_name) ::geofield::check_launch((kernel_name), __FILE__, __LINE__)
