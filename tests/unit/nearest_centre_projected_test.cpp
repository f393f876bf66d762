// The nearest-centre field on projected views (issue 27): pruned equals the brute force (the
// same value function: centre_values.h) node for node, value and index, bit for bit, on aeqd
// and ortho maps with centres at the map's centre (duplicated), its antipode, the poles,
// mirrored about the map's central meridian (exact ties on the central column), on nodes, and
// 10,000 at random; float and double, km and nm, wgs84. One centre: on ortho, and on aeqd at the
// map's centre, the one-centre CPU field of that centre bit for bit; on aeqd about another point
// the distance from the centre to the node's point (GeographicLib) within the float path's bound
// that the pruning assumes. Off-map nodes: NaN and -1. The GL backend's refusal in one line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "backends/cpu_backend.h"
#include "case_names.h"
#include "centre_sets.h"
#include "compute/nearest_centre.h"
#include "errors.h"
#include "same_bits.h"
#include "spherical_reference.h"
#include "test_grids.h"
#include "usage_error_matchers.h"

namespace geofield {
namespace {

using test::same_bits;

// Centres built to tie on p's map: the map's centre twice, its antipode, both poles, pairs
// mirrored about the map's central meridian (every node of the central column, odd nx, is
// equidistant from a pair), centres on nodes' points, then `random` spread over the sphere.
std::vector<Centre> projected_tie_centres(const FieldParams& p, int random, unsigned seed) {
  const ProjectedGrid g = projected_grid(p);
  const double lat0 = g.centre.lat_deg, lon0 = g.centre.lon_deg;
  std::vector<Centre> c{{lat0, lon0, "map centre"},      {lat0, lon0, "map centre again"},
                        {-lat0, lon0 + 180, "antipode"}, {90, 0, "north pole"},
                        {90, 77, "north pole again"},    {-90, 0, "south pole"}};
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> lat(-80, 80);
  std::uniform_int_distribution<int> d(1, 40), row(0, p.ny - 1), col(0, p.nx - 1);
  for (int k = 0; k < 30; ++k) {
    const double a = lat(rng), b = 0.25 * d(rng);  // exact offsets: the pair mirrors exactly
    c.push_back({a, lon0 - b, "west"});
    c.push_back({a, lon0 + b, "east"});
  }
  for (int k = 0; k < 20; ++k) {
    const SpherePoint<double> q = projected_node_point<double>(g, row(rng), col(rng));
    if (!q.valid) continue;
    c.push_back({q.lat_deg, q.lon_deg, "on a node"});
    if (k % 4 == 0) c.push_back({q.lat_deg, q.lon_deg, "duplicate"});
  }
  const std::vector<Centre> spread = test::random_centres(random, seed + 1000);
  c.insert(c.end(), spread.begin(), spread.end());
  return c;
}

struct ProjectedCase {
  std::string name;
  FieldParams p;
  int random = 300;
};

void PrintTo(const ProjectedCase& c, std::ostream* os) { *os << c.name; }

std::vector<ProjectedCase> projected_cases() {
  const double r = kDefaultRadiusKm, half = kPi * r;
  return {
      {"aeqd whole sphere",
       test::make_map_params(Projection::aeqd, 29, 31, 99, 101, 30, 101, half, 81, 61)},
      {"aeqd north pole",
       test::make_map_params(Projection::aeqd, 29, 31, 99, 101, 90, 0, half / 2, 61, 61)},
      {"aeqd on 180",
       test::make_map_params(Projection::aeqd, 29, 31, 99, 101, 0, 180, half, 71, 51)},
      {"aeqd a city",
       test::make_map_params(Projection::aeqd, 29, 31, 99, 101, -33.9, 18.4, 50, 41, 41), 50},
      {"ortho globe", test::make_map_params(Projection::ortho, -10, 10, -10, 10, 0, 0, r, 81, 81)},
      {"ortho across 180",
       test::make_map_params(Projection::ortho, 50, 89, 170, -170, 0, 0, r, 61, 71)},
      {"ortho 500 km", test::make_map_params(Projection::ortho, 40, 50, 0, 10, 0, 0, 500, 41, 31),
       50},
      {"aeqd wgs84",
       test::make_map_params(Projection::aeqd, 29, 31, 99, 101, 45, -120, half, 41, 31,
                             Formula::wgs84),
       60},
      {"ortho wgs84",
       test::make_map_params(Projection::ortho, -60, -20, -80, -40, 0, 0, r, 41, 41,
                             Formula::wgs84),
       60},
      {"eqearth world", test::make_map_params(Projection::eqearth, 29, 31, 99, 101, 30, 101,
                                              kEqEarthMaxX * r, 81, eqearth_world_ny(81))},
      {"eqearth across 180 square", test::make_map_params(Projection::eqearth, 29, 31, 99, 101, -20,
                                                          180, kEqEarthMaxX * r, 61, 61)},
      {"eqearth 800 km",
       test::make_map_params(Projection::eqearth, 29, 31, 99, 101, 60, -170, 800, 41, 31), 50},
      {"eqearth wgs84",
       test::make_map_params(Projection::eqearth, 29, 31, 99, 101, 45, -120, kEqEarthMaxX * r, 41,
                             21, Formula::wgs84),
       60},
  };
}

// Pruned against the brute force, bit for bit; returns the nodes where centres tie exactly
// (the brute force over the centres in reverse order picks another index there).
template <typename T>
std::size_t expect_pruned_equals_brute_force(const FieldParams& p, std::vector<Centre> centres,
                                             const std::string& what, bool count_ties) {
  const std::size_t n = static_cast<std::size_t>(p.nx) * p.ny;
  std::vector<T> fast(n), slow(n);
  std::vector<std::int32_t> fast_k(n, -2), slow_k(n, -3);
  nearest_centre_field_on_cpu<T>(p, centres, fast.data(), fast_k.data());
  nearest_centre_brute_force<T>(p, centres, slow.data(), slow_k.data());
  std::size_t differ = 0, off = 0;
  for (std::size_t k = 0; k < n; ++k) {
    if (std::isnan(slow[k])) ++off;
    if (!same_bits(fast[k], slow[k]) || fast_k[k] != slow_k[k] ||
        (std::isnan(slow[k]) != (slow_k[k] < 0))) {
      if (differ++ < 5) {
        ADD_FAILURE() << what << ": node " << k << " pruned " << fast[k] << " (centre " << fast_k[k]
                      << "), brute force " << slow[k] << " (centre " << slow_k[k] << ")";
      }
    }
  }
  EXPECT_EQ(differ, 0u) << what;
  if (!count_ties) return 0;
  std::reverse(centres.begin(), centres.end());
  std::vector<std::int32_t> rev_k(n);
  nearest_centre_brute_force<T>(p, centres, slow.data(), rev_k.data());
  const std::int32_t last = static_cast<std::int32_t>(centres.size()) - 1;
  std::size_t tied = 0;
  for (std::size_t k = 0; k < n; ++k) tied += slow_k[k] >= 0 && slow_k[k] != last - rev_k[k];
  std::printf("%s: %zu nodes off the map, %zu with exact ties\n", what.c_str(), off, tied);
  return tied;
}

class NearestCentreProjected : public testing::TestWithParam<ProjectedCase> {};

TEST_P(NearestCentreProjected, PrunedEqualsBruteForce) {
  const ProjectedCase& c = GetParam();
  FieldParams p = c.p;
  const std::vector<Centre> centres = projected_tie_centres(p, c.random, 31);
  std::size_t tied = 0;
  p.precision = Precision::f32;
  tied += expect_pruned_equals_brute_force<float>(p, centres, c.name + " f32", true);
  p.precision = Precision::f64;
  tied += expect_pruned_equals_brute_force<double>(p, centres, c.name + " f64", true);
  if (p.formula == Formula::haversine) {
    p.units = Units::nm;
    p.extent /= 1.852;  // the same map in nautical miles
    p.precision = Precision::f32;
    tied += expect_pruned_equals_brute_force<float>(p, centres, c.name + " f32 nm", true);
  }
  EXPECT_GT(tied, 0u) << c.name << ": the mirrored centres should tie on the central column";
}

// One centre: ortho's map does not depend on the reference, so the field is the one-centre CPU
// field of that centre at every node, NaN where it is NaN; on aeqd a centre at the map's centre
// is the one-centre field of the view. Index 0 on the map, -1 off it.
TEST_P(NearestCentreProjected, OneCentreIsTheOneCentreCpuField) {
  const ProjectedCase& c = GetParam();
  std::vector<Centre> centres{{c.p.ref_lat_deg, c.p.ref_lon_deg, "the view's reference"}};
  if (c.p.projection == Projection::ortho) {
    centres.push_back({-41.5, 170.25, "elsewhere"});
    centres.push_back({view_centre_lat_deg(c.p), view_centre_lon_deg(c.p) + 3, "near the middle"});
  }
  for (const Centre& centre : centres) {
    for (const Precision precision : {Precision::f32, Precision::f64}) {
      FieldParams p = c.p;
      p.precision = precision;
      p.ref_lat_deg = centre.lat_deg;  // aeqd: the centre is the map's centre
      p.ref_lon_deg = centre.lon_deg;
      const std::size_t n = static_cast<std::size_t>(p.nx) * p.ny;
      std::vector<double> v(n), one(n);
      std::vector<std::int32_t> k(n);
      if (precision == Precision::f32) {
        std::vector<float> vf(n), onef(n);
        nearest_centre_field_on_cpu<float>(p, {&centre, 1}, vf.data(), k.data());
        compute_field_on_cpu<float>(p, onef.data());
        std::copy(vf.begin(), vf.end(), v.begin());
        std::copy(onef.begin(), onef.end(), one.begin());
      } else {
        nearest_centre_field_on_cpu<double>(p, {&centre, 1}, v.data(), k.data());
        compute_field_on_cpu<double>(p, one.data());
      }
      std::size_t differ = 0;
      for (std::size_t at = 0; at < n; ++at) {
        if (!same_bits(v[at], one[at]) || k[at] != (std::isnan(v[at]) ? -1 : 0)) {
          if (differ++ < 3) {
            ADD_FAILURE() << c.name << " " << centre.name << " " << to_string(precision)
                          << ": node " << at << " " << v[at] << " (centre " << k[at]
                          << "), one-centre field " << one[at];
          }
        }
      }
      EXPECT_EQ(differ, 0u) << c.name << " " << centre.name << " " << to_string(precision);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Maps, NearestCentreProjected, testing::ValuesIn(projected_cases()),
                         [](const testing::TestParamInfo<ProjectedCase>& info) {
                           return test::gtest_case_name(info.param.name);
                         });

TEST(NearestCentreProjectedMany, TenThousandCentresEqualTheBruteForce) {
  const double half = kPi * kDefaultRadiusKm;
  const std::vector<Centre> centres = test::random_centres(10000, 41);
  FieldParams a = test::make_map_params(Projection::aeqd, 29, 31, 99, 101, 30, 101, half, 61, 45);
  expect_pruned_equals_brute_force<float>(a, centres, "aeqd 10k f32", false);
  FieldParams o =
      test::make_map_params(Projection::ortho, 20, 60, -20, 20, 0, 0, kDefaultRadiusKm, 61, 45);
  o.precision = Precision::f64;
  expect_pruned_equals_brute_force<double>(o, centres, "ortho 10k f64", false);
}

// On aeqd about another point a centre's value is the distance from the centre to the node's
// point: GeographicLib's on the sphere (the point from the double inverse projection), within
// the float path's bound 2e-6 (pi R + value) that the pruning's reach assumes (float) and 1e-9
// of pi R (double); wgs84 GeographicLib's WGS84 geodesic within 1e-6 km.
TEST(NearestCentreProjectedValues, AeqdValuesAreTheDistanceToTheNodesPoint) {
  const double r = kDefaultRadiusKm, half = kPi * r;
  const std::vector<Centre> centres = test::random_centres(12, 43);
  for (const FieldParams& view :
       {test::make_map_params(Projection::aeqd, 29, 31, 99, 101, 30, 101, half, 61, 45),
        test::make_map_params(Projection::aeqd, 29, 31, 99, 101, 89.5, -30, 2000, 61, 45),
        test::make_map_params(Projection::ortho, 10, 60, 20, 70, 0, 0, r, 61, 45)}) {
    const ProjectedGrid g = projected_grid(view);
    const std::size_t n = static_cast<std::size_t>(view.nx) * view.ny;
    std::vector<float> vf(n);
    std::vector<double> vd(n), vw(n);
    std::vector<std::int32_t> kf(n), kd(n), kw(n);
    nearest_centre_field_on_cpu<float>(view, centres, vf.data(), kf.data());
    nearest_centre_field_on_cpu<double>(view, centres, vd.data(), kd.data());
    FieldParams w = view;
    w.formula = Formula::wgs84;
    nearest_centre_field_on_cpu<double>(w, centres, vw.data(), kw.data());
    double worst_f = 0, worst_d = 0, worst_w = 0;
    for (int i = 0; i < view.ny; ++i) {
      for (int j = 0; j < view.nx; ++j) {
        const std::size_t at = static_cast<std::size_t>(i) * view.nx + j;
        const SpherePoint<double> q = projected_node_point<double>(g, i, j);
        ASSERT_EQ(q.valid, !std::isnan(vd[at])) << at;
        if (!q.valid) continue;
        const Centre& c = centres[kd[at]];
        const double want =
            test::geographiclib_sphere_distance(c.lat_deg, c.lon_deg, q.lat_deg, q.lon_deg, r);
        worst_d = std::max(worst_d, std::fabs(vd[at] - want) / half);
        const Centre& cf = centres[kf[at]];
        const double want_f =
            test::geographiclib_sphere_distance(cf.lat_deg, cf.lon_deg, q.lat_deg, q.lon_deg, r);
        worst_f = std::max(worst_f, std::fabs(vf[at] - want_f) / (2e-6 * (half + want_f)));
        ASSERT_GE(kf[at], 0) << at;
        // wgs84's map is on the ellipsoid's mean sphere: the same point for a sphere of that
        // radius, 6371.00877 km, 1e-6 of it from IUGG's 6371.0088; its antipode's circle is
        // as much smaller, so a node just inside the other's may have no value (index -1).
        if (kw[at] < 0) continue;
        const Centre& cw = centres[kw[at]];
        worst_w = std::max(worst_w,
                           std::fabs(vw[at] - test::geographiclib_wgs84_distance_km(
                                                  cw.lat_deg, cw.lon_deg, q.lat_deg, q.lon_deg)));
      }
    }
    std::printf(
        "%s about %g, %g: float worst %.3f of its bound, double %.2e of pi R, "
        "wgs84 %.2e km\n",
        std::string(to_string(view.projection)).c_str(), g.centre.lat_deg, g.centre.lon_deg,
        worst_f, worst_d, worst_w);
    EXPECT_LE(worst_f, 0.5) << "the reach's margin is 2.5 times the bound";
    EXPECT_LE(worst_d, 1e-9);
    EXPECT_LE(worst_w, 1e-3);  // the projection's sphere vs the geodesic's: see above
  }
}

// The time of 10,000 random centres at 2048² (latlon globe and aeqd's whole sphere, float),
// best of 3. Run with --gtest_also_run_disabled_tests.
TEST(NearestCentreProjectedTime, DISABLED_TenThousandCentresAt2048) {
  const std::vector<Centre> centres = test::random_centres(10000, 20261201);
  const FieldParams latlon = test::make_params(-90, 90, -180, 180, 2048, 2048, 0, 0);
  const FieldParams aeqd = test::make_map_params(Projection::aeqd, 29, 31, 99, 101, 30, 101,
                                                 kPi * kDefaultRadiusKm, 2048, 2048);
  const FieldParams ortho =
      test::make_map_params(Projection::ortho, 10, 50, 80, 120, 0, 0, kDefaultRadiusKm, 2048, 2048);
  std::vector<float> v(2048 * 2048);
  std::vector<std::int32_t> k(v.size());
  for (const FieldParams& p : {latlon, aeqd, ortho}) {
    double best = 1e9;
    for (int run = 0; run < 3; ++run) {
      const auto t0 = std::chrono::steady_clock::now();
      nearest_centre_field_on_cpu<float>(p, centres, v.data(), k.data());
      best = std::min(best,
                      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    std::printf("%s 2048x2048, 10,000 centres, float: %.3f s\n",
                std::string(to_string(p.projection)).c_str(), best);
  }
}

}  // namespace
}  // namespace geofield
