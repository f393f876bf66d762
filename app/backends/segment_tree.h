// The nearest arc of many (issue 28: lines, polygons' rings and points as arcs of length zero),
// exactly and without looking at every arc: a tree of bounding caps over the arcs. An arc's cap
// is centred on its middle with half its length as radius; a tree node's cap holds its
// children's. A node of the tree can hold an arc nearer p than the best found only if
// angle(p, centre) - radius is not larger (the triangle inequality on the sphere), so the
// search skips every other node; ties go to the lowest feature index, then the lowest arc, as a
// brute force over every arc in order would give them.
#pragma once

#include <cstdint>
#include <vector>

#include "arc_distance.h"
#include "site_shapes.h"

namespace geofield {

struct ShapeArc {
  ArcSegment arc;
  std::uint32_t feature = 0;
  // A ring's arc: the unit normals of the ring's arcs before and after it and whether the ring
  // turns left at each vertex, for the side of a node whose nearest point is a vertex
  // (polygon_side.h).
  bool ring = false;
  UnitVec n_before, n_after;
  bool left_at_a = false, left_at_b = false;
};

// The arcs of the shapes' parts: rings' (rings = true) or the points' and lines' (false).
std::vector<ShapeArc> shape_arcs(const SiteShapes& shapes, bool rings);

struct NearestArc {
  double angle = 1e300;   // radians
  std::int32_t arc = -1;  // into the tree's arcs; -1: none (an empty tree)
};

// Whether p is on the polygon's inside (left) side of its nearest ring arc a.
bool inside_by_nearest(const UnitVec& p, const ShapeArc& a);

class SegmentTree {
 public:
  explicit SegmentTree(std::vector<ShapeArc> arcs);
  bool empty() const { return arcs_.empty(); }
  const std::vector<ShapeArc>& arcs() const { return arcs_; }

  // The nearest arc to p. hint: an arc to try first (the last node's, a neighbour's nearest is
  // usually near), or -1.
  NearestArc nearest(const UnitVec& p, std::int32_t hint = -1) const;
  // The same by looking at every arc (the tests' oracle and the benchmark's baseline).
  NearestArc nearest_by_brute_force(const UnitVec& p) const;

 private:
  struct Node {
    UnitVec centre;
    double radius = 0;  // rounded up: every point of every arc below is within it
    double cos_radius = 1, sin_radius = 0;
    std::int32_t first = 0;  // leaf: order_[first, first + count); inner: children
    std::int32_t count = 0;  // > 0: a leaf
    std::int32_t left = -1, right = -1;
  };
  std::int32_t build(std::int32_t first, std::int32_t count);
  // Whether (angle, arc) beats the best so far: a smaller angle, or the same and a lower
  // feature, then a lower arc.
  bool better(double angle, std::int32_t arc, const NearestArc& best) const;

  std::vector<ShapeArc> arcs_;
  std::vector<UnitVec> arc_centres_;
  std::vector<double> arc_radii_;
  std::vector<double> arc_cos_radii_, arc_sin_radii_;
  std::vector<std::int32_t> order_;
  std::vector<Node> nodes_;
};

}  // namespace geofield
