// The nearest arc for a tile of nodes at once: one walk of the tree per
// tile lists the few arcs any of its nodes can be nearest to, and each node then measures only
// those, skipping most by a bound it already has, instead of walking the tree itself. Host and
// device alike, so the CPU's tests hold the list to the brute force the kernels are held to.
//
// The tile is a cap: every node within rho of the direction q. Let theta be the angle from q to
// its nearest arc. A node x of the cap has an arc within theta + rho of it (the distance to a
// set moves no faster than the point), so its nearest arcs lie within theta + rho of x, hence
// within theta + 2 rho of q: the list is every arc that near q. And an arc A is at least
// angle(q, A) - rho from every node of the cap: a node whose best so far is nearer skips A
// without measuring it.
//
// Margins: every angle here carries a few 1e-16 of rounding; the list's reach and the skip's
// bound are widened by 1e-12, so that rounding cannot drop an arc that can win (or tie). The
// nodes compare chord^2 (as nearest_arc does), so the bounds are kept as chord^2, as floats
// rounded down (looser by a float's step, never tighter).
#pragma once

#include <cmath>
#include <cstdint>

#include "arc_tree.h"

namespace geofield {

constexpr double kCapListMargin = 1e-12;  // radians

// A double as a float not above it: the lists keep their bounds in half the memory, only looser.
GF_HD float float_not_above(double v) {
  const float f = static_cast<float>(v);
  return static_cast<double>(f) > v ? nextafterf(f, -3.4e38f) : f;
}

// The chord^2 of an angle (radians, clamped to [0, pi]) as a float not above it.
GF_HD float chord2_not_above(double angle) {
  const double a = angle > 0 ? (angle < kPi ? angle : kPi) : 0.0;
  const double c = 2 * sin(a / 2);
  return float_not_above(c * c * (1 - 1e-12));
}

// A tile's list: `count` arcs (ids), each with the lower bound of its chord^2 to the tile's
// nodes, the smallest bound first; `nearest_to_q`, the arc nearest the cap's direction (each node's
// first guess). count < 0: the list did not fit its capacity, and the nodes walk the tree (from
// nearest_to_q).
struct CapArcList {
  std::int32_t* ids = nullptr;
  float* lower = nullptr;
  int count = 0;
  std::int32_t nearest_to_q = -1;
};

// Fills list (its ids and lower hold `capacity` entries) with the arcs of t that can be nearest
// to a point within rho of q, in the order the walk met them.
GF_HD void list_arcs_for_cap(const ArcTreeView& t, const UnitVec& q, double rho, int capacity,
                             CapArcList* list) {
  list->count = 0;
  list->nearest_to_q = -1;
  if (t.arc_count == 0) return;
  // q's nearest by angle (the reach below is an angle); ties as beats breaks them.
  double best_angle = 1e300;
  std::int32_t best_arc = -1;
  ArcReach reach;  // theta + 2 rho as theta shrinks: an arc beyond it now is beyond it at the end
  double reach_angle = 1e300;
  int count = 0;
  bool overflow = false;
  std::int32_t stack[kArcTreeStack];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const ArcTreeNode& node = t.nodes[stack[--top]];
    if (reach.beyond(q, node.cap)) continue;
    if (node.count > 0) {
      for (std::int32_t k = node.first; k < node.first + node.count; ++k) {
        const std::int32_t a = t.order[k];
        if (reach.beyond(q, t.arc_caps[a])) continue;
        const double angle = angle_to_arc(q, t.arcs[a].arc);
        if (angle < best_angle || (angle == best_angle && wins_tie(t, a, best_arc))) {
          best_angle = angle;
          best_arc = a;
          reach_angle = overflow ? angle : angle + 2 * rho + kCapListMargin;
          reach.set_angle(reach_angle);
        }
        if (overflow || angle > reach_angle) continue;
        if (count == capacity) {
          // Full: drop what the shrunk reach has left behind. Still more than half full, the
          // list is given up (its nodes walk) and the walk only finds q's nearest from here.
          int kept = 0;
          for (int m = 0; m < count; ++m) {
            if (list->lower[m] <= reach_angle) {
              list->ids[kept] = list->ids[m];
              list->lower[kept++] = list->lower[m];
            }
          }
          count = kept;
          if (2 * count > capacity) {
            overflow = true;
            reach_angle = best_angle;
            reach.set_angle(reach_angle);
            continue;
          }
        }
        list->ids[count] = a;
        list->lower[count++] = float_not_above(angle);  // from q until the end, below
      }
      continue;
    }
    const bool left_first =
        dot(q, t.nodes[node.left].cap.centre) > dot(q, t.nodes[node.right].cap.centre);
    stack[top++] = left_first ? node.right : node.left;
    stack[top++] = left_first ? node.left : node.right;
  }
  list->nearest_to_q = best_arc;
  if (overflow) {
    list->count = -1;
    return;
  }
  // Keep those within the final reach, nearest q first (a node stops at the first it cannot
  // use); the angle from q becomes the bound below for the nodes, as a chord^2.
  int kept = 0;
  for (int m = 0; m < count; ++m) {
    if (list->lower[m] > reach_angle) continue;
    const std::int32_t id = list->ids[m];
    const float lower = chord2_not_above(list->lower[m] - rho - kCapListMargin);
    int at = kept++;
    for (; at > 0 && list->lower[at - 1] > lower; --at) {
      list->ids[at] = list->ids[at - 1];
      list->lower[at] = list->lower[at - 1];
    }
    list->ids[at] = id;
    list->lower[at] = lower;
  }
  list->count = kept;
}

// The nearest arc of t to p, a point within rho of the list's q: the same arc (and angle, bit
// for bit) as nearest_arc and the brute force give.
GF_HD NearestArc nearest_arc_in_list(const ArcTreeView& t, const UnitVec& p,
                                     const CapArcList& list) {
  if (list.count < 0) return nearest_arc(t, p, list.nearest_to_q);
  NearestArc best;
  if (list.nearest_to_q < 0) return best;  // an empty tree
  best.arc = list.nearest_to_q;
  best.chord2 = chord2_to_arc(p, t.arcs[best.arc].arc);
  for (int m = 0; m < list.count; ++m) {
    if (list.lower[m] > best.chord2) break;  // and so are the rest
    const std::int32_t a = list.ids[m];
    if (a == list.nearest_to_q) continue;  // measured above
    const double c2 = chord2_to_arc(p, t.arcs[a].arc);
    if (beats(t, c2, a, best)) {
      best.chord2 = c2;
      best.arc = a;
    }
  }
  return with_angle(t, p, best);
}

}  // namespace geofield
