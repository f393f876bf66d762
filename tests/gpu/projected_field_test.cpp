// The CUDA projected kernels (cuda/projected_kernel.cu) against the CPU double field of
// projected_grid.h, on test_grids.h's projected views (aeqd and ortho, near a pole, across the
// antimeridian, metres, the whole disc with NaN corners), both formulas, float and double:
// through a plain cudaArray (the kernels alone, no GL), into linear memory (the f64 export's
// path), through the interop texture and the pixel-buffer fallback. NaN exactly beyond the
// map's edge; in aeqd each node's value is its radius hypot(x, y). Every texel is poisoned first.
// The wgs84 formula likewise on WGS84 and GRS80 (ProjectedGeodesicOnGpu), with its tolerance.
#include <cuda_runtime_api.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "backends/cuda_backend.h"
#include "cuda_check.h"
#include "device_memory.h"
#include "gpu_test_support.h"
#include "projected_kernel.h"

namespace geofield {
namespace {

using gpu_test::Case;
using gpu_test::case_name;
using gpu_test::kBothPrecisions;
using gpu_test::label;
using gpu_test::projected_cases;

class ProjectedOnGpu : public testing::TestWithParam<Case> {};

FieldParams params_of(const Case& c, Precision precision) {
  FieldParams p = c.grid.params;
  p.formula = c.formula;
  p.precision = precision;
  return p;
}

bool radius_identity_holds(const FieldParams& p) {
  return p.projection == Projection::aeqd && p.formula == Formula::haversine;
}

double edge_band(Precision pr) {
  return pr == Precision::f64 ? gpu_test::kDoubleEdgeBand : gpu_test::kFloatEdgeBand;
}

// The kernels alone, into a plain CUDA array: needs a CUDA device, no GL.
TEST_P(ProjectedOnGpu, KernelIntoCudaArrayMatchesCpuDouble) {
  GF_REQUIRE_CUDA();
  double worst = 0;
  for (Precision pr : kBothPrecisions) {
    const FieldParams p = params_of(GetParam(), pr);
    const SurfaceArray target(p.nx, p.ny);
    const size_t n = static_cast<size_t>(node_count(p));
    std::vector<float> poison(n, std::numeric_limits<float>::quiet_NaN()), out(n);
    GF_CUDA(cudaMemcpy2DToArray(target.array(), 0, 0, poison.data(), p.nx * sizeof(float),
                                p.nx * sizeof(float), p.ny, cudaMemcpyHostToDevice));
    if (pr == Precision::f64) {
      launch_projected_to_surface<double>(projected_grid(p), target.surface(), nullptr);
    } else {
      launch_projected_to_surface<float>(projected_grid(p), target.surface(), nullptr);
    }
    GF_CUDA(cudaMemcpy2DFromArray(out.data(), p.nx * sizeof(float), target.array(), 0, 0,
                                  p.nx * sizeof(float), p.ny, cudaMemcpyDeviceToHost));
    const std::string what = "cudaArray " + label(GetParam().grid, p);
    worst = std::max(worst, gpu_test::expect_projected_close(
                                out, gpu_test::cpu_reference(p), p, what,
                                gpu_test::tolerance_for(pr, Precision::f32), edge_band(pr)));
    if (radius_identity_holds(p)) {
      gpu_test::expect_aeqd_radius(out, p, what + " radius", gpu_test::kAeqdRadiusFloat,
                                   edge_band(pr));
    }
    // The float buffer (the pixel-buffer path's): the surface's very values where the kernel is
    // the float haversine's (one short sequence); the node-by-node kernel, compiled again for
    // another sink, may fuse its multiply-adds otherwise (seen on the H200: the seed's float
    // values differ in the last bits), so there the buffer is held to the reference itself.
    DeviceBuffer buffer;
    buffer.ensure(n * sizeof(float), "test");
    GF_CUDA(cudaMemset(buffer.get(), 0xff, n * sizeof(float)));
    float* d = static_cast<float*>(buffer.get());
    if (pr == Precision::f64) {
      launch_projected_to_buffer<double, float>(projected_grid(p), d, nullptr);
    } else {
      launch_projected_to_buffer<float, float>(projected_grid(p), d, nullptr);
    }
    std::vector<float> linear(n);
    GF_CUDA(cudaMemcpy(linear.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
    if (pr == Precision::f64 || p.formula == Formula::seed) {
      gpu_test::expect_projected_close(linear, gpu_test::cpu_reference(p), p, what + " buffer",
                                       gpu_test::tolerance_for(pr, Precision::f32), edge_band(pr));
      continue;
    }
    for (size_t k = 0; k < n; ++k) {
      ASSERT_TRUE(linear[k] == out[k] || (std::isnan(linear[k]) && std::isnan(out[k])))
          << what << ": float buffer differs from the surface at node " << k;
    }
  }
  std::printf("worst error/bound: projected cudaArray %s %s: %.3f\n", GetParam().grid.name.c_str(),
              std::string(to_string(GetParam().formula)).c_str(), worst);
}

// The double path into linear memory (the f64 export's) keeps double values: the CPU's code.
TEST_P(ProjectedOnGpu, DoubleBufferMatchesCpuDouble) {
  GF_REQUIRE_CUDA();
  const FieldParams p = params_of(GetParam(), Precision::f64);
  const size_t n = static_cast<size_t>(node_count(p));
  DeviceBuffer buffer;
  buffer.ensure(n * sizeof(double), "test");
  GF_CUDA(cudaMemset(buffer.get(), 0xff, n * sizeof(double)));  // NaN pattern
  launch_projected_to_buffer<double, double>(projected_grid(p), static_cast<double*>(buffer.get()),
                                             nullptr);
  std::vector<double> out(n);
  GF_CUDA(cudaMemcpy(out.data(), buffer.get(), n * sizeof(double), cudaMemcpyDeviceToHost));
  const std::string what = "double buffer " + label(GetParam().grid, p);
  gpu_test::expect_projected_close(out, gpu_test::cpu_reference(p), p, what, gpu_test::kDoublePath,
                                   gpu_test::kDoubleEdgeBand);
  if (radius_identity_holds(p)) {
    gpu_test::expect_aeqd_radius(out, p, what + " radius", gpu_test::kAeqdRadiusDouble,
                                 gpu_test::kDoubleEdgeBand);
  }
}

void check_backend_against_cpu(CudaBackend& backend, const Case& c) {
  FieldTexture texture;
  for (Precision pr : kBothPrecisions) {
    const FieldParams p = params_of(c, pr);
    texture.ensure_size(p.nx, p.ny);
    gpu_test::poison(texture);
    backend.compute(p, texture);
    const std::vector<double> ref = gpu_test::cpu_reference(p);
    const std::string what =
        std::string(backend.path() == CudaBackend::Path::interop ? "interop " : "pixel buffer ") +
        label(c.grid, p);
    const HostField texels = backend.read_field(texture, Precision::f32);
    gpu_test::expect_projected_close(texels.f32, ref, p, what + " texture",
                                     gpu_test::tolerance_for(pr, Precision::f32), edge_band(pr));
    if (pr == Precision::f64) {
      const HostField values = backend.read_field(texture, Precision::f64);
      gpu_test::expect_projected_close(values.f64, ref, p, what + " f64 export",
                                       gpu_test::kDoublePath, gpu_test::kDoubleEdgeBand);
    }
  }
}

TEST_P(ProjectedOnGpu, InteropTextureMatchesCpuDouble) {
  GF_REQUIRE_GL_ON_CUDA();
  gpu_test::check_cuda_backend(CudaBackend::Path::interop,
                               [&](CudaBackend& b) { check_backend_against_cpu(b, GetParam()); });
}

TEST_P(ProjectedOnGpu, PixelBufferFallbackMatchesCpuDouble) {
  GF_REQUIRE_GL_ON_CUDA();
  gpu_test::check_cuda_backend(CudaBackend::Path::pixel_buffer,
                               [&](CudaBackend& b) { check_backend_against_cpu(b, GetParam()); });
}

INSTANTIATE_TEST_SUITE_P(Views, ProjectedOnGpu, testing::ValuesIn(projected_cases()), case_name);

// --- wgs84, always computed in double: node by node (the inverse projection, then the geodesic)
// ---

class ProjectedGeodesicOnGpu : public testing::TestWithParam<Case> {};

// The kernel alone into a plain CUDA array (float), a float and a double buffer; NaN exactly
// beyond the map's edge (the double path's band: the node's point is the double inverse
// projection's whatever the destination).
TEST_P(ProjectedGeodesicOnGpu, KernelIntoCudaArrayAndBuffersMatchCpuDouble) {
  GF_REQUIRE_CUDA();
  FieldParams p = GetParam().grid.params;
  ASSERT_EQ(p.formula, Formula::wgs84);
  const std::vector<double> ref = gpu_test::cpu_reference(p);
  const size_t n = static_cast<size_t>(node_count(p));
  const SurfaceArray target(p.nx, p.ny);
  std::vector<float> out(n, std::numeric_limits<float>::quiet_NaN());
  GF_CUDA(cudaMemcpy2DToArray(target.array(), 0, 0, out.data(), p.nx * sizeof(float),
                              p.nx * sizeof(float), p.ny, cudaMemcpyHostToDevice));
  launch_projected_geodesic_to_surface(projected_grid(p), geodesic_field(p), target.surface(),
                                       nullptr);
  GF_CUDA(cudaMemcpy2DFromArray(out.data(), p.nx * sizeof(float), target.array(), 0, 0,
                                p.nx * sizeof(float), p.ny, cudaMemcpyDeviceToHost));
  const std::string what = label(GetParam().grid, p);
  const double worst_float = gpu_test::expect_projected_close(
      out, ref, p, "cudaArray " + what, gpu_test::geodesic_tolerance(Precision::f32, p.units),
      gpu_test::kDoubleEdgeBand);
  DeviceBuffer buffer;
  buffer.ensure(n * sizeof(double), "test");
  GF_CUDA(cudaMemset(buffer.get(), 0xff, n * sizeof(double)));
  launch_projected_geodesic_to_buffer<float>(projected_grid(p), geodesic_field(p),
                                             static_cast<float*>(buffer.get()), nullptr);
  GF_CUDA(cudaMemcpy(out.data(), buffer.get(), n * sizeof(float), cudaMemcpyDeviceToHost));
  gpu_test::expect_projected_close(out, ref, p, "float buffer " + what,
                                   gpu_test::geodesic_tolerance(Precision::f32, p.units),
                                   gpu_test::kDoubleEdgeBand);
  GF_CUDA(cudaMemset(buffer.get(), 0xff, n * sizeof(double)));
  launch_projected_geodesic_to_buffer<double>(projected_grid(p), geodesic_field(p),
                                              static_cast<double*>(buffer.get()), nullptr);
  std::vector<double> values(n);
  GF_CUDA(cudaMemcpy(values.data(), buffer.get(), n * sizeof(double), cudaMemcpyDeviceToHost));
  const double worst_double = gpu_test::expect_projected_close(
      values, ref, p, "double buffer " + what,
      gpu_test::geodesic_tolerance(Precision::f64, p.units), gpu_test::kDoubleEdgeBand);
  double worst_m = 0;
  for (size_t k = 0; k < n; ++k) {
    if (!std::isnan(ref[k]) && !std::isnan(values[k])) {
      worst_m = std::max(worst_m, std::fabs(values[k] - ref[k]) * metres_per_unit(p.units));
    }
  }
  std::printf("worst error/bound: projected wgs84 %s: float %.3f, double %.3f (%.2e m)\n",
              GetParam().grid.name.c_str(), worst_float, worst_double, worst_m);
}

void check_geodesic_backend_against_cpu(CudaBackend& backend, const Case& c) {
  FieldTexture texture;
  for (Precision pr : kBothPrecisions) {
    FieldParams p = c.grid.params;
    p.precision = pr;
    texture.ensure_size(p.nx, p.ny);
    gpu_test::poison(texture);
    backend.compute(p, texture);
    const std::vector<double> ref = gpu_test::cpu_reference(p);
    const std::string what =
        std::string(backend.path() == CudaBackend::Path::interop ? "interop " : "pixel buffer ") +
        label(c.grid, p);
    gpu_test::expect_projected_close(
        backend.read_field(texture, Precision::f32).f32, ref, p, what + " texture",
        gpu_test::geodesic_tolerance(Precision::f32, p.units), gpu_test::kDoubleEdgeBand);
    if (pr == Precision::f64) {
      gpu_test::expect_projected_close(
          backend.read_field(texture, Precision::f64).f64, ref, p, what + " f64 export",
          gpu_test::geodesic_tolerance(Precision::f64, p.units), gpu_test::kDoubleEdgeBand);
    }
  }
}

TEST_P(ProjectedGeodesicOnGpu, InteropTextureMatchesCpuDouble) {
  GF_REQUIRE_GL_ON_CUDA();
  gpu_test::check_cuda_backend(CudaBackend::Path::interop, [&](CudaBackend& b) {
    check_geodesic_backend_against_cpu(b, GetParam());
  });
}

TEST_P(ProjectedGeodesicOnGpu, PixelBufferFallbackMatchesCpuDouble) {
  GF_REQUIRE_GL_ON_CUDA();
  gpu_test::check_cuda_backend(CudaBackend::Path::pixel_buffer, [&](CudaBackend& b) {
    check_geodesic_backend_against_cpu(b, GetParam());
  });
}

INSTANTIATE_TEST_SUITE_P(Views, ProjectedGeodesicOnGpu,
                         testing::ValuesIn(gpu_test::projected_wgs84_cases()), case_name);

// Large enough that the float kernel's full tiles (no bound checks) carry most nodes, odd so
// that edge tiles remain: the whole aeqd disc, the ortho globe and the Equal Earth world at
// 4097 x 3073.
TEST(ProjectedKernel, FullAndEdgeTilesAtSize) {
  GF_REQUIRE_CUDA();
  for (Projection kind : {Projection::aeqd, Projection::ortho, Projection::eqearth}) {
    FieldParams p;
    p.projection = kind;
    p.nx = 4097;
    p.ny = 3073;
    p.extent = max_extent(p);
    const SurfaceArray target(p.nx, p.ny);
    std::vector<float> out(static_cast<size_t>(node_count(p)),
                           std::numeric_limits<float>::quiet_NaN());
    GF_CUDA(cudaMemcpy2DToArray(target.array(), 0, 0, out.data(), p.nx * sizeof(float),
                                p.nx * sizeof(float), p.ny, cudaMemcpyHostToDevice));
    launch_projected_to_surface<float>(projected_grid(p), target.surface(), nullptr);
    GF_CUDA(cudaMemcpy2DFromArray(out.data(), p.nx * sizeof(float), target.array(), 0, 0,
                                  p.nx * sizeof(float), p.ny, cudaMemcpyDeviceToHost));
    gpu_test::expect_projected_close(out, gpu_test::cpu_reference(p), p,
                                     std::string(to_string(kind)) + " 4097x3073",
                                     gpu_test::kFloatPath, gpu_test::kFloatEdgeBand);
  }
}

}  // namespace
}  // namespace geofield
