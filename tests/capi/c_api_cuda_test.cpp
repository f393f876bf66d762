// libgeofield's C API on a CUDA device: the field into device memory (the context's stream or
// the caller's) equals the same context's host output bit for bit and the CPU's double field
// within the float bound; the caller's current device is left alone; buffers are reused and
// their DLPack views name the device. Skipped where there is no CUDA device.
#include <cuda_runtime_api.h>
#include <dlpack/dlpack.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <thread>
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
  // Double fields (whose pre-pass fills the context's scratch) queued on two streams in turn,
  // waited for only at the end: the second waits for the first's use of the scratch.
  cudaStream_t s2 = nullptr;
  ASSERT_EQ(cudaStreamCreate(&s2), cudaSuccess);
  DeviceArray<double> d1(513 * 257), d2(513 * 257), w1(513 * 257), w2(513 * 257);
  geofield_params p1 = view(1), p2 = view(1);
  p2.ref_lat = -45, p2.lat_min = -80;
  geofield_output od = o;
  od.dtype = GEOFIELD_FLOAT64;
  od.values_bytes = d1.n * 8;
  for (int round = 0; round < 10; ++round) {
    od.stream = s, od.values = d1.p;
    ASSERT_EQ(geofield_compute(cuda.c, &p1, &od), GEOFIELD_OK) << geofield_last_error();
    od.stream = s2, od.values = d2.p;
    ASSERT_EQ(geofield_compute(cuda.c, &p2, &od), GEOFIELD_OK) << geofield_last_error();
  }
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  od.stream = nullptr, od.values = w1.p;
  ASSERT_EQ(geofield_compute(cuda.c, &p1, &od), GEOFIELD_OK);
  od.values = w2.p;
  ASSERT_EQ(geofield_compute(cuda.c, &p2, &od), GEOFIELD_OK);
  EXPECT_EQ(d1.host(), w1.host());
  EXPECT_EQ(d2.host(), w2.host());
  cudaStreamDestroy(s2);
  cudaStreamDestroy(s);
  // Host memory named as CUDA memory is refused before anything runs.
  std::vector<float> host(a.n);
  o.values = host.data();
  EXPECT_EQ(geofield_compute(cuda.c, &p, &o), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_STREQ(geofield_last_error(),
               "geofield_output: values and index must be memory of CUDA device 0 (the context's)");
}

// Device memory for float64 values and their index.
geofield_output double_output_with_index(DeviceArray<double>& values,
                                         DeviceArray<std::int32_t>& index) {
  geofield_output o;
  geofield_output_init(&o);
  o.memory = GEOFIELD_MEMORY_CUDA;
  o.dtype = GEOFIELD_FLOAT64;
  o.values = values.p, o.values_bytes = values.n * sizeof(double);
  o.index = index.p, o.index_bytes = index.n * sizeof(std::int32_t);
  return o;
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
  geofield_output o = double_output_with_index(values, index);
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

// sites= (issue 28) on the device: lines and polygons (signed), into device memory and the
// host, equal the CPU's field within the double bound and its index; a site set of one point
// gives index 0 everywhere.
TEST_F(CApiCuda, SitesOnTheDeviceGiveTheCpusFieldAndIndex) {
  Context cuda("cuda"), cpu("cpu");
  ASSERT_EQ(cuda.status, GEOFIELD_OK) << geofield_last_error();
  const char* const polygon_with_hole = R"({"type": "Polygon", "coordinates": [
    [[100, 29.4], [100.8, 29.4], [100.8, 30.6], [100, 30.6], [100, 29.4]],
    [[100.2, 29.8], [100.2, 30.2], [100.5, 30.2], [100.5, 29.8], [100.2, 29.8]]]})";
  const std::size_t n = 513 * 257;
  for (const char* sites : {"@coastline:110m", "@land:110m", polygon_with_hole}) {
    SCOPED_TRACE(sites);
    geofield_params p = view(0);
    if (sites[0] == '@') p.lat_min = -90, p.lat_max = 90, p.lon_min = -180, p.lon_max = 180;
    p.precision = GEOFIELD_PRECISION_DOUBLE;
    p.sites = sites;
    p.signed_inside = sites[1] != 'c';  // the polygons signed
    DeviceArray<double> values(n);
    DeviceArray<std::int32_t> index(n);
    geofield_output o = double_output_with_index(values, index);
    ASSERT_EQ(geofield_compute(cuda.c, &p, &o), GEOFIELD_OK) << geofield_last_error();
    std::vector<double> want(n), host(n);
    std::vector<std::int32_t> want_index(n), host_index(n);
    geofield_output h = o;
    h.memory = GEOFIELD_MEMORY_HOST;
    h.values = want.data(), h.index = want_index.data();
    ASSERT_EQ(geofield_compute(cpu.c, &p, &h), GEOFIELD_OK) << geofield_last_error();
    h.values = host.data(), h.index = host_index.data();
    ASSERT_EQ(geofield_compute(cuda.c, &p, &h), GEOFIELD_OK) << geofield_last_error();
    const std::vector<double> got = values.host();
    EXPECT_EQ(index.host(), want_index);
    EXPECT_EQ(host_index, want_index);
    long negative = 0;
    for (std::size_t k = 0; k < n; ++k) {
      ASSERT_NEAR(got[k], want[k], 1e-9 * std::fabs(want[k]) + 1e-9) << k;
      ASSERT_EQ(std::memcmp(&got[k], &host[k], sizeof(double)), 0) << k;
      negative += want[k] < 0;
    }
    EXPECT_EQ(negative > 0, p.signed_inside != 0);
    // The bearing is the CPU's, into host memory only.
    float bearing = 0;
    o.bearing = &bearing, o.bearing_bytes = n * 4;
    EXPECT_EQ(geofield_compute(cuda.c, &p, &o), GEOFIELD_INVALID_ARGUMENT);
  }
  // A file of one point is a set of one: index 0 everywhere, on the device as on the CPU.
  geofield_params p = view(0);
  p.sites = R"({"type": "Point", "coordinates": [100, 30]})";
  DeviceArray<float> values(n);
  DeviceArray<std::int32_t> index(n);
  cudaMemset(index.p, 0x7f, n * 4);
  geofield_output o;
  geofield_output_init(&o);
  o.memory = GEOFIELD_MEMORY_CUDA;
  o.values = values.p, o.values_bytes = n * 4;
  o.index = index.p, o.index_bytes = n * 4;
  ASSERT_EQ(geofield_compute(cuda.c, &p, &o), GEOFIELD_OK) << geofield_last_error();
  EXPECT_EQ(index.host(), std::vector<std::int32_t>(n, 0));
}

TEST_F(CApiCuda, ThreadsSharingAContextTakeTurns) {
  Context cuda("cuda");
  ASSERT_EQ(cuda.status, GEOFIELD_OK) << geofield_last_error();
  const std::size_t n = 513 * 257;
  std::vector<std::vector<double>> want(4, std::vector<double>(n));
  for (int t = 0; t < 4; ++t) {  // one after another: what each thread must get
    const geofield_params p = view(t);
    geofield_output o;
    geofield_output_init(&o);
    o.dtype = GEOFIELD_FLOAT64;
    o.values = want[t].data(), o.values_bytes = n * 8;
    ASSERT_EQ(geofield_compute(cuda.c, &p, &o), GEOFIELD_OK) << geofield_last_error();
  }
  std::vector<int> wrong(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      DeviceArray<double> device(n);
      std::vector<double> host(n);
      const geofield_params p = view(t);
      for (int round = 0; round < 20; ++round) {
        geofield_output o;
        geofield_output_init(&o);
        o.dtype = GEOFIELD_FLOAT64;
        o.memory = round % 2 ? GEOFIELD_MEMORY_CUDA : GEOFIELD_MEMORY_HOST;
        o.values = round % 2 ? static_cast<void*>(device.p) : host.data();
        o.values_bytes = n * 8;
        if (geofield_compute(cuda.c, &p, &o) != GEOFIELD_OK) ++wrong[t];
        if ((round % 2 ? device.host() : host) != want[t]) ++wrong[t];
      }
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(wrong, std::vector<int>(4, 0));
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
