// The geodesic inverse on the GPU against GeographicLib (issue 15: "the same on the GPU as on
// the CPU"): the CPU test's sets (tests/support/geodesic_pairs: a million random pairs on WGS84,
// nearly antipodal, equatorial and beyond, meridional, poles, tiny separations, the GeodTest
// classes), each pair evaluated by a device thread. Every distance within 1 micrometre of
// GeographicLib's, azimuths within 1e-9 degree where the geodesic is unique, no NaN, every pair
// converged, Newton's loop bounded; and the device's distance against the host's of the same
// code. Each set prints its errors and its iteration histogram.
#include "geodesic_pairs.h"

#include <gtest/gtest.h>

#include <GeographicLib/Geodesic.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "field_checks.h"
#include "geodesic.h"
#include "geodesic_pairs_kernel.h"
#include "gpu_test_support.h"

namespace geofield {
namespace {

using geodesic_pairs::Pair;
using geodesic_pairs::PairSet;

constexpr double kToleranceM = 1e-6;  // the bound against GeographicLib
constexpr double kAzimuthToleranceDeg = 1e-9;
constexpr int kIterationBound = 12;  // as the CPU test's

std::string describe(const Pair& p) {
  char s[160];
  std::snprintf(s, sizeof s, "(%.17g, %.17g) -> (%.17g, %.17g)", p.lat1, p.lon1, p.lat2, p.lon2);
  return s;
}

void expect_set_on_gpu(const PairSet& set, const GeographicLib::Geodesic& oracle,
                       const GeodesicEllipsoid& e) {
  std::vector<gpu_test::PointPair> pairs;
  pairs.reserve(set.pairs.size());
  for (const Pair& p : set.pairs) pairs.push_back({p.lat1, p.lon1, p.lat2, p.lon2});
  const std::vector<GeodesicInverse> gpu = gpu_test::geodesic_inverse_on_gpu(e, pairs);
  ASSERT_EQ(gpu.size(), set.pairs.size());

  double worst_m = 0, worst_azi = 0, worst_vs_cpu_m = 0;
  size_t worst_at = 0, not_finite = 0, not_converged = 0, iterations_differ = 0;
  int max_iterations = 0;
  long histogram[kGeodesicMaxIterations + 1] = {};
  for (size_t k = 0; k < gpu.size(); ++k) {
    const Pair& p = set.pairs[k];
    const GeodesicInverse& g = gpu[k];
    if (!std::isfinite(g.s12_m) || !std::isfinite(g.azi1_deg)) {
      if (not_finite++ == 0) ADD_FAILURE() << set.name << ": not finite at " << describe(p);
      continue;
    }
    double s12 = 0, azi1 = 0, azi2 = 0;
    oracle.Inverse(p.lat1, p.lon1, p.lat2, p.lon2, s12, azi1, azi2);
    const double err = std::fabs(g.s12_m - s12);
    if (err > worst_m) worst_m = err, worst_at = k;
    if (set.check_azimuth) {
      worst_azi = std::max(worst_azi, std::fabs(std::remainder(g.azi1_deg - azi1, 360.0)));
    }
    const GeodesicInverse cpu = geodesic_inverse_points(e, p.lat1, p.lon1, p.lat2, p.lon2);
    worst_vs_cpu_m = std::max(worst_vs_cpu_m, std::fabs(g.s12_m - cpu.s12_m));
    iterations_differ += g.iterations != cpu.iterations;
    not_converged += !g.converged;
    max_iterations = std::max(max_iterations, g.iterations);
    ++histogram[std::clamp(g.iterations, 0, kGeodesicMaxIterations)];
  }
  std::string hist;
  for (int k = 0; k <= kGeodesicMaxIterations; ++k) {
    if (!histogram[k]) continue;
    char bin[32];  // snprintf, not " " + std::string: GCC 12 warns falsely on that (-Wrestrict)
    std::snprintf(bin, sizeof bin, " %d:%ld", k, histogram[k]);
    hist += bin;
  }
  std::printf(
      "[geodesic gpu] %-34s %8zu pairs  max error %9.3g m  azimuth %9.3g deg  vs CPU %9.3g m  "
      "iterations max %d (differ from the CPU's on %zu)  histogram%s\n",
      set.name.c_str(), gpu.size(), worst_m, worst_azi, worst_vs_cpu_m, max_iterations,
      iterations_differ, hist.c_str());
  EXPECT_LE(worst_m, kToleranceM) << set.name << ": worst pair " << describe(set.pairs[worst_at]);
  EXPECT_LE(worst_azi, kAzimuthToleranceDeg) << set.name;
  EXPECT_LE(worst_vs_cpu_m, field_checks::kGeodesicAbsoluteM) << set.name;
  EXPECT_EQ(not_finite, 0u) << set.name;
  EXPECT_EQ(not_converged, 0u) << set.name;
  EXPECT_LE(max_iterations, kIterationBound) << set.name;
}

TEST(GeodesicPairsOnGpu, Wgs84SetsMatchGeographicLib) {
  GF_REQUIRE_CUDA();
  const GeodesicEllipsoid e = wgs84_ellipsoid();
  for (const PairSet& set : geodesic_pairs::wgs84_sets(e.f)) {
    expect_set_on_gpu(set, GeographicLib::Geodesic::WGS84(), e);
  }
}

// GRS80 and a Mars-like body: random and nearly antipodal pairs, and the equator near its limit.
TEST(GeodesicPairsOnGpu, OtherEllipsoidsMatchGeographicLib) {
  GF_REQUIRE_CUDA();
  struct Body {
    const char* name;
    double a_m, f;
  };
  for (const Body& b : {Body{"grs80", 6378137.0, 1 / 298.257222101},
                        Body{"mars", 3396190.0, 1 / 169.894447223612}}) {
    PairSet set{std::string(b.name) + "_random_antipodal_equatorial",
                geodesic_pairs::random_pairs(100000, 31), false};
    const std::vector<Pair> anti = geodesic_pairs::nearly_antipodal_pairs(50000, 37);
    set.pairs.insert(set.pairs.end(), anti.begin(), anti.end());
    geodesic_pairs::Sampler s(41);
    for (int k = 0; k < 10000; ++k) set.pairs.push_back({0, 0, 0, s.uniform(170, 180)});
    expect_set_on_gpu(set, GeographicLib::Geodesic(b.a_m, b.f),
                      make_geodesic_ellipsoid(b.a_m, b.f));
  }
}

}  // namespace
}  // namespace geofield
