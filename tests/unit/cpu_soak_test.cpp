// Soak (issue 14): 100,000 recomputes of random valid views on the CPU backend's host path (the
// one the window's CPU worker takes), small grids so the run fits CI's time. Every view is
// checked on sampled nodes — the haversine field against GeographicLib's great circle on a
// sphere of the view's radius, the seed formula's float path against its double path — and the
// process's resident memory must stay flat once warm.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "backends/cpu_backend.h"
#include "field_params.h"
#include "projected_grid.h"
#include "spherical_reference.h"

// Under AddressSanitizer (the asan preset) its allocator says what the program holds.
#if defined(__SANITIZE_ADDRESS__)
#define GEOFIELD_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define GEOFIELD_UNDER_ASAN 1
#endif
#endif
#ifdef GEOFIELD_UNDER_ASAN
#include <sanitizer/allocator_interface.h>
#endif

namespace geofield {
namespace {

constexpr int kRecomputes = 100000;
constexpr int kWarmUp = 5000;
constexpr double kMaxGrowthMiB = 8;

// The process's resident memory; under AddressSanitizer, whose quarantine keeps freed memory
// resident (300 MiB more at the end of this run), the bytes the program holds allocated.
double resident_mib() {
#ifdef GEOFIELD_UNDER_ASAN
  return static_cast<double>(__sanitizer_get_current_allocated_bytes()) / (1 << 20);
#else
  std::ifstream statm("/proc/self/statm");
  long pages_total = 0, pages_resident = 0;
  statm >> pages_total >> pages_resident;
  return pages_resident * (static_cast<double>(sysconf(_SC_PAGESIZE)) / (1 << 20));
#endif
}

FieldParams random_view(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0, 1);
  FieldParams p;
  p.nx = 2 + static_cast<int>(rng() % 47);
  p.ny = 2 + static_cast<int>(rng() % 47);
  p.formula = rng() % 4 == 0 ? Formula::seed : Formula::haversine;
  p.units = static_cast<Units>(rng() % 4);
  p.radius_km = rng() % 3 == 0 ? 1 + u(rng) * 10000 : kDefaultRadiusKm;
  p.precision = rng() % 2 == 0 ? Precision::f32 : Precision::f64;
  p.ref_lat_deg = -90 + 180 * u(rng);
  p.ref_lon_deg = -180 + 360 * u(rng);
  // Bounds from a whole-Earth view down to metres, across the antimeridian at times.
  const double lat_span = std::pow(10.0, -4 + 6.2 * u(rng));
  p.lat_min_deg = std::max(-90.0, -90 + (180 - std::min(lat_span, 180.0)) * u(rng));
  p.lat_max_deg = std::min(90.0, p.lat_min_deg + std::min(lat_span, 180.0));
  const double lon_span = std::min(360.0, std::pow(10.0, -4 + 6.6 * u(rng)));
  p.lon_min_deg = -180 + 360 * u(rng);
  p.lon_max_deg = p.lon_min_deg + lon_span;
  if (lon_span >= 360) {
    p.lon_min_deg = -180, p.lon_max_deg = 180;
  } else if (p.lon_max_deg > 180) {
    p.lon_max_deg -= 360;  // written across 180 as a smaller number
  }
  const int kind = static_cast<int>(rng() % 6);
  p.projection = kind == 0 ? Projection::aeqd : kind == 1 ? Projection::ortho : Projection::latlon;
  if (p.projection != Projection::latlon) p.extent = max_extent(p) * std::pow(10.0, -4 * u(rng));
  return p;
}

std::string describe(const FieldParams& p) {
  char s[400];
  std::snprintf(
      s, sizeof s,
      "%s %s %s %s R=%.17g km, %dx%d, lat %.17g:%.17g lon %.17g:%.17g ref %.17g,%.17g "
      "extent %.17g",
      std::string(to_string(p.projection)).c_str(), std::string(to_string(p.formula)).c_str(),
      std::string(to_string(p.precision)).c_str(), std::string(to_string(p.units)).c_str(),
      p.radius_km, p.nx, p.ny, p.lat_min_deg, p.lat_max_deg, p.lon_min_deg, p.lon_max_deg,
      p.ref_lat_deg, p.ref_lon_deg, p.extent);
  return s;
}

// The node's point on the sphere (latitude, longitude), false where a projected node has none.
bool node_point(const FieldParams& p, int i, int j, double* lat, double* lon) {
  if (p.projection == Projection::latlon) {
    const GridGeometry g = grid_geometry(p);
    *lat = node_lat_deg(g, i);
    *lon = node_lon_deg(g, j);
    return true;
  }
  const SpherePoint<double> q = projected_node_point<double>(projected_grid(p), i, j);
  *lat = q.lat_deg;
  *lon = q.lon_deg;
  return q.valid;
}

TEST(Soak, HundredThousandRandomRecomputesOnTheCpuStayCorrectAndFlat) {
  std::mt19937_64 rng(20261201);
  std::vector<float> f32;
  std::vector<float> ref32;
  std::vector<double> f64, ref64;
  double warm_mib = 0;
  int checked = 0;
  for (int n = 0; n < kRecomputes; ++n) {
    const FieldParams p = random_view(rng);
    ASSERT_NO_THROW(validate(p)) << "the generator made an invalid view at recompute " << n;
    compute_host_field(p, &f32, &f64);
    ASSERT_EQ(f32.size(), node_count(p));
    double max_abs = 0;
    for (float v : f32)
      max_abs = std::isfinite(v) ? std::max(max_abs, double(std::fabs(v))) : max_abs;
    for (int s = 0; s < 3; ++s) {
      const int i = static_cast<int>(rng() % p.ny), j = static_cast<int>(rng() % p.nx);
      const size_t k = static_cast<size_t>(i) * p.nx + j;
      double lat = 0, lon = 0;
      if (!node_point(p, i, j, &lat, &lon)) {
        ASSERT_TRUE(std::isnan(f32[k])) << "recompute " << n << " node " << i << "," << j;
        continue;
      }
      // The float path's bound, and the double path's; the seed formula (not a distance) by
      // its own double evaluation.
      const double got = p.precision == Precision::f64 ? f64[k] : f32[k];
      double want;
      if (p.formula == Formula::haversine) {
        want = test::geographiclib_sphere_distance(p.ref_lat_deg, p.ref_lon_deg, lat, lon,
                                                   radius_in_units(p));
      } else {
        FieldParams d = p;
        d.precision = Precision::f64;
        compute_host_field(d, &ref32, &ref64);
        want = ref64[k];
      }
      const double bound = p.precision == Precision::f64 ? 1e-9 * (std::fabs(want) + max_abs)
                                                         : 2e-6 * (std::fabs(want) + max_abs);
      ASSERT_NEAR(got, want, bound + 1e-12 * radius_in_units(p))
          << "recompute " << n << " node " << i << "," << j << ": " << describe(p);
      ++checked;
    }
    if (n == kWarmUp) warm_mib = resident_mib();
  }
  const double end_mib = resident_mib();
  std::printf(
      "soak: %d recomputes, %d nodes checked, resident %.1f MiB after %d, %.1f at the end\n",
      kRecomputes, checked, warm_mib, kWarmUp, end_mib);
  EXPECT_LT(end_mib - warm_mib, kMaxGrowthMiB);
  EXPECT_GT(checked, kRecomputes);  // most samples land on a node with a value
}

}  // namespace
}  // namespace geofield
