// geofield_compute_points (issue 31) on a CUDA device: points, values and indices in device
// memory (the context's stream and the caller's) equal the same context's host arrays bit for
// bit, and the cpu context's values within the double bound (the device's sin and cos are not
// glibc's to the last bit), indices equal; host arrays in device memory are refused. Skipped
// where there is no CUDA device.
#include <cuda_runtime_api.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "geofield.h"

namespace {

struct Ctx {
  geofield_context* c = nullptr;
  geofield_status status;
  explicit Ctx(const char* backend) { status = geofield_context_create(backend, 0, &c); }
  ~Ctx() { geofield_context_destroy(c); }
};

template <typename T>
struct Device {
  T* p = nullptr;
  std::size_t n;
  explicit Device(const std::vector<T>& h) : n(h.size()) {
    EXPECT_EQ(cudaMalloc(reinterpret_cast<void**>(&p), n * sizeof(T)), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(p, h.data(), n * sizeof(T), cudaMemcpyHostToDevice), cudaSuccess);
  }
  ~Device() { cudaFree(p); }
  std::vector<T> host() const {
    std::vector<T> h(n);
    EXPECT_EQ(cudaMemcpy(h.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
    return h;
  }
};

struct Values {
  std::vector<double> v;
  std::vector<std::int32_t> k;
};

Values on(geofield_context* c, const geofield_params& p, const double* lat, const double* lon,
          std::size_t n, int memory, cudaStream_t stream = nullptr) {
  Values out{std::vector<double>(n), std::vector<std::int32_t>(n)};
  Device<double> dv(out.v);
  Device<std::int32_t> dk(out.k);
  geofield_points q;
  geofield_points_init(&q);
  q.memory = memory;
  q.count = static_cast<std::int64_t>(n);
  q.lat = lat, q.lon = lon;
  q.dtype = GEOFIELD_FLOAT64;
  q.values = memory == GEOFIELD_MEMORY_CUDA ? static_cast<void*>(dv.p) : out.v.data();
  q.values_bytes = n * 8;
  q.index = memory == GEOFIELD_MEMORY_CUDA ? dk.p : out.k.data();
  q.index_bytes = n * 4;
  q.stream = stream;
  EXPECT_EQ(geofield_compute_points(c, &p, &q), GEOFIELD_OK) << geofield_last_error();
  if (stream != nullptr) {
    EXPECT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  }
  if (memory == GEOFIELD_MEMORY_CUDA) out = {dv.host(), dk.host()};
  return out;
}

TEST(CApiPointsCuda, DeviceArraysEqualHostArraysAndTheCpu) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
    cudaGetLastError();
    GTEST_SKIP() << "no CUDA device";
  }
  Ctx cuda("cuda"), cpu("cpu");
  ASSERT_EQ(cuda.status, GEOFIELD_OK) << geofield_last_error();
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1, 1), l(-180, 180);
  std::vector<double> lat, lon, clat, clon;
  for (int k = 0; k < 50000; ++k)
    lat.push_back(std::asin(u(rng)) * 57.29577951308232), lon.push_back(l(rng));
  for (int k = 0; k < 5000; ++k)
    clat.push_back(std::asin(u(rng)) * 57.29577951308232), clon.push_back(l(rng));
  const Device<double> dlat(lat), dlon(lon);
  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreate(&stream), cudaSuccess);
  for (int formula : {GEOFIELD_HAVERSINE, GEOFIELD_WGS84}) {
    geofield_params p;
    geofield_params_init(&p);
    p.formula = formula;
    p.precision = GEOFIELD_PRECISION_DOUBLE;
    p.centre_count = static_cast<std::int64_t>(clat.size());
    p.centre_lat = clat.data(), p.centre_lon = clon.data();
    const Values dev = on(cuda.c, p, dlat.p, dlon.p, lat.size(), GEOFIELD_MEMORY_CUDA);
    const Values own = on(cuda.c, p, dlat.p, dlon.p, lat.size(), GEOFIELD_MEMORY_CUDA, stream);
    const Values host = on(cuda.c, p, lat.data(), lon.data(), lat.size(), GEOFIELD_MEMORY_HOST);
    const Values ref = on(cpu.c, p, lat.data(), lon.data(), lat.size(), GEOFIELD_MEMORY_HOST);
    EXPECT_EQ(dev.v, host.v);
    EXPECT_EQ(dev.k, host.k);
    EXPECT_EQ(own.v, dev.v);
    for (std::size_t k = 0; k < lat.size(); ++k) {
      ASSERT_NEAR(dev.v[k], ref.v[k], 2e-5) << k;  // km: 1e-9 of pi R
      ASSERT_EQ(dev.k[k], ref.k[k]) << k;
    }
  }
  cudaStreamDestroy(stream);
  // Host arrays named as device memory are refused, naming the struct.
  geofield_params p;
  geofield_params_init(&p);
  double v = 0;
  geofield_points q;
  geofield_points_init(&q);
  q.memory = GEOFIELD_MEMORY_CUDA;
  q.count = 1, q.lat = lat.data(), q.lon = lon.data(), q.values = &v, q.values_bytes = 8;
  q.dtype = GEOFIELD_FLOAT64;
  EXPECT_EQ(geofield_compute_points(cuda.c, &p, &q), GEOFIELD_INVALID_ARGUMENT);
}

}  // namespace
