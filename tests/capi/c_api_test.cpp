// libgeofield's C API on the CPU and GL backends (no device needed): the field against the
// program's own CPU computation (the same values bit for bit) and the double-precision math,
// the command line's messages for bad parameters, the output's checks, buffers and their DLPack
// views. The CUDA side is c_api_cuda_test.cpp.
#include <dlpack/dlpack.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "backends/cpu_backend.h"
#include "compute/nearest_centre.h"
#include "field_math.h"
#include "field_params.h"
#include "geofield.h"

namespace {

using geofield::FieldParams;

struct Context {
  geofield_context* c = nullptr;
  explicit Context(const char* backend, int device = 0) {
    status = geofield_context_create(backend, device, &c);
  }
  ~Context() { geofield_context_destroy(c); }
  geofield_status status;
};

geofield_params small_params(int nx = 37, int ny = 23) {
  geofield_params p;
  geofield_params_init(&p);
  p.nx = nx;
  p.ny = ny;
  return p;
}

template <typename T>
geofield_output host_output(std::vector<T>& values, std::vector<std::int32_t>* index = nullptr) {
  geofield_output o;
  geofield_output_init(&o);
  o.dtype = sizeof(T) == sizeof(double) ? GEOFIELD_FLOAT64 : GEOFIELD_FLOAT32;
  o.values = values.data();
  o.values_bytes = values.size() * sizeof(T);
  if (index != nullptr) {
    o.index = index->data();
    o.index_bytes = index->size() * sizeof(std::int32_t);
  }
  return o;
}

// The error of a failed call: its status and the thread's last error.
std::string compute_error(geofield_context* c, const geofield_params& p, const geofield_output& o,
                          geofield_status expect = GEOFIELD_INVALID_ARGUMENT) {
  EXPECT_EQ(geofield_compute(c, &p, &o), expect);
  return geofield_last_error();
}

TEST(CApi, VersionAndDefaultsAreTheCommandLines) {
  EXPECT_EQ(geofield_api_version(), GEOFIELD_API_VERSION);
  EXPECT_EQ(geofield_api_version() / 1000, 1);
  EXPECT_STREQ(geofield_version(), "0.1.0");
  const geofield_params p = small_params(1000, 1000);
  const FieldParams d;
  EXPECT_EQ(p.struct_size, sizeof(geofield_params));
  EXPECT_EQ(p.lat_min, d.lat_min_deg);
  EXPECT_EQ(p.lon_max, d.lon_max_deg);
  EXPECT_EQ(p.ref_lat, 30.0);
  EXPECT_EQ(p.ref_lon, 101.0);
  EXPECT_EQ(p.radius_km, 6371.0088);
  EXPECT_EQ(p.ellipsoid_inv_f, 298.257223563);
  EXPECT_EQ(p.formula, GEOFIELD_HAVERSINE);
  EXPECT_EQ(p.centre_count, 0);
  EXPECT_EQ(geofield_params_check(&p), GEOFIELD_OK);
  EXPECT_STREQ(geofield_last_error(), "");
}

TEST(CApi, CpuFieldIsTheProgramsCpuFieldBitForBit) {
  Context ctx("cpu");
  ASSERT_EQ(ctx.status, GEOFIELD_OK) << geofield_last_error();
  EXPECT_STREQ(geofield_context_backend(ctx.c), "cpu");
  EXPECT_STREQ(geofield_context_description(ctx.c), "backend cpu (asked for)");
  for (int formula : {GEOFIELD_HAVERSINE, GEOFIELD_SEED, GEOFIELD_WGS84}) {
    for (int precision : {GEOFIELD_PRECISION_FLOAT, GEOFIELD_PRECISION_DOUBLE}) {
      geofield_params p = small_params();
      p.formula = formula;
      p.precision = precision;
      p.units = GEOFIELD_NM;
      p.lon_min = 170, p.lon_max = -170;  // across the antimeridian
      FieldParams q;
      q.nx = p.nx, q.ny = p.ny, q.lon_min_deg = 170, q.lon_max_deg = -170;
      q.formula = static_cast<geofield::Formula>(formula);
      q.precision = static_cast<geofield::Precision>(precision);
      q.units = geofield::Units::nm;
      geofield::CpuField cpu;
      geofield::compute_cpu_field(geofield::FieldRequest::of_reference(q), &cpu);
      const std::vector<float>& f32 = cpu.f32;
      const std::vector<double>& f64 = cpu.f64;

      std::vector<float> got32(f32.size());
      geofield_output o = host_output(got32);
      ASSERT_EQ(geofield_compute(ctx.c, &p, &o), GEOFIELD_OK) << geofield_last_error();
      EXPECT_EQ(std::memcmp(got32.data(), f32.data(), f32.size() * sizeof(float)), 0)
          << "formula " << formula << " precision " << precision;
      std::vector<double> got64(f32.size());
      o = host_output(got64);
      ASSERT_EQ(geofield_compute(ctx.c, &p, &o), GEOFIELD_OK) << geofield_last_error();
      for (std::size_t k = 0; k < got64.size(); ++k) {
        // float64 output: the double field, or the float field widened
        const double want = precision == GEOFIELD_PRECISION_DOUBLE ? f64[k] : double(f32[k]);
        ASSERT_EQ(got64[k], want) << k;
      }
    }
  }
}

TEST(CApi, CpuFieldMatchesTheDoubleMath) {
  Context ctx("cpu");
  geofield_params p = small_params(101, 51);
  p.precision = GEOFIELD_PRECISION_DOUBLE;
  std::vector<double> v(101 * 51);
  geofield_output o = host_output(v);
  ASSERT_EQ(geofield_compute(ctx.c, &p, &o), GEOFIELD_OK) << geofield_last_error();
  for (int i = 0; i < 51; i += 10) {
    for (int j = 0; j < 101; j += 20) {
      const double lat = p.lat_max - i * (p.lat_max - p.lat_min) / 50;
      const double lon = p.lon_min + j * (p.lon_max - p.lon_min) / 100;
      const double want = geofield::haversine_distance(p.ref_lat, p.ref_lon, lat, lon, p.radius_km);
      EXPECT_NEAR(v[i * 101 + j], want, 1e-9 * want + 1e-9) << i << "," << j;
    }
  }
  // Node (0, 0) is the north-west corner: 31N 99E, about 215 km from 30N 101E.
  EXPECT_NEAR(v[0], 221.0, 10.0);
}

TEST(CApi, ProjectedViewsTakeTheDefaultExtentAndGiveNaNBeyondTheDisc) {
  Context ctx("cpu");
  geofield_params p = small_params(64, 64);
  p.projection = GEOFIELD_ORTHO;
  p.lat_min = -90, p.lat_max = 90, p.lon_min = -180, p.lon_max = 180;
  std::vector<float> v(64 * 64);
  geofield_output o = host_output(v);
  ASSERT_EQ(geofield_compute(ctx.c, &p, &o), GEOFIELD_OK) << geofield_last_error();
  EXPECT_TRUE(std::isnan(v[0]));              // a corner, off the globe's disc
  EXPECT_FALSE(std::isnan(v[32 * 64 + 32]));  // the centre
  p.extent = 4000;  // km, within (0, R]: the corners (5657 km out) are on the disc
  ASSERT_EQ(geofield_compute(ctx.c, &p, &o), GEOFIELD_OK) << geofield_last_error();
  EXPECT_FALSE(std::isnan(v[0]));
  p.extent = 7000;  // beyond R
  EXPECT_EQ(compute_error(ctx.c, p, o).rfind("--extent: ", 0), 0u) << geofield_last_error();
}

TEST(CApi, CentresGiveTheNearestAndItsIndex) {
  Context ctx("cpu");
  const std::vector<double> lat = {29.5, 30.5, 30.0, 29.5};
  const std::vector<double> lon = {99.5, 100.5, 101.0, 99.5};  // the last ties the first
  geofield_params p = small_params(41, 31);
  p.centre_count = 4;
  p.centre_lat = lat.data();
  p.centre_lon = lon.data();
  std::vector<double> v(41 * 31);
  std::vector<std::int32_t> index(41 * 31, -1);
  geofield_output o = host_output(v, &index);
  p.precision = GEOFIELD_PRECISION_DOUBLE;
  ASSERT_EQ(geofield_compute(ctx.c, &p, &o), GEOFIELD_OK) << geofield_last_error();

  FieldParams q;
  q.nx = 41, q.ny = 31, q.precision = geofield::Precision::f64;
  std::vector<geofield::Centre> centres;
  for (int k = 0; k < 4; ++k) centres.push_back({lat[k], lon[k], ""});
  std::vector<double> want(v.size());
  std::vector<std::int32_t> want_index(v.size());
  geofield::nearest_centre_brute_force<double>(q, centres, want.data(), want_index.data());
  EXPECT_EQ(v, want);
  EXPECT_EQ(index, want_index);
  EXPECT_EQ(std::count(index.begin(), index.end(), 3), 0);  // ties go to the lowest index

  // Without an index the field is the same; the seed formula and projections are refused.
  o = host_output(v);
  ASSERT_EQ(geofield_compute(ctx.c, &p, &o), GEOFIELD_OK) << geofield_last_error();
  EXPECT_EQ(v, want);
  p.formula = GEOFIELD_SEED;
  EXPECT_EQ(compute_error(ctx.c, p, o).rfind("--centres: the seed formula is not a distance", 0),
            0u);
  p.formula = GEOFIELD_HAVERSINE;
  std::vector<double> bad_lat = {29.5, 95.0, 30, 29.5};
  p.centre_lat = bad_lat.data();
  EXPECT_EQ(compute_error(ctx.c, p, o), "--centres: centre 1: latitude 95 is outside [-90, 90]");
  p.centre_lat = nullptr;
  EXPECT_EQ(compute_error(ctx.c, p, o).rfind("--centres: centre_lat and centre_lon", 0), 0u);
  p.centre_count = -1;
  EXPECT_EQ(compute_error(ctx.c, p, o), "--centres: centre_count -1 is negative");
}

TEST(CApi, BadParametersGetTheCommandLinesMessages) {
  Context ctx("cpu");
  std::vector<float> v(37 * 23);
  const geofield_output o = host_output(v);
  auto error_of = [&](auto change) {
    geofield_params p = small_params();
    change(p);
    EXPECT_EQ(geofield_params_check(&p), GEOFIELD_INVALID_ARGUMENT);
    const std::string checked = geofield_last_error();
    EXPECT_EQ(compute_error(ctx.c, p, o), checked);
    return checked;
  };
  EXPECT_EQ(error_of([](geofield_params& p) { p.lat_min = 95; }),
            "--lat: latitude 95 is outside [-90, 90]");
  EXPECT_EQ(error_of([](geofield_params& p) { p.lon_max = p.lon_min; }).rfind("--lon: ", 0), 0u);
  EXPECT_EQ(error_of([](geofield_params& p) { p.nx = 1; }).rfind("--size: ", 0), 0u);
  EXPECT_EQ(error_of([](geofield_params& p) { p.radius_km = -1; }).rfind("--radius: ", 0), 0u);
  // A subnormal radius gave an all-NaN field (issue 33): refused by the shared check.
  EXPECT_EQ(error_of([](geofield_params& p) { p.radius_km = 1e-310; }),
            "--radius: 1e-310 km is outside [0.001, 1e+09] km");
  EXPECT_EQ(error_of([](geofield_params& p) { p.formula = 7; }),
            "--formula: 7 is not one of haversine (0), seed (1), wgs84 (2)");
  EXPECT_EQ(error_of([](geofield_params& p) { p.units = -1; }),
            "--units: -1 is not one of km (0), nm (1), mi (2), m (3)");
  EXPECT_EQ(error_of([](geofield_params& p) { p.precision = 2; }),
            "--precision: 2 is not one of float (0), double (1)");
  EXPECT_EQ(error_of([](geofield_params& p) { p.projection = 4; }),
            "--projection: 4 is not one of latlon (0), aeqd (1), ortho (2), eqearth (3)");
  EXPECT_EQ(error_of([](geofield_params& p) {
              p.struct_size = 8;
            }).rfind("geofield_params: struct_size 8 is smaller than the first version's", 0),
            0u);
  EXPECT_EQ(geofield_params_check(nullptr), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_STREQ(geofield_last_error(), "geofield_params: NULL");
  // A success clears the thread's last error.
  const geofield_params good = small_params();
  EXPECT_EQ(geofield_params_check(&good), GEOFIELD_OK);
  EXPECT_STREQ(geofield_last_error(), "");
}

TEST(CApi, TheOutputIsCheckedBeforeAnythingIsWritten) {
  Context ctx("cpu");
  const geofield_params p = small_params();
  std::vector<float> v(37 * 23, 7.0f);
  geofield_output o = host_output(v);
  o.values_bytes -= 1;
  EXPECT_EQ(compute_error(ctx.c, p, o),
            "geofield_output.values_bytes: 3403 bytes do not hold the 37 x 23 float32 field "
            "(3404 bytes)");
  EXPECT_EQ(v[0], 7.0f);
  o = host_output(v);
  o.dtype = 5;
  EXPECT_EQ(compute_error(ctx.c, p, o),
            "geofield_output.dtype: 5 is not GEOFIELD_FLOAT32 (0) or GEOFIELD_FLOAT64 (1)");
  o = host_output(v);
  std::vector<std::int32_t> index(v.size());
  o.index = index.data();
  o.index_bytes = index.size() * 4;
  EXPECT_EQ(compute_error(ctx.c, p, o).rfind("geofield_output.index: ", 0), 0u);
  o = host_output(v);
  o.memory = GEOFIELD_MEMORY_CUDA;
  EXPECT_EQ(compute_error(ctx.c, p, o),
            "geofield_output.memory: CUDA memory needs a cuda context; this one computes with cpu");
  o = host_output(v);
  o.values = nullptr;
  EXPECT_EQ(compute_error(ctx.c, p, o), "geofield_output.values: NULL");
  o = host_output(v);
  o.struct_size = 4;
  EXPECT_EQ(compute_error(ctx.c, p, o).rfind("geofield_output: struct_size 4", 0), 0u);
  EXPECT_EQ(geofield_compute(ctx.c, &p, nullptr), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_EQ(geofield_compute(nullptr, &p, &o), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_EQ(v[0], 7.0f);
}

TEST(CApi, ContextsRefuseWhatCannotRunWithTheReason) {
  geofield_context* c = reinterpret_cast<geofield_context*>(1);
  EXPECT_EQ(geofield_context_create("vulkan", 0, &c), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_EQ(c, nullptr);
  EXPECT_STREQ(geofield_last_error(), "--backend: 'vulkan' is not one of auto, cpu, cuda, gl");
  EXPECT_EQ(geofield_context_create("cpu", -1, &c), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_EQ(geofield_context_create("cpu", 0, nullptr), GEOFIELD_INVALID_ARGUMENT);
  // cuda: a context where there is a device; elsewhere GEOFIELD_UNAVAILABLE saying why, and
  // auto takes the CPU saying why.
  Context cuda("cuda");
  Context automatic(nullptr);
  ASSERT_EQ(automatic.status, GEOFIELD_OK);
  if (cuda.status == GEOFIELD_OK) {
    EXPECT_STREQ(geofield_context_backend(automatic.c), "cuda");
  } else {
    EXPECT_EQ(cuda.status, GEOFIELD_UNAVAILABLE);
    EXPECT_STREQ(geofield_context_backend(automatic.c), "cpu");
    EXPECT_EQ(
        std::string(geofield_context_description(automatic.c)).rfind("backend cpu (auto): ", 0),
        0u);
  }
  Context far("cuda", 4096);
  EXPECT_EQ(far.status, GEOFIELD_UNAVAILABLE);
  EXPECT_EQ(std::string(geofield_last_error()).rfind("--backend cuda: ", 0), 0u);
}

TEST(CApi, LastErrorIsPerThread) {
  geofield_params bad = small_params();
  bad.lat_min = 95;
  EXPECT_EQ(geofield_params_check(&bad), GEOFIELD_INVALID_ARGUMENT);
  std::string other;
  std::thread t([&] { other = geofield_last_error(); });
  t.join();
  EXPECT_EQ(other, "");
  EXPECT_STREQ(geofield_last_error(), "--lat: latitude 95 is outside [-90, 90]");
}

TEST(CApi, GlFieldIsTheCpuFieldWithinTheFloatBound) {
  Context gl("gl");
  if (gl.status != GEOFIELD_OK) GTEST_SKIP() << geofield_last_error();
  Context cpu("cpu");
  geofield_params p = small_params(200, 120);
  std::vector<float> a(200 * 120), b(200 * 120);
  geofield_output oa = host_output(a), ob = host_output(b);
  ASSERT_EQ(geofield_compute(gl.c, &p, &oa), GEOFIELD_OK) << geofield_last_error();
  ASSERT_EQ(geofield_compute(cpu.c, &p, &ob), GEOFIELD_OK) << geofield_last_error();
  for (std::size_t k = 0; k < a.size(); ++k) ASSERT_NEAR(a[k], b[k], 2e-6 * b[k] + 1e-3) << k;
  // wgs84: the gl backend's refusal, with its reason.
  p.formula = GEOFIELD_WGS84;
  EXPECT_EQ(compute_error(gl.c, p, oa).rfind("--backend gl", 0), 0u) << geofield_last_error();
  // Another thread may not use it.
  p.formula = GEOFIELD_HAVERSINE;
  geofield_status status = GEOFIELD_OK;
  std::string error;
  std::thread t([&] {
    status = geofield_compute(gl.c, &p, &oa);
    error = geofield_last_error();
  });
  t.join();
  EXPECT_EQ(status, GEOFIELD_INVALID_ARGUMENT);
  EXPECT_EQ(error.rfind("a gl context computes on the thread that made it", 0), 0u);
}

TEST(CApi, BuffersAndTheirDlpackViews) {
  Context ctx("cpu");
  geofield_buffer* b = nullptr;
  ASSERT_EQ(geofield_buffer_create(ctx.c, GEOFIELD_MEMORY_HOST, 37 * 23 * 4, &b), GEOFIELD_OK);
  EXPECT_EQ(geofield_buffer_size(b), 37u * 23 * 4);
  EXPECT_EQ(geofield_buffer_memory(b), GEOFIELD_MEMORY_HOST);
  EXPECT_EQ(geofield_buffer_device(b), -1);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(geofield_buffer_data(b)) % 64, 0u);

  const geofield_params p = small_params();
  geofield_output o;
  geofield_output_init(&o);
  o.values = geofield_buffer_data(b);
  o.values_bytes = geofield_buffer_size(b);
  ASSERT_EQ(geofield_compute(ctx.c, &p, &o), GEOFIELD_OK) << geofield_last_error();

  void* handle = nullptr;
  ASSERT_EQ(geofield_buffer_dlpack(b, GEOFIELD_FLOAT32, 23, 37, &handle), GEOFIELD_OK);
  auto* t = static_cast<DLManagedTensor*>(handle);
  geofield_buffer_release(b);  // the view holds the buffer now
  EXPECT_EQ(t->dl_tensor.data, o.values);
  EXPECT_EQ(t->dl_tensor.device.device_type, kDLCPU);
  EXPECT_EQ(t->dl_tensor.ndim, 2);
  EXPECT_EQ(t->dl_tensor.shape[0], 23);
  EXPECT_EQ(t->dl_tensor.shape[1], 37);
  EXPECT_EQ(t->dl_tensor.strides[0], 37);
  EXPECT_EQ(t->dl_tensor.strides[1], 1);
  EXPECT_EQ(t->dl_tensor.dtype.code, kDLFloat);
  EXPECT_EQ(t->dl_tensor.dtype.bits, 32);
  std::vector<float> direct(37 * 23);
  geofield_output od = host_output(direct);
  ASSERT_EQ(geofield_compute(ctx.c, &p, &od), GEOFIELD_OK);
  EXPECT_EQ(std::memcmp(t->dl_tensor.data, direct.data(), direct.size() * 4), 0);
  t->deleter(t);  // frees the buffer (ASan holds the count to it)

  ASSERT_EQ(geofield_buffer_create(ctx.c, GEOFIELD_MEMORY_HOST, 16, &b), GEOFIELD_OK);
  EXPECT_EQ(geofield_buffer_dlpack(b, GEOFIELD_FLOAT64, 2, 2, &handle), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_STREQ(geofield_last_error(),
               "geofield_buffer_dlpack: 2 x 2 values of 8 bytes do not fit in the 16-byte buffer");
  EXPECT_EQ(geofield_buffer_dlpack(b, 9, 2, 2, &handle), GEOFIELD_INVALID_ARGUMENT);
  ASSERT_EQ(geofield_buffer_dlpack(b, GEOFIELD_INT32, 2, 2, &handle), GEOFIELD_OK);
  EXPECT_EQ(static_cast<DLManagedTensor*>(handle)->dl_tensor.dtype.code, kDLInt);
  geofield_buffer_retain(b);
  geofield_buffer_release(b);
  geofield_buffer_release(b);
  static_cast<DLManagedTensor*>(handle)->deleter(static_cast<DLManagedTensor*>(handle));
  EXPECT_EQ(geofield_buffer_create(ctx.c, GEOFIELD_MEMORY_CUDA, 16, &b), GEOFIELD_INVALID_ARGUMENT);
  EXPECT_EQ(geofield_buffer_create(ctx.c, GEOFIELD_MEMORY_HOST, 0, &b), GEOFIELD_INVALID_ARGUMENT);
}

}  // namespace
