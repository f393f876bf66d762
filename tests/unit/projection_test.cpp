// core/projection.h against PROJ, the oracle: aeqd and ortho forward and inverse about many
// random and hard centres (poles, antimeridian, equator) at many random and hard points (poles,
// antimeridian, the centre, next to it, near the antipode), round trips in double to 1e-9
// degree, and the places with no value (beyond the antipode's circle, the far side, outside the
// disc). Errors on the sphere are measured as great-circle angles, which a longitude at a pole
// cannot inflate.
#include "projection.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <random>
#include <vector>

#include "proj_oracle.h"
#include "spherical_reference.h"

namespace geofield {
namespace {

constexpr double kRadiusM = 6371008.8;
constexpr double kRoundTripDeg = 1e-9;
constexpr double kDegPerRad = 180.0 / kPi;

struct LatLon {
  double lat, lon;
};

// The great-circle angle between two points, in degrees (haversine: exact near 0).
double angle_deg(LatLon a, LatLon b) {
  return haversine_distance(a.lat, a.lon, b.lat, b.lon, kDegPerRad);
}

LatLon antipode(LatLon p) { return {-p.lat, wrap_lon_deg(p.lon + 180.0)}; }

std::vector<LatLon> centres() {
  std::vector<LatLon> c = {{90, 0},       {-90, 45},     {0, 0},         {0, 180},
                           {0, -180},     {89.9999, 10}, {-89.99, -170}, {30, 101},
                           {45, 179.999}, {-60, -0.0},   {1e-7, 1e-7}};  // PROJ snaps |lat_0| <
                                                                         // 1e-10 rad to 0
  std::mt19937_64 rng(12);
  std::uniform_real_distribution<double> u(-1, 1), lon(-180, 180);
  for (int k = 0; k < 60; ++k) c.push_back({std::asin(u(rng)) * kDegPerRad, lon(rng)});
  return c;
}

// Random points over the sphere and the hard places for this centre.
std::vector<LatLon> points_about(LatLon c, unsigned seed) {
  const LatLon a = antipode(c);
  std::vector<LatLon> p = {{90, 0},
                           {-90, 0},
                           {0, 180},
                           {0, -180},
                           {45, 180},
                           {-45, -180},
                           {c.lat, c.lon},
                           {c.lat, c.lon + 1e-7},
                           {c.lat + 1e-8, c.lon},
                           {0, c.lon + 90},
                           {c.lat, wrap_lon_deg(c.lon + 180)}};
  for (double d : {1e-4, 1e-3, 0.1, 1.0}) {  // near the antipode, on both sides
    p.push_back({std::clamp(a.lat + d, -90.0, 90.0), a.lon});
    p.push_back({a.lat, wrap_lon_deg(a.lon + d)});
  }
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1), lon(-180, 180);
  for (int k = 0; k < 300; ++k) p.push_back({std::asin(u(rng)) * kDegPerRad, lon(rng)});
  for (LatLon& q : p) q.lat = std::clamp(q.lat, -90.0, 90.0);
  return p;
}

struct Worst {
  double value = 0;
  const char* what = "";
  void keep(double v) { value = std::max(value, v); }
};

TEST(Projection, WrapLonIsHalfOpenAndExact) {
  EXPECT_EQ(wrap_lon_deg(180.0), -180.0);
  EXPECT_EQ(wrap_lon_deg(-180.0), -180.0);
  EXPECT_EQ(wrap_lon_deg(540.0), -180.0);
  EXPECT_EQ(wrap_lon_deg(190.0), -170.0);
  EXPECT_EQ(wrap_lon_deg(-190.0), 170.0);
  EXPECT_EQ(wrap_lon_deg(179.99999999999997), 179.99999999999997);
  EXPECT_EQ(wrap_lon_deg(0.1f + 360.0f), 0.1f + 360.0f - 360.0f);
}

// The point's place on the aeqd map by GeographicLib's geodesic on the sphere (distance and
// azimuth from the centre): the second oracle, where PROJ's acos loses its digits.
test::ProjXY geographiclib_aeqd(LatLon c, LatLon p) {
  const GeographicLib::Geodesic sphere(kRadiusM, 0);
  double s12 = 0, azi1 = 0, azi2 = 0;
  sphere.Inverse(c.lat, c.lon, p.lat, p.lon, s12, azi1, azi2);
  return {s12 * std::sin(azi1 / kDegPerRad), s12 * std::cos(azi1 / kDegPerRad)};
}

// Every point against PROJ; where PROJ differs by more than a micrometre GeographicLib decides,
// and must side with ours. PROJ takes the angle from the centre by acos, which loses its digits
// toward the antipode (183 m off at 1e-4 degree from it, measured) and a little elsewhere.
TEST(Projection, AeqdForwardAgreesWithProj) {
  // A micrometre on the ground; on the map, near the antipode, its tangential scale c / sin c
  // stretches a micrometre into more, and the direction to a point 1e-9 degree from the
  // antipode is decided by the inputs' last bits.
  const auto tol_m = [](double c_deg) {
    const double c = std::min(c_deg, 180 - 1e-9) / kDegPerRad;
    return 1e-6 * std::max(1.0, c / std::sin(c));
  };
  Worst vs_proj_agreeing, vs_proj_off, vs_geographiclib;
  int agreeing = 0, proj_off = 0;
  for (const LatLon c : centres()) {
    const test::ProjOracle proj("aeqd", c.lat, c.lon, kRadiusM);
    const ProjectionCentre<double> pc = make_projection_centre(c.lat, c.lon);
    const bool polar_centre = std::abs(c.lat) == 90;  // GeographicLib's azimuths differ there
    for (const LatLon p : points_about(c, 7)) {
      const MapPoint<double> ours = aeqd_forward(pc, p.lat, p.lon, kRadiusM);
      const double to_antipode = angle_deg(p, antipode(c));
      ASSERT_EQ(ours.valid, to_antipode > 0) << p.lat << "," << p.lon;
      if (!ours.valid) continue;
      const char* where = "";
      if (!polar_centre) {
        const test::ProjXY g = geographiclib_aeqd(c, p);
        const double err = std::hypot(ours.x - g.x, ours.y - g.y);
        vs_geographiclib.keep(err);
        EXPECT_LT(err, tol_m(180 - to_antipode)) << "vs GeographicLib: centre " << c.lat << ","
                                                 << c.lon << " point " << p.lat << "," << p.lon;
      }
      const std::optional<test::ProjXY> ref = proj.forward(p.lat, p.lon);
      if (!ref) {  // PROJ gives up within ~1e-7 radian of the antipode
        EXPECT_LT(to_antipode, 1e-5) << where << p.lat << "," << p.lon;
        continue;
      }
      const double err = std::hypot(ours.x - ref->x, ours.y - ref->y);
      if (err <= tol_m(180 - to_antipode)) {
        vs_proj_agreeing.keep(err);
        ++agreeing;
      } else {
        vs_proj_off.keep(err);
        ++proj_off;
        // Only where GeographicLib decided for ours, or within a degree of the antipode.
        EXPECT_TRUE(!polar_centre || to_antipode < 1)
            << "vs PROJ " << err << " m: centre " << c.lat << "," << c.lon << " point " << p.lat
            << "," << p.lon;
      }
    }
  }
  EXPECT_GT(agreeing, 20 * proj_off);
  std::printf(
      "aeqd forward: %d points within 1e-6 m (x c/sin c) of PROJ (worst %.3g m); %d where PROJ "
      "is off (worst %.3g m) and GeographicLib agrees with ours; worst vs GeographicLib %.3g m "
      "(R = %.1f m)\n",
      agreeing, vs_proj_agreeing.value, proj_off, vs_proj_off.value, vs_geographiclib.value,
      kRadiusM);
}

TEST(Projection, OrthoForwardAgreesWithProjAndHidesTheFarSide) {
  Worst xy;
  int compared = 0, hidden = 0;
  for (const LatLon c : centres()) {
    const test::ProjOracle proj("ortho", c.lat, c.lon, kRadiusM);
    const ProjectionCentre<double> pc = make_projection_centre(c.lat, c.lon);
    for (const LatLon p : points_about(c, 8)) {
      const std::optional<test::ProjXY> ref = proj.forward(p.lat, p.lon);
      const MapPoint<double> ours = ortho_forward(pc, p.lat, p.lon, kRadiusM);
      const double from_centre = angle_deg(p, c);
      // The rim: either answer is right (PROJ lets cos c reach -1e-10).
      if (std::abs(from_centre - 90) < 1e-8) continue;
      EXPECT_EQ(ours.valid, from_centre < 90) << p.lat << "," << p.lon;
      EXPECT_EQ(ref.has_value(), from_centre < 90) << p.lat << "," << p.lon;
      if (!ours.valid || !ref) {
        ++hidden;
        continue;
      }
      const double err = std::hypot(ours.x - ref->x, ours.y - ref->y);
      xy.keep(err);
      EXPECT_LT(err, 1e-6) << "centre " << c.lat << "," << c.lon << " point " << p.lat << ","
                           << p.lon;
      ++compared;
    }
  }
  EXPECT_GT(hidden, 1000);
  std::printf("ortho forward vs PROJ: %d points (+%d far side), worst %.3g m\n", compared, hidden,
              xy.value);
}

// Random points of the map's plane: ours names the place PROJ's inverse names, to 1e-9 degree;
// where PROJ differs by more (its asin of the latitude loses digits, 5e-9 degree about a
// centre 1e-4 degree from the pole, measured), GeographicLib's direct geodesic from the centre
// (azimuth atan2(x, y), arc `arc(rho)`) decides, and must side with ours.
template <typename Inverse, typename Arc>
void expect_inverse_agrees(const char* name, double disc, Inverse inverse, Arc arc) {
  Worst agreeing, off, vs_geographiclib;
  int n_agreeing = 0, n_off = 0;
  const GeographicLib::Geodesic sphere(kRadiusM, 0);
  for (const LatLon c : centres()) {
    const test::ProjOracle proj(name, c.lat, c.lon, kRadiusM);
    const ProjectionCentre<double> pc = make_projection_centre(c.lat, c.lon);
    const bool polar_centre = std::abs(c.lat) == 90;  // GeographicLib's azimuths differ there
    std::mt19937_64 rng(static_cast<unsigned>(n_agreeing) + 3);
    std::uniform_real_distribution<double> u(-disc, disc);
    std::vector<test::ProjXY> xy = {
        {0, 0}, {1e-3, 0}, {0, -1e-3}, {disc * 0.999999, 0}, {0, -disc * 0.999999}};
    for (int k = 0; k < 300; ++k) xy.push_back({u(rng), u(rng)});
    for (const test::ProjXY q : xy) {
      const double rho = std::hypot(q.x, q.y);
      if (rho >= disc * 0.999999) continue;
      const SpherePoint<double> ours = inverse(pc, q.x, q.y);
      ASSERT_TRUE(ours.valid) << q.x << "," << q.y;
      EXPECT_GE(ours.lon_deg, -180.0);
      EXPECT_LT(ours.lon_deg, 180.0);
      const LatLon got{ours.lat_deg, ours.lon_deg};
      if (!polar_centre) {
        LatLon g{};
        sphere.Direct(c.lat, c.lon, std::atan2(q.x, q.y) * kDegPerRad, arc(rho), g.lat, g.lon);
        const double a = angle_deg(got, g);
        vs_geographiclib.keep(a);
        EXPECT_LT(a, kRoundTripDeg) << name << " vs GeographicLib: centre " << c.lat << "," << c.lon
                                    << " x,y " << q.x << "," << q.y;
      }
      const std::optional<test::ProjLatLon> ref = proj.inverse(q.x, q.y);
      ASSERT_TRUE(ref) << q.x << "," << q.y;
      const double a = angle_deg(got, {ref->lat_deg, ref->lon_deg});
      if (a < kRoundTripDeg) {
        agreeing.keep(a);
        ++n_agreeing;
      } else {
        off.keep(a);
        ++n_off;
        EXPECT_FALSE(polar_centre) << name << " vs PROJ " << a << " degree: centre " << c.lat << ","
                                   << c.lon << " x,y " << q.x << "," << q.y;
      }
    }
  }
  EXPECT_GT(n_agreeing, 20 * n_off);
  std::printf(
      "%s inverse: %d points within 1e-9 degree of PROJ (worst %.3g); %d where PROJ is off "
      "(worst %.3g degree) and GeographicLib agrees with ours; worst vs GeographicLib %.3g "
      "degree\n",
      name, n_agreeing, agreeing.value, n_off, off.value, vs_geographiclib.value);
}

TEST(Projection, AeqdInverseAgreesWithProj) {
  expect_inverse_agrees(
      "aeqd", kPi * kRadiusM,
      [](const ProjectionCentre<double>& c, double x, double y) {
        return aeqd_inverse(c, x, y, kRadiusM);
      },
      [](double rho) { return rho; });
}

TEST(Projection, OrthoInverseAgreesWithProj) {
  expect_inverse_agrees(
      "ortho", kRadiusM,
      [](const ProjectionCentre<double>& c, double x, double y) {
        return ortho_inverse(c, x, y, kRadiusM);
      },
      [](double rho) { return kRadiusM * std::asin(rho / kRadiusM); });
}

// forward then inverse comes back within 1e-9 degree (as a great-circle angle), everywhere
// but the antipode itself (aeqd) and the far side (ortho).
TEST(Projection, RoundTripsInDoubleWithinANanodegree) {
  Worst aeqd, ortho;
  for (const LatLon c : centres()) {
    const ProjectionCentre<double> pc = make_projection_centre(c.lat, c.lon);
    for (const LatLon p : points_about(c, 9)) {
      const MapPoint<double> a = aeqd_forward(pc, p.lat, p.lon, kRadiusM);
      if (a.valid) {
        const SpherePoint<double> back = aeqd_inverse(pc, a.x, a.y, kRadiusM);
        ASSERT_TRUE(back.valid);
        const double e = angle_deg(p, {back.lat_deg, back.lon_deg});
        aeqd.keep(e);
        EXPECT_LT(e, kRoundTripDeg)
            << "aeqd centre " << c.lat << "," << c.lon << " point " << p.lat << "," << p.lon;
        // Away from the poles longitude itself comes back too, wrapped to [-180, 180).
        if (std::abs(p.lat) < 89) {  // (braces: gtest's macros are if-else)
          EXPECT_LT(std::abs(wrap_lon_deg(back.lon_deg - p.lon)),
                    1e-9 / std::cos(p.lat / kDegPerRad));
          EXPECT_NEAR(back.lat_deg, p.lat, kRoundTripDeg);
        }
      } else {
        EXPECT_LT(angle_deg(p, antipode(c)), 1e-12);
      }
      const MapPoint<double> o = ortho_forward(pc, p.lat, p.lon, kRadiusM);
      // Near the rim the inverse's cos c = sqrt(1 - sin^2 c) is ill-conditioned by nature.
      if (o.valid && angle_deg(p, c) < 89.9) {
        const SpherePoint<double> back = ortho_inverse(pc, o.x, o.y, kRadiusM);
        ASSERT_TRUE(back.valid);
        const double e = angle_deg(p, {back.lat_deg, back.lon_deg});
        ortho.keep(e);
        EXPECT_LT(e, kRoundTripDeg);
      }
    }
  }
  std::printf("round trip lat/lon -> x/y -> lat/lon: worst aeqd %.3g degree, ortho %.3g degree\n",
              aeqd.value, ortho.value);
}

TEST(Projection, TheCentreMapsToTheOriginAndBack) {
  for (const LatLon c : centres()) {
    const ProjectionCentre<double> pc = make_projection_centre(c.lat, c.lon);
    const MapPoint<double> a = aeqd_forward(pc, c.lat, c.lon, kRadiusM);
    EXPECT_TRUE(a.valid);
    EXPECT_EQ(a.x, 0);
    EXPECT_EQ(a.y, 0);
    const SpherePoint<double> back = aeqd_inverse(pc, 0.0, 0.0, kRadiusM);
    EXPECT_EQ(back.dlat_deg, 0);
    EXPECT_EQ(back.dlon_deg, 0);
    EXPECT_LT(angle_deg(c, {back.lat_deg, back.lon_deg}), 1e-12);
    const SpherePoint<double> o = ortho_inverse(pc, 0.0, 0.0, kRadiusM);
    EXPECT_LT(angle_deg(c, {o.lat_deg, o.lon_deg}), 1e-12);
  }
}

TEST(Projection, PolarCentresLookDownTheMeridians) {
  // About the north pole, north on the map points from the point toward the pole: the
  // meridian lon0 runs down the -y axis, lon0 + 90 along +x (PROJ's convention).
  const ProjectionCentre<double> n = make_projection_centre(90.0, 20.0);
  const MapPoint<double> p = aeqd_forward(n, 0.0, 110.0, kRadiusM);
  EXPECT_NEAR(p.x, kPi / 2 * kRadiusM, 1e-6);
  EXPECT_NEAR(p.y, 0, 1e-6);
  const MapPoint<double> q = aeqd_forward(n, 0.0, 20.0, kRadiusM);
  EXPECT_NEAR(q.x, 0, 1e-6);
  EXPECT_NEAR(q.y, -kPi / 2 * kRadiusM, 1e-6);
  const SpherePoint<double> s = aeqd_inverse(n, 0.0, -kPi * kRadiusM, kRadiusM);
  EXPECT_NEAR(s.lat_deg, -90, 1e-12);
}

TEST(Projection, NoValueBeyondTheAntipodeCircleOrOutsideTheDisc) {
  const ProjectionCentre<double> c = make_projection_centre(30.0, 101.0);
  const double edge = kPi * kRadiusM;
  EXPECT_TRUE(aeqd_inverse(c, edge, 0.0, kRadiusM).valid);  // the antipode itself
  EXPECT_LT(angle_deg({-30, -79}, {aeqd_inverse(c, 0.0, edge, kRadiusM).lat_deg,
                                   aeqd_inverse(c, 0.0, edge, kRadiusM).lon_deg}),
            1e-12);
  for (const double r : {edge * (1 + 1e-15), edge * 1.0001, edge * 2, 1e30}) {
    const SpherePoint<double> s = aeqd_inverse(c, r * 0.6, r * 0.8, kRadiusM);
    EXPECT_FALSE(s.valid) << r;
    EXPECT_TRUE(std::isnan(s.lat_deg) && std::isnan(s.lon_deg) && std::isnan(s.dlat_deg));
  }
  EXPECT_TRUE(ortho_inverse(c, kRadiusM, 0.0, kRadiusM).valid);  // the rim
  EXPECT_FALSE(ortho_inverse(c, kRadiusM * 0.8, kRadiusM * 0.6000001, kRadiusM).valid);
  EXPECT_TRUE(std::isnan(ortho_inverse(c, 2 * kRadiusM, 0.0, kRadiusM).lat_deg));
  EXPECT_FALSE(aeqd_inverse(c, std::nan(""), 0.0, kRadiusM).valid);
  EXPECT_FALSE(aeqd_forward(c, -30.0, -79.0, kRadiusM).valid);  // the antipode: a circle
  EXPECT_FALSE(ortho_forward(c, -30.0, -79.0, kRadiusM).valid);
}

// In float, a node 10 m from the centre keeps its offsets to float's relative accuracy
// (lat - lat_c would have lost them to the float spacing at lat_c).
TEST(Projection, FloatOffsetsKeepTheirDigitsNearTheCentre) {
  const ProjectionCentre<float> cf = make_projection_centre(47.3f, 8.5f);
  const ProjectionCentre<double> cd = make_projection_centre(double(47.3f), double(8.5f));
  for (const float r : {10.0f, 1.0f, 0.01f}) {
    const SpherePoint<float> f = aeqd_inverse(cf, r * 0.6f, r * 0.8f, float(kRadiusM));
    const SpherePoint<double> d = aeqd_inverse(cd, r * 0.6, r * 0.8, kRadiusM);
    EXPECT_NEAR(f.dlat_deg, d.dlat_deg, 4e-7 * std::abs(d.dlat_deg)) << r;
    EXPECT_NEAR(f.dlon_deg, d.dlon_deg, 4e-7 * std::abs(d.dlon_deg)) << r;
  }
}

}  // namespace
}  // namespace geofield
