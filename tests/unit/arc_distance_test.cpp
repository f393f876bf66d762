// The distance to a line's segment (core/arc_distance.h, issue 28) against an independent
// oracle in extended precision (long double: 64 significant bits on x86-64, against double's
// 53, so the oracle's own error is some 2,000 times below the bound tested): the arc parametrised
// from its first vertex, the nearest parameter found in closed form (p . x(t) = A cos t + B sin t
// is largest at t = atan2(B, A)), clamped to the arc's ends, the angle from the chord. Cases the
// issue names: lines across the antimeridian, over the poles, arcs longer than 90 degrees, repeated
// vertices, nodes exactly on a vertex or an edge, and arcs from a millimetre to nearly a half
// circle.
#include "arc_distance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace geofield {
namespace {

using Q = long double;
static_assert(std::numeric_limits<Q>::digits >= 64, "the oracle needs more precision than double");

struct QVec {
  Q x, y, z;
};

const Q kQPi = std::acos(Q(-1));

QVec qvec(double lat_deg, double lon_deg) {
  const Q lat = Q(lat_deg) * kQPi / 180, lon = Q(lon_deg) * kQPi / 180;
  return {std::cos(lat) * std::cos(lon), std::cos(lat) * std::sin(lon), std::sin(lat)};
}
Q qdot(const QVec& u, const QVec& v) { return u.x * v.x + u.y * v.y + u.z * v.z; }
QVec qcomb(Q s, const QVec& u, Q t, const QVec& v) {
  return {s * u.x + t * v.x, s * u.y + t * v.y, s * u.z + t * v.z};
}
QVec qcross(const QVec& u, const QVec& v) {
  return {u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
}
Q qangle(const QVec& u, const QVec& v) {  // from the chord: accurate at 0
  const QVec d = qcomb(1, u, -1, v);
  Q half = std::sqrt(qdot(d, d)) / 2;
  return 2 * std::asin(half < 1 ? half : Q(1));
}

// The oracle: the angle from node (lat, lon) to the minor arc between two vertices.
double oracle_angle(double plat, double plon, double lat1, double lon1, double lat2, double lon2) {
  const QVec p = qvec(plat, plon), a = qvec(lat1, lon1), b = qvec(lat2, lon2);
  const Q theta = qangle(a, b);
  Q best = std::min(qangle(p, a), qangle(p, b));
  if (theta > 0) {
    // The arc's direction at a from the normal a x b: rounding then only tilts the great circle
    // (by eps / theta), where b - cos(theta) a would leave a part along a of eps / theta that
    // moves the nearest parameter by as much as a short arc is long.
    const QVec n = qcross(a, b);
    const QVec unit_n = qcomb(1 / std::sqrt(qdot(n, n)), n, 0, n);
    const QVec perp = qcross(unit_n, a);
    const Q t = std::atan2(qdot(p, perp), qdot(p, a));
    if (t >= 0 && t <= theta)
      best = std::min(best, qangle(p, qcomb(std::cos(t), a, std::sin(t), perp)));
  }
  return static_cast<double>(best);
}

double arc_angle(double plat, double plon, double lat1, double lon1, double lat2, double lon2) {
  return angle_to_arc(unit_vec_of_deg(plat, plon), make_arc(lat1, lon1, lat2, lon2));
}

constexpr double kDeg = 3.14159265358979323846 / 180;

TEST(ArcDistance, CasesTheIssueNames) {
  struct Case {
    const char* what;
    double plat, plon, lat1, lon1, lat2, lon2, expect_deg;
  };
  const Case cases[] = {
      {"across the antimeridian, node on it", 0, 180, 0, 170, 0, -170, 0},
      {"across the antimeridian, 10 north of it", 10, 180, 0, 170, 0, -170, 10},
      {"across the antimeridian, beyond its end", 0, -160, 0, 170, 0, -170, 10},
      {"over the pole, node at the pole", 90, 0, 80, 0, 80, 180, 0},
      {"over the pole, node 5 from it", 85, 90, 80, 0, 80, 180, 5},
      {"an arc of 120 degrees, node inside", 0, 60, 0, 0, 0, 120, 0},
      {"an arc of 120 degrees, node behind its start", 0, -90, 0, 0, 0, 120, 90},
      {"an arc of 120 degrees, node at its pole", 90, 0, 0, 0, 0, 120, 90},
      {"a repeated vertex", 3, 4, 0, 0, 0, 0, -1},
      {"node on a vertex", 12.5, -7.25, 12.5, -7.25, 40, 30, 0},
      {"node on the edge's middle", 0, 5, 0, 0, 0, 10, 0},
      {"meridian arc, node east of it", 0, 1, -5, 0, 5, 0, 1},
  };
  for (const Case& c : cases) {
    const double got = arc_angle(c.plat, c.plon, c.lat1, c.lon1, c.lat2, c.lon2);
    const double want = oracle_angle(c.plat, c.plon, c.lat1, c.lon1, c.lat2, c.lon2);
    EXPECT_NEAR(got, want, 1e-15) << c.what;
    if (c.expect_deg >= 0) {
      EXPECT_NEAR(got / kDeg, c.expect_deg, 1e-12) << c.what;
    }
  }
}

// Random arcs of every length from 1e-8 degrees (a millimetre) to nearly 180, random nodes
// near them and far: within a few 1e-16 radians of the oracle everywhere. And what the searches
// compare, chord2_to_arc, is the oracle's chord^2 (4 sin^2(angle / 2)) within that bound made a
// chord^2 (an angle off by d moves it by 2 theta d), so ordering arcs by it is ordering them by
// angle, up to ties at the last bits.
TEST(ArcDistance, RandomArcsAgreeWithExtendedPrecision) {
  std::mt19937_64 rng(20261202);
  std::uniform_real_distribution<double> u(-1, 1), lon(-180, 180);
  double worst = 0, worst_chord = 0;
  for (int k = 0; k < 20000; ++k) {
    const double lat1 = std::asin(u(rng)) / kDeg, lon1 = lon(rng);
    const double len_deg = std::pow(10.0, -8 + 10.3 * (u(rng) + 1) / 2);  // 1e-8 .. ~180
    const double dir = lon(rng) * kDeg;
    // The second vertex len_deg away along a random direction (near enough: any arc will do).
    double lat2 = lat1 + len_deg * std::cos(dir), lon2 = lon1 + len_deg * std::sin(dir);
    lat2 = std::clamp(lat2, -90.0, 90.0);
    if (!arc_is_defined(lat1, lon1, lat2, lon2)) continue;
    // Nodes: near the arc (within a few lengths) half the time, anywhere the other half.
    double plat, plon;
    if (k % 2 == 0) {
      plat = std::clamp(lat1 + 3 * len_deg * u(rng), -90.0, 90.0);
      plon = lon1 + 3 * len_deg * u(rng);
    } else {
      plat = std::asin(u(rng)) / kDeg;
      plon = lon(rng);
    }
    const double got = arc_angle(plat, plon, lat1, lon1, lat2, lon2);
    const double want = oracle_angle(plat, plon, lat1, lon1, lat2, lon2);
    const double err = std::fabs(got - want);
    worst = std::max(worst, err / (1e-16 + 1e-16 * want));
    ASSERT_LE(err, 8e-16 + 8e-16 * want)
        << "arc (" << lat1 << ", " << lon1 << ") - (" << lat2 << ", " << lon2 << "), node (" << plat
        << ", " << plon << ")";
    const double got_c2 =
        chord2_to_arc(unit_vec_of_deg(plat, plon), make_arc(lat1, lon1, lat2, lon2));
    const Q half = std::sin(Q(want) / 2);
    const double want_c2 = static_cast<double>(4 * half * half);
    const double bound_c2 = 2 * std::sqrt(want_c2) * 8e-16 + 4e-15 * want_c2;
    worst_chord = std::max(worst_chord, std::fabs(got_c2 - want_c2) / (1e-300 + bound_c2));
    ASSERT_LE(std::fabs(got_c2 - want_c2), bound_c2)
        << "chord^2: arc (" << lat1 << ", " << lon1 << ") - (" << lat2 << ", " << lon2
        << "), node (" << plat << ", " << plon << ")";
  }
  RecordProperty("worst_in_1e16_units", std::to_string(worst));
  RecordProperty("chord2_worst_of_bound", std::to_string(worst_chord));
}

TEST(ArcDistance, Chord2ToArcAtKnownPlaces) {
  // On the arc, at its vertex and on its far side.
  const ArcSegment equator = make_arc(0, 0, 0, 10);
  EXPECT_EQ(chord2_to_arc(unit_vec_of_deg(0, 5), equator), 0.0);
  EXPECT_EQ(chord2_to_arc(unit_vec_of_deg(0, 10), equator), 0.0);
  // Opposite the arc's middle: 175 degrees from either vertex.
  const double far = 2 * std::sin(87.5 * kDeg);
  EXPECT_NEAR(chord2_to_arc(unit_vec_of_deg(0, -175), equator), far * far, 1e-15);
}

TEST(ArcDistance, AntipodalVerticesBoundNoArc) {
  EXPECT_FALSE(arc_is_defined(0, 0, 0, 180));
  EXPECT_FALSE(arc_is_defined(90, 0, -90, 0));
  EXPECT_FALSE(arc_is_defined(30, 10, -30, -170));
  EXPECT_TRUE(arc_is_defined(0, 0, 0, 179.999));
}

TEST(ArcDistance, NearestPointAndBearing) {
  // From (0, 0) to a segment along the parallel-crossing great circle north of it: due north.
  const ArcSegment north = make_arc(10, -10, 10, 10);
  const UnitVec p = unit_vec_of_deg(0, 0);
  EXPECT_NEAR(azimuth_toward_deg(0, 0, nearest_on_arc(p, north)), 0, 1e-12);
  // To a meridian segment east of it: due east, the foot at (0, 10).
  const ArcSegment east = make_arc(-5, 10, 5, 10);
  const UnitVec f = nearest_on_arc(p, east);
  EXPECT_NEAR(angle_between(f, unit_vec_of_deg(0, 10)), 0, 1e-15);
  EXPECT_NEAR(azimuth_toward_deg(0, 0, f), 90, 1e-12);
  // To a vertex south-west: the initial azimuth of the great circle toward (-10, -10).
  const ArcSegment sw = make_arc(-10, -10, -20, -20);
  const double az = azimuth_toward_deg(0, 0, nearest_on_arc(p, sw));
  // The forward azimuth from (0, 0) to (-10, -10): atan2(sin(-10) cos(-10), -sin(-10) ... ).
  const double want =
      std::atan2(std::sin(-10 * kDeg) * std::cos(-10 * kDeg), std::sin(-10 * kDeg)) / kDeg + 360;
  EXPECT_NEAR(az, want, 1e-10);
  EXPECT_GT(az, 180);
  EXPECT_LT(az, 270);
}

}  // namespace
}  // namespace geofield
