#include "gpu_test_support.h"

#include <cuda_gl_interop.h>
#include <cuda_runtime_api.h>
#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "backends/cpu_backend.h"
#include "cuda_check.h"
#include "errors.h"
#include "gl/gl_check.h"

namespace geofield::gpu_test {

const std::string& cuda_unavailable() {
  static const std::string why = [] {
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
      cudaGetLastError();
      return "cudaGetDeviceCount: " + cuda_error_text(e);
    }
    return count > 0 ? std::string() : std::string("no CUDA device");
  }();
  return why;
}

std::string gl_not_on_cuda() {
  unsigned count = 0;
  int devices[4] = {};
  const cudaError_t e = cudaGLGetDevices(&count, devices, 4, cudaGLDeviceListAll);
  if (e == cudaSuccess && count > 0) {
    if (cudaSetDevice(devices[0]) != cudaSuccess) return "cudaSetDevice failed";
    return {};
  }
  cudaGetLastError();
  return std::string("the GL context (") + reinterpret_cast<const char*>(glGetString(GL_RENDERER)) +
         ") is not on a CUDA device";
}

}  // namespace geofield::gpu_test
