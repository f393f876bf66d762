// Distances at points (issue 31): the CPU's point list against the grid's own values at its
// nodes (the same per-node math, so equal to the rounding of the offsets), against
// GeographicLib (wgs84) and double haversine, and against a brute force over every site; the
// nearest index as the grid's; the checks' words.
#include <gtest/gtest.h>

#include <GeographicLib/Geodesic.hpp>
#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "centre_sets.h"
#include "compute/cpu_field.h"
#include "compute/point_distances.h"
#include "shape_sets.h"
#include "usage_error_matchers.h"

namespace geofield {
namespace {

using test::throws_usage_error_naming;

// Every node of p's latlon grid as a point list (the node's double coordinates).
struct GridPoints {
  std::vector<double> lat, lon;
  explicit GridPoints(const FieldParams& p) {
    const GridGeometry g = grid_geometry(p);
    for (int i = 0; i < p.ny; ++i) {
      for (int j = 0; j < p.nx; ++j) {
        lat.push_back(node_lat_deg(g, i));
        lon.push_back(node_lon_deg(g, j));
      }
    }
  }
  PointList list() const { return {lat.data(), lon.data(), lat.size()}; }
};

FieldParams grid(Formula f, Precision prec) {
  FieldParams p;
  p.lat_min_deg = -89.5;
  p.lat_max_deg = 89.5;
  p.lon_min_deg = 100;  // across the antimeridian, nodes up to 260 (points take [-360, 360])
  p.lon_max_deg = -100;
  p.nx = 61;
  p.ny = 37;
  p.ref_lat_deg = 33.25;
  p.ref_lon_deg = -117.5;
  p.formula = f;
  p.precision = prec;
  return p;
}

// The point values of r at the grid's nodes against the grid's: equal to a few ulp of the
// largest value (the offsets are rounded once for a point, once per step for a node), the
// index equal wherever the two nearest are not within that of each other.
template <typename T>
void expect_points_equal_grid(const FieldRequest& r, double ulps) {
  const FieldParams& p = r.params;
  const GridPoints pts(p);
  const std::size_t n = pts.lat.size();
  std::vector<T> grid_values(n), values(n);
  std::vector<std::int32_t> grid_index(n), index(n);
  compute_request_subgrid_on_cpu<T>(r, whole_grid(p.nx, p.ny), grid_values.data(),
                                    grid_index.data());
  distances_at_points_on_cpu<T>(r, pts.list(), values.data(), index.data());
  const double tol = ulps * std::numeric_limits<T>::epsilon() * 2e4;  // km, the largest value
  std::size_t same_index = 0;
  for (std::size_t k = 0; k < n; ++k) {
    ASSERT_NEAR(values[k], grid_values[k], tol) << "node " << k;
    same_index += index[k] == grid_index[k];
  }
  // An index differs only where two sites are nearest within the rounding: none of these.
  EXPECT_EQ(same_index, n);
}

TEST(PointField, OnePointEqualsTheGridAtItsNodes) {
  for (Formula f : {Formula::haversine, Formula::seed, Formula::wgs84}) {
    expect_points_equal_grid<double>(FieldRequest::of_reference(grid(f, Precision::f64)), 64);
    expect_points_equal_grid<float>(FieldRequest::of_reference(grid(f, Precision::f32)), 8);
  }
}

TEST(PointField, PointSitesEqualTheGridAtItsNodes) {
  for (Formula f : {Formula::haversine, Formula::wgs84}) {
    FieldRequest r{grid(f, Precision::f64), SiteSet::points(test::random_centres(300, 11))};
    expect_points_equal_grid<double>(r, 64);
    r.params.precision = Precision::f32;
    expect_points_equal_grid<float>(r, 8);
  }
}

TEST(PointField, ShapesEqualTheGridAtItsNodesBitForBit) {
  // The shapes' search is in double for a node and a point alike, from the same coordinates.
  for (bool signed_inside : {false, true}) {
    FieldRequest r{grid(Formula::haversine, Precision::f64),
                   SiteSet::shapes(std::make_shared<const SiteShapes>(test::hard_shapes(20, 3))),
                   signed_inside};
    const GridPoints pts(r.params);
    const std::size_t n = pts.lat.size();
    std::vector<double> grid_values(n), values(n);
    std::vector<std::int32_t> grid_index(n), index(n);
    compute_request_subgrid_on_cpu<double>(r, whole_grid(r.params.nx, r.params.ny),
                                           grid_values.data(), grid_index.data());
    distances_at_points_on_cpu<double>(r, pts.list(), values.data(), index.data());
    for (std::size_t k = 0; k < n; ++k) {
      ASSERT_EQ(values[k], grid_values[k]) << "node " << k;
      ASSERT_EQ(index[k], grid_index[k]) << "node " << k;
    }
  }
}

// Random points over the whole sphere, the poles and the antimeridian among them.
struct RandomPoints {
  std::vector<double> lat, lon;
  RandomPoints(int n, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> u(-1, 1), l(-360, 360);
    for (double x : {90.0, -90.0, 0.0}) lat.push_back(x), lon.push_back(180);
    lat.push_back(0), lon.push_back(-180);
    while (static_cast<int>(lat.size()) < n) {
      lat.push_back(std::asin(u(rng)) * 180 / kPi);
      lon.push_back(l(rng));
    }
  }
  PointList list() const { return {lat.data(), lon.data(), lat.size()}; }
};

TEST(PointField, Wgs84AgainstGeographicLib) {
  FieldParams p = grid(Formula::wgs84, Precision::f64);
  p.units = Units::m;
  const GeographicLib::Geodesic oracle(GeographicLib::Geodesic::WGS84());
  const RandomPoints pts(2000, 5);
  std::vector<double> v(pts.lat.size());
  distances_at_points_on_cpu<double>(FieldRequest::of_reference(p), pts.list(), v.data(), nullptr);
  for (std::size_t k = 0; k < v.size(); ++k) {
    double s = 0;
    oracle.Inverse(p.ref_lat_deg, p.ref_lon_deg, pts.lat[k], pts.lon[k], s);
    ASSERT_NEAR(v[k], s, 1e-7) << "point " << k;  // docs/geodesic.md's bound, metres
  }
}

TEST(PointField, HaversineAgainstDoubleMath) {
  // The oracle: the angle from the dot product of double unit vectors' cross and dot (atan2),
  // well conditioned everywhere, 1e-9 km at the Earth's radius.
  FieldParams p = grid(Formula::haversine, Precision::f64);
  const RandomPoints pts(2000, 6);
  std::vector<double> v(pts.lat.size());
  std::vector<float> vf(pts.lat.size());
  distances_at_points_on_cpu<double>(FieldRequest::of_reference(p), pts.list(), v.data(), nullptr);
  distances_at_points_on_cpu<float>(FieldRequest::of_reference(p), pts.list(), vf.data(), nullptr);
  const auto vec = [](double lat, double lon) {
    const double a = lat * kPi / 180, b = lon * kPi / 180;
    return std::array<double, 3>{std::cos(a) * std::cos(b), std::cos(a) * std::sin(b), std::sin(a)};
  };
  const std::array<double, 3> r = vec(p.ref_lat_deg, p.ref_lon_deg);
  for (std::size_t k = 0; k < v.size(); ++k) {
    const std::array<double, 3> q = vec(pts.lat[k], pts.lon[k]);
    const double cx = r[1] * q[2] - r[2] * q[1], cy = r[2] * q[0] - r[0] * q[2],
                 cz = r[0] * q[1] - r[1] * q[0];
    const double d = r[0] * q[0] + r[1] * q[1] + r[2] * q[2];
    const double want = p.radius_km * std::atan2(std::sqrt(cx * cx + cy * cy + cz * cz), d);
    ASSERT_NEAR(v[k], want, 1e-8) << "point " << k;
    ASSERT_NEAR(vf[k], want, 2e-6 * (kPi * p.radius_km + want)) << "point " << k;
  }
}

TEST(PointField, NearestSiteEqualsTheBruteForce) {
  for (Formula f : {Formula::haversine, Formula::wgs84}) {
    for (Precision prec : {Precision::f32, Precision::f64}) {
      FieldParams p = grid(f, prec);
      // Clustered sites tie and nearly tie: the pruning must keep every site that can win.
      std::vector<Centre> sites = test::clustered_centres(40, 10, 0.01, 200, 9);
      for (const Centre& c : test::random_centres(200, 4)) sites.push_back(c);
      const FieldRequest r{p, SiteSet::points(sites)};
      RandomPoints pts(1000, 7);
      for (int k = 0; k < 500; ++k) pts.lat.push_back(40 + 0.0001 * k), pts.lon.push_back(10);
      const std::size_t n = pts.lat.size();
      std::vector<double> a(n), b(n);
      std::vector<std::int32_t> ia(n), ib(n);
      if (prec == Precision::f64) {
        distances_at_points_on_cpu<double>(r, pts.list(), a.data(), ia.data());
        distances_at_points_brute_force<double>(r, pts.list(), b.data(), ib.data());
      } else {
        std::vector<float> fa(n), fb(n);
        distances_at_points_on_cpu<float>(r, pts.list(), fa.data(), ia.data());
        distances_at_points_brute_force<float>(r, pts.list(), fb.data(), ib.data());
        a.assign(fa.begin(), fa.end());
        b.assign(fb.begin(), fb.end());
      }
      for (std::size_t k = 0; k < n; ++k) {
        ASSERT_EQ(a[k], b[k]) << "point " << k;
        ASSERT_EQ(ia[k], ib[k]) << "point " << k;
      }
    }
  }
}

TEST(PointField, RefusesWhatIsNotAPlace) {
  const FieldRequest r = FieldRequest::of_reference(grid(Formula::haversine, Precision::f64));
  std::vector<double> lat{10, 95}, lon{0, 0}, v(2);
  const auto run = [&] {
    distances_at_points_on_cpu<double>(r, {lat.data(), lon.data(), 2}, v.data(), nullptr);
  };
  EXPECT_TRUE(throws_usage_error_naming(run, "point 1: latitude 95 is outside [-90, 90]"));
  lat[1] = 0;
  lon[0] = std::nan("");
  EXPECT_TRUE(throws_usage_error_naming(run, "point 0: longitude nan is outside [-360, 360]"));
  // No points: nothing to do, no failure.
  EXPECT_NO_THROW(
      distances_at_points_on_cpu<double>(r, {lat.data(), lon.data(), 0}, v.data(), nullptr));
}

}  // namespace
}  // namespace geofield
