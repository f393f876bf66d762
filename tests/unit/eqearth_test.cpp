// Equal Earth (core/projection.h) against PROJ's eqearth, the oracle: forward at random and hard
// points (poles, the outline at +-180 from the central meridian, the equator, the central
// meridian) about several central meridians to 1e-9 of R; the inverse at random points of the
// map and on its outline to 1e-9 degree; round trips; the outline's constants; no value outside
// the outline; float within float's accuracy of double.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <optional>
#include <random>
#include <vector>

#include "proj_oracle.h"
#include "projection.h"

namespace geofield {
namespace {

constexpr double kRadiusM = 6371008.8;
constexpr double kTolR = 1e-9;    // of R, on the map
constexpr double kTolDeg = 1e-9;  // on the sphere

struct LatLon {
  double lat, lon;
};

std::vector<double> central_meridians() { return {0, 101, -180, 179.999, -73.25, 12.5}; }

std::vector<LatLon> points(double lon0, unsigned seed) {
  std::vector<LatLon> p = {{90, 0},           {-90, 0},         {90, lon0 + 120},
                           {0, lon0},         {0, lon0 + 180},  {0, lon0 - 179.9},
                           {45, lon0 + 180},  {-89.999, lon0},  {1e-9, lon0},
                           {60, lon0 + 1e-9}, {-30, lon0 - 90}, {89.99, lon0 - 180}};
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1), lon(-180, 180);
  for (int k = 0; k < 500; ++k) p.push_back({std::asin(u(rng)) * kDegPerRad, lon(rng)});
  return p;
}

// The great-circle angle between two points in degrees (haversine).
double angle_deg(LatLon a, LatLon b) {
  const double dlat = (b.lat - a.lat) * kRadPerDeg, dlon = (b.lon - a.lon) * kRadPerDeg;
  const double h = std::sin(dlat / 2) * std::sin(dlat / 2) +
                   std::cos(a.lat * kRadPerDeg) * std::cos(b.lat * kRadPerDeg) *
                       std::sin(dlon / 2) * std::sin(dlon / 2);
  return 2 * std::asin(std::sqrt(std::min(1.0, h))) * kDegPerRad;
}

TEST(EqualEarth, OutlineConstantsMatchProj) {
  const test::ProjOracle proj("eqearth", 0, 0, 1.0);
  const std::optional<test::ProjXY> east = proj.forward(0, 180), pole = proj.forward(90, 0);
  ASSERT_TRUE(east && pole);
  EXPECT_NEAR(kEqEarthMaxX, east->x, 1e-14);
  EXPECT_NEAR(kEqEarthMaxY, pole->y, 1e-14);
  EXPECT_NEAR(kEqEarthMaxX, 2.7066299836960748, 1e-15);  // the paper's 2.7066
  EXPECT_NEAR(kEqEarthMaxY, 1.3173627591574133, 1e-15);  // and 1.3174
}

TEST(EqualEarth, ForwardAgreesWithProj) {
  double worst = 0;
  int n = 0;
  for (const double lon0 : central_meridians()) {
    const test::ProjOracle proj("eqearth", 0, lon0, kRadiusM);
    const ProjectionCentre<double> c = make_projection_centre(0.0, lon0);
    for (const LatLon p : points(lon0, 5)) {
      const MapPoint<double> ours = eqearth_forward(c, p.lat, p.lon, kRadiusM);
      ASSERT_TRUE(ours.valid);
      const std::optional<test::ProjXY> ref = proj.forward(p.lat, p.lon);
      ASSERT_TRUE(ref) << p.lat << "," << p.lon;
      // +-180 from the central meridian (the seam) is either edge of the map: both are right.
      const bool seam = std::abs(wrap_lon_deg(p.lon - lon0)) >= 180 - 1e-9;
      const double dx = seam ? std::abs(ours.x) - std::abs(ref->x) : ours.x - ref->x;
      const double err = std::hypot(dx, ours.y - ref->y);
      worst = std::max(worst, err);
      EXPECT_LT(err, kTolR * kRadiusM) << "lon0 " << lon0 << " point " << p.lat << "," << p.lon;
      ++n;
    }
  }
  std::printf("eqearth forward vs PROJ: %d points, worst %.3g m (R = %.1f m)\n", n, worst,
              kRadiusM);
}

TEST(EqualEarth, InverseAgreesWithProjInsideTheOutline) {
  double worst = 0;
  int n = 0, outside = 0;
  for (const double lon0 : central_meridians()) {
    const test::ProjOracle proj("eqearth", 0, lon0, kRadiusM);
    const ProjectionCentre<double> c = make_projection_centre(0.0, lon0);
    std::mt19937_64 rng(static_cast<unsigned>(n) + 11);
    std::uniform_real_distribution<double> ux(-kEqEarthMaxX, kEqEarthMaxX),
        uy(-kEqEarthMaxY, kEqEarthMaxY);
    std::vector<test::ProjXY> xy = {{0, 0}, {0, kEqEarthMaxY}, {0, -kEqEarthMaxY}, {1.5, 1.3}};
    for (int k = 0; k < 500; ++k) xy.push_back({ux(rng), uy(rng)});
    for (const test::ProjXY q : xy) {
      const SpherePoint<double> ours = eqearth_inverse(c, q.x * kRadiusM, q.y * kRadiusM, kRadiusM);
      // Outside: beyond the row's edge, the forward of (the row's latitude, lon0 +- 180).
      if (!ours.valid) {
        ++outside;
        const SpherePoint<double> row = eqearth_inverse(c, 0.0, q.y * kRadiusM, kRadiusM);
        ASSERT_TRUE(row.valid);
        const MapPoint<double> edge = eqearth_forward(c, row.lat_deg, lon0 + 180.0, kRadiusM);
        EXPECT_GT(std::abs(q.x) * kRadiusM, std::abs(edge.x) * (1 - 1e-12)) << q.x << "," << q.y;
        continue;
      }
      EXPECT_GE(ours.lon_deg, -180.0);
      EXPECT_LT(ours.lon_deg, 180.0);
      const std::optional<test::ProjLatLon> ref = proj.inverse(q.x * kRadiusM, q.y * kRadiusM);
      ASSERT_TRUE(ref) << q.x << "," << q.y;
      // On the pole lines the latitude is ill-conditioned (it moves as the square root of y's
      // rounding: PROJ's and ours differ by 7e-6 degree at y = 1.3174 R): there both must map
      // back onto (x, y), and ours to 1e-9 R.
      if (std::abs(ref->lat_deg) > 89.99) {
        const MapPoint<double> back = eqearth_forward(c, ours.lat_deg, ours.lon_deg, kRadiusM);
        EXPECT_LT(std::hypot(back.x / kRadiusM - q.x, back.y / kRadiusM - q.y), kTolR) << q.y;
        EXPECT_GT(std::abs(ours.lat_deg), 89.99);
        continue;
      }
      const double a = angle_deg({ours.lat_deg, ours.lon_deg}, {ref->lat_deg, ref->lon_deg});
      worst = std::max(worst, a);
      EXPECT_LT(a, kTolDeg) << "lon0 " << lon0 << " x,y/R " << q.x << "," << q.y;
      EXPECT_NEAR(ours.dlat_deg, ours.lat_deg, 0);
      ++n;
    }
  }
  EXPECT_GT(outside, 300);  // about 1 - (area inside / the rectangle's), 18% of the points
  std::printf("eqearth inverse vs PROJ: %d points, worst %.3g degree (%d outside)\n", n, worst,
              outside);
}

// Points outside the outline are no point (NaN); points on it are on the map.
TEST(EqualEarth, NoValueOutsideTheOutline) {
  const ProjectionCentre<double> c = make_projection_centre(0.0, 30.0);
  for (const double lat : {-90.0, -60.0, -1e-6, 0.0, 33.3, 75.0, 90.0}) {
    for (const double side : {-1.0, 1.0}) {
      // The outline at this latitude: the meridian 180 degrees from the central one.
      const MapPoint<double> e = eqearth_forward(c, lat, 30.0 + side * 179.9999999, kRadiusM);
      const SpherePoint<double> on = eqearth_inverse(c, e.x, e.y, kRadiusM);
      ASSERT_TRUE(on.valid) << lat;
      EXPECT_NEAR(on.lat_deg, lat, 1e-9);
      EXPECT_NEAR(std::abs(on.dlon_deg), 179.9999999, 1e-8);
      const SpherePoint<double> out = eqearth_inverse(c, e.x * (1 + 1e-6), e.y, kRadiusM);
      EXPECT_FALSE(out.valid) << lat << " side " << side;
      EXPECT_TRUE(std::isnan(out.lat_deg) && std::isnan(out.dlon_deg));
    }
  }
  const double ymax = kEqEarthMaxY * kRadiusM;
  EXPECT_TRUE(eqearth_inverse(c, 0.0, ymax, kRadiusM).valid);  // the poles, which are lines
  EXPECT_NEAR(eqearth_inverse(c, 0.0, ymax, kRadiusM).lat_deg, 90, 1e-12);
  EXPECT_NEAR(eqearth_inverse(c, 1e6, -ymax, kRadiusM).lat_deg, -90, 1e-12);
  EXPECT_FALSE(eqearth_inverse(c, 0.0, ymax * (1 + 1e-9), kRadiusM).valid);
  EXPECT_FALSE(eqearth_inverse(c, 0.0, -ymax * 1.01, kRadiusM).valid);
  EXPECT_FALSE(eqearth_inverse(c, std::nan(""), 0.0, kRadiusM).valid);
  EXPECT_FALSE(eqearth_inverse(c, 0.0, std::nan(""), kRadiusM).valid);
  // The outline's corners of the grid of a world map: lon +-180 on the equator is on the map.
  const double xmax = kEqEarthMaxX * kRadiusM;
  EXPECT_TRUE(eqearth_inverse(c, xmax, 0.0, kRadiusM).valid);
  EXPECT_TRUE(eqearth_inverse(c, -xmax, 0.0, kRadiusM).valid);
  EXPECT_FALSE(eqearth_inverse(c, xmax, 0.01 * kRadiusM, kRadiusM).valid);
  EXPECT_FALSE(eqearth_inverse(c, xmax, ymax, kRadiusM).valid);  // a corner of the rectangle
  EXPECT_NEAR(eqearth_inverse(c, -xmax, 0.0, kRadiusM).lon_deg, wrap_lon_deg(30.0 - 180), 1e-9);
}

TEST(EqualEarth, RoundTripsInDouble) {
  double worst = 0;
  for (const double lon0 : central_meridians()) {
    const ProjectionCentre<double> c = make_projection_centre(0.0, lon0);
    for (const LatLon p : points(lon0, 9)) {
      const MapPoint<double> m = eqearth_forward(c, p.lat, p.lon, kRadiusM);
      const SpherePoint<double> back = eqearth_inverse(c, m.x, m.y, kRadiusM);
      ASSERT_TRUE(back.valid) << p.lat << "," << p.lon;
      const double a = angle_deg(p, {back.lat_deg, back.lon_deg});
      worst = std::max(worst, a);
      EXPECT_LT(a, kTolDeg) << "lon0 " << lon0 << " point " << p.lat << "," << p.lon;
      if (std::abs(p.lat) < 89) {  // longitude itself, away from the pole lines
        EXPECT_LT(std::abs(wrap_lon_deg(back.lon_deg - p.lon + 1e-300)), 1e-9)
            << p.lat << "," << p.lon;
      }
    }
  }
  std::printf("eqearth round trip: worst %.3g degree\n", worst);
}

// Newton's method from theta = y / (R A1): converged within its bound everywhere, float too.
TEST(EqualEarth, FloatFollowsDouble) {
  const ProjectionCentre<double> cd = make_projection_centre(0.0, -40.0);
  const ProjectionCentre<float> cf = make_projection_centre(0.0f, -40.0f);
  const float r = static_cast<float>(kRadiusM);
  double worst = 0, worst_at_a = 0, worst_cos = 0;
  for (int i = 0; i <= 100; ++i) {
    for (int j = 0; j <= 100; ++j) {
      const float x = (j - 50) / 50.0f * float(kEqEarthMaxX) * r;
      const float y = (50 - i) / 50.0f * float(kEqEarthMaxY) * r;
      const SpherePoint<double> d = eqearth_inverse(cd, double(x), double(y), kRadiusM);
      const SpherePoint<float> f = eqearth_inverse(cf, x, y, r);
      if (!d.valid) continue;  // float may keep a node on the outline that double leaves out
      if (!f.valid) {
        ADD_FAILURE() << "float lost " << x << "," << y;
        continue;
      }
      const double a = angle_deg({d.lat_deg, d.lon_deg}, {f.lat_deg, f.lon_deg});
      worst = std::max(worst, a);
      // 3e-7 of 180 degrees (lambda = M slope x / (R cos theta) is five roundings of float's
      // 6e-8 from x); toward the pole lines cos lat = sqrt((1 - s)(1 + s)) moves by
      // s ds / cos lat for a rounding ds of s.
      EXPECT_LT(a, 5.4e-5 + 2e-6 / d.cos_lat) << x << "," << y;
      EXPECT_NEAR(f.cos_lat, d.cos_lat, 2e-7 + 6e-8 / d.cos_lat) << x << "," << y;
      if (a > worst_at_a) worst_at_a = a, worst_cos = d.cos_lat;
    }
  }
  std::printf("eqearth float inverse vs double: worst %.3g degree (at cos lat %.3g)\n", worst,
              worst_cos);
}

}  // namespace
}  // namespace geofield
