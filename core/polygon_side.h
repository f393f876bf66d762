// Which side of a polygon's boundary a node is on (0 inside a polygon, or with
// --signed minus the distance to its boundary), decided from the nearest point of the boundary
// that the distance search finds anyway, so no node walks a whole ring:
//   - nearest point inside edge k: the node is on the edge's left iff p . n_k > 0;
//   - nearest point at vertex v between edges i (in) and o (out): the left region near v is the
//     wedge between them, the intersection of the two edges' left sides where the boundary turns
//     left at v and their union where it turns right, and p . n tells the side of the direction
//     from v toward p (v . n = 0), so p is left iff (p . n_i > 0) and/or (p . n_o > 0).
// The open arc from p to its nearest boundary point crosses no boundary, so that point's side
// is p's. A node on a nearest edge's circle beyond its vertex is decided by the other edge,
// correctly either way; a node on the boundary is at distance 0, where the side does not matter.
//
// Rings are oriented by their reader so that the polygon's inside is on the left of every ring:
// an outer ring's inside is the smaller of the two regions it bounds (so wrongly wound files
// work), a hole's the smaller region is outside the polygon. ring_left_area gives the area to
// the left of a ring (Gauss-Bonnet: 2 pi less the sum of the turns at its vertices).
#pragma once

#include "arc_distance.h"

namespace geofield {

// The signed turn (radians, left positive) of the boundary at vertex v from the edge of unit
// normal n_in to the edge of unit normal n_out: the angle between their tangents at v.
GF_HD double vertex_turn(const UnitVec& v, const UnitVec& n_in, const UnitVec& n_out) {
  return atan2(dot(v, cross(n_in, n_out)), dot(n_in, n_out));
}

// p is left of an edge of unit normal n (where its nearest boundary point is inside the edge).
GF_HD bool left_of_edge(const UnitVec& p, const UnitVec& n) { return dot(p, n) > 0; }

// p is in the left wedge at a vertex whose boundary turns left (turn > 0) or not, between the
// edges of unit normals n_in and n_out (where p's nearest boundary point is that vertex).
GF_HD bool left_of_vertex(const UnitVec& p, const UnitVec& n_in, const UnitVec& n_out,
                          bool turns_left) {
  const bool in = dot(p, n_in) > 0, out = dot(p, n_out) > 0;
  return turns_left ? (in && out) : (in || out);
}

// The area (steradians, 0 to 4 pi) to the left of a closed ring of m >= 3 distinct vertices,
// with normals[k] the unit normal of the edge from vertex k to vertex k + 1 (mod m).
inline double ring_left_area(const UnitVec* vertices, const UnitVec* normals, int m) {
  double turns = 0;
  for (int k = 0; k < m; ++k) {
    turns += vertex_turn(vertices[k], normals[(k + m - 1) % m], normals[k]);
  }
  return 2 * kPi - turns;
}

}  // namespace geofield
