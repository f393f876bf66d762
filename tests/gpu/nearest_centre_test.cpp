// The nearest-centre field on CUDA (issue 16, cuda/nearest_centres.h): the pruned passes equal
// the same kernels' brute force (every centre at every node) bit for bit, values and indices,
// on grids full of near-ties (centres on nodes, mirrored about nodes, duplicated, at the poles,
// across 180 degrees), with 10,000 random centres, clustered far from the grid, with a pool too
// small (the fallback), in float and double, km and nm, and wgs84; against the CPU oracle
// (nearest_centre_brute_force) within the float path's bound, indices equal except where the
// two values tie within it; and through the backend, the interop textures against the kernels.
#include "compute/nearest_centre.h"

#include <cuda_runtime_api.h>
#include <glad/gl.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "backends/cuda_backend_factory.h"
#include "backends/cuda_centres_backend.h"
#include "centre_sets.h"
#include "cuda_check.h"
#include "device_memory.h"
#include "errors.h"
#include "gl/field_texture.h"
#include "gl/gl_check.h"
#include "gpu_test_support.h"
#include "nearest_centres.h"
#include "test_grids.h"

namespace geofield {
namespace {

struct Result {
  std::vector<double> values;  // as stored (float or double), widened
  std::vector<std::int32_t> index;
};

void upload(NearestCentres& k, const std::vector<Centre>& centres, cudaStream_t stream) {
  std::vector<double> lat, lon;
  for (const Centre& c : centres) lat.push_back(c.lat_deg), lon.push_back(c.lon_deg);
  k.set_centres(lat.data(), lon.data(), centres.size(), stream);
}

// The kernels into device memory poisoned first (NaN values, index -1), read back.
template <typename Out>
Result run(NearestCentres& k, const FieldParams& p, CentresTuning t, cudaStream_t stream) {
  const size_t n = static_cast<size_t>(node_count(p));
  DeviceBuffer values, index;
  values.ensure(n * sizeof(Out), "test values");
  index.ensure(n * sizeof(std::int32_t), "test index");
  GF_CUDA(cudaMemsetAsync(values.get(), 0xff, n * sizeof(Out), stream));
  GF_CUDA(cudaMemsetAsync(index.get(), 0xff, n * sizeof(std::int32_t), stream));
  k.compute_to_buffers<Out>(centres_view(p), static_cast<Out*>(values.get()),
                            static_cast<std::int32_t*>(index.get()), stream, t);
  std::vector<Out> v(n);
  Result r{std::vector<double>(n), std::vector<std::int32_t>(n)};
  GF_CUDA(cudaMemcpyAsync(v.data(), values.get(), n * sizeof(Out), cudaMemcpyDeviceToHost, stream));
  GF_CUDA(cudaMemcpyAsync(r.index.data(), index.get(), n * sizeof(std::int32_t),
                          cudaMemcpyDeviceToHost, stream));
  GF_CUDA(cudaStreamSynchronize(stream));
  for (size_t q = 0; q < n; ++q) r.values[q] = v[q];
  return r;
}

// Node for node, bit for bit (a NaN, an unwritten node, never matches).
size_t count_differences(const Result& a, const Result& b, const std::string& what) {
  size_t differ = 0;
  for (size_t q = 0; q < a.values.size(); ++q) {
    const bool same = a.values[q] == b.values[q] && a.index[q] == b.index[q] && a.index[q] >= 0;
    if (!same && differ++ < 5) {
      ADD_FAILURE() << what << ": node " << q << ": " << a.values[q] << " (centre " << a.index[q]
                    << ") vs " << b.values[q] << " (centre " << b.index[q] << ")";
    }
  }
  return differ;
}

// Pruned (tiles of several sizes) against brute force; returns brute force.
template <typename Out>
Result expect_pruned_equals_brute_force(NearestCentres& k, const FieldParams& p,
                                        const std::string& what, cudaStream_t stream) {
  const Result slow = run<Out>(k, p, {0, true}, stream);
  // The tiles chosen from the density and the grid, and forced sizes of both levels.
  const CentresTuning tilings[] = {
      {0, false, 0}, {8, false, 16}, {8, false, 32}, {16, false, 128}, {8, false, 256}};
  for (const CentresTuning& t : tilings) {
    // A first guess of the pool that was short takes the fallback (every centre in the tiles
    // that did not fit): equal as well, and the next compute, with the pool grown, prunes.
    for (int attempt = 0; attempt < 2; ++attempt) {
      const Result fast = run<Out>(k, p, t, stream);
      EXPECT_EQ(count_differences(fast, slow,
                                  what + ", tiles " + std::to_string(k.last_fine_tile()) + " in " +
                                      std::to_string(k.last_coarse_tile()) +
                                      (attempt ? " (pool grown)" : "")),
                0u);
      if (!k.last_pool_overflowed()) break;
      EXPECT_EQ(attempt, 0) << what << ": the pool still overflowed after growing";
    }
  }
  return slow;
}

struct OracleComparison {
  double worst_over_bound = 0;
  size_t index_differs = 0;
};

// The GPU's field against the CPU oracle (nearest_centre_brute_force in T): every value within
// `bound(value)`; where the indices differ, the CPU's own value of the GPU's centre ties with
// the CPU's smallest within twice that bound.
template <typename T, typename Bound>
OracleComparison expect_close_to_cpu(const FieldParams& p, const std::vector<Centre>& centres,
                                     const Result& gpu, const Bound& bound,
                                     const std::string& what) {
  const size_t n = static_cast<size_t>(node_count(p));
  std::vector<T> cpu(n);
  std::vector<std::int32_t> cpu_k(n);
  nearest_centre_brute_force<T>(p, centres, cpu.data(), cpu_k.data());
  OracleComparison c;
  size_t failures = 0;
  for (size_t q = 0; q < n; ++q) {
    const double b = bound(static_cast<double>(cpu[q]));
    const double err = std::fabs(gpu.values[q] - static_cast<double>(cpu[q]));
    c.worst_over_bound = std::max(c.worst_over_bound, err / b);
    if (!(err <= b) && failures++ < 5) {
      ADD_FAILURE() << what << ": node " << q << ": GPU " << gpu.values[q] << ", CPU " << cpu[q];
    }
    if (gpu.index[q] != cpu_k[q]) {
      ++c.index_differs;
      FieldParams pc = p;
      pc.ref_lat_deg = centres[gpu.index[q]].lat_deg;
      pc.ref_lon_deg = centres[gpu.index[q]].lon_deg;
      const int i = static_cast<int>(q / p.nx), j = static_cast<int>(q % p.nx);
      const double theirs = p.formula == Formula::wgs84
                                ? geodesic_field_value(geodesic_field(pc), grid_geometry(pc), i, j)
                                : static_cast<double>(field_value<T>(grid_geometry(pc), i, j));
      if (!(std::fabs(theirs - static_cast<double>(cpu[q])) <= 2 * b) && failures++ < 5) {
        ADD_FAILURE() << what << ": node " << q << ": GPU centre " << gpu.index[q] << " (" << theirs
                      << " on the CPU), CPU centre " << cpu_k[q] << " (" << cpu[q]
                      << "): not a tie within the bound";
      }
    }
  }
  EXPECT_EQ(failures, 0u) << what;
  std::printf(
      "nearest centre vs CPU, %s: worst error/bound %.3f, index differs at %zu of %zu "
      "nodes (ties within the bound)\n",
      what.c_str(), c.worst_over_bound, c.index_differs, n);
  return c;
}

// The float path's bound (field_checks.h kFloatPath): 2e-6 of (pi R + value).
auto float_bound(const FieldParams& p) {
  const double pi_r = kPi * radius_in_units(p);
  return [pi_r](double v) { return 2e-6 * (pi_r + v); };
}

// The geodesic's GPU-vs-CPU bound (5e-8 m, scripts/gpu-test.sh), in the output unit.
auto geodesic_bound(const FieldParams& p) {
  const double unit = metres_per_unit(p.units);
  return [unit](double) { return 5e-8 / unit; };
}

class NearestCentreKernels : public testing::Test {
 protected:
  void SetUp() override {
    GF_REQUIRE_CUDA();
    stream_ = std::make_unique<CudaStream>();
    kernels_ = std::make_unique<NearestCentres>();
  }
  cudaStream_t stream() const { return stream_->get(); }
  std::unique_ptr<CudaStream> stream_;
  std::unique_ptr<NearestCentres> kernels_;
};

TEST_F(NearestCentreKernels, PrunedEqualsBruteForceOnTieHeavyGrids) {
  const FieldParams views[] = {
      test::make_params(-90, 90, -180, 180, 181, 91, 0, 0),
      test::make_params(29, 31, 99, 101, 120, 80, 30, 101),
      test::make_params(-60, 70, 150, -120, 150, 90, 0, 0),  // across 180
      test::make_params(89, 90, -180, 180, 97, 33, 0, 0),    // the pole's cap
  };
  int v = 0;
  for (FieldParams p : views) {
    const std::vector<Centre> centres = test::tie_heavy_centres(p, 300, 7 + v);
    upload(*kernels_, centres, stream());
    for (Units u : {Units::km, Units::nm}) {
      p.units = u;
      const std::string name = "view " + std::to_string(v) + (u == Units::nm ? " nm" : " km");
      p.precision = Precision::f32;
      const Result f =
          expect_pruned_equals_brute_force<float>(*kernels_, p, name + " f32", stream());
      expect_close_to_cpu<float>(p, centres, f, float_bound(p), name + " f32");
      p.precision = Precision::f64;
      const Result d =
          expect_pruned_equals_brute_force<double>(*kernels_, p, name + " f64", stream());
      const OracleComparison c =
          expect_close_to_cpu<double>(p, centres, d, float_bound(p), name + " f64");
      EXPECT_LE(c.worst_over_bound, 1e-6) << "double is far finer than the float bound";
    }
    ++v;
  }
}

TEST_F(NearestCentreKernels, TenThousandRandomCentres) {
  FieldParams p = test::make_params(-90, 90, -180, 180, 120, 60, 0, 0);
  const std::vector<Centre> centres = test::tie_heavy_centres(p, 10000, 17);
  upload(*kernels_, centres, stream());
  const Result f = expect_pruned_equals_brute_force<float>(*kernels_, p, "10k f32", stream());
  expect_close_to_cpu<float>(p, centres, f, float_bound(p), "10k f32");
  // A larger grid: GPU only (the CPU oracle would take minutes).
  FieldParams big = test::make_params(-80, 85, -170, 190, 1024, 512, 0, 0);
  for (Precision pr : {Precision::f32, Precision::f64}) {
    big.precision = pr;
    if (pr == Precision::f32) {
      expect_pruned_equals_brute_force<float>(*kernels_, big, "10k 1024x512 f32", stream());
    } else {
      expect_pruned_equals_brute_force<double>(*kernels_, big, "10k 1024x512 f64", stream());
    }
  }
}

TEST_F(NearestCentreKernels, Wgs84PrunedEqualsBruteForce) {
  FieldParams p = test::make_params(-90, 90, -180, 180, 73, 37, 0, 0);
  p.formula = Formula::wgs84;
  p.precision = Precision::f64;
  std::vector<Centre> centres = test::tie_heavy_centres(p, 200, 11);
  upload(*kernels_, centres, stream());
  const Result d = expect_pruned_equals_brute_force<double>(*kernels_, p, "wgs84 globe", stream());
  expect_close_to_cpu<double>(p, centres, d, geodesic_bound(p), "wgs84 globe");
  p.units = Units::nm;
  expect_pruned_equals_brute_force<double>(*kernels_, p, "wgs84 globe nm", stream());
  FieldParams q = test::make_params(29, 31, 99, 101, 60, 40, 30, 101);
  q.formula = Formula::wgs84;
  q.ellipsoid_inv_f = 50;  // the most flattened ellipsoid accepted: the widest search
  q.precision = Precision::f64;
  centres = test::tie_heavy_centres(q, 100, 13);
  upload(*kernels_, centres, stream());
  const Result b = expect_pruned_equals_brute_force<double>(*kernels_, q, "wgs84 f=1/50", stream());
  expect_close_to_cpu<double>(q, centres, b, geodesic_bound(q), "wgs84 f=1/50");
  q.precision = Precision::f32;
  expect_pruned_equals_brute_force<float>(*kernels_, q, "wgs84 f=1/50 float", stream());
}

// The worst case for the bounds: every centre far from the grid, packed together (near the
// grid's antipode, where every centre is almost pi away and the reach is widest), and a set of
// one point repeated (the first must win everywhere).
TEST_F(NearestCentreKernels, CentresClusteredFarFromTheGrid) {
  FieldParams p = test::make_params(29, 31, 99, 101, 200, 150, 30, 101);
  std::vector<Centre> centres = test::clustered_centres(-30, -80, 0.01, 3000, 23);
  upload(*kernels_, centres, stream());
  for (Precision pr : {Precision::f32, Precision::f64}) {
    p.precision = pr;
    const Result r = pr == Precision::f32 ? expect_pruned_equals_brute_force<float>(
                                                *kernels_, p, "antipodal cluster f32", stream())
                                          : expect_pruned_equals_brute_force<double>(
                                                *kernels_, p, "antipodal cluster f64", stream());
    if (pr == Precision::f32) {
      expect_close_to_cpu<float>(p, centres, r, float_bound(p), "antipodal cluster f32");
    } else {
      expect_close_to_cpu<double>(p, centres, r, float_bound(p), "antipodal cluster f64");
    }
  }
  centres.assign(500, Centre{-10, 60, ""});
  upload(*kernels_, centres, stream());
  p.precision = Precision::f32;
  const Result same =
      expect_pruned_equals_brute_force<float>(*kernels_, p, "one point 500 times", stream());
  for (std::int32_t k : same.index) ASSERT_EQ(k, 0) << "the lowest index wins a tie";
}

// A pool too small: the tiles that do not fit take every centre (same field), the demand is
// known after the compute, and the next compute has a pool that fits.
TEST_F(NearestCentreKernels, PoolOverflowFallsBackThenGrows) {
  FieldParams p = test::make_params(-90, 90, -180, 180, 360, 180, 0, 0);
  const std::vector<Centre> centres = test::random_centres(5000, 29);
  upload(*kernels_, centres, stream());
  const Result slow = run<float>(*kernels_, p, {0, true}, stream());
  kernels_->set_pool_capacity(16);
  const Result first = run<float>(*kernels_, p, {}, stream());
  EXPECT_EQ(count_differences(first, slow, "pool of 16"), 0u);
  const size_t demand = kernels_->last_pool_demand();
  EXPECT_GT(demand, 16u);
  const Result second = run<float>(*kernels_, p, {}, stream());
  EXPECT_EQ(count_differences(second, slow, "grown pool"), 0u);
  EXPECT_GE(kernels_->pool_capacity(), demand);
  EXPECT_LE(kernels_->last_pool_demand(), kernels_->pool_capacity());
  std::printf(
      "nearest centre pool: demand %zu entries for 5000 centres at 360x180, capacity now "
      "%zu\n",
      demand, kernels_->pool_capacity());
}

// Through the backend and GL: the field texture (glGetTextureImage) and the index texture hold
// the kernels' values and indices; read_field's f64 values are the kernels' double ones;
// Shift+click (set_centres with one more centre, then compute) gives the new set's field; the
// views no backend computes with centres are refused.
TEST(NearestCentreBackend, InteropTexturesHoldTheKernelsField) {
  GF_REQUIRE_GL_ON_CUDA();
  FieldParams p = test::make_params(-60, 70, 150, -120, 300, 180, 0, 0);
  auto centres = std::make_shared<std::vector<Centre>>(test::tie_heavy_centres(p, 2000, 31));
  std::string why;
  // The one interface: the CUDA backend, whose nearest-site part computes several sites.
  std::unique_ptr<FieldBackend> backend = try_make_cuda_backend(&why);
  ASSERT_NE(backend, nullptr) << why;
  std::printf("backend: %s\n", why.c_str());
  const CudaStream stream;
  NearestCentres kernels;
  FieldTexture texture;
  texture.ensure_size(p.nx, p.ny);
  const size_t n = static_cast<size_t>(node_count(p));
  for (int round = 0; round < 2; ++round) {
    if (round == 1) {  // Shift+click: one more centre
      auto more = std::make_shared<std::vector<Centre>>(*centres);
      more->push_back({5.5, 179.25, "clicked"});
      centres = more;
    }
    upload(kernels, *centres, stream.get());
    for (Precision pr : {Precision::f32, Precision::f64}) {
      p.precision = pr;
      const std::string what =
          std::string(round ? "after a click, " : "") + (pr == Precision::f32 ? "f32" : "f64");
      // Between the rounds the one-point kernel writes the same texture: each part lets go of
      // the texture's registration for the other.
      backend->compute(p, texture);
      backend->compute(FieldRequest{p, SiteSet::points(centres)}, texture);
      const Result want = run<float>(kernels, p, {}, stream.get());
      std::vector<float> in_texture(n);
      read_texture_rows(texture.id(), p.nx, p.ny, in_texture.data());
      Result got{std::vector<double>(in_texture.begin(), in_texture.end()), backend->read_index()};
      EXPECT_EQ(count_differences(got, want, what + " textures"), 0u);
      const HostField f32 = backend->read_field(texture, Precision::f32);
      ASSERT_EQ(f32.f32.size(), n);
      EXPECT_EQ(std::memcmp(f32.f32.data(), in_texture.data(), n * sizeof(float)), 0) << what;
      if (pr == Precision::f64) {
        const Result exact = run<double>(kernels, p, {}, stream.get());
        const HostField f64 = backend->read_field(texture, Precision::f64);
        ASSERT_EQ(f64.f64.size(), n);
        size_t differ = 0;
        for (size_t q = 0; q < n; ++q) {
          differ +=
              f64.f64[q] != exact.values[q] || static_cast<float>(f64.f64[q]) != in_texture[q];
        }
        EXPECT_EQ(differ, 0u) << what
                              << ": the f64 export is the kernels' double field, and the "
                                 "texture holds it rounded";
      }
    }
  }
  EXPECT_NE(backend->index_texture(), 0u);
  FieldParams seed = p;
  seed.formula = Formula::seed;
  EXPECT_THROW(backend->compute(FieldRequest{seed, SiteSet::points(centres)}, texture), UsageError);
  FieldParams aeqd = p;
  aeqd.projection = Projection::aeqd;
  EXPECT_THROW(backend->compute(FieldRequest{aeqd, SiteSet::points(centres)}, texture), UsageError);
}

}  // namespace
}  // namespace geofield
