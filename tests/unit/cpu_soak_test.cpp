// Soak (issue 14): 100,000 recomputes of random valid views on the CPU's one path (cpu_field.h, the
// one the window's CPU worker takes), small grids so the run fits CI's time. Every view is
// checked on sampled nodes — the haversine field against GeographicLib's great circle on a
// sphere of the view's radius, the seed formula's float path against its double path — and the
// process's resident memory must stay flat once warm.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "compute/cpu_field.h"
#include "field_params.h"
#include "random_views.h"
#include "spherical_reference.h"

namespace geofield {
namespace {

constexpr int kRecomputes = 100000;
constexpr int kWarmUp = 5000;
constexpr double kMaxGrowthMiB = 8;

TEST(Soak, HundredThousandRandomRecomputesOnTheCpuStayCorrectAndFlat) {
  std::mt19937_64 rng(20261201);
  CpuField field, ref;  // reused, as the window's worker reuses its buffers
  const std::vector<float>& f32 = field.f32;
  const std::vector<double>& f64 = field.f64;
  double warm_mib = 0;
  int checked = 0;
  for (int n = 0; n < kRecomputes; ++n) {
    const FieldParams p = soak::random_view(rng, 2, 48);
    ASSERT_NO_THROW(validate(p)) << "the generator made an invalid view at recompute " << n;
    compute_cpu_field(FieldRequest::of_reference(p), &field);
    ASSERT_EQ(f32.size(), node_count(p));
    double max_abs = 0;
    for (float v : f32)
      max_abs = std::isfinite(v) ? std::max(max_abs, double(std::fabs(v))) : max_abs;
    for (int s = 0; s < 3; ++s) {
      const int i = static_cast<int>(rng() % p.ny), j = static_cast<int>(rng() % p.nx);
      const size_t k = static_cast<size_t>(i) * p.nx + j;
      double lat = 0, lon = 0;
      if (!soak::node_point(p, i, j, &lat, &lon)) {
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
        compute_cpu_field(FieldRequest::of_reference(d), &ref);
        want = ref.f64[k];
      }
      const double bound = p.precision == Precision::f64 ? 1e-9 * (std::fabs(want) + max_abs)
                                                         : 2e-6 * (std::fabs(want) + max_abs);
      ASSERT_NEAR(got, want, bound + 1e-12 * radius_in_units(p))
          << "recompute " << n << " node " << i << "," << j << ": " << soak::describe(p);
      ++checked;
    }
    if (n == kWarmUp) warm_mib = soak::resident_mib();
  }
  const double end_mib = soak::resident_mib();
  std::printf(
      "soak: %d recomputes, %d nodes checked, resident %.1f MiB after %d, %.1f at the end\n",
      kRecomputes, checked, warm_mib, kWarmUp, end_mib);
  EXPECT_LT(end_mib - warm_mib, kMaxGrowthMiB);
  EXPECT_GT(checked, kRecomputes);  // most samples land on a node with a value
}

}  // namespace
}  // namespace geofield
