// The search for the nearest arc, host and device alike, over a tree of bounding
// caps laid out flat (compute/segment_tree.* builds it on the host; the CPU walks it there
// and a GPU kernel walks a copy in device memory, so both find the same arc by the same code).
//
// An arc's cap is centred on its middle with half its length as radius; a tree node's cap holds
// its children's. A cap can hold an arc nearer p than the best found only if angle(p, centre) -
// radius is not larger (the triangle inequality on the sphere), so the search skips every other
// cap; ties go to the lowest feature, then the lowest arc, as a brute force over every arc in
// order gives them.
#pragma once

#include <cstdint>

#include "polygon_side.h"

namespace geofield {

// An arc as the search measures it.
struct TreeArc {
  ArcSegment arc;
  std::uint32_t feature = 0;
  // A ring's arc: the unit normals of the ring's arcs before and after it and whether the ring
  // turns left at each vertex, for the side of a node whose nearest point is a vertex.
  bool ring = false;
  bool left_at_a = false, left_at_b = false;
  UnitVec n_before, n_after;
};

// A cap, with the cosine and sine of its radius for the dot-product test below.
struct ArcCap {
  UnitVec centre;
  double radius = 0;  // rounded up: every point of what it bounds is within it
  double cos_radius = 1, sin_radius = 0;
};

struct ArcTreeNode {
  ArcCap cap;
  std::int32_t first = 0;  // a leaf: order[first, first + count); inner: left and right
  std::int32_t count = 0;  // > 0: a leaf
  std::int32_t left = -1, right = -1;
};

// The tree as flat arrays (host or device memory).
struct ArcTreeView {
  const ArcTreeNode* nodes = nullptr;   // nodes[0] is the root
  const std::int32_t* order = nullptr;  // leaves' arcs
  const ArcCap* arc_caps = nullptr;     // by arc
  const TreeArc* arcs = nullptr;
  std::int32_t arc_count = 0;
};

// The deepest tree the builder makes (arcs halved at each level down to leaves of 4) for
// 2^31 arcs is 30 levels; the walk keeps two entries a level.
constexpr int kArcTreeStack = 64;

// A search's answer. The searches compare chord2 (chord2_to_arc: one square root a measure,
// no arctangent), ties going to the lower feature, then the lower arc; angle is the winner's,
// measured once at the end.
struct NearestArc {
  double angle = 1e300;   // radians
  double chord2 = 1e300;  // the comparisons' key
  std::int32_t arc = -1;  // -1: none (an empty tree)
};

// Whether arc wins a tie with best (-1: none yet): the lower feature, then the lower arc.
GF_HD bool wins_tie(const ArcTreeView& t, std::int32_t arc, std::int32_t best) {
  if (best < 0) return true;
  const std::uint32_t f = t.arcs[arc].feature, g = t.arcs[best].feature;
  return f != g ? f < g : arc < best;
}

// Whether (chord2, arc) beats best: a smaller chord, or the same and it wins the tie.
GF_HD bool beats(const ArcTreeView& t, double chord2, std::int32_t arc, const NearestArc& best) {
  if (chord2 != best.chord2) return chord2 < best.chord2;
  return wins_tie(t, arc, best.arc);
}

// best with its angle measured (none: as it is).
GF_HD NearestArc with_angle(const ArcTreeView& t, const UnitVec& p, NearestArc best) {
  if (best.arc >= 0) best.angle = angle_to_arc(p, t.arcs[best.arc].arc);
  return best;
}

// Whether a cap is certainly farther from p than the best so far (at the angle theta): angle(p,
// c) - r beyond theta, tested without trigonometry as p . c < cos(theta + r) = cos theta cos r -
// sin theta sin r, less a margin past the dot product's rounding (a few 1e-16). Never where
// theta + r reaches pi (r >= pi, or cos theta <= -cos r), nor before a first best.
struct ArcReach {
  double cos_best = -1, sin_best = 0;
  // theta from its chord^2 c: cos = 1 - c / 2, sin = sqrt(c (1 - c / 4)), no trigonometry.
  GF_HD void set_chord2(double c) {
    cos_best = 1 - c / 2;
    sin_best = sqrt(c < 4 ? c * (1 - c / 4) : 0.0);
  }
  // theta given as an angle; from pi on nothing is beyond it.
  GF_HD void set_angle(double a) {
    if (a >= kPi) {
      *this = ArcReach();
      return;
    }
    cos_best = cos(a);
    sin_best = sin(a);
  }
  GF_HD bool beyond(const UnitVec& p, const ArcCap& c) const {
    if (c.radius >= kPi || cos_best <= 1e-12 - c.cos_radius) return false;
    return dot(p, c.centre) < cos_best * c.cos_radius - sin_best * c.sin_radius - 1e-14;
  }
};

// The nearest arc to p. hint: an arc to try first (a neighbouring node's nearest), or -1.
GF_HD NearestArc nearest_arc(const ArcTreeView& t, const UnitVec& p, std::int32_t hint) {
  NearestArc best;
  if (t.arc_count == 0) return best;
  ArcReach reach;
  if (hint >= 0 && hint < t.arc_count) {
    best.chord2 = chord2_to_arc(p, t.arcs[hint].arc);
    best.arc = hint;
    reach.set_chord2(best.chord2);
  }
  // Depth first, the child whose centre is nearer first.
  std::int32_t stack[kArcTreeStack];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const ArcTreeNode& node = t.nodes[stack[--top]];
    if (reach.beyond(p, node.cap)) continue;
    if (node.count > 0) {
      for (std::int32_t k = node.first; k < node.first + node.count; ++k) {
        const std::int32_t a = t.order[k];
        if (reach.beyond(p, t.arc_caps[a])) continue;
        const double c2 = chord2_to_arc(p, t.arcs[a].arc);
        if (beats(t, c2, a, best)) {
          best.chord2 = c2;
          best.arc = a;
          reach.set_chord2(c2);
        }
      }
      continue;
    }
    const bool left_first =
        dot(p, t.nodes[node.left].cap.centre) > dot(p, t.nodes[node.right].cap.centre);
    stack[top++] = left_first ? node.right : node.left;
    stack[top++] = left_first ? node.left : node.right;
  }
  return with_angle(t, p, best);
}

// The same by looking at every arc (the tests' oracle).
GF_HD NearestArc nearest_arc_by_brute_force(const ArcTreeView& t, const UnitVec& p) {
  NearestArc best;
  for (std::int32_t a = 0; a < t.arc_count; ++a) {
    const double c2 = chord2_to_arc(p, t.arcs[a].arc);
    if (beats(t, c2, a, best)) {
      best.chord2 = c2;
      best.arc = a;
    }
  }
  return with_angle(t, p, best);
}

// Whether p is on the polygon's inside (left) side of a ring arc that is its nearest.
GF_HD bool inside_by_nearest(const UnitVec& p, const TreeArc& a) {
  switch (arc_foot(p, a.arc)) {
    case ArcFoot::interior: return left_of_edge(p, a.arc.n);
    case ArcFoot::vertex_a: return left_of_vertex(p, a.n_before, a.arc.n, a.left_at_a);
    default: return left_of_vertex(p, a.arc.n, a.n_after, a.left_at_b);
  }
}

// What a node's value comes from: the nearest arcs of the rings (which decide the inside) and
// of the points and lines, and the options.
struct ShapeNode {
  double angle = 0;  // radians; negative inside a polygon when signed
  std::int32_t feature = -1;
  bool zero = false;        // on a site or inside a polygon unsigned: no bearing
  bool from_rings = false;  // the arc below is the rings' tree's
  std::int32_t arc = -1;
};

GF_HD ShapeNode shape_node(const ArcTreeView& rings, const ArcTreeView& others, const UnitVec& p,
                           bool signed_inside, NearestArc r, NearestArc l) {
  ShapeNode n;
  if (r.arc >= 0 && inside_by_nearest(p, rings.arcs[r.arc])) {
    n.feature = static_cast<std::int32_t>(rings.arcs[r.arc].feature);
    n.from_rings = true;
    n.arc = r.arc;
    n.zero = !signed_inside || r.angle == 0;
    n.angle = n.zero ? 0.0 : -r.angle;
    return n;
  }
  // The nearer of the two; on a tie the lower feature.
  bool ring_wins = r.arc >= 0;
  if (r.arc >= 0 && l.arc >= 0) {
    const std::uint32_t fr = rings.arcs[r.arc].feature, fl = others.arcs[l.arc].feature;
    ring_wins = r.angle != l.angle ? r.angle < l.angle : fr < fl;
  }
  const NearestArc& w = ring_wins ? r : l;
  n.feature = static_cast<std::int32_t>((ring_wins ? rings : others).arcs[w.arc].feature);
  n.from_rings = ring_wins;
  n.arc = w.arc;
  n.angle = w.angle;
  n.zero = w.angle == 0;
  return n;
}

}  // namespace geofield
