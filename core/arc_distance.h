// The distance from a node to a line's segment, on the unit sphere, host and device
// alike: a segment is the minor great-circle arc between two vertices (as S2 and BigQuery's
// GEOGRAPHY take it; planar GIS draws a straight line in lat/lon instead, which differs).
//
// The arc's great circle has the unit normal n. A node p whose foot on that circle falls inside
// the arc (p . (n x a) >= 0 and p . (b x n) >= 0: p lies in the lune between the planes through
// n and each vertex) is atan2(|p . n|, |p x n|) from it; any other node is nearest one of the
// vertices, at the angle (or by the field's point formula) to that vertex. The two cases agree
// where they meet (on the lune's sides the foot is the vertex).
//
// n is made from the vertices' latitudes and longitudes in a form that keeps its direction to a
// few 1e-16 however short the arc (a x b of the unit vectors cancels: its direction would carry
// 1e-16 / arc-length radians, metres at far nodes for a metre-long segment). Vertices that are
// the same point make a point segment; antipodal vertices bound no one arc and are refused by
// the readers (arc_is_defined).
#pragma once

#include "centre_bounds.h"
#include "field_math.h"

namespace geofield {

using std::fabs;
using std::remainder;

GF_HD UnitVec unit_vec_of_deg(double lat_deg, double lon_deg) {
  double slat, clat, slon, clon;
  sincos_deg(lat_deg, &slat, &clat);
  sincos_deg(lon_deg, &slon, &clon);
  return {clat * clon, clat * slon, slat};
}

GF_HD double dot(const UnitVec& u, const UnitVec& v) { return u.x * v.x + u.y * v.y + u.z * v.z; }
GF_HD UnitVec cross(const UnitVec& u, const UnitVec& v) {
  return {u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x};
}
GF_HD double norm(const UnitVec& u) { return sqrt(dot(u, u)); }

// The angle between two unit vectors, accurate from 0 to pi (atan2 of |u x v| and u . v).
GF_HD double angle_between(const UnitVec& u, const UnitVec& v) {
  return atan2(norm(cross(u, v)), dot(u, v));
}

struct ArcSegment {
  UnitVec a, b;        // the vertices
  UnitVec n;           // the unit normal of the great circle, a to b counter-clockwise about it
  UnitVec in_a;        // n x a: p . in_a >= 0 on a's side of the lune
  UnitVec in_b;        // b x n: p . in_b >= 0 on b's side of the lune
  bool point = false;  // the vertices are one point (a repeated vertex): no interior
};

// The arc from (lat1, lon1) to (lat2, lon2), degrees. In the frame turned by -lon1 about the
// axis, a = (cos lat1, 0, sin lat1) and b = (cos lat2 cos dlon, cos lat2 sin dlon, sin lat2), so
//   a x b = (-sin lat1 cos lat2 sin dlon,
//            -sin(lat2 - lat1) - 2 sin lat1 cos lat2 sin^2(dlon / 2),
//            cos lat1 cos lat2 sin dlon),
// each term without cancellation for short arcs; turned back by lon1.
GF_HD ArcSegment make_arc(double lat1_deg, double lon1_deg, double lat2_deg, double lon2_deg) {
  ArcSegment s;
  s.a = unit_vec_of_deg(lat1_deg, lon1_deg);
  s.b = unit_vec_of_deg(lat2_deg, lon2_deg);
  double s1, c1, s2, c2, sd, cd, shd, chd, sdl, cdl, sl1, cl1;
  sincos_deg(lat1_deg, &s1, &c1);
  sincos_deg(lat2_deg, &s2, &c2);
  const double dlon = remainder(lon2_deg - lon1_deg, 360.0);
  sincos_deg(dlon, &sd, &cd);
  sincos_deg(dlon / 2, &shd, &chd);
  sincos_deg(lat2_deg - lat1_deg, &sdl, &cdl);
  const double x = -s1 * c2 * sd;
  const double y = -sdl - 2 * s1 * c2 * shd * shd;
  const double z = c1 * c2 * sd;
  sincos_deg(lon1_deg, &sl1, &cl1);
  const UnitVec n{x * cl1 - y * sl1, x * sl1 + y * cl1, z};
  const double len = norm(n);
  if (!(len > 0)) {
    s.point = true;
    s.n = s.in_a = s.in_b = UnitVec{0, 0, 0};
    return s;
  }
  s.n = {n.x / len, n.y / len, n.z / len};
  s.in_a = cross(s.n, s.a);
  s.in_b = cross(s.b, s.n);
  return s;
}

// Whether two vertices bound one minor arc: not antipodal (to the arc's own rounding).
GF_HD bool arc_is_defined(double lat1_deg, double lon1_deg, double lat2_deg, double lon2_deg) {
  const UnitVec a = unit_vec_of_deg(lat1_deg, lon1_deg), b = unit_vec_of_deg(lat2_deg, lon2_deg);
  return angle_between(a, b) < kPi * (1 - 1e-12);
}

// Where a node's nearest point of an arc is.
enum class ArcFoot { vertex_a, vertex_b, interior };

// Which part of arc s is nearest p: the interior when p's foot falls inside the arc, else the
// nearer vertex (a on a tie).
GF_HD ArcFoot arc_foot(const UnitVec& p, const ArcSegment& s) {
  if (!s.point && dot(p, s.in_a) >= 0 && dot(p, s.in_b) >= 0) return ArcFoot::interior;
  return chord2(p, s.b) < chord2(p, s.a) ? ArcFoot::vertex_b : ArcFoot::vertex_a;
}

// The angle (radians) from p to the great circle of s: p's distance to the arc where its foot is
// interior.
GF_HD double angle_to_circle(const UnitVec& p, const ArcSegment& s) {
  return atan2(fabs(dot(p, s.n)), norm(cross(p, s.n)));
}

// The angle (radians) from p to the nearest point of arc s.
GF_HD double angle_to_arc(const UnitVec& p, const ArcSegment& s) {
  switch (arc_foot(p, s)) {
    case ArcFoot::interior: return angle_to_circle(p, s);
    case ArcFoot::vertex_b: return angle_between(p, s.b);
    default: return angle_between(p, s.a);
  }
}

// The chord^2 from p to the nearest point of arc s: in the order of angle_to_arc, without its
// arctangent, so the searches compare these and take the winner's angle once. Interior: the
// foot is at the angle asin h from p (h = |p . n|), a chord^2 of 2 - 2 sqrt(1 - h^2), written
// without the cancellation; its rounding follows h's as the angle's does.
GF_HD double chord2_to_arc(const UnitVec& p, const ArcSegment& s) {
  switch (arc_foot(p, s)) {
    case ArcFoot::interior: {
      const double h = fabs(dot(p, s.n));
      const double h2 = h * h;
      return 2 * h2 / (1 + sqrt(h2 < 1 ? 1 - h2 : 0.0));
    }
    case ArcFoot::vertex_b: return chord2(p, s.b);
    default: return chord2(p, s.a);
  }
}

// The nearest point of arc s to p (a unit vector); p's foot on the circle when interior (p at
// n itself, every point of the circle is as near: then a).
GF_HD UnitVec nearest_on_arc(const UnitVec& p, const ArcSegment& s) {
  switch (arc_foot(p, s)) {
    case ArcFoot::interior: {
      const double h = dot(p, s.n);
      const UnitVec f{p.x - h * s.n.x, p.y - h * s.n.y, p.z - h * s.n.z};
      const double len = norm(f);
      if (!(len > 0)) return s.a;
      return {f.x / len, f.y / len, f.z / len};
    }
    case ArcFoot::vertex_b: return s.b;
    default: return s.a;
  }
}

// The initial azimuth (degrees clockwise from north, in [0, 360)) at the node (lat, lon) of the
// great circle toward x; east and north are the node's own (at a pole, those of its longitude).
GF_HD double azimuth_toward_deg(double lat_deg, double lon_deg, const UnitVec& x) {
  double slat, clat, slon, clon;
  sincos_deg(lat_deg, &slat, &clat);
  sincos_deg(lon_deg, &slon, &clon);
  const double east = -slon * x.x + clon * x.y;
  const double north = -slat * clon * x.x - slat * slon * x.y + clat * x.z;
  double az = atan2(east, north) * (180 / kPi);
  if (az < 0) az += 360;
  return az >= 360 ? 0.0 : az;
}

// An azimuth in [0, 360) as float, still below 360: those within half a float step of 360
// (above 359.99998) would round up to it, and are north, 0.
GF_HD float azimuth_float(double az_deg) {
  const float az = static_cast<float>(az_deg);
  return az >= 360.0f ? 0.0f : az;
}

}  // namespace geofield
