// The CUDA field against the CPU double field (compute_field_on_cpu<double>), on the
// foundation's grids, both formulas, all units, float and double paths: through a plain
// cudaArray (the kernel alone, no GL), through the interop texture, and through the
// pixel-buffer fallback. Every texel is poisoned with NaN first, so an unwritten one fails.
// The wgs84 formula likewise on WGS84 and GRS80 (GeodesicFieldOnGpu, GeodesicKernel), with its
// tolerance (field_checks.h: geodesic_tolerance), and its speed at 8192 x 4097 printed.
#include <cuda_runtime_api.h>
#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "backends/cuda_backend.h"
#include "backends/cuda_backend_factory.h"
#include "cuda_check.h"
#include "device_memory.h"
#include "errors.h"
#include "field_kernel.h"
#include "gl/gl_check.h"
#include "gpu_test_support.h"

namespace geofield {
namespace {

using gpu_test::all_cases;
using gpu_test::Case;
using gpu_test::case_name;
using gpu_test::kAllUnits;
using gpu_test::kBothPrecisions;
using gpu_test::label;
using gpu_test::NamedGrid;

class FieldOnGpu : public testing::TestWithParam<Case> {};

// The kernel alone, into a plain CUDA array: needs a CUDA device, no GL.
TEST_P(FieldOnGpu, KernelIntoCudaArrayMatchesCpuDouble) {
  GF_REQUIRE_CUDA();
  FieldParams p = GetParam().grid.params;
  p.formula = GetParam().formula;
  const SurfaceArray target(p.nx, p.ny);
  const cudaArray_t array = target.array();
  const cudaSurfaceObject_t surface = target.surface();
  const size_t n = static_cast<size_t>(node_count(p));
  std::vector<float> poison(n, std::numeric_limits<float>::quiet_NaN()), out(n);
  double worst = 0;
  for (Units u : kAllUnits) {
    for (Precision pr : kBothPrecisions) {
      p.units = u;
      p.precision = pr;
      GF_CUDA(cudaMemcpy2DToArray(array, 0, 0, poison.data(), p.nx * sizeof(float),
                                  p.nx * sizeof(float), p.ny, cudaMemcpyHostToDevice));
      if (pr == Precision::f64) {
        launch_field_to_surface<double>(grid_geometry(p), surface, nullptr);
      } else {
        launch_field_to_surface<float>(grid_geometry(p), surface, nullptr);
      }
      GF_CUDA(cudaMemcpy2DFromArray(out.data(), p.nx * sizeof(float), array, 0, 0,
                                    p.nx * sizeof(float), p.ny, cudaMemcpyDeviceToHost));
      worst = std::max(
          worst, gpu_test::expect_close_to_reference(out, gpu_test::cpu_reference(p), p.nx,
                                                     "cudaArray " + label(GetParam().grid, p),
                                                     gpu_test::tolerance_for(pr, Precision::f32)));
    }
  }
  std::printf("worst error/bound: cudaArray %s %s: %.3f\n", GetParam().grid.name.c_str(),
              std::string(to_string(GetParam().formula)).c_str(), worst);
}

// The double field of p that `launch` computes into linear device memory, poisoned with NaN
// first so that a value the kernel misses shows.
template <typename Launch>
std::vector<double> double_buffer_field(const FieldParams& p, Launch launch) {
  const size_t n = static_cast<size_t>(node_count(p));
  DeviceBuffer buffer;
  buffer.ensure(n * sizeof(double), "test");
  GF_CUDA(cudaMemset(buffer.get(), 0xff, n * sizeof(double)));  // NaN pattern
  launch(grid_geometry(p), static_cast<double*>(buffer.get()));
  std::vector<double> out(n);
  GF_CUDA(cudaMemcpy(out.data(), buffer.get(), n * sizeof(double), cudaMemcpyDeviceToHost));
  return out;
}

// The double path into linear memory (the f64 export's path) keeps double values.
TEST_P(FieldOnGpu, DoubleBufferMatchesCpuDouble) {
  GF_REQUIRE_CUDA();
  FieldParams p = GetParam().grid.params;
  p.formula = GetParam().formula;
  p.precision = Precision::f64;
  for (Units u : kAllUnits) {
    p.units = u;
    const std::vector<double> out = double_buffer_field(p, [](const GridGeometry& g, double* d) {
      launch_field_to_buffer<double, double>(g, d, nullptr);
    });
    gpu_test::expect_close_to_reference(out, gpu_test::cpu_reference(p), p.nx,
                                        "double buffer " + label(GetParam().grid, p),
                                        gpu_test::kDoublePath);
  }
}

// The double values the double path rounds to float (the texture's), before that rounding: the
// device's shorter combine (reciprocal square root seed, one Newton step, 12 coefficients) stays
// within 3e-12 of the CPU's full double everywhere, far under the float's 6e-8.
TEST_P(FieldOnGpu, DoubleForFloatValuesWithin3e12OfCpuDouble) {
  GF_REQUIRE_CUDA();
  FieldParams p = GetParam().grid.params;
  p.formula = GetParam().formula;
  p.precision = Precision::f64;
  double worst = 0;
  for (Units u : kAllUnits) {
    p.units = u;
    const std::vector<double> out = double_buffer_field(p, [](const GridGeometry& g, double* d) {
      launch_field_for_float_to_buffer(g, d, nullptr);
    });
    worst = std::max(
        worst,
        gpu_test::expect_close_to_reference(
            out, gpu_test::cpu_reference(p), p.nx, "double for float " + label(GetParam().grid, p),
            p.formula == Formula::haversine ? gpu_test::kDoubleForFloat : gpu_test::kDoublePath));
  }
  std::printf("worst error/bound: double for float %s %s: %.3f\n", GetParam().grid.name.c_str(),
              std::string(to_string(GetParam().formula)).c_str(), worst);
}

double check_backend_against_cpu(CudaBackend& backend, const Case& c) {
  double worst = 0;
  FieldTexture texture;
  FieldParams p = c.grid.params;
  p.formula = c.formula;
  texture.ensure_size(p.nx, p.ny);
  for (Units u : kAllUnits) {
    for (Precision pr : kBothPrecisions) {
      p.units = u;
      p.precision = pr;
      gpu_test::poison(texture);
      backend.compute(p, texture);
      const std::vector<double> ref = gpu_test::cpu_reference(p);
      const std::string what =
          std::string(backend.path() == CudaBackend::Path::interop ? "interop " : "pixel buffer ") +
          label(c.grid, p);
      const HostField texels = backend.read_field(texture, Precision::f32);
      worst = std::max(
          worst, gpu_test::expect_close_to_reference(texels.f32, ref, p.nx, what + " texture",
                                                     gpu_test::tolerance_for(pr, Precision::f32)));
      if (pr == Precision::f64) {
        const HostField values = backend.read_field(texture, Precision::f64);
        worst = std::max(
            worst, gpu_test::expect_close_to_reference(values.f64, ref, p.nx, what + " f64 export",
                                                       gpu_test::kDoublePath));
      }
    }
  }
  std::printf("worst error/bound: %s %s %s: %.3f\n",
              backend.path() == CudaBackend::Path::interop ? "interop" : "pixel buffer",
              c.grid.name.c_str(), std::string(to_string(c.formula)).c_str(), worst);
  return worst;
}

TEST_P(FieldOnGpu, InteropTextureMatchesCpuDouble) {
  GF_REQUIRE_GL_ON_CUDA();
  gpu_test::check_cuda_backend(CudaBackend::Path::interop,
                               [&](CudaBackend& b) { check_backend_against_cpu(b, GetParam()); });
}

TEST_P(FieldOnGpu, PixelBufferFallbackMatchesCpuDouble) {
  GF_REQUIRE_GL_ON_CUDA();
  gpu_test::check_cuda_backend(CudaBackend::Path::pixel_buffer,
                               [&](CudaBackend& b) { check_backend_against_cpu(b, GetParam()); });
}

INSTANTIATE_TEST_SUITE_P(Grids, FieldOnGpu, testing::ValuesIn(all_cases()), case_name);

// --- wgs84 (geodesic_field.h), always computed in double ---

class GeodesicFieldOnGpu : public testing::TestWithParam<Case> {};

// The kernels alone: into a plain CUDA array (the texture's float values), a float buffer (the
// pixel buffer's) and a double buffer (the f64 export's), every unit; every value poisoned first.
TEST_P(GeodesicFieldOnGpu, KernelIntoCudaArrayAndBuffersMatchCpuDouble) {
  GF_REQUIRE_CUDA();
  FieldParams p = GetParam().grid.params;
  ASSERT_EQ(p.formula, Formula::wgs84);
  const SurfaceArray target(p.nx, p.ny);
  const size_t n = static_cast<size_t>(node_count(p));
  std::vector<float> poison(n, std::numeric_limits<float>::quiet_NaN()), out(n);
  DeviceBuffer parts;  // kept across launches, as the backend keeps it
  double worst_float = 0, worst_double = 0;
  for (Units u : kAllUnits) {
    p.units = u;
    const std::vector<double> ref = gpu_test::cpu_reference(p);
    GF_CUDA(cudaMemcpy2DToArray(target.array(), 0, 0, poison.data(), p.nx * sizeof(float),
                                p.nx * sizeof(float), p.ny, cudaMemcpyHostToDevice));
    launch_geodesic_field_to_surface(grid_geometry(p), geodesic_field(p), target.surface(), nullptr,
                                     &parts);
    GF_CUDA(cudaMemcpy2DFromArray(out.data(), p.nx * sizeof(float), target.array(), 0, 0,
                                  p.nx * sizeof(float), p.ny, cudaMemcpyDeviceToHost));
    worst_float =
        std::max(worst_float, gpu_test::expect_close_to_reference(
                                  out, ref, p.nx, "cudaArray " + label(GetParam().grid, p),
                                  gpu_test::geodesic_tolerance(Precision::f32, u)));
    DeviceBuffer buffer;
    buffer.ensure(n * sizeof(double), "test");
    GF_CUDA(cudaMemset(buffer.get(), 0xff, n * sizeof(double)));  // NaN pattern
    launch_geodesic_field_to_buffer<float>(grid_geometry(p), geodesic_field(p),
                                           static_cast<float*>(buffer.get()), nullptr, &parts);
    GF_CUDA(cudaMemcpy(out.data(), buffer.get(), n * sizeof(float), cudaMemcpyDeviceToHost));
    gpu_test::expect_close_to_reference(out, ref, p.nx, "float buffer " + label(GetParam().grid, p),
                                        gpu_test::geodesic_tolerance(Precision::f32, u));
    GF_CUDA(cudaMemset(buffer.get(), 0xff, n * sizeof(double)));
    launch_geodesic_field_to_buffer<double>(grid_geometry(p), geodesic_field(p),
                                            static_cast<double*>(buffer.get()), nullptr);
    std::vector<double> values(n);
    GF_CUDA(cudaMemcpy(values.data(), buffer.get(), n * sizeof(double), cudaMemcpyDeviceToHost));
    worst_double =
        std::max(worst_double, gpu_test::expect_close_to_reference(
                                   values, ref, p.nx, "double buffer " + label(GetParam().grid, p),
                                   gpu_test::geodesic_tolerance(Precision::f64, u)));
    double worst_m = 0;
    for (size_t k = 0; k < n; ++k) {
      worst_m = std::max(worst_m, std::fabs(values[k] - ref[k]) * metres_per_unit(u));
    }
    std::printf("wgs84 %s %s: GPU double vs CPU double max %.2e m\n", GetParam().grid.name.c_str(),
                std::string(to_string(u)).c_str(), worst_m);
  }
  std::printf("worst error/bound: wgs84 %s: float %.3f, double %.3f\n",
              GetParam().grid.name.c_str(), worst_float, worst_double);
}

// Through the backend: the texture (interop or pixel buffer) and the f64 export, both
// precisions (the texture holds the double value rounded either way).
void check_geodesic_backend_against_cpu(CudaBackend& backend, const Case& c) {
  FieldTexture texture;
  FieldParams p = c.grid.params;
  texture.ensure_size(p.nx, p.ny);
  for (Units u : {Units::km, Units::m}) {
    for (Precision pr : kBothPrecisions) {
      p.units = u;
      p.precision = pr;
      gpu_test::poison(texture);
      backend.compute(p, texture);
      const std::vector<double> ref = gpu_test::cpu_reference(p);
      const std::string what =
          std::string(backend.path() == CudaBackend::Path::interop ? "interop " : "pixel buffer ") +
          label(c.grid, p);
      gpu_test::expect_close_to_reference(backend.read_field(texture, Precision::f32).f32, ref,
                                          p.nx, what + " texture",
                                          gpu_test::geodesic_tolerance(Precision::f32, u));
      if (pr == Precision::f64) {
        gpu_test::expect_close_to_reference(backend.read_field(texture, Precision::f64).f64, ref,
                                            p.nx, what + " f64 export",
                                            gpu_test::geodesic_tolerance(Precision::f64, u));
      }
    }
  }
}

TEST_P(GeodesicFieldOnGpu, InteropTextureMatchesCpuDouble) {
  GF_REQUIRE_GL_ON_CUDA();
  gpu_test::check_cuda_backend(CudaBackend::Path::interop, [&](CudaBackend& b) {
    check_geodesic_backend_against_cpu(b, GetParam());
  });
}

TEST_P(GeodesicFieldOnGpu, PixelBufferFallbackMatchesCpuDouble) {
  GF_REQUIRE_GL_ON_CUDA();
  gpu_test::check_cuda_backend(CudaBackend::Path::pixel_buffer, [&](CudaBackend& b) {
    check_geodesic_backend_against_cpu(b, GetParam());
  });
}

INSTANTIATE_TEST_SUITE_P(Grids, GeodesicFieldOnGpu, testing::ValuesIn(gpu_test::wgs84_cases()),
                         case_name);

// The haversine kernels refuse a wgs84 grid rather than compute a haversine field for it.
TEST(GeodesicKernel, HaversineLaunchesRefuseAWgs84Grid) {
  GF_REQUIRE_CUDA();
  FieldParams p;
  p.formula = Formula::wgs84;
  p.nx = p.ny = 64;
  DeviceBuffer buffer;
  buffer.ensure(sizeof(double) * 64 * 64, "test");
  const auto launch = [&] {
    launch_field_to_buffer<double, double>(grid_geometry(p), static_cast<double*>(buffer.get()),
                                           nullptr);
  };
  EXPECT_THROW(launch(), CudaFailure);
}

// The whole globe at 8192 x 4097 (edge blocks in both directions): the device's time for the
// field (the pre-pass and the kernel, CUDA events) and nodes a second, printed; 20 000 nodes
// sampled against the CPU's geodesic_field_value.
TEST(GeodesicKernel, WholeGlobeAtSizeTimedAndSampled) {
  GF_REQUIRE_CUDA();
  FieldParams p = test::make_params(-90, 90, -180, 180, 8192, 4097, 30, 101);
  p.formula = Formula::wgs84;
  p.precision = Precision::f64;
  const size_t n = static_cast<size_t>(node_count(p));
  DeviceBuffer buffer, parts;
  buffer.ensure(n * sizeof(double), "test");
  double* d = static_cast<double*>(buffer.get());
  const GridGeometry g = grid_geometry(p);
  const GeodesicField f = geodesic_field(p);
  launch_geodesic_field_to_buffer<double>(g, f, d, nullptr, &parts);  // warm-up
  cudaEvent_t start, stop;
  GF_CUDA(cudaEventCreate(&start));
  GF_CUDA(cudaEventCreate(&stop));
  constexpr int kRuns = 5;
  GF_CUDA(cudaEventRecord(start));
  for (int r = 0; r < kRuns; ++r) launch_geodesic_field_to_buffer<double>(g, f, d, nullptr, &parts);
  GF_CUDA(cudaEventRecord(stop));
  GF_CUDA(cudaEventSynchronize(stop));
  float ms = 0;
  GF_CUDA(cudaEventElapsedTime(&ms, start, stop));
  GF_CUDA(cudaEventDestroy(start));
  GF_CUDA(cudaEventDestroy(stop));
  std::printf("wgs84 8192x4097 whole globe, double: %.3f ms a field, %.3g nodes/s\n", ms / kRuns,
              double(n) * kRuns / (ms * 1e-3));
  std::vector<double> out(n);
  GF_CUDA(cudaMemcpy(out.data(), d, n * sizeof(double), cudaMemcpyDeviceToHost));
  double worst_m = 0;
  for (size_t k = 0; k < n; k += n / 20000) {
    const int i = static_cast<int>(k / p.nx), j = static_cast<int>(k % p.nx);
    const double want = geodesic_field_value(f, g, i, j);
    worst_m = std::max(worst_m, std::fabs(out[k] - want) * 1000.0);
  }
  EXPECT_LE(worst_m, gpu_test::kGeodesicAbsoluteM);
  std::printf("wgs84 8192x4097 sampled: GPU vs CPU max %.2e m\n", worst_m);
}

// A reallocated texture (new size, new GL object) is registered again, not written stale.
TEST(InteropTexture, FollowsReallocation) {
  GF_REQUIRE_GL_ON_CUDA();
  int device = 0;
  GF_CUDA(cudaGetDevice(&device));
  CudaBackend backend(device, CudaBackend::Path::interop);
  FieldTexture texture;
  FieldParams p;
  for (auto [nx, ny] :
       {std::pair{300, 200}, std::pair{640, 480}, std::pair{640, 480}, std::pair{77, 1031}}) {
    p.nx = nx;
    p.ny = ny;
    p.ref_lat_deg += 0.25;
    texture.ensure_size(nx, ny);
    gpu_test::poison(texture);
    backend.compute(p, texture);
    gpu_test::expect_close_to_reference(
        backend.read_field(texture, Precision::f32).f32, gpu_test::cpu_reference(p), p.nx,
        std::to_string(nx) + "x" + std::to_string(ny), gpu_test::kFloatPath);
  }
  EXPECT_EQ(backend.path(), CudaBackend::Path::interop);
}

// The device time of a compute, from CUDA events on the backend's stream, once it is done.
TEST(CudaBackend, ReportsTheDeviceTimeOfACompute) {
  GF_REQUIRE_GL_ON_CUDA();
  int device = 0;
  GF_CUDA(cudaGetDevice(&device));
  CudaBackend backend(device, CudaBackend::Path::interop);
  EXPECT_TRUE(backend.measures_device_time());
  EXPECT_FALSE(backend.last_compute_device_ms().has_value()) << "nothing computed yet";
  FieldTexture texture;
  FieldParams p;
  p.nx = p.ny = 2048;
  texture.ensure_size(p.nx, p.ny);
  backend.compute(p, texture);
  GF_CUDA(cudaStreamSynchronize(backend.stream()));
  const std::optional<double> ms = backend.last_compute_device_ms();
  ASSERT_TRUE(ms.has_value()) << "known after the stream is done";
  EXPECT_GT(*ms, 0.0);
  EXPECT_LT(*ms, 1000.0);
  std::printf("device time: cuda compute 2048x2048: %.4f ms\n", *ms);
}

TEST(CudaBackend, SizeBeyondTextureLimitNamesIt) {
  GF_REQUIRE_GL_ON_CUDA();
  int device = 0;
  GF_CUDA(cudaGetDevice(&device));
  CudaBackend backend(device, CudaBackend::Path::interop);
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  FieldParams p;
  p.nx = max_size + 1;
  FieldTexture texture;  // never allocated: the check comes first
  try {
    backend.compute(p, texture);
    FAIL() << "no error for " << p.nx << " columns";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("GL_MAX_TEXTURE_SIZE"), std::string::npos) << e.what();
  }
}

TEST(CudaBackend, DeviceMemoryLimitNamesIt) {
  GF_REQUIRE_CUDA();
  // More than any device has: the check refuses before cudaMalloc.
  DeviceBuffer b;
  try {
    b.ensure(std::size_t{1} << 50, "the double export of the 16777216x67108864 field");
    FAIL() << "no error for 1 PiB";
  } catch (const DeviceMemoryShortage& e) {
    EXPECT_NE(std::string(e.what()).find("cudaMemGetInfo"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("GiB free"), std::string::npos) << e.what();
  }
}

TEST(BackendChoice, AutoPicksCudaWhenTheGlContextRunsOnIt) {
  GF_REQUIRE_GL_ON_CUDA();
  std::string reason;
  std::unique_ptr<FieldBackend> b = make_backend(BackendChoice::automatic, &reason);
  EXPECT_EQ(b->name(), "cuda") << reason;
  EXPECT_NE(reason.find("runs this GL context"), std::string::npos) << reason;
  std::printf("auto: %s\n", reason.c_str());
}

}  // namespace
}  // namespace geofield
