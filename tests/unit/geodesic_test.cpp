// core/geodesic.h (Karney's inverse geodesic) against GeographicLib's Geodesic::Inverse: a
// million random pairs on WGS84, the hard classes (nearly antipodal, equatorial beyond the
// equator's conjugate point, meridional, poles, coincident, tiny separations), other
// ellipsoids, the per-row/per-column grid path, and the astroid's root. Each set reports its
// largest error and its iteration counts (printed and as test properties).
//
// Karney's published test set (GeodTest.dat) is not on this machine, so GeodtestEquivalent
// builds one of the same classes with GeographicLib's direct solution, in the proportions the
// set's description gives: random, nearly antipodal, short, one end near a pole, both ends near
// opposite poles, nearly meridional, nearly equatorial, between vertices, ending near a vertex.
#include "geodesic.h"

#include <gtest/gtest.h>

#include <GeographicLib/Geodesic.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "geodesic_pairs.h"

namespace geofield {
namespace {

using namespace geodesic_pairs;

constexpr double kToleranceM = 1e-6;  // the bound: 1 micrometre
// Evaluations of Newton's loop that no pair may exceed (the loop's own cap is far above).
constexpr int kIterationBound = 12;

struct Stats {
  std::string name;
  long count = 0;
  double max_err_m = 0;
  Pair worst{};
  double max_azi_err_deg = 0;
  Pair worst_azi{};
  int max_iterations = 0;
  long sum_iterations = 0;
  long newton_pairs = 0;  // pairs that went through Newton's loop
  long not_converged = 0;
  long not_finite = 0;
  long histogram[kGeodesicMaxIterations + 1] = {};
};

std::string format_pair(const Pair& p) {
  char text[160];
  std::snprintf(text, sizeof text, "(%.17g, %.17g) -> (%.17g, %.17g)", p.lat1, p.lon1, p.lat2,
                p.lon2);
  return text;
}

std::string scientific(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", v);
  return text;
}

// Ours against the oracle on every pair. Azimuths are compared when check_azimuth (sets whose
// geodesics are unique and whose ends are off the poles).
Stats compare(const char* name, const GeographicLib::Geodesic& oracle, const GeodesicEllipsoid& e,
              const std::vector<Pair>& pairs, bool check_azimuth) {
  Stats st;
  st.name = name;
  for (const Pair& p : pairs) {
    double s12 = 0, azi1 = 0, azi2 = 0;
    oracle.Inverse(p.lat1, p.lon1, p.lat2, p.lon2, s12, azi1, azi2);
    const GeodesicInverse g = geodesic_inverse_points(e, p.lat1, p.lon1, p.lat2, p.lon2);
    ++st.count;
    if (!std::isfinite(g.s12_m) || !std::isfinite(g.azi1_deg)) {
      if (st.not_finite++ == 0) ADD_FAILURE() << name << ": not finite at " << format_pair(p);
      continue;
    }
    const double err = std::fabs(g.s12_m - s12);
    if (err > st.max_err_m) {
      st.max_err_m = err;
      st.worst = p;
    }
    if (check_azimuth) {
      const double d = std::fabs(std::remainder(g.azi1_deg - azi1, 360.0));
      if (d > st.max_azi_err_deg) {
        st.max_azi_err_deg = d;
        st.worst_azi = p;
      }
    }
    st.not_converged += !g.converged;
    if (g.iterations > 0) {
      ++st.newton_pairs;
      st.sum_iterations += g.iterations;
    }
    st.max_iterations = std::max(st.max_iterations, g.iterations);
    ++st.histogram[std::min(g.iterations, kGeodesicMaxIterations)];
  }
  return st;
}

Stats compare(const PairSet& set, const GeographicLib::Geodesic& oracle,
              const GeodesicEllipsoid& e) {
  return compare(set.name.c_str(), oracle, e, set.pairs, set.check_azimuth);
}

void report(const Stats& st) {
  std::string hist;  // snprintf, not " " + std::string: GCC 12 warns falsely on that (-Wrestrict)
  for (int k = 0; k <= kGeodesicMaxIterations; ++k) {
    if (!st.histogram[k]) continue;
    char bin[32];
    std::snprintf(bin, sizeof bin, " %d:%ld", k, st.histogram[k]);
    hist += bin;
  }
  const double mean = st.newton_pairs ? double(st.sum_iterations) / st.newton_pairs : 0.0;
  std::printf(
      "[geodesic] %-34s %8ld pairs  max error %9.3g m  max azimuth error %9.3g deg  "
      "iterations max %d mean %.3f (over %ld Newton pairs)  histogram%s\n",
      st.name.c_str(), st.count, st.max_err_m, st.max_azi_err_deg, st.max_iterations, mean,
      st.newton_pairs, hist.c_str());
  if (st.max_err_m > 0) std::printf("[geodesic]   worst pair %s\n", format_pair(st.worst).c_str());
  std::string key = st.name;
  ::testing::Test::RecordProperty(key.append("_max_error_m"), scientific(st.max_err_m));
  key = st.name;
  ::testing::Test::RecordProperty(key.append("_max_iterations"), st.max_iterations);
  key = st.name;
  ::testing::Test::RecordProperty(key.append("_mean_iterations"), scientific(mean));
}

void expect_within(const Stats& st, double tol_m = kToleranceM, double azi_tol_deg = 1e-9) {
  report(st);
  EXPECT_LE(st.max_err_m, tol_m) << st.name << ": worst pair " << format_pair(st.worst);
  EXPECT_LE(st.max_azi_err_deg, azi_tol_deg) << st.name << ": " << format_pair(st.worst_azi);
  EXPECT_EQ(st.not_finite, 0) << st.name;
  EXPECT_EQ(st.not_converged, 0) << st.name;
  EXPECT_LE(st.max_iterations, kIterationBound) << st.name;
}

void expect_sets(const std::vector<PairSet>& sets) {
  for (const PairSet& set : sets) {
    expect_within(compare(set, GeographicLib::Geodesic::WGS84(), wgs84_ellipsoid()));
  }
}

TEST(Geodesic, MillionRandomPairsWgs84) {
  const std::vector<Pair> pairs = random_pairs(1000000, 20260115);
  expect_within(compare("wgs84_random_1e6", GeographicLib::Geodesic::WGS84(), wgs84_ellipsoid(),
                        pairs, true));
}

TEST(Geodesic, NearlyAntipodal) {
  const std::vector<Pair> pairs = nearly_antipodal_pairs(200000, 7);
  // Symmetric pairs inside the astroid have two shortest geodesics, mirror images, of which
  // GeographicLib and this code may take different ones: the distance is compared, not azimuth.
  expect_within(compare("wgs84_nearly_antipodal", GeographicLib::Geodesic::WGS84(),
                        wgs84_ellipsoid(), pairs, false));
}

// On the equator: the equator itself up to lambda12 = (1 - f) 180 degrees, beyond it a
// geodesic that leaves the equator (and two mirror images of it: distances only there).
TEST(Geodesic, Equatorial) { expect_sets(equatorial_sets(wgs84_ellipsoid().f)); }

TEST(Geodesic, Meridional) {
  const PairSet set = meridional_set();
  const Stats st = compare(set, GeographicLib::Geodesic::WGS84(), wgs84_ellipsoid());
  expect_within(st);
  EXPECT_EQ(st.max_iterations, 0);  // the meridian in closed form
}

TEST(Geodesic, Poles) { expect_sets(pole_sets()); }

TEST(Geodesic, CoincidentPointsAreExactlyZero) {
  const GeodesicEllipsoid e = wgs84_ellipsoid();
  Sampler s(19);
  for (int k = 0; k < 10000; ++k) {
    const double lat = k < 4 ? (k % 2 ? 90.0 : -90.0) : s.lat(), lon = s.lon();
    // lon + 360 written exactly: longitudes on a 2^-20 degree grid.
    const double lon_exact = std::ldexp(std::round(std::ldexp(lon, 20)), -20);
    const GeodesicInverse g =
        geodesic_inverse_points(e, lat, lon_exact, lat, lon_exact + (k % 3 ? 0 : 360));
    ASSERT_EQ(g.s12_m, 0.0) << lat << " " << lon_exact;
    ASSERT_TRUE(std::isfinite(g.azi1_deg));
  }
}

// Separations from 1e-12 to 0.1 degree, everywhere including near the poles and the equator:
// the short-line closed form up to sigma12 = 1e-4 (0.006 degree), Newton's loop beyond.
TEST(Geodesic, TinySeparations) { expect_sets({tiny_set()}); }

// The classes of Karney's GeodTest set, made with GeographicLib's direct solution (see the
// header comment).
TEST(Geodesic, GeodtestEquivalent) { expect_sets(geodtest_equivalent_sets(wgs84_ellipsoid().f)); }

struct NamedEllipsoid {
  const char* name;
  double a_m, f;
};

// GRS80, a sphere, a Mars-like body and the largest flattening supported.
TEST(Geodesic, OtherEllipsoids) {
  const NamedEllipsoid cases[] = {
      {"grs80", 6378137.0, 1 / 298.257222101},
      {"sphere", 6371008.8, 0.0},
      {"mars", 3396190.0, 1 / 169.894447223612},
      {"flattest_1_50", 6378137.0, kGeodesicMaxFlattening},
  };
  for (const NamedEllipsoid& c : cases) {
    ASSERT_TRUE(geodesic_ellipsoid_supported(c.a_m, c.f)) << c.name;
    const GeographicLib::Geodesic oracle(c.a_m, c.f);
    const GeodesicEllipsoid e = make_geodesic_ellipsoid(c.a_m, c.f);
    std::vector<Pair> pairs = random_pairs(100000, 31);
    const std::vector<Pair> anti = nearly_antipodal_pairs(50000, 37);
    pairs.insert(pairs.end(), anti.begin(), anti.end());
    Sampler s(41);
    for (int k = 0; k < 10000; ++k) pairs.push_back({0, 0, 0, s.uniform(170, 180)});
    expect_within(compare((std::string(c.name) + "_random_antipodal_equatorial").c_str(), oracle, e,
                          pairs, false));
  }
}

TEST(Geodesic, UnsupportedEllipsoidsAreRejected) {
  EXPECT_FALSE(geodesic_ellipsoid_supported(6378137.0, -1 / 300.0));  // prolate: not handled
  EXPECT_FALSE(geodesic_ellipsoid_supported(6378137.0, 1 / 40.0));
  EXPECT_FALSE(geodesic_ellipsoid_supported(0, 1 / 300.0));
  EXPECT_FALSE(geodesic_ellipsoid_supported(-1, 0));
  EXPECT_FALSE(geodesic_ellipsoid_supported(NAN, 0));
  EXPECT_TRUE(geodesic_ellipsoid_supported(6378137.0, 0));
}

// The way a kernel uses it: the reference once, a row per latitude, a column per longitude.
TEST(Geodesic, GridPathMatchesOracle) {
  const GeodesicEllipsoid e = wgs84_ellipsoid();
  const GeographicLib::Geodesic& g = GeographicLib::Geodesic::WGS84();
  const double ref_lat = 30, ref_lon = 101;
  const GeodesicReference ref = make_geodesic_reference(e, ref_lat);
  double worst = 0;
  int max_it = 0;
  for (int i = 0; i <= 180; ++i) {
    const double lat = 90 - i;
    const GeodesicRow row = make_geodesic_row(e, ref, lat);
    for (int j = 0; j <= 360; ++j) {
      const double lon = -180 + j;
      int it = 0;
      const double s = geodesic_inverse_distance(e, row, make_geodesic_column(lon - ref_lon), &it);
      double want = 0;
      g.Inverse(ref_lat, ref_lon, lat, lon, want);
      worst = std::max(worst, std::fabs(s - want));
      max_it = std::max(max_it, it);
    }
  }
  std::printf("[geodesic] grid 181 x 361 about (30, 101): max error %.3g m, max iterations %d\n",
              worst, max_it);
  EXPECT_LE(worst, kToleranceM);
  EXPECT_LE(max_it, kIterationBound);
}

// The astroid's mu is the positive root of its quartic, checked by bisection.
TEST(Geodesic, AstroidRoot) {
  Sampler s(43);
  for (int k = 0; k < 100000; ++k) {
    const double x0 = -s.log_uniform(-8, 1, false) * (k % 10 == 0 ? 0 : 1);
    // Down to tiny y, and about the cusp x = -1 where mu ~ y^(2/3).
    const double y = -s.log_uniform(k % 3 ? -8 : -90, 1, false);
    const double x = k % 4 ? x0 : -1 + s.log_uniform(-12, -1);
    const double mu = geodesic_detail::astroid_mu(x, y);
    // The quartic as mu^2 (1 + mu)^2 - x^2 mu^2 - y^2 (1 + mu)^2, in long double, bisected.
    const long double lx = x, ly = y;
    auto quartic = [&](long double m) {
      return m * m * (1 + m) * (1 + m) - lx * lx * m * m - ly * ly * (1 + m) * (1 + m);
    };
    long double lo = 0, hi = 1;
    while (quartic(hi) < 0) hi *= 2;
    for (int b = 0; b < 400 && lo < hi; ++b) {
      const long double mid = 0.5L * (lo + hi);
      if (mid == lo || mid == hi) break;
      (quartic(mid) < 0 ? lo : hi) = mid;
    }
    ASSERT_GT(mu, 0) << x << " " << y;
    // Relative. Near the cusp mu ~ |x| - 1 comes from x^2 and inherits eps / |x + 1|.
    const double tol = 1e-12 + 1e-15 / std::fabs(x + 1);
    ASSERT_NEAR(mu, double(lo), tol * double(lo)) << x << " " << y;
  }
}

}  // namespace
}  // namespace geofield
