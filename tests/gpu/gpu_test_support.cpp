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

FieldParams antimeridian_view(int nx, int ny, double ref_lat, Precision precision) {
  FieldParams p;
  p.lat_min_deg = -60;
  p.lat_max_deg = 70;
  p.lon_min_deg = 150;
  p.lon_max_deg = -120;  // across the antimeridian
  p.nx = nx;
  p.ny = ny;
  p.ref_lat_deg = ref_lat;
  p.ref_lon_deg = 179.5;
  p.precision = precision;
  return p;
}

void expect_texture_holds(const FieldTexture& texture, const FieldParams& p,
                          const std::string& what) {
  ASSERT_EQ(texture.nx(), p.nx) << what;
  ASSERT_EQ(texture.ny(), p.ny) << what;
  expect_close_to_reference(texture_values(texture), cpu_reference(p), p.nx, what,
                            tolerance_for(p.precision, Precision::f32));
}

void check_cuda_backend(CudaBackend::Path path, const std::function<void(CudaBackend&)>& check) {
  int device = 0;
  GF_CUDA(cudaGetDevice(&device));
  CudaBackend backend(device, path);
  check(backend);
  if (path == CudaBackend::Path::interop) {
    EXPECT_EQ(backend.path(), CudaBackend::Path::interop) << "fell back to the pixel buffer";
  }
}

}  // namespace geofield::gpu_test
