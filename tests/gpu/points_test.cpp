// Distances at points on CUDA (issue 31, cuda/point_kernels.h through the device computer's
// compute_points): against the CPU's point list (compute/point_distances.h) for every formula
// and site kind, float and double, within the float path's bound (double: 1e-9 of the value),
// indices equal except where two sites tie within that bound; against the CUDA grid's own
// values at its nodes; device memory and host memory alike bit for bit; a point that is not a
// place gets NaN and -1 on the device.
#include <cuda_runtime_api.h>

#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "centre_sets.h"
#include "compute/cuda_device_field.h"
#include "compute/point_distances.h"
#include "cuda_check.h"
#include "device_memory.h"
#include "errors.h"
#include "gpu_test_support.h"
#include "shape_sets.h"

namespace geofield {
namespace {

struct Points {
  std::vector<double> lat, lon;
  PointList list() const { return {lat.data(), lon.data(), lat.size()}; }
};

// Random points over the sphere, with the poles, the antimeridian and a cluster of near ties.
Points random_points(int n, unsigned seed) {
  Points p;
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1), l(-360, 360);
  for (double lat : {90.0, -90.0, 0.0}) p.lat.push_back(lat), p.lon.push_back(180);
  for (int k = 0; k < 300; ++k) p.lat.push_back(40 + 1e-4 * k), p.lon.push_back(10);
  while (static_cast<int>(p.lat.size()) < n) {
    p.lat.push_back(std::asin(u(rng)) * 180 / kPi);
    p.lon.push_back(l(rng));
  }
  return p;
}

struct Result {
  std::vector<double> values;
  std::vector<std::int32_t> index;
};

// The device computer's values at pts (device memory in and out), widened to double.
Result on_device(DeviceFieldComputer& gpu, const FieldRequest& r, const Points& pts) {
  const std::size_t n = pts.lat.size();
  const Precision stored = r.params.precision;
  const std::size_t size = stored == Precision::f64 ? 8 : 4;
  DeviceBuffer lat, lon, values, index;
  lat.ensure(n * 8, "lat");
  lon.ensure(n * 8, "lon");
  values.ensure(n * size, "values");
  index.ensure(n * 4, "index");
  GF_CUDA(cudaMemcpy(lat.get(), pts.lat.data(), n * 8, cudaMemcpyHostToDevice));
  GF_CUDA(cudaMemcpy(lon.get(), pts.lon.data(), n * 8, cudaMemcpyHostToDevice));
  GF_CUDA(cudaMemset(values.get(), 0xff, n * size));
  gpu.compute_points(
      r, {static_cast<const double*>(lat.get()), static_cast<const double*>(lon.get()), n}, true,
      values.get(), stored, static_cast<std::int32_t*>(index.get()), nullptr);
  Result out{std::vector<double>(n), std::vector<std::int32_t>(n)};
  if (stored == Precision::f64) {
    GF_CUDA(cudaMemcpy(out.values.data(), values.get(), n * 8, cudaMemcpyDeviceToHost));
  } else {
    std::vector<float> f(n);
    GF_CUDA(cudaMemcpy(f.data(), values.get(), n * 4, cudaMemcpyDeviceToHost));
    out.values.assign(f.begin(), f.end());
  }
  GF_CUDA(cudaMemcpy(out.index.data(), index.get(), n * 4, cudaMemcpyDeviceToHost));
  return out;
}

Result on_cpu(const FieldRequest& r, const Points& pts) {
  const std::size_t n = pts.lat.size();
  Result out{std::vector<double>(n), std::vector<std::int32_t>(n)};
  if (r.params.precision == Precision::f64) {
    distances_at_points_on_cpu<double>(r, pts.list(), out.values.data(), out.index.data());
  } else {
    std::vector<float> f(n);
    distances_at_points_on_cpu<float>(r, pts.list(), f.data(), out.index.data());
    out.values.assign(f.begin(), f.end());
  }
  return out;
}

// The float path's bound (2e-6 of pi R + the value), double's 1e-9 of pi R (the device's sin,
// cos and sqrt are not glibc's to the last bit).
double tolerance(const FieldRequest& r, double v) {
  const double pi_r = kPi * radius_in_units(r.params);
  return r.params.precision == Precision::f64 && r.params.formula != Formula::seed
             ? 1e-9 * pi_r
             : 2e-6 * (pi_r + v);
}

void expect_like_cpu(DeviceFieldComputer& gpu, const FieldRequest& r, const Points& pts,
                     const std::string& what) {
  const Result g = on_device(gpu, r, pts), c = on_cpu(r, pts);
  std::size_t differ = 0;
  for (std::size_t k = 0; k < g.values.size(); ++k) {
    const double tol = tolerance(r, c.values[k]);
    ASSERT_NEAR(g.values[k], c.values[k], tol) << what << ", point " << k;
    if (g.index[k] != c.index[k]) ++differ;  // a tie within the bound: the values agree
  }
  // Ties within the bound are rare (the values agree, asserted above): the cluster of 300
  // near-ties against 200 sites within 0.01 degree holds most of them.
  EXPECT_LE(differ, g.values.size() / 50) << what;
  // Host memory in and out: the same kernels, so the same bits.
  std::vector<double> hv(pts.lat.size());
  std::vector<std::int32_t> hi(pts.lat.size());
  gpu.compute_points(r, pts.list(), false, hv.data(), Precision::f64, hi.data(), nullptr);
  for (std::size_t k = 0; k < hv.size(); ++k) {
    if (r.params.precision == Precision::f64) {
      ASSERT_EQ(hv[k], g.values[k]) << what << ", point " << k;
    }
    ASSERT_EQ(hi[k], g.index[k]) << what << ", point " << k;
  }
}

std::unique_ptr<DeviceFieldComputer> computer() {
  std::string why;
  auto gpu = try_make_device_field_computer(0, &why);
  EXPECT_TRUE(gpu) << why;
  return gpu;
}

FieldParams params(Formula f, Precision p) {
  FieldParams q;
  q.formula = f;
  q.precision = p;
  q.ref_lat_deg = 33.25;
  q.ref_lon_deg = -117.5;
  return q;
}

TEST(GpuPoints, OnePointLikeTheCpu) {
  GF_REQUIRE_CUDA();
  auto gpu = computer();
  const Points pts = random_points(20000, 1);
  for (Formula f : {Formula::haversine, Formula::seed, Formula::wgs84}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      expect_like_cpu(*gpu, FieldRequest::of_reference(params(f, p)), pts,
                      std::string(to_string(f)) + " " + std::string(to_string(p)));
    }
  }
}

TEST(GpuPoints, NearestOfTenThousandSitesLikeTheCpu) {
  GF_REQUIRE_CUDA();
  auto gpu = computer();
  const Points pts = random_points(20000, 2);
  std::vector<Centre> sites = test::clustered_centres(40, 10, 0.01, 200, 9);
  for (const Centre& c : test::random_centres(10000, 4)) sites.push_back(c);
  const SiteSet set = SiteSet::points(sites);
  for (Formula f : {Formula::haversine, Formula::wgs84}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      expect_like_cpu(*gpu, {params(f, p), set}, pts,
                      std::string(to_string(f)) + " " + std::string(to_string(p)));
    }
  }
}

TEST(GpuPoints, ShapesLikeTheCpu) {
  GF_REQUIRE_CUDA();
  auto gpu = computer();
  const Points pts = random_points(20000, 3);
  const SiteSet shapes =
      SiteSet::shapes(std::make_shared<const SiteShapes>(test::hard_shapes(40, 5)));
  for (bool signed_inside : {false, true}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      expect_like_cpu(*gpu, {params(Formula::haversine, p), shapes, signed_inside}, pts,
                      signed_inside ? "signed" : "unsigned");
    }
  }
}

TEST(GpuPoints, EqualTheCudaGridAtItsNodes) {
  GF_REQUIRE_CUDA();
  auto gpu = computer();
  FieldParams p = params(Formula::haversine, Precision::f64);
  p.lat_min_deg = -89.5, p.lat_max_deg = 89.5, p.lon_min_deg = 170, p.lon_max_deg = 160;
  p.nx = 61, p.ny = 37;
  const GridGeometry g = grid_geometry(p);
  Points nodes;
  for (int i = 0; i < p.ny; ++i) {
    for (int j = 0; j < p.nx; ++j) {
      nodes.lat.push_back(node_lat_deg(g, i));
      // A grid across the antimeridian numbers its columns past 360 (170 ... 530); a point's
      // longitude is a place within [-360, 360], so the node's is given wrapped.
      nodes.lon.push_back(reduce_deg_180(node_lon_deg(g, j)));
    }
  }
  const std::size_t n = nodes.lat.size();
  for (Formula f : {Formula::haversine, Formula::wgs84}) {
    p.formula = f;
    for (const FieldRequest& r : {FieldRequest::of_reference(p),
                                  FieldRequest{p, SiteSet::points(test::random_centres(300, 8))}}) {
      std::vector<double> grid(n);
      std::vector<std::int32_t> grid_index(n);
      gpu->compute_to_host(r, grid.data(), Precision::f64,
                           r.one_point() ? nullptr : grid_index.data());
      const Result at = on_device(*gpu, r, nodes);
      for (std::size_t k = 0; k < n; ++k) {
        ASSERT_NEAR(at.values[k], grid[k], 1e-9 * kPi * p.radius_km) << "node " << k;
        if (!r.one_point()) {
          ASSERT_EQ(at.index[k], grid_index[k]) << "node " << k;
        }
      }
    }
  }
}

TEST(GpuPoints, WhatIsNotAPlaceGetsNaNOnTheDevice) {
  GF_REQUIRE_CUDA();
  auto gpu = computer();
  const Points pts{{10, 95, std::nan(""), -90}, {0, 0, 0, 400}};
  for (const FieldRequest& r :
       {FieldRequest::of_reference(params(Formula::haversine, Precision::f64)),
        FieldRequest{params(Formula::haversine, Precision::f64),
                     SiteSet::points(test::random_centres(50, 1))}}) {
    const Result g = on_device(*gpu, r, pts);
    EXPECT_FALSE(std::isnan(g.values[0]));
    for (int k = 1; k < 4; ++k) {
      EXPECT_TRUE(std::isnan(g.values[k])) << "point " << k;
      EXPECT_EQ(g.index[k], -1) << "point " << k;
    }
  }
  // From host memory they are refused, naming the point.
  std::vector<double> v(4);
  EXPECT_THROW(
      gpu->compute_points(FieldRequest::of_reference(params(Formula::haversine, Precision::f64)),
                          pts.list(), false, v.data(), Precision::f64, nullptr, nullptr),
      UsageError);
}

}  // namespace
}  // namespace geofield
