// The WGS84 geodesic inverse on one CPU core: core/geodesic.h against GeographicLib's
// Geodesic::Inverse on the same random pairs, plus the grid shape a backend uses (reference
// once, a row per latitude, a column per longitude). Not a test: bench/RESULTS.md records it.
//
// Usage: geodesic_cpu_bench [PAIRS [ROUNDS]]   (defaults 1000000 and 5; one thread, e.g.
// under taskset -c 0). Each round times every contender once, in turn, on the same pairs, in
// thread CPU time; the median round is printed. Then the CPU backend (compute_field_on_cpu, all
// cores) on the grid, in wall time, against GeographicLib's one-core time times the cores.
#include <GeographicLib/Geodesic.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <thread>
#include <vector>

#include "backends/cpu_backend.h"
#include "field_params.h"
#include "geodesic.h"

namespace {

struct Pair {
  double lat1, lon1, lat2, lon2;
};

double wall_ns() {
  return std::chrono::duration<double, std::nano>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// This thread's CPU time, not wall time: on a machine shared with other work the thread's
// time off the core does not count (its cache and frequency still suffer; see RESULTS.md).
double thread_cpu_ns() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

template <typename F>
double time_ns(F&& f) {
  const double t0 = thread_cpu_ns();
  f();
  return thread_cpu_ns() - t0;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace geofield;
  const long count = argc > 1 ? std::atol(argv[1]) : 1000000;
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
  if (count <= 0 || rounds <= 0) {
    std::fprintf(stderr, "usage: geodesic_cpu_bench [PAIRS [ROUNDS]]\n");
    return 2;
  }
  // Uniform over the sphere, fixed seed (the tests' distribution).
  std::mt19937_64 rng(20260115);
  std::uniform_real_distribution<double> u(-1, 1), lon(-180, 180);
  std::vector<Pair> pairs(count);
  for (Pair& p : pairs) {
    p.lat1 = std::asin(u(rng)) * kDegPerRad;
    p.lon1 = lon(rng);
    p.lat2 = std::asin(u(rng)) * kDegPerRad;
    p.lon2 = lon(rng);
  }
  const GeographicLib::Geodesic& gl = GeographicLib::Geodesic::WGS84();
  const GeodesicEllipsoid e = wgs84_ellipsoid();
  std::vector<double> s_gl(count), s_ours(count);

  // A square grid of about the same number of nodes over the whole globe, about (30, 101).
  const int side = std::max(2, static_cast<int>(std::sqrt(static_cast<double>(count))));
  std::vector<double> grid(static_cast<size_t>(side) * side);

  // The CPU backend as `render --backend cpu --formula wgs84 --f64` runs it, on every core: the
  // same whole-globe grid, wall time (issue 15: at least GeographicLib's speed times the cores).
  FieldParams backend_view;
  backend_view.lat_min_deg = -90, backend_view.lat_max_deg = 90;
  backend_view.lon_min_deg = -180, backend_view.lon_max_deg = 180;
  backend_view.ref_lat_deg = 30, backend_view.ref_lon_deg = 101;
  backend_view.nx = backend_view.ny = side;
  backend_view.formula = Formula::wgs84;
  backend_view.precision = Precision::f64;
  std::vector<double> backend_field(static_cast<size_t>(side) * side);
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());

  std::vector<double> t_gl, t_points, t_distance, t_grid, t_backend;
  long iterations = 0;
  for (int r = 0; r < rounds; ++r) {
    t_gl.push_back(time_ns([&] {
      for (long k = 0; k < count; ++k) {
        const Pair& p = pairs[k];
        gl.Inverse(p.lat1, p.lon1, p.lat2, p.lon2, s_gl[k]);
      }
    }));
    t_points.push_back(time_ns([&] {
      for (long k = 0; k < count; ++k) {
        const Pair& p = pairs[k];
        s_ours[k] = geodesic_inverse_points(e, p.lat1, p.lon1, p.lat2, p.lon2).s12_m;
      }
    }));
    iterations = 0;
    t_distance.push_back(time_ns([&] {
      for (long k = 0; k < count; ++k) {
        const Pair& p = pairs[k];
        const GeodesicReference ref = make_geodesic_reference(e, p.lat1);
        int it = 0;
        s_ours[k] = geodesic_inverse_distance(e, make_geodesic_row(e, ref, p.lat2),
                                              make_geodesic_column(p.lon2 - p.lon1), &it);
        iterations += it;
      }
    }));
    t_grid.push_back(time_ns([&] {
      const GeodesicReference ref = make_geodesic_reference(e, 30.0);
      std::vector<GeodesicColumn> cols(side);
      for (int j = 0; j < side; ++j)
        cols[j] = make_geodesic_column(-180.0 + j * (360.0 / (side - 1)) - 101.0);
      for (int i = 0; i < side; ++i) {
        const GeodesicRow row = make_geodesic_row(e, ref, 90.0 - i * (180.0 / (side - 1)));
        double* out = &grid[static_cast<size_t>(i) * side];
        for (int j = 0; j < side; ++j) out[j] = geodesic_inverse_distance(e, row, cols[j]);
      }
    }));
  }
  for (int r = 0; r < rounds; ++r) {
    const double t0 = wall_ns();
    compute_field_on_cpu<double>(backend_view, backend_field.data());
    t_backend.push_back(wall_ns() - t0);
  }
  double max_diff = 0;
  for (long k = 0; k < count; ++k) max_diff = std::max(max_diff, std::fabs(s_ours[k] - s_gl[k]));

  const double gl_ns = median(t_gl) / count;
  const double points_ns = median(t_points) / count;
  const double distance_ns = median(t_distance) / count;
  const double grid_ns = median(t_grid) / (static_cast<double>(side) * side);
  std::printf(
      "geodesic_cpu_bench: %ld random pairs over the sphere (WGS84), %d rounds, median thread CPU "
      "time\n",
      count, rounds);
  std::printf("  GeographicLib Geodesic::WGS84().Inverse (distance)     %8.1f ns/pair\n", gl_ns);
  std::printf("  geodesic_inverse_points (distance + azimuth)           %8.1f ns/pair  (%.2fx)\n",
              points_ns, gl_ns / points_ns);
  std::printf("  reference + row + column + geodesic_inverse_distance   %8.1f ns/pair  (%.2fx)\n",
              distance_ns, gl_ns / distance_ns);
  std::printf("  grid %d x %d, whole globe, row and column parts shared %8.1f ns/node  (%.2fx)\n",
              side, side, grid_ns, gl_ns / grid_ns);
  const double backend_ns = median(t_backend) / (static_cast<double>(side) * side);
  std::printf(
      "  CPU backend, %u threads, the same grid, wall time    %8.1f ns/node  (%.2fx "
      "GeographicLib's one core; %.2fx it times %u cores)\n",
      cores, backend_ns, gl_ns / backend_ns, gl_ns / cores / backend_ns, cores);
  std::printf("  mean Newton evaluations per pair %.3f; max |ours - GeographicLib| %.3g m\n",
              double(iterations) / count, max_diff);
  return max_diff <= 1e-6 ? 0 : 1;
}
