// The search for the nearest arc of lines and polygons in GLSL: a port of
// core/arc_distance.h (the distance to an arc), core/polygon_side.h (the side of a ring) and
// core/arc_tree.h (the walk over the tree of bounding caps, shape_node), for the GL backend's
// shape_field.comp. The host builds the trees (compute/segment_tree.*) and the GL backend lays
// both out in three flat buffers (gl_backend_shapes.cpp says how); the arcs' normals are made
// there (make_arc), so this needs only +, -, *, fma, sqrt_full, div_full and atan2_full, each
// correctly rounded or refined to the last bits, and sincos_rad for the reach's cos and sin.
// Double only: the walk's margins (1e-14 on a dot product) are double's; a float request takes
// the double value rounded, as the CPU's float field does.
//
// Change both together: tests/gl/gl_shapes_test.cpp holds this walk to its own brute force bit
// for bit and to the CPU's field (the same search) within 1e-12 relative.
//
// Needs before it: REAL double, field_constants.glsl, field_math.glsl and projection.glsl
// (sincos_rad, sqrt_full, div_full, atan2_full).
#if !IS_DOUBLE
#error arc_tree.glsl is double only
#endif

// Every cap, 6 doubles: the tree nodes' (both trees, rings' first), then the arcs' (likewise):
// centre x, y, z, radius (rounded up), cos radius, sin radius.
layout(std430, binding = 0) readonly buffer Caps { double caps[]; };
// Every arc, 21 doubles: a, b, n, in_a, in_b, n_before, n_after (x, y, z each).
layout(std430, binding = 1) readonly buffer Arcs { double arcs[]; };
// The tree nodes' links, 4 ints each (first, count, left, right: indices into this buffer's
// order and the node list, already offset for the tree), then the order of the leaves' arcs
// (global arc indices), then each arc's feature and flags (kArcPoint, kArcRing, ...).
layout(std430, binding = 2) readonly buffer Links { int links[]; };

uniform int u_tree_nodes;    // the nodes of both trees: the arcs' caps follow theirs
uniform int u_order0;        // where the order starts in links
uniform int u_info0;         // where the arcs' features and flags start in links
uniform int u_root_rings;    // the rings' tree's root node, -1 if it has no arc
uniform int u_root_others;   // the points' and lines' tree's root node, -1 if none

const int kArcPoint = 1;      // a repeated vertex: no interior
const int kArcRing = 2;
const int kArcLeftAtA = 4;    // the ring turns left at a
const int kArcLeftAtB = 8;    // and at b

const int kArcTreeStack = 64;  // core/arc_tree.h's

double dot3(dvec3 u, dvec3 v) {
  precise double d = u.x * v.x + u.y * v.y + u.z * v.z;
  return d;
}
dvec3 cross3(dvec3 u, dvec3 v) {
  precise dvec3 c = dvec3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x);
  return c;
}
double norm3(dvec3 u) { return sqrt_full(dot3(u, u)); }
double chord2_of(dvec3 a, dvec3 b) {
  precise dvec3 d = a - b;
  return dot3(d, d);
}
double angle_between(dvec3 u, dvec3 v) { return atan2_full(norm3(cross3(u, v)), dot3(u, v)); }

dvec3 arc_vec(int arc, int k) {
  int o = 21 * arc + 3 * k;
  return dvec3(arcs[o], arcs[o + 1], arcs[o + 2]);
}
int arc_feature(int arc) { return links[u_info0 + 2 * arc]; }
int arc_flags(int arc) { return links[u_info0 + 2 * arc + 1]; }

// arc_distance.h's ArcFoot: 0 vertex a, 1 vertex b, 2 interior.
const int kFootA = 0;
const int kFootB = 1;
const int kFootInterior = 2;

int arc_foot(dvec3 p, int arc) {
  if ((arc_flags(arc) & kArcPoint) == 0 && dot3(p, arc_vec(arc, 3)) >= 0.0LF &&
      dot3(p, arc_vec(arc, 4)) >= 0.0LF) {
    return kFootInterior;
  }
  return chord2_of(p, arc_vec(arc, 1)) < chord2_of(p, arc_vec(arc, 0)) ? kFootB : kFootA;
}

// The angle (radians) from p to the nearest point of the arc (angle_to_arc).
double angle_to_arc(dvec3 p, int arc) {
  int foot = arc_foot(p, arc);
  if (foot == kFootInterior) {
    dvec3 n = arc_vec(arc, 2);
    return atan2_full(abs(dot3(p, n)), norm3(cross3(p, n)));
  }
  return angle_between(p, arc_vec(arc, foot == kFootB ? 1 : 0));
}

// The chord^2 from p to the nearest point of the arc (chord2_to_arc): what the searches compare.
double chord2_to_arc(dvec3 p, int arc) {
  int foot = arc_foot(p, arc);
  if (foot == kFootInterior) {
    precise double h = abs(dot3(p, arc_vec(arc, 2)));
    precise double h2 = h * h;
    return 2.0LF * h2 / (1.0LF + sqrt(h2 < 1.0LF ? 1.0LF - h2 : 0.0LF));
  }
  return chord2_of(p, arc_vec(arc, foot == kFootB ? 1 : 0));
}

// polygon_side.h: p on the polygon's (left) side of a ring arc that is its nearest.
bool inside_by_nearest(dvec3 p, int arc) {
  int foot = arc_foot(p, arc);
  dvec3 n = arc_vec(arc, 2);
  if (foot == kFootInterior) return dot3(p, n) > 0.0LF;
  int flags = arc_flags(arc);
  bool at_a = foot == kFootA;
  bool left_in = dot3(p, at_a ? arc_vec(arc, 5) : n) > 0.0LF;
  bool left_out = dot3(p, at_a ? n : arc_vec(arc, 6)) > 0.0LF;
  bool turns_left = (flags & (at_a ? kArcLeftAtA : kArcLeftAtB)) != 0;
  return turns_left ? (left_in && left_out) : (left_in || left_out);
}

struct NearestArc {
  double angle;   // radians, the winner's, measured at the end
  double chord2;  // the comparisons' key
  int arc;        // -1: none
};

// Whether (chord2, arc) beats best: a smaller chord, or the same and a lower feature, then a
// lower arc (arcs of one tree are contiguous, so the global order is the tree's).
bool beats(double chord2, int arc, NearestArc best) {
  if (chord2 != best.chord2) return chord2 < best.chord2;
  if (best.arc < 0) return true;
  int f = arc_feature(arc), g = arc_feature(best.arc);
  return f != g ? f < g : arc < best.arc;
}

NearestArc with_angle(dvec3 p, NearestArc best) {
  if (best.arc >= 0) best.angle = angle_to_arc(p, best.arc);
  return best;
}

// ArcReach: a cap certainly farther than the best so far, tested as a dot product; its cos and
// sin from the best's chord^2, no trigonometry.
struct ArcReach {
  double cos_best, sin_best;
};

ArcReach reach_of_chord2(double c) {
  ArcReach r;
  r.cos_best = 1.0LF - c / 2.0LF;
  r.sin_best = sqrt(c < 4.0LF ? c * (1.0LF - c / 4.0LF) : 0.0LF);
  return r;
}

bool beyond(dvec3 p, ArcReach r, int cap) {
  int o = 6 * cap;
  if (caps[o + 3] >= kPi || r.cos_best <= 1e-12LF - caps[o + 4]) return false;
  dvec3 c = dvec3(caps[o], caps[o + 1], caps[o + 2]);
  precise double bound = r.cos_best * caps[o + 4] - r.sin_best * caps[o + 5] - 1e-14LF;
  return dot3(p, c) < bound;
}

dvec3 cap_centre(int cap) {
  int o = 6 * cap;
  return dvec3(caps[o], caps[o + 1], caps[o + 2]);
}

// The nearest arc to p of the tree at `root` (nearest_arc, without a hint: the answer is the
// same with any, and a node has no neighbour's here).
NearestArc nearest_arc(dvec3 p, int root) {
  NearestArc best = NearestArc(1e300LF, 1e300LF, -1);
  if (root < 0) return best;
  ArcReach reach = ArcReach(-1.0LF, 0.0LF);
  int stack[kArcTreeStack];
  int top = 0;
  stack[top++] = root;
  while (top > 0) {
    int node = stack[--top];
    if (beyond(p, reach, node)) continue;
    int first = links[4 * node], count = links[4 * node + 1];
    if (count > 0) {
      for (int k = first; k < first + count; ++k) {
        int a = links[u_order0 + k];
        if (beyond(p, reach, u_tree_nodes + a)) continue;
        double c2 = chord2_to_arc(p, a);
        if (beats(c2, a, best)) {
          best = NearestArc(1e300LF, c2, a);
          reach = reach_of_chord2(c2);
        }
      }
      continue;
    }
    int left = links[4 * node + 2], right = links[4 * node + 3];
    bool left_first = dot3(p, cap_centre(left)) > dot3(p, cap_centre(right));
    stack[top++] = left_first ? right : left;
    stack[top++] = left_first ? left : right;
  }
  return with_angle(p, best);
}

// The same by every arc of the tree [first, first + count) (the tests' oracle).
NearestArc nearest_arc_by_brute_force(dvec3 p, int first, int count) {
  NearestArc best = NearestArc(1e300LF, 1e300LF, -1);
  for (int a = first; a < first + count; ++a) {
    double c2 = chord2_to_arc(p, a);
    if (beats(c2, a, best)) best = NearestArc(1e300LF, c2, a);
  }
  return with_angle(p, best);
}

// shape_node: the node's angle (radians; negative inside a polygon when signed) and feature,
// from the nearest arcs of the rings (r) and of the points and lines (l).
void shape_node(dvec3 p, bool signed_inside, NearestArc r, NearestArc l, out double angle,
                out int feature) {
  if (r.arc >= 0 && inside_by_nearest(p, r.arc)) {
    feature = arc_feature(r.arc);
    bool zero = !signed_inside || r.angle == 0.0LF;
    angle = zero ? 0.0LF : -r.angle;
    return;
  }
  bool ring_wins = r.arc >= 0;
  if (r.arc >= 0 && l.arc >= 0) {
    int fr = arc_feature(r.arc), fl = arc_feature(l.arc);
    ring_wins = r.angle != l.angle ? r.angle < l.angle : fr < fl;
  }
  NearestArc w = ring_wins ? r : l;
  feature = w.arc >= 0 ? arc_feature(w.arc) : -1;
  angle = w.angle;
}
