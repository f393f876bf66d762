// The field of lines and polygons on the CPU (compute/shape_field.*, issue 28), in
// process: reading a sites file, then the field over a global latlon grid with every core,
// pruned and (optionally) by brute force. Not a test: bench/RESULTS.md records it.
//
// Usage: shape_cpu_bench FILE NXxNY [ROUNDS [brute]]   e.g. coast.geojson 91x46 5
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "compute/shape_field.h"
#include "compute/shape_trees.h"
#include "field_params.h"
#include "sites/sites_file.h"

namespace {

double now_ms() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace geofield;
  if (argc < 3) {
    std::fprintf(stderr, "usage: shape_cpu_bench FILE NXxNY [ROUNDS [brute]]\n");
    return 2;
  }
  int nx = 0, ny = 0;
  if (std::sscanf(argv[2], "%dx%d", &nx, &ny) != 2 || nx < 2 || ny < 2) {
    std::fprintf(stderr, "shape_cpu_bench: NXxNY is two integers >= 2, as 91x46\n");
    return 2;
  }
  const int rounds = argc > 3 ? std::max(1, std::atoi(argv[3])) : 5;
  const bool brute = argc > 4 && std::string(argv[4]) == "brute";
  const double t0 = now_ms();
  const SiteShapes shapes = read_sites_file(argv[1]);
  const double read_ms = now_ms() - t0;
  FieldParams p;
  p.lat_min_deg = -90;
  p.lat_max_deg = 90;
  p.lon_min_deg = -180;
  p.lon_max_deg = 180;
  p.nx = nx;
  p.ny = ny;
  p.precision = Precision::f32;
  std::vector<float> values(static_cast<std::size_t>(nx) * ny);
  std::vector<std::int32_t> index(values.size());
  std::vector<double> times, builds;
  for (int r = 0; r < rounds; ++r) {
    double t = now_ms();
    const ShapeTrees trees(shapes);  // what a render builds once (shape_trees_of)
    builds.push_back(now_ms() - t);
    t = now_ms();
    if (brute) {
      shape_field_brute_force<float>(p, shapes, {}, whole_grid(nx, ny), values.data(), index.data(),
                                     nullptr);
    } else {
      shape_field_on_cpu<float>(p, trees, {}, whole_grid(nx, ny), values.data(), index.data(),
                                nullptr);
    }
    times.push_back(now_ms() - t);
  }
  std::sort(times.begin(), times.end());
  std::sort(builds.begin(), builds.end());
  std::printf(
      "%s: %zu features, %zu arcs; read %.1f ms; trees: median %.2f ms; %dx%d %s: median %.2f ms "
      "of %d (min %.2f)\n",
      argv[1], shapes.features.size(), shapes.segment_count(), read_ms, builds[builds.size() / 2],
      nx, ny, brute ? "brute force" : "pruned", times[times.size() / 2], rounds, times.front());
  return 0;
}
