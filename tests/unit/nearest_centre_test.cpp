// The nearest-centre field on the CPU (issue 16): equal, node for node and bit for bit, to a
// brute-force evaluation of every centre, on grids full of near-ties (centres on the grid's
// nodes, on both sides of nodes at equal distance, duplicated, at the poles and across the
// antimeridian), for haversine in float and double and for wgs84; each node's value is that
// centre's one-centre field there (the CPU backend's, within the float path's bound); and the
// k-d tree against a linear scan.
#include "compute/nearest_centre.h"

#include <gtest/gtest.h>

#include <GeographicLib/Geodesic.hpp>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "backends/cpu_backend.h"
#include "centre_sets.h"
#include "compute/centre_index.h"
#include "errors.h"
#include "test_grids.h"

namespace geofield {
namespace {

struct Fields {
  std::vector<double> values;
  std::vector<std::int32_t> index;
};

// Every centre at every node, its value as its own field's shared math gives it, the lowest
// index kept on a tie (strictly smaller replaces): written here, apart from the code under test.
template <typename T>
void oracle(const FieldParams& p, const std::vector<Centre>& centres, std::vector<T>* values,
            std::vector<std::int32_t>* index, size_t* tied_nodes) {
  const size_t n = static_cast<size_t>(p.nx) * p.ny;
  values->assign(n, std::numeric_limits<T>::infinity());
  index->assign(n, -1);
  std::vector<int> ties(n, 0);
  for (size_t k = 0; k < centres.size(); ++k) {
    FieldParams pc = p;
    pc.ref_lat_deg = centres[k].lat_deg;
    pc.ref_lon_deg = centres[k].lon_deg;
    const GridGeometry g = grid_geometry(pc);
    const GeodesicField f = geodesic_field(pc);
    for (int i = 0; i < p.ny; ++i) {
      for (int j = 0; j < p.nx; ++j) {
        const size_t at = static_cast<size_t>(i) * p.nx + j;
        const T v = p.formula == Formula::wgs84 ? static_cast<T>(geodesic_field_value(f, g, i, j))
                                                : field_value<T>(g, i, j);
        if (v < (*values)[at]) {
          (*values)[at] = v;
          (*index)[at] = static_cast<std::int32_t>(k);
          ties[at] = 0;
        } else if (v == (*values)[at]) {
          ++ties[at];
        }
      }
    }
  }
  *tied_nodes =
      static_cast<size_t>(std::count_if(ties.begin(), ties.end(), [](int t) { return t > 0; }));
}

// Pruned and brute force (the module's own) against the oracle, node for node, bit for bit;
// the number of nodes where two or more centres tie exactly is returned (the tests need some).
template <typename T>
size_t expect_equals_brute_force(const FieldParams& p, const std::vector<Centre>& centres,
                                 const std::string& what) {
  const size_t n = static_cast<size_t>(p.nx) * p.ny;
  std::vector<T> fast(n), slow(n), want;
  std::vector<std::int32_t> fast_k(n, -2), slow_k(n, -3), want_k;
  size_t tied = 0;
  oracle<T>(p, centres, &want, &want_k, &tied);
  nearest_centre_field_on_cpu<T>(p, centres, fast.data(), fast_k.data());
  nearest_centre_brute_force<T>(p, centres, slow.data(), slow_k.data());
  size_t differ = 0;
  for (size_t k = 0; k < n; ++k) {
    if (fast[k] != want[k] || fast_k[k] != want_k[k] || slow[k] != want[k] ||
        slow_k[k] != want_k[k]) {
      if (differ++ < 5) {
        ADD_FAILURE() << what << ": node " << k << " pruned " << fast[k] << " (centre " << fast_k[k]
                      << "), brute force " << slow[k] << " (centre " << slow_k[k] << "), oracle "
                      << want[k] << " (centre " << want_k[k] << ")";
      }
    }
  }
  EXPECT_EQ(differ, 0u) << what;
  return tied;
}

TEST(NearestCentre, EqualsBruteForceOnTieHeavyGridsHaversine) {
  const FieldParams views[] = {
      test::make_params(-90, 90, -180, 180, 181, 91, 0, 0),
      test::make_params(29, 31, 99, 101, 120, 80, 30, 101),
      test::make_params(-60, 70, 150, -120, 150, 90, 0, 0),  // across 180
      test::make_params(89, 90, -180, 180, 97, 33, 0, 0),    // the pole's cap
  };
  int v = 0;
  size_t tied = 0;
  for (FieldParams p : views) {
    const std::vector<Centre> centres = test::tie_heavy_centres(p, 300, 7 + v);
    p.precision = Precision::f32;
    tied += expect_equals_brute_force<float>(p, centres, "haversine f32 view " + std::to_string(v));
    p.precision = Precision::f64;
    tied +=
        expect_equals_brute_force<double>(p, centres, "haversine f64 view " + std::to_string(v));
    p.units = Units::nm;
    tied +=
        expect_equals_brute_force<float>(p, centres, "haversine f32 nm view " + std::to_string(v));
    ++v;
  }
  std::printf("nearest centre, haversine: %zu nodes with exact ties among the views\n", tied);
  EXPECT_GT(tied, 100u) << "the views should hold many exact ties";
}

TEST(NearestCentre, EqualsBruteForceWgs84) {
  FieldParams p = test::make_params(-90, 90, -180, 180, 73, 37, 0, 0);
  p.formula = Formula::wgs84;
  const std::vector<Centre> centres = test::tie_heavy_centres(p, 200, 11);
  EXPECT_GT(expect_equals_brute_force<double>(p, centres, "wgs84 globe"), 0u);
  FieldParams q = test::make_params(29, 31, 99, 101, 60, 40, 30, 101);
  q.formula = Formula::wgs84;
  q.ellipsoid_inv_f = 50;  // the most flattened ellipsoid accepted: the widest search
  expect_equals_brute_force<float>(q, test::tie_heavy_centres(q, 100, 13), "wgs84 f=1/50 box");
}

// Ten thousand centres over the globe, a few hundred on each node's doorstep.
TEST(NearestCentre, EqualsBruteForceWithManyCentres) {
  FieldParams p = test::make_params(-90, 90, -180, 180, 120, 60, 0, 0);
  expect_equals_brute_force<float>(p, test::tie_heavy_centres(p, 10000, 17), "10k centres");
}

// A node's value is its centre's one-centre field there (the CPU backend's, vectorised: within
// the float path's bound, 2e-6 of max + value), and the distance GeographicLib gives.
TEST(NearestCentre, ValuesAreTheWinningCentresOwnField) {
  FieldParams p = test::make_params(-80, 80, -170, 170, 90, 45, 0, 0);
  const std::vector<Centre> centres = test::tie_heavy_centres(p, 50, 19);
  const size_t n = static_cast<size_t>(p.nx) * p.ny;
  std::vector<float> values(n), one(n);
  std::vector<std::int32_t> index(n);
  nearest_centre_field_on_cpu<float>(p, centres, values.data(), index.data());
  const GridGeometry g = grid_geometry(p);
  const GeographicLib::Geodesic sphere(p.radius_km * 1000, 0);
  double worst = 0;
  for (size_t k = 0; k < n; k += 37) {
    FieldParams pc = p;
    pc.ref_lat_deg = centres[index[k]].lat_deg;
    pc.ref_lon_deg = centres[index[k]].lon_deg;
    compute_field_on_cpu<float>(pc, one.data());
    EXPECT_LE(std::fabs(values[k] - one[k]), 2e-6 * (20016 + one[k])) << k;
    double s12 = 0;
    sphere.Inverse(pc.ref_lat_deg, pc.ref_lon_deg, node_lat_deg(g, static_cast<int>(k / p.nx)),
                   node_lon_deg(g, static_cast<int>(k % p.nx)), s12);
    worst = std::max(worst, std::fabs(values[k] - s12 / 1000));
  }
  EXPECT_LE(worst, 2e-6 * 2 * 20016);
}

TEST(NearestCentre, OneCentreIsTheOneCentreField) {
  FieldParams p = test::make_params(29, 31, 99, 101, 64, 48, 30.25, 100.5);
  p.precision = Precision::f64;
  const size_t n = static_cast<size_t>(p.nx) * p.ny;
  std::vector<double> values(n), one(n);
  std::vector<std::int32_t> index(n);
  nearest_centre_field_on_cpu<double>(p, std::vector<Centre>{{30.25, 100.5, ""}}, values.data(),
                                      index.data());
  compute_field_on_cpu<double>(p, one.data());
  for (size_t k = 0; k < n; ++k) {
    ASSERT_EQ(index[k], 0);
    ASSERT_NEAR(values[k], one[k], 1e-12 * (1 + one[k])) << k;
  }
}

// Fields computed one after another on one thread (a single block of rows): nothing of one
// field's centres (their row parts are cached while a row is walked) reaches the next.
TEST(NearestCentre, NothingCarriesOverFromOneFieldToTheNext) {
  const std::vector<Centre> centres = {{10, 20, ""}, {-30, 100, ""}, {60, -40, ""}};
  FieldParams a = test::make_params(-80, 80, -170, 170, 64, 2, 0, 0);
  FieldParams b = test::make_params(-20, 50, 0, 90, 64, 2, 0, 0);
  for (const FieldParams& p : {a, b, a}) {
    expect_equals_brute_force<float>(p, centres, "one block");
    FieldParams q = p;
    q.formula = Formula::wgs84;
    expect_equals_brute_force<double>(q, centres, "one block, wgs84");
  }
}

// Many centres, then a few, on one thread (the window's worker outlives a compute): the search
// hint of the last field (an index of its centres) must not reach the next field's search
// (once it did: the sanitized window test read past the few centres' points).
TEST(NearestCentre, AHintFromAnotherCentreSetIsNotUsed) {
  const FieldParams p = test::make_params(-80, 80, -170, 170, 64, 2, 0, 0);
  expect_equals_brute_force<float>(p, test::random_centres(5000, 23), "5000 centres");
  expect_equals_brute_force<float>(p, {{10, 20, ""}, {-30, 100, ""}}, "then two");
}

TEST(NearestCentre, RefusesWhatItDoesNotCompute) {
  FieldParams p = test::make_params(29, 31, 99, 101, 8, 8, 30, 101);
  std::vector<float> v(64);
  std::vector<std::int32_t> k(64);
  const std::vector<Centre> one{{30, 101, ""}};
  EXPECT_THROW(nearest_centre_field_on_cpu<float>(p, {}, v.data(), k.data()), UsageError);
  p.formula = Formula::seed;
  EXPECT_THROW(nearest_centre_field_on_cpu<float>(p, one, v.data(), k.data()), UsageError);
  // A projected view is computed (issue 27: nearest_centre_projected_test.cpp).
  p.formula = Formula::haversine;
  p.projection = Projection::aeqd;
  p.extent = 100;
  EXPECT_NO_THROW(nearest_centre_field_on_cpu<float>(p, one, v.data(), k.data()));
  EXPECT_EQ(k[0], 0);
}

TEST(CentreIndex, NearestAndWithinAgreeWithALinearScan) {
  std::mt19937_64 rng(23);
  std::uniform_real_distribution<double> u(-1, 1), lon(-180, 180);
  std::vector<Centre> c;
  for (int k = 0; k < 5000; ++k) c.push_back({std::asin(u(rng)) * 57.29577951308232, lon(rng), ""});
  for (int k = 0; k < 20; ++k) c.push_back(c[k]);  // duplicates
  const CentreIndex tree(c);
  for (int q = 0; q < 500; ++q) {
    const UnitVector p = unit_vector(std::asin(u(rng)) * 57.29577951308232, lon(rng));
    double best = 1e300;
    for (const Centre& x : c) {
      const UnitVector v = unit_vector(x.lat_deg, x.lon_deg);
      best = std::min(best, (v[0] - p[0]) * (v[0] - p[0]) + (v[1] - p[1]) * (v[1] - p[1]) +
                                (v[2] - p[2]) * (v[2] - p[2]));
    }
    ASSERT_EQ(tree.nearest_chord2(p), best);
    const double r2 = best * 4 + 1e-4;
    std::vector<std::int32_t> got, want;
    tree.within(p, r2, &got);
    for (std::size_t k = 0; k < c.size(); ++k) {
      const UnitVector v = unit_vector(c[k].lat_deg, c[k].lon_deg);
      if ((v[0] - p[0]) * (v[0] - p[0]) + (v[1] - p[1]) * (v[1] - p[1]) +
              (v[2] - p[2]) * (v[2] - p[2]) <=
          r2) {
        want.push_back(static_cast<std::int32_t>(k));
      }
    }
    std::sort(got.begin(), got.end());
    ASSERT_EQ(got, want);
  }
}

}  // namespace
}  // namespace geofield
