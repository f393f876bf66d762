// Distances at points on the GPU (issue 31's target: a million points against 10,000 sites well
// under a second on the H200): the CUDA computer's compute_points (what geofield_compute_points
// and geofield.distance call) with the points and results in device memory, CUDA events around
// each call, a warm-up first, the median of 5; and the same from host memory (copies in and out,
// wall clock); the CPU's point list on all cores beside. Every formula and site kind, float and
// double. Checks a sample of the GPU's values against the CPU's and prints the largest gap.
// Not a test: bench/RESULTS.md records its output.
//
// Usage: points_gpu_bench [POINTS [SITES]]   (default 1000000 10000)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "compute/cuda_device_field.h"
#include "compute/point_distances.h"
#include "cuda_check.h"
#include "device_memory.h"
#include "timing.h"

namespace geofield::bench {
namespace {

// Uniform on the sphere (xorshift64: a fixed sequence, so runs compare).
void random_places(std::size_t n, unsigned long long seed, std::vector<double>* lat,
                   std::vector<double>* lon) {
  unsigned long long s = seed;
  auto next = [&] {
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    return static_cast<double>(s >> 11) * 0x1.0p-53;
  };
  lat->resize(n);
  lon->resize(n);
  for (std::size_t k = 0; k < n; ++k) {
    (*lat)[k] = std::asin(2 * next() - 1) * kDegPerRad;
    (*lon)[k] = 360 * next() - 180;
  }
}

// A polyline of `count` vertices wandering over the sphere: `count - 1` arcs of a few degrees.
SiteSet wandering_line(std::size_t count) {
  auto s = std::make_shared<SiteShapes>();
  double lat = 0, lon = 0;
  for (std::size_t k = 0; k < count; ++k) {
    s->vertices.push_back({lat, lon});
    lat = std::clamp(lat + 3 * std::sin(0.7 * k), -80.0, 80.0);
    lon = std::remainder(lon + 2.5 + std::cos(0.3 * k), 360.0);
  }
  s->parts.push_back({PartKind::line, 0, static_cast<std::uint32_t>(count)});
  s->features.push_back({FeatureKind::line, 0, 1, "line"});
  return SiteSet::shapes(s);
}

struct Case {
  std::string name;
  FieldRequest request;
};

void run(std::size_t n_points, std::size_t n_sites) {
  std::string why;
  auto gpu = try_make_device_field_computer(0, &why);
  if (!gpu) {
    std::fprintf(stderr, "points_gpu_bench: no CUDA device: %s\n", why.c_str());
    std::exit(1);
  }
  std::vector<double> lat, lon, slat, slon;
  random_places(n_points, 88172645463325252ull, &lat, &lon);
  random_places(n_sites, 1234567ull, &slat, &slon);
  std::vector<Centre> sites;
  for (std::size_t k = 0; k < n_sites; ++k) sites.push_back({slat[k], slon[k], {}});
  const SiteSet points = SiteSet::points(sites);

  std::vector<Case> cases;
  for (Formula f : {Formula::haversine, Formula::wgs84}) {
    for (Precision p : {Precision::f32, Precision::f64}) {
      FieldParams q;
      q.formula = f;
      q.precision = p;
      const std::string tag = std::string(to_string(f)) + " " + std::string(to_string(p));
      cases.push_back({"1 point, " + tag, FieldRequest::of_reference(q)});
      cases.push_back({std::to_string(n_sites) + " points, " + tag, {q, points}});
    }
  }
  FieldParams sphere;
  cases.push_back({std::to_string(n_sites - 1) + " arcs of a line, haversine",
                   {sphere, wandering_line(n_sites)}});

  const std::size_t n = n_points;
  DeviceBuffer d_lat, d_lon, d_values, d_index;
  d_lat.ensure(n * sizeof(double), "lat");
  d_lon.ensure(n * sizeof(double), "lon");
  d_values.ensure(n * sizeof(double), "values");
  d_index.ensure(n * sizeof(std::int32_t), "index");
  GF_CUDA(cudaMemcpy(d_lat.get(), lat.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  GF_CUDA(cudaMemcpy(d_lon.get(), lon.data(), n * sizeof(double), cudaMemcpyHostToDevice));
  CudaStream stream;
  CudaEvent a, b;
  std::printf("%s, %zu points\n\n", gpu->device_name().c_str(), n);
  std::printf(
      "| case | GPU, device memory (ms) | GPU, from host (ms) | CPU, %u threads (ms) | "
      "largest |GPU - CPU| (sample) | indices differing |\n|---|---|---|---|---|---|\n",
      std::max(1u, std::thread::hardware_concurrency()));
  for (const Case& c : cases) {
    const Precision stored = c.request.params.precision;
    const PointList device_pts{static_cast<const double*>(d_lat.get()),
                               static_cast<const double*>(d_lon.get()), n};
    auto device_call = [&] {
      gpu->compute_points(c.request, device_pts, true, d_values.get(), stored,
                          static_cast<std::int32_t*>(d_index.get()), stream.get());
    };
    device_call();  // warm-up: the sites' upload, the trees
    GF_CUDA(cudaStreamSynchronize(stream.get()));
    std::vector<double> ms;
    for (int r = 0; r < 5; ++r) {
      GF_CUDA(cudaEventRecord(a.get(), stream.get()));
      device_call();
      GF_CUDA(cudaEventRecord(b.get(), stream.get()));
      GF_CUDA(cudaEventSynchronize(b.get()));
      ms.push_back(elapsed_ms(a, b));
    }
    const double device_ms = summarize(ms).median_ms;

    std::vector<double> gv(n), cv(n);
    std::vector<std::int32_t> gi(n), ci(n);
    const PointList host_pts{lat.data(), lon.data(), n};
    const auto t0 = Clock::now();
    gpu->compute_points(c.request, host_pts, false, gv.data(), Precision::f64, gi.data(), nullptr);
    const double host_ms = ms_since(t0);

    // The CPU on a sample (a million points against 10,000 sites takes it seconds).
    const std::size_t m = std::min<std::size_t>(n, 100000);
    const PointList sample{lat.data(), lon.data(), m};
    const auto t1 = Clock::now();
    if (stored == Precision::f64) {
      distances_at_points_on_cpu<double>(c.request, sample, cv.data(), ci.data());
    } else {
      std::vector<float> f(m);
      distances_at_points_on_cpu<float>(c.request, sample, f.data(), ci.data());
      std::copy(f.begin(), f.end(), cv.begin());
    }
    const double cpu_ms = ms_since(t1) * static_cast<double>(n) / static_cast<double>(m);
    double gap = 0;
    std::size_t differ = 0;
    for (std::size_t k = 0; k < m; ++k) {
      gap = std::max(gap, std::abs(gv[k] - cv[k]));
      differ += gi[k] != ci[k];
    }
    std::printf("| %s | %.3f | %.1f | %.0f%s | %.3g km | %zu of %zu |\n", c.name.c_str(), device_ms,
                host_ms, cpu_ms, m < n ? " (from a sample)" : "", gap, differ, m);
  }
}

}  // namespace
}  // namespace geofield::bench

int main(int argc, char** argv) {
  const std::size_t points = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1000000;
  const std::size_t sites = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 10000;
  try {
    geofield::bench::run(points, sites);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "points_gpu_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
