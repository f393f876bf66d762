// cuda/geodesic.h (Karney's inverse geodesic) against GeographicLib's Geodesic::Inverse: a
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

namespace geofield {
namespace {

constexpr double kToleranceM = 1e-6;  // the bound: 1 micrometre
// Evaluations of Newton's loop that no pair may exceed (the loop's own cap is far above).
constexpr int kIterationBound = 12;

struct Pair {
  double lat1, lon1, lat2, lon2;
};

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

// Uniform over the sphere: latitude from a uniform sine.
struct Sampler {
  std::mt19937_64 rng;
  explicit Sampler(unsigned long long seed) : rng(seed) {}
  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
  }
  double lat() { return std::asin(uniform(-1, 1)) * 180 / 3.141592653589793; }
  double lon() { return uniform(-180, 180); }
  // 10^u for u uniform in [lo_exp, hi_exp], with a random sign.
  double log_uniform(double lo_exp, double hi_exp, bool signed_ = true) {
    const double m = std::pow(10.0, uniform(lo_exp, hi_exp));
    return signed_ && uniform(0, 1) < 0.5 ? -m : m;
  }
  bool coin() { return uniform(0, 1) < 0.5; }
};

std::vector<Pair> random_pairs(int count, unsigned long long seed) {
  Sampler s(seed);
  std::vector<Pair> v;
  v.reserve(count);
  for (int k = 0; k < count; ++k) v.push_back({s.lat(), s.lon(), s.lat(), s.lon()});
  return v;
}

// Point 2 near the antipode of point 1, offsets from 1e-12 to 1 degree; a quarter exactly
// symmetric in latitude (the astroid's y = 0), some exactly opposite in longitude.
std::vector<Pair> nearly_antipodal_pairs(int count, unsigned long long seed) {
  Sampler s(seed);
  std::vector<Pair> v;
  v.reserve(count);
  for (int k = 0; k < count; ++k) {
    const double lat1 = s.lat() * (k % 7 == 0 ? 0.01 : 1), lon1 = s.lon();
    double dlat = s.log_uniform(-12, 0), dlon = s.log_uniform(-12, 0.3);
    if (k % 4 == 0) dlat = 0;
    if (k % 13 == 0) dlon = 0;
    v.push_back({lat1, lon1, std::clamp(-lat1 + dlat, -90.0, 90.0), lon1 + 180 + dlon});
  }
  return v;
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
TEST(Geodesic, Equatorial) {
  const GeodesicEllipsoid e = wgs84_ellipsoid();
  const double limit_deg = 180 * (1 - e.f);
  Sampler s(11);
  std::vector<Pair> on, beyond, near;
  for (int k = 0; k < 20000; ++k) {
    const double lon1 = s.lon();
    // Short of the limit: at it the azimuth is ill-conditioned (it leaves 90 like a square root).
    on.push_back(
        {k % 2 ? 0.0 : -0.0, lon1, 0.0, lon1 + s.uniform(-limit_deg, limit_deg) * (1 - 1e-9)});
    const double d = s.uniform(limit_deg, 180.0);
    beyond.push_back({0.0, lon1, 0.0, lon1 + (s.coin() ? d : -d)});
    // Near the limit from both sides, closer and closer.
    const double t = limit_deg + s.log_uniform(-12, -1);
    beyond.push_back({0.0, lon1, k % 3 ? 0.0 : -0.0, lon1 + std::min(t, 180.0)});
    // Just off the equator: tiny latitudes at one or both ends.
    near.push_back({s.log_uniform(-12, -3), lon1, k % 2 ? 0.0 : s.log_uniform(-12, -3),
                    lon1 + s.uniform(-180, 180)});
  }
  beyond.push_back({0, 0, 0, limit_deg});
  beyond.push_back({0, 0, 0, 180});
  beyond.push_back({0, 0, 0, std::nextafter(limit_deg, 180.0)});
  expect_within(compare("wgs84_equatorial", GeographicLib::Geodesic::WGS84(), e, on, true));
  expect_within(
      compare("wgs84_equatorial_beyond_limit", GeographicLib::Geodesic::WGS84(), e, beyond, false));
  expect_within(compare("wgs84_near_equatorial", GeographicLib::Geodesic::WGS84(), e, near, false));
}

TEST(Geodesic, Meridional) {
  Sampler s(13);
  std::vector<Pair> pairs;
  for (int k = 0; k < 50000; ++k) {
    const double lon1 = s.lon();
    const double lon2 = k % 2 ? lon1 : lon1 + 180;
    pairs.push_back({s.lat(), lon1, s.lat(), lon2});
  }
  for (double lat = -90; lat <= 90; lat += 0.5) {
    pairs.push_back({lat, 10, -lat, 190});  // exact antipodes
    pairs.push_back({lat, 10, lat, 10});
  }
  const Stats st = compare("wgs84_meridional", GeographicLib::Geodesic::WGS84(), wgs84_ellipsoid(),
                           pairs, false);
  expect_within(st);
  EXPECT_EQ(st.max_iterations, 0);  // the meridian in closed form
}

TEST(Geodesic, Poles) {
  Sampler s(17);
  std::vector<Pair> one_end, pairs;  // azimuths are unique (and compared) in one_end only
  for (int k = 0; k < 20000; ++k) {
    const double pole = k % 2 ? 90.0 : -90.0;
    one_end.push_back({pole, s.lon(), s.lat() * 0.999, s.lon()});
    one_end.push_back({s.lat() * 0.999, s.lon(), pole, s.lon()});
    pairs.push_back({pole, s.lon(), k % 3 ? pole : -pole, s.lon()});
    // Near the poles, on both sides.
    const double near = pole - std::copysign(s.log_uniform(-12, -1, false), pole);
    pairs.push_back({near, s.lon(), s.lat(), s.lon()});
    pairs.push_back({near, s.lon(), -near, s.lon()});
  }
  // At a pole the azimuth is GeographicLib's too: measured from the meridian of its longitude.
  expect_within(compare("wgs84_one_end_at_pole", GeographicLib::Geodesic::WGS84(),
                        wgs84_ellipsoid(), one_end, true));
  expect_within(compare("wgs84_poles_and_near_poles", GeographicLib::Geodesic::WGS84(),
                        wgs84_ellipsoid(), pairs, false));
}

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
TEST(Geodesic, TinySeparations) {
  Sampler s(23);
  std::vector<Pair> pairs;
  for (int k = 0; k < 100000; ++k) {
    double lat1 = s.lat();
    if (k % 5 == 0) lat1 = std::copysign(90 - s.log_uniform(-10, 0, false), lat1);
    if (k % 7 == 0) lat1 = s.log_uniform(-12, -2);
    const double lon1 = s.lon();
    const double d = s.log_uniform(-12, -1, false), az = s.uniform(0, 6.283185307179586);
    const double lat2 = std::clamp(lat1 + d * std::cos(az), -90.0, 90.0);
    pairs.push_back({lat1, lon1, lat2, lon1 + d * std::sin(az)});
  }
  expect_within(
      compare("wgs84_tiny", GeographicLib::Geodesic::WGS84(), wgs84_ellipsoid(), pairs, false));
}

// The classes of Karney's GeodTest set, made with GeographicLib's direct solution (see the
// header comment). Azimuths are checked on the classes whose geodesics are unique.
TEST(Geodesic, GeodtestEquivalent) {
  const GeographicLib::Geodesic& g = GeographicLib::Geodesic::WGS84();
  const GeodesicEllipsoid e = wgs84_ellipsoid();
  Sampler s(29);
  const int unit = 5000;  // GeodTest has 100000 random and 50000 of each other class
  auto direct = [&](double lat1, double lon1, double azi1, double s12) {
    double lat2, lon2;
    g.Direct(lat1, lon1, azi1, s12, lat2, lon2);
    return Pair{lat1, lon1, lat2, lon2};
  };
  auto arc_direct = [&](double lat1, double lon1, double azi1, double a12) {
    double lat2, lon2;
    g.ArcDirect(lat1, lon1, azi1, a12, lat2, lon2);
    return Pair{lat1, lon1, lat2, lon2};
  };
  const double half_meridian = 20003931.4586;
  std::vector<Pair> random, antipodal, short_, one_pole, two_poles, meridional, equatorial,
      vertices, near_vertex;
  for (int k = 0; k < 2 * unit; ++k)
    random.push_back(direct(s.lat(), 0, s.uniform(0, 180), s.uniform(0, half_meridian)));
  for (int k = 0; k < unit; ++k) {
    // Nearly antipodal: to within 1 degree of the antipode (arc 179..180 degrees).
    antipodal.push_back(
        arc_direct(s.lat(), 0, s.uniform(0, 180), 180 - s.log_uniform(-10, 0, false)));
    // Short: 1 mm to 10 km.
    short_.push_back(direct(s.lat(), 0, s.uniform(0, 180), s.log_uniform(-3, 4, false)));
    // One end within 1e-10..1 degree of a pole.
    const double pole_lat = 90 - s.log_uniform(-10, 0, false);
    one_pole.push_back({s.coin() ? pole_lat : -pole_lat, 0, s.lat(), s.uniform(0, 180)});
    // Both ends near opposite poles.
    two_poles.push_back({pole_lat, 0, -(90 - s.log_uniform(-10, 0, false)), s.uniform(0, 180)});
    // Nearly meridional: azimuth within 1e-10..1 degree of 0 or 180.
    const double da = s.log_uniform(-10, 0, false);
    meridional.push_back(direct(s.lat(), 0, s.coin() ? da : 180 - da, s.uniform(0, half_meridian)));
    // Nearly equatorial: latitude and azimuth within 1e-10..1 degree of 0 and 90.
    equatorial.push_back(direct(s.log_uniform(-10, 0), 0, 90 + s.log_uniform(-10, 0),
                                s.uniform(0, 2 * half_meridian)));
    // Between vertices: start at a vertex (azimuth 90), end at the next one (arc 180).
    vertices.push_back(arc_direct(s.lat(), 0, 90, 180));
    // Ending near a vertex: arc to the vertex (90 - sigma1 ...) plus or minus a little.
    const double lat1 = s.lat(), azi1 = s.uniform(0, 180);
    double a12_vertex;  // arc from point 1 to the geodesic's next vertex
    {
      const double rad = 3.141592653589793 / 180;
      const double sb = (1 - e.f) * std::sin(lat1 * rad), cb = std::cos(lat1 * rad);
      const double sig1 = std::atan2(sb, std::cos(azi1 * rad) * cb) / rad;
      a12_vertex = 90 - sig1;
      if (a12_vertex <= 0) a12_vertex += 180;
    }
    near_vertex.push_back(arc_direct(lat1, 0, azi1, a12_vertex + s.log_uniform(-10, 0)));
  }
  expect_within(compare("geodtest_random", g, e, random, true));
  expect_within(compare("geodtest_nearly_antipodal", g, e, antipodal, false));
  expect_within(compare("geodtest_short", g, e, short_, false));
  expect_within(compare("geodtest_one_end_near_pole", g, e, one_pole, false));
  expect_within(compare("geodtest_both_ends_near_poles", g, e, two_poles, false));
  expect_within(compare("geodtest_nearly_meridional", g, e, meridional, false));
  expect_within(compare("geodtest_nearly_equatorial", g, e, equatorial, false));
  expect_within(compare("geodtest_between_vertices", g, e, vertices, false));
  expect_within(compare("geodtest_ending_near_vertex", g, e, near_vertex, false));
}

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
