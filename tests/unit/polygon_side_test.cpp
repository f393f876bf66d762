// Which side of a ring a node is on (core/polygon_side.h), decided from the nearest boundary
// point, against an independent oracle: the fan of signed spherical triangles from the node's
// antipode q over the ring's edges sums to the left area A when -q = p is outside the left
// region and to A - 4 pi when it is inside (the sum jumps by 4 pi exactly where p crosses the
// ring). Rings: random star-shaped ones of 3 to 24 vertices about random centres, from a degree
// to 80 degrees across, either winding, some around a pole; and the areas of known rings.
#include "polygon_side.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace geofield {
namespace {

constexpr double kDeg = kPi / 180;

struct Ring {
  std::vector<UnitVec> v;        // distinct vertices, the ring closing from the last to the first
  std::vector<ArcSegment> edge;  // edge[k]: v[k] -> v[k + 1]
};

Ring make_ring(const std::vector<std::pair<double, double>>& latlon) {
  Ring r;
  const int m = static_cast<int>(latlon.size());
  for (int k = 0; k < m; ++k) {
    const auto [lat1, lon1] = latlon[k];
    const auto [lat2, lon2] = latlon[(k + 1) % m];
    r.v.push_back(unit_vec_of_deg(lat1, lon1));
    r.edge.push_back(make_arc(lat1, lon1, lat2, lon2));
  }
  return r;
}

double left_area(const Ring& r) {
  std::vector<UnitVec> n;
  for (const ArcSegment& e : r.edge) n.push_back(e.n);
  return ring_left_area(r.v.data(), n.data(), static_cast<int>(r.v.size()));
}

// The oracle: p is left of the ring iff the fan from -p sums to A - 4 pi.
bool oracle_left(const Ring& r, const UnitVec& p, double area) {
  const UnitVec q{-p.x, -p.y, -p.z};
  double sum = 0;
  for (const ArcSegment& e : r.edge) {
    sum += 2 * std::atan2(dot(q, cross(e.a, e.b)), 1 + dot(q, e.a) + dot(e.a, e.b) + dot(e.b, q));
  }
  return sum < area - 2 * kPi;
}

// The rule under test: the side of the nearest boundary point, found by brute force.
bool nearest_side_left(const Ring& r, const UnitVec& p, double* distance) {
  const int m = static_cast<int>(r.edge.size());
  int best = 0;
  double best_angle = 10;
  for (int k = 0; k < m; ++k) {
    const double a = angle_to_arc(p, r.edge[k]);
    if (a < best_angle) best_angle = a, best = k;
  }
  *distance = best_angle;
  const ArcSegment& e = r.edge[best];
  switch (arc_foot(p, e)) {
    case ArcFoot::interior: return left_of_edge(p, e.n);
    case ArcFoot::vertex_a: {  // vertex best, between edge best - 1 and edge best
      const ArcSegment& in = r.edge[(best + m - 1) % m];
      return left_of_vertex(p, in.n, e.n, vertex_turn(e.a, in.n, e.n) > 0);
    }
    default: {  // vertex best + 1, between edge best and edge best + 1
      const ArcSegment& out = r.edge[(best + 1) % m];
      return left_of_vertex(p, e.n, out.n, vertex_turn(e.b, e.n, out.n) > 0);
    }
  }
}

TEST(PolygonSide, AreasOfKnownRings) {
  // The octant (0, 0), (0, 90), (90, 0): an eighth of the sphere, counter-clockwise.
  const Ring octant = make_ring({{0, 0}, {0, 90}, {90, 0}});
  EXPECT_NEAR(left_area(octant), kPi / 2, 1e-14);
  // Wound the other way, its left is the rest of the sphere.
  const Ring reversed = make_ring({{90, 0}, {0, 90}, {0, 0}});
  EXPECT_NEAR(left_area(reversed), 4 * kPi - kPi / 2, 1e-13);
  // A 10 x 10 degree box at the equator, counter-clockwise: ~99.74 square degrees.
  const Ring box = make_ring({{0, 0}, {0, 10}, {10, 10}, {10, 0}});
  EXPECT_NEAR(left_area(box) / (kDeg * kDeg), 99.7387368584, 1e-8);
  // Around the north pole at latitude 80 (geodesic edges bulge poleward of the parallel):
  // less than the cap's 2 pi (1 - sin 80).
  std::vector<std::pair<double, double>> cap;
  for (int k = 0; k < 36; ++k) cap.push_back({80, -180 + 10 * k});
  const double a = left_area(make_ring(cap));
  EXPECT_LT(a, 2 * kPi * (1 - std::sin(80 * kDeg)));
  EXPECT_GT(a, 0.99 * 2 * kPi * (1 - std::sin(80 * kDeg)));
}

TEST(PolygonSide, NearestBoundarySideMatchesTheFanOracle) {
  std::mt19937_64 rng(20261202);
  std::uniform_real_distribution<double> u(-1, 1), u01(0, 1), lon(-180, 180);
  long checked = 0, inside = 0;
  for (int ring_no = 0; ring_no < 400; ++ring_no) {
    // A star-shaped ring about a centre (a pole for every tenth ring), vertices at increasing
    // bearings and random radii.
    const double clat = ring_no % 10 == 0 ? 90 : std::asin(u(rng)) / kDeg, clon = lon(rng);
    const int m = 3 + static_cast<int>(u01(rng) * 22);
    const double size = std::pow(80.0, u01(rng));  // 1 to 80 degrees
    const bool clockwise = ring_no % 2 == 1;
    std::vector<std::pair<double, double>> pts;
    for (int k = 0; k < m; ++k) {
      const double bearing = (clockwise ? -1 : 1) * (360.0 * (k + 0.2 + 0.6 * u01(rng)) / m);
      const double radius = size * (0.3 + 0.7 * u01(rng)) * kDeg;
      // The point `radius` from c along `bearing` (the direct problem on the sphere).
      const double lat1 = clat * kDeg, br = bearing * kDeg;
      const double lat2 = std::asin(std::sin(lat1) * std::cos(radius) +
                                    std::cos(lat1) * std::sin(radius) * std::cos(br));
      const double lon2 =
          clon * kDeg + std::atan2(std::sin(br) * std::sin(radius) * std::cos(lat1),
                                   std::cos(radius) - std::sin(lat1) * std::sin(lat2));
      if (clat == 90) {  // bearings from a pole are longitudes
        pts.push_back({90 - radius / kDeg, std::remainder(clon + bearing, 360.0)});
      } else {
        pts.push_back({lat2 / kDeg, std::remainder(lon2 / kDeg, 360.0)});
      }
    }
    const Ring r = make_ring(pts);
    const double area = left_area(r);
    for (int k = 0; k < 300; ++k) {
      // Nodes near the ring (within its size of the centre) and anywhere.
      UnitVec p;
      if (k % 3 != 0) {
        const double lat = std::clamp(clat + 1.5 * size * u(rng), -90.0, 90.0);
        p = unit_vec_of_deg(lat, clon + 1.5 * size * u(rng));
      } else {
        p = unit_vec_of_deg(std::asin(u(rng)) / kDeg, lon(rng));
      }
      double d = 0;
      const bool got = nearest_side_left(r, p, &d);
      if (d < 1e-9) continue;  // on the boundary: the side does not matter
      const bool want = oracle_left(r, p, area);
      ASSERT_EQ(got, want) << "ring " << ring_no << " (" << m << " vertices, " << size
                           << " degrees, area " << area << "), node " << k;
      ++checked;
      inside += got;
    }
  }
  // Both sides were tried, many times.
  EXPECT_GT(checked, 100000);
  EXPECT_GT(inside, 10000);
  EXPECT_GT(checked - inside, 10000);
}

}  // namespace
}  // namespace geofield
