// The nearest-centre field on the GPU (issue 16's speed targets, H200): the whole recompute
// (every pass: the grid's and centres' parts, coarse and fine tiles, the nodes) into device
// memory (float values and int32 indices), CUDA events, warm-up, median of the repeats; the
// same kernels' brute force beside (pairs a second); a million centres loaded and computed; one
// centre added (upload + compute, wall clock). Not a test: bench/RESULTS.md records its output.
//
// Usage: nearest_centre_gpu_bench             the cases
//        nearest_centre_gpu_bench --profile   one recompute of 8192², 10,000 centres, for
//            ncu --clock-control none --metrics gpu__time_duration.sum (each pass's time)
#include <cstdio>
#include <string>
#include <vector>

#include "centres.h"
#include "compute/cuda_sites.h"
#include "cuda_check.h"
#include "device_memory.h"
#include "field_params.h"
#include "nearest_centres.h"
#include "timing.h"

namespace geofield::bench {
namespace {

// count centres spread uniformly over the sphere (a fixed sequence: runs compare).
void random_centres(int count, std::vector<double>* lat, std::vector<double>* lon) {
  unsigned long long s = 88172645463325252ull;
  auto next = [&] {  // xorshift64, uniform in [0, 1)
    s ^= s << 13, s ^= s >> 7, s ^= s << 17;
    return static_cast<double>(s >> 11) * 0x1.0p-53;
  };
  lat->resize(static_cast<size_t>(count));
  lon->resize(static_cast<size_t>(count));
  for (int k = 0; k < count; ++k) {
    (*lat)[k] = std::asin(2 * next() - 1) * kDegPerRad;
    (*lon)[k] = 360 * next() - 180;
  }
}

FieldParams globe(int size, Formula formula = Formula::haversine, Precision pr = Precision::f32) {
  FieldParams p;
  p.lat_min_deg = -90, p.lat_max_deg = 90, p.lon_min_deg = -180, p.lon_max_deg = 180;
  p.nx = p.ny = size;
  p.formula = formula;
  p.precision = pr;
  return p;
}

struct Bench {
  CudaStream stream;
  NearestCentres kernels;
  DeviceBuffer values, index;

  void output_for(const FieldParams& p) {
    const size_t n = static_cast<size_t>(node_count(p));
    values.ensure(n * sizeof(float), "the benchmark's field");
    index.ensure(n * sizeof(std::int32_t), "the benchmark's index");
  }
  void compute(const FieldParams& p, CentresTuning t = {}) {
    kernels.compute_to_buffers<float>(centres_view(p), static_cast<float*>(values.get()),
                                      static_cast<std::int32_t*>(index.get()), stream.get(), t);
  }
  Stats time(const FieldParams& p, CentresTuning t = {}, int lo = 20, int hi = 200) {
    output_for(p);
    return time_events([&] { compute(p, t); }, stream.get(), 3, 1000, lo, hi);
  }
};

void row(const char* what, int size, int centres, const Stats& s, const char* extra) {
  std::printf("| %s | %d² | %d | %.3f (%.3f-%.3f, %d repeats) | %s |\n", what, size, centres,
              s.median_ms, s.p10_ms, s.p90_ms, s.repeats, extra);
}

}  // namespace
}  // namespace geofield::bench

int main(int argc, char** argv) {
  using namespace geofield;
  using namespace geofield::bench;
  cudaDeviceProp prop{};
  GF_CUDA(cudaGetDeviceProperties(&prop, 0));
  int driver = 0;
  GF_CUDA(cudaDriverGetVersion(&driver));
  std::printf("nearest_centre_gpu_bench: %s, CUDA driver API %d\n\n", prop.name, driver);
  std::printf(
      "| case | grid | centres | ms: median (p10-p90) | notes |\n| --- | --- | --- | --- | --- "
      "|\n");
  Bench b;
  std::vector<double> lat, lon;
  char note[256];
  if (argc > 1 && std::string(argv[1]) == "--profile") {
    random_centres(10000, &lat, &lon);
    b.kernels.set_centres(lat.data(), lon.data(), lat.size(), b.stream.get());
    b.output_for(globe(8192));
    b.compute(globe(8192));
    GF_CUDA(cudaStreamSynchronize(b.stream.get()));
    std::printf("one recompute of 8192², 10,000 centres: pool demand %zu\n",
                b.kernels.last_pool_demand());
    return 0;
  }

  // The first target: 8192², 10,000 centres over the globe, float, whole recompute.
  random_centres(10000, &lat, &lon);
  b.kernels.set_centres(lat.data(), lon.data(), lat.size(), b.stream.get());
  for (int tile : {0, 8, 16}) {
    const Stats s = b.time(globe(8192), {tile, false});
    std::snprintf(note, sizeof note, "fine tile %d%s; pool demand %zu entries",
                  b.kernels.last_fine_tile(), tile == 0 ? " (from the density)" : " (forced)",
                  b.kernels.last_pool_demand());
    row("pruned, haversine f32", 8192, 10000, s, note);
  }
  for (Precision pr : {Precision::f64}) {
    const Stats s = b.time(globe(8192, Formula::haversine, pr));
    row("pruned, haversine f64", 8192, 10000, s, "values and argmin in double");
  }
  {
    const Stats s = b.time(globe(2048, Formula::wgs84, Precision::f64), {}, 3, 20);
    row("pruned, wgs84", 2048, 10000, s, "geodesic in double");
  }
  // Brute force: the same node pass with every centre in every tile.
  {
    const FieldParams p = globe(1024);
    const Stats s = b.time(p, {0, true}, 3, 10);
    const double pairs = 1024.0 * 1024.0 * 10000.0;
    std::snprintf(note, sizeof note, "%.3g pairs/s; 8192² would take ~%.0f ms",
                  pairs / (s.median_ms * 1e-3), s.median_ms * 64);
    row("brute force, haversine f32", 1024, 10000, s, note);
  }
  // One centre added (Shift+click) at 2048²: upload of the N + 1 centres and the whole recompute,
  // wall clock to the field's end.
  {
    const FieldParams p = globe(2048);
    b.output_for(p);
    b.compute(p);
    GF_CUDA(cudaStreamSynchronize(b.stream.get()));
    std::vector<double> la = lat, lo = lon;
    const Stats s = time_wall(
        [&] {
          la.push_back(la.back() * 0.5), lo.push_back(lo.back() * 0.5);
          b.kernels.set_centres(la.data(), lo.data(), la.size(), b.stream.get());
          b.compute(p);
          GF_CUDA(cudaStreamSynchronize(b.stream.get()));
        },
        3, 1000, 20, 100);
    row("one centre added: upload + recompute, wall", 2048, 10000, s,
        "host wall clock, synchronised");
    const Stats c = b.time(p);
    row("pruned, haversine f32", 2048, 10000, c, "recompute alone");
  }
  // The second target: 100,000 centres at 2048².
  random_centres(100000, &lat, &lon);
  b.kernels.set_centres(lat.data(), lon.data(), lat.size(), b.stream.get());
  for (int tile : {0, 16}) {
    const Stats s = b.time(globe(2048), {tile, false});
    std::snprintf(note, sizeof note, "fine tile %d; pool demand %zu entries",
                  b.kernels.last_fine_tile(), b.kernels.last_pool_demand());
    row("pruned, haversine f32", 2048, 100000, s, note);
  }
  {
    const Stats s = b.time(globe(8192));
    row("pruned, haversine f32", 8192, 100000, s, "");
  }
  // A million centres at 1000²: load (host to device, unit vectors) and compute, wall clock.
  random_centres(1000000, &lat, &lon);
  {
    const FieldParams p = globe(1000);
    b.output_for(p);
    const Stats s = time_wall(
        [&] {
          b.kernels.set_centres(lat.data(), lon.data(), lat.size(), b.stream.get());
          b.compute(p);
          GF_CUDA(cudaStreamSynchronize(b.stream.get()));
        },
        1, 2000, 5, 20);
    row("load + compute, wall", 1000, 1000000, s, "set_centres + whole recompute, synchronised");
    const Stats c = b.time(p, {}, 5, 50);
    std::snprintf(note, sizeof note, "recompute alone; fine tile %d; pool demand %zu",
                  b.kernels.last_fine_tile(), b.kernels.last_pool_demand());
    row("pruned, haversine f32", 1000, 1000000, c, note);
  }
  return 0;
}
