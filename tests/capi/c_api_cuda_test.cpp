// libgeofield's C API on a CUDA device: the field into device memory (the context's stream or
// the caller's) equals the same context's host output bit for bit and the CPU's double field
// within the float bound; the caller's current device is left alone; buffers are reused and
// their DLPack views name the device. Skipped where there is no CUDA device.
#include <cuda_runtime_api.h>
#include <dlpack/dlpack.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "geofield.h"

namespace {

struct Context {
  geofield_context* c = nullptr;
  Context(const char* backend) { status = geofield_context_create(backend, 0, &c); }
  ~Context() { geofield_context_destroy(c); }
  geofield_status status;
};

template <typename T>
struct DeviceArray {
  T* p = nullptr;
  std::size_t n;
  explicit DeviceArray(std::size_t count) : n(count) {
    EXPECT_EQ(cudaMalloc(reinterpret_cast<void**>(&p), n * sizeof(T)), cudaSuccess);
  }
  ~DeviceArray() { cudaFree(p); }
  std::vector<T> host() const {
    std::vector<T> h(n);
    EXPECT_EQ(cudaMemcpy(h.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
    return h;
  }
};

class CApiCuda : public ::testing::Test {
 protected:
  void SetUp() override {
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess || n == 0) {
      cudaGetLastError();
      GTEST_SKIP() << "no CUDA device";
    }
  }
};

geofield_params view(int which) {
  geofield_params p;
  geofield_params_init(&p);
  p.nx = 513, p.ny = 257;
  if (which == 1) p.precision = GEOFIELD_PRECISION_DOUBLE;
  if (which == 2) p.formula = GEOFIELD_WGS84, p.units = GEOFIELD_M;
  if (which == 3) p.projection = GEOFIELD_AEQD, p.lat_min = -60, p.lat_max = 60;
  if (which == 4) p.lon_min = 170, p.lon_max = -170, p.formula = GEOFIELD_SEED;
  return p;
}

TEST_F(CApiCuda, DeviceOutputEqualsHostOutputAndTheCpuField) {
  Context cuda("cuda"), cpu("cpu");
  ASSERT_EQ(cuda.status, GEOFIELD_OK) << geofield_last_error();
  EXPECT_STREQ(geofield_context_backend(cuda.c), "cuda");
  for (int which = 0; which < 5; ++which) {
    for (int dtype : {GEOFIELD_FLOAT32, GEOFIELD_FLOAT64}) {
      const geofield_params p = view(which);
      const std::size_t n = 513 * 257;
      DeviceArray<double> device(n);  // room for either dtype
      geofield_output o;
      geofield_output_init(&o);
      o.memory = GEOFIELD_MEMORY_CUDA;
      o.dtype = dtype;
      o.values = device.p;
      o.values_bytes = n * sizeof(double);
      ASSERT_EQ(geofield_compute(cuda.c, &p, &o), GEOFIELD_OK) << geofield_last_error();
      std::vector<double> on_host(n), reference(n);
      geofield_output h = o;
      h.memory = GEOFIELD_MEMORY_HOST;
      h.values = on_host.data();
      ASSERT_EQ(geofield_compute(cuda.c, &p, &h), GEOFIELD_OK) << geofield_last_error();
      const std::vector<double> got = device.host();
      const std::size_t bytes = n * (dtype == GEOFIELD_FLOAT64 ? 8 : 4);
      EXPECT_EQ(std::memcmp(got.data(), on_host.data(), bytes), 0) << which << " " << dtype;
      // The CPU's double field, against float values (the float path's bound, docs) or double.
      geofield_params d = p;
      d.precision = GEOFIELD_PRECISION_DOUBLE;
      geofield_output r = h;
      r.dtype = GEOFIELD_FLOAT64;
      r.values = reference.data();
      ASSERT_EQ(geofield_compute(cpu.c, &d, &r), GEOFIELD_OK) << geofield_last_error();
      const bool f32 = p.precision == GEOFIELD_PRECISION_FLOAT && p.formula != GEOFIELD_WGS84;
      for (std::size_t k = 0; k < n; k += 97) {
        const double v = dtype == GEOFIELD_FLOAT64
                             ? on_host[k]
                             : reinterpret_cast<const float*>(on_host.data())[k];
        if (std::isnan(reference[k])) {
          EXPECT_TRUE(std::isnan(v)) << k;
          continue;
        }
        const double tol =
            f32 ? 4e-6 * std::abs(reference[k]) + 2e-3 : 1e-6 * std::abs(reference[k]) + 1e-6;
        ASSERT_NEAR(v, reference[k], tol) << "view " << which << " node " << k;
      }
    }
  }
}

TEST_F(CApiCuda, TheCallersStreamIsUsedAndItsDeviceKept) {
  Context cuda("cuda");
  ASSERT_EQ(cuda.status, GEOFIELD_OK) << geofield_last_error();
  cudaStream_t s = nullptr;
  ASSERT_EQ(cudaStreamCreate(&s), cudaSuccess);
  const geofield_params p = view(0);
  DeviceArray<float> a(513 * 257), b(513 * 257);
  geofield_output o;
  geofield_output_init(&o);
  o.memory = GEOFIELD_MEMORY_CUDA;
  o.values = a.p;
  o.values_bytes = a.n * 4;
  o.stream = s;
  ASSERT_EQ(geofield_compute(cuda.c, &p, &o), GEOFIELD_OK) << geofield_last_error();
  ASSERT_EQ(cudaStreamSynchronize(s), cudaSuccess);
  o.stream = nullptr;
  o.values = b.p;
  ASSERT_EQ(geofield_compute(cuda.c, &p, &o), GEOFIELD_OK) << geofield_last_error();
  EXPECT_EQ(a.host(), b.host());
  int current = -1;
  ASSERT_EQ(cudaGetDevice(&current), cudaSuccess);
  EXPECT_EQ(current, 0);
  cudaStreamDestroy(s);
  // Host memory named as CUDA memory is refused before anything runs.
  std::vector<float> host(a.n);
  o.values = host.data();
  EXPECT_EQ(geofield_compute(cuda.c, &p, &o), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_STREQ(geofield_last_error(),
               "geofield_output: values and index must be memory of CUDA device 0 (the context's)");
}

TEST_F(CApiCuda, CentresOnTheDeviceGiveTheCpusIndex) {
  Context cuda("cuda"), cpu("cpu");
  ASSERT_EQ(cuda.status, GEOFIELD_OK) << geofield_last_error();
  std::vector<double> lat, lon;
  for (int k = 0; k < 500; ++k) {
    lat.push_back(-80 + std::fmod(k * 37.1, 160.0));
    lon.push_back(-180 + std::fmod(k * 71.3, 360.0));
  }
  geofield_params p = view(0);
  p.lat_min = -90, p.lat_max = 90, p.lon_min = -180, p.lon_max = 180;
  p.precision = GEOFIELD_PRECISION_DOUBLE;
  p.centre_count = 500, p.centre_lat = lat.data(), p.centre_lon = lon.data();
  const std::size_t n = 513 * 257;
  DeviceArray<double> values(n);
  DeviceArray<std::int32_t> index(n);
  geofield_output o;
  geofield_output_init(&o);
  o.memory = GEOFIELD_MEMORY_CUDA;
  o.dtype = GEOFIELD_FLOAT64;
  o.values = values.p, o.values_bytes = n * 8;
  o.index = index.p, o.index_bytes = n * 4;
  ASSERT_EQ(geofield_compute(cuda.c, &p, &o), GEOFIELD_OK) << geofield_last_error();
  std::vector<double> want(n);
  std::vector<std::int32_t> want_index(n);
  geofield_output h = o;
  h.memory = GEOFIELD_MEMORY_HOST;
  h.values = want.data(), h.index = want_index.data();
  ASSERT_EQ(geofield_compute(cpu.c, &p, &h), GEOFIELD_OK) << geofield_last_error();
  const std::vector<double> got = values.host();
  EXPECT_EQ(index.host(), want_index);
  for (std::size_t k = 0; k < n; ++k) ASSERT_NEAR(got[k], want[k], 1e-9 * want[k] + 1e-9) << k;
}

TEST_F(CApiCuda, DeviceBuffersAreReusedAndTheirViewsNameTheDevice) {
  Context cuda("cuda");
  ASSERT_EQ(cuda.status, GEOFIELD_OK) << geofield_last_error();
  geofield_buffer* b = nullptr;
  ASSERT_EQ(geofield_buffer_create(cuda.c, GEOFIELD_MEMORY_CUDA, 1 << 20, &b), GEOFIELD_OK);
  EXPECT_EQ(geofield_buffer_device(b), 0);
  void* first = geofield_buffer_data(b);
  void* handle = nullptr;
  ASSERT_EQ(geofield_buffer_dlpack(b, GEOFIELD_FLOAT32, 512, 512, &handle), GEOFIELD_OK);
  auto* t = static_cast<DLManagedTensor*>(handle);
  EXPECT_EQ(t->dl_tensor.device.device_type, kDLCUDA);
  EXPECT_EQ(t->dl_tensor.device.device_id, 0);
  EXPECT_EQ(t->dl_tensor.data, first);
  geofield_buffer_release(b);
  t->deleter(t);
  ASSERT_EQ(geofield_buffer_create(cuda.c, GEOFIELD_MEMORY_CUDA, 1 << 20, &b), GEOFIELD_OK);
  EXPECT_EQ(geofield_buffer_data(b), first);  // the freed block, kept for reuse
  geofield_buffer_release(b);
}

}  // namespace
