// The wgs84 formula on the GPU (issue 15's speed target: an 8192 x 8192 field in double at
// 5e9 evaluations a second or more, 13.5 ms or less). For each view: the pre-pass and the
// per-node kernel into device memory in double and in float (CUDA events, median of the
// repeats), nodes a second; the Newton iterations' distribution over the grid (every node of a
// sub-grid, on the host, by the same code); and sampled nodes against GeographicLib. Not a
// test: bench/RESULTS.md records its output. Profile the kernel with (one line)
//   ncu --clock-control none -k regex:geodesic_kernel -c 1 --section SpeedOfLight
//       --section ComputeWorkloadAnalysis geodesic_gpu_bench 8192
//
// Usage: geodesic_gpu_bench [SIZE]   (default 8192: SIZE x SIZE nodes)
#include <GeographicLib/Geodesic.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cuda_check.h"
#include "device_memory.h"
#include "field_kernel.h"
#include "field_params.h"
#include "timing.h"

namespace geofield::bench {
namespace {

struct View {
  const char* name;
  double lat_min, lat_max, lon_min, lon_max, ref_lat, ref_lon;
};

// The default view (the numba answer's 2 x 2 degree box), the whole globe about a point in
// Asia (every class of pair, the antipode's neighbourhood included), and the globe about a
// point on the equator (its antipodal region is the hardest for Newton's loop).
constexpr View kViews[] = {
    {"default box 29:31, 99:101, ref 30,101", 29, 31, 99, 101, 30, 101},
    {"whole globe, ref 30,101", -90, 90, -180, 180, 30, 101},
    {"whole globe, ref 0,0", -90, 90, -180, 180, 0, 0},
};

FieldParams params_of(const View& v, int size) {
  FieldParams p;
  p.lat_min_deg = v.lat_min, p.lat_max_deg = v.lat_max;
  p.lon_min_deg = v.lon_min, p.lon_max_deg = v.lon_max;
  p.ref_lat_deg = v.ref_lat, p.ref_lon_deg = v.ref_lon;
  p.nx = p.ny = size;
  p.formula = Formula::wgs84;
  p.precision = Precision::f64;
  return p;
}

// Newton's iterations at every node of a sub-grid of about a million nodes, and the largest
// distance error against GeographicLib there.
struct GridSurvey {
  long histogram[kGeodesicMaxIterations + 1] = {};
  long nodes = 0;
  double mean = 0;
  int max = 0;
};

GridSurvey survey(const FieldParams& p) {
  const GridGeometry g = grid_geometry(p);
  const GeodesicField f = geodesic_field(p);
  const int step = std::max(1, p.nx / 1024);
  GridSurvey s;
  long sum = 0;
  for (int i = 0; i < p.ny; i += step) {
    const GeodesicRow row = geodesic_grid_row(f, g, i);
    for (int j = 0; j < p.nx; j += step) {
      int it = 0;
      geodesic_inverse_distance(f.ellipsoid, row, geodesic_grid_column(g, j), &it);
      ++s.histogram[std::clamp(it, 0, kGeodesicMaxIterations)];
      sum += it;
      s.max = std::max(s.max, it);
      ++s.nodes;
    }
  }
  s.mean = double(sum) / double(s.nodes);
  return s;
}

double worst_vs_geographiclib_m(const FieldParams& p, const std::vector<double>& field_km) {
  const GridGeometry g = grid_geometry(p);
  const GeographicLib::Geodesic& oracle = GeographicLib::Geodesic::WGS84();
  const size_t n = field_km.size(), stride = std::max<size_t>(1, n / 20011);
  double worst = 0;
  for (size_t k = 0; k < n; k += stride) {
    const int i = static_cast<int>(k / p.nx), j = static_cast<int>(k % p.nx);
    double s12 = 0;
    oracle.Inverse(p.ref_lat_deg, p.ref_lon_deg, geodesic_row_lat_deg(g, i), node_lon_deg(g, j),
                   s12);
    worst = std::max(worst, std::fabs(field_km[k] * 1000.0 - s12));
  }
  return worst;
}

}  // namespace
}  // namespace geofield::bench

int main(int argc, char** argv) {
  using namespace geofield;
  using namespace geofield::bench;
  const int size = argc > 1 ? std::atoi(argv[1]) : 8192;
  if (size < 2 || size > 16384) {
    std::fprintf(stderr, "usage: geodesic_gpu_bench [SIZE]   (SIZE from 2 to 16384)\n");
    return 2;
  }
  cudaDeviceProp prop{};
  GF_CUDA(cudaGetDeviceProperties(&prop, 0));
  std::printf("geodesic_gpu_bench: %s, %d x %d nodes, wgs84\n\n", prop.name, size, size);
  std::printf(
      "| view | double: ms (p10-p90) | double: evaluations/s | float store: ms | max error vs "
      "GeographicLib, m | Newton iterations: mean, max, histogram (sub-grid) |\n"
      "| --- | --- | --- | --- | --- | --- |\n");
  CudaStream stream;
  DeviceBuffer out_d, out_f, parts;
  const size_t n = static_cast<size_t>(size) * size;
  out_d.ensure(n * sizeof(double), "the benchmark's double field");
  out_f.ensure(n * sizeof(float), "the benchmark's float field");
  for (const View& v : kViews) {
    const FieldParams p = params_of(v, size);
    const GridGeometry g = grid_geometry(p);
    const GeodesicField f = geodesic_field(p);
    const Stats d = time_events(
        [&] {
          launch_geodesic_field_to_buffer<double>(g, f, static_cast<double*>(out_d.get()),
                                                  stream.get(), &parts);
        },
        stream.get(), 3, 1000, 10, 100);
    const Stats fl = time_events(
        [&] {
          launch_geodesic_field_to_buffer<float>(g, f, static_cast<float*>(out_f.get()),
                                                 stream.get(), &parts);
        },
        stream.get(), 3, 1000, 10, 100);
    std::vector<double> field(n);
    launch_geodesic_field_to_buffer<double>(g, f, static_cast<double*>(out_d.get()), stream.get(),
                                            &parts);
    GF_CUDA(cudaStreamSynchronize(stream.get()));
    GF_CUDA(cudaMemcpy(field.data(), out_d.get(), n * sizeof(double), cudaMemcpyDeviceToHost));
    size_t nan = 0;
    for (double x : field) nan += std::isnan(x);
    const double worst = worst_vs_geographiclib_m(p, field);
    const GridSurvey s = survey(p);
    std::string hist;
    for (int k = 0; k <= kGeodesicMaxIterations; ++k) {
      if (s.histogram[k]) {
        char bin[48];
        std::snprintf(bin, sizeof bin, " %d:%.2f%%", k, 100.0 * s.histogram[k] / s.nodes);
        hist += bin;
      }
    }
    std::printf("| %s | %.3f (%.3f-%.3f) | %.3g | %.3f | %.2e%s | %.3f, %d,%s |\n", v.name,
                d.median_ms, d.p10_ms, d.p90_ms, double(n) / (d.median_ms * 1e-3), fl.median_ms,
                worst, nan ? (" (" + std::to_string(nan) + " NaN)").c_str() : "", s.mean, s.max,
                hist.c_str());
  }
  return 0;
}
