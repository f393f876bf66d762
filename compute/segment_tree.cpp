#include "compute/segment_tree.h"

#include <algorithm>
#include <cmath>

namespace geofield {
namespace {

constexpr int kLeafArcs = 4;

UnitVec normalized(const UnitVec& v) {
  const double n = norm(v);
  return n > 0 ? UnitVec{v.x / n, v.y / n, v.z / n} : UnitVec{0, 0, 1};
}

// A cap whose radius is rounded up past its own evaluation's error (a few 1e-16 radians).
ArcCap cap_of(const UnitVec& centre, double radius) {
  ArcCap c;
  c.centre = centre;
  c.radius = radius * (1 + 1e-12) + 1e-15;
  c.cos_radius = std::cos(c.radius);
  c.sin_radius = std::sin(c.radius);
  return c;
}

ArcSegment arc_between(const SiteVertex& a, const SiteVertex& b) {
  return make_arc(a.lat_deg, a.lon_deg, b.lat_deg, b.lon_deg);
}

}  // namespace

std::vector<TreeArc> shape_arcs(const SiteShapes& shapes, bool rings) {
  std::vector<TreeArc> out;
  for (std::uint32_t f = 0; f < shapes.features.size(); ++f) {
    const SiteFeature& feature = shapes.features[f];
    for (std::uint32_t k = 0; k < feature.part_count; ++k) {
      const SitePart& part = shapes.parts[feature.first_part + k];
      if ((part.kind == PartKind::ring) != rings) continue;
      const SiteVertex* v = shapes.vertices.data() + part.first;
      const std::uint32_t m = part.count;
      if (part.kind == PartKind::point) {
        TreeArc t;
        t.arc = arc_between(v[0], v[0]);
        t.feature = f;
        out.push_back(t);
        continue;
      }
      const std::uint32_t arcs = part.kind == PartKind::ring ? m : m - 1;
      const std::size_t start = out.size();
      for (std::uint32_t e = 0; e < arcs; ++e) {
        TreeArc t;
        t.arc = arc_between(v[e], v[(e + 1) % m]);
        t.feature = f;
        out.push_back(t);
      }
      if (part.kind != PartKind::ring) continue;
      for (std::uint32_t e = 0; e < arcs; ++e) {
        TreeArc& s = out[start + e];
        s.ring = true;
        s.n_before = out[start + (e + arcs - 1) % arcs].arc.n;
        s.n_after = out[start + (e + 1) % arcs].arc.n;
        s.left_at_a = vertex_turn(s.arc.a, s.n_before, s.arc.n) > 0;
        s.left_at_b = vertex_turn(s.arc.b, s.arc.n, s.n_after) > 0;
      }
    }
  }
  return out;
}

SegmentTree::SegmentTree(std::vector<TreeArc> arcs) : arcs_(std::move(arcs)) {
  const std::int32_t n = static_cast<std::int32_t>(arcs_.size());
  arc_caps_.resize(n);
  order_.resize(n);
  for (std::int32_t k = 0; k < n; ++k) {
    const ArcSegment& s = arcs_[k].arc;
    arc_caps_[k] = s.point ? cap_of(s.a, 0)
                           : cap_of(normalized({s.a.x + s.b.x, s.a.y + s.b.y, s.a.z + s.b.z}),
                                    angle_between(s.a, s.b) / 2);
    order_[k] = k;
  }
  if (n > 0) {
    nodes_.reserve(2 * static_cast<std::size_t>(n) / kLeafArcs + 2);
    build(0, n);
  }
}

std::int32_t SegmentTree::build(std::int32_t first, std::int32_t count) {
  const std::int32_t id = static_cast<std::int32_t>(nodes_.size());
  nodes_.emplace_back();
  // The cap: about the arcs' centres' mean direction, holding every arc's cap.
  UnitVec sum{0, 0, 0}, lo{2, 2, 2}, hi{-2, -2, -2};
  for (std::int32_t k = first; k < first + count; ++k) {
    const UnitVec& c = arc_caps_[order_[k]].centre;
    sum = {sum.x + c.x, sum.y + c.y, sum.z + c.z};
    lo = {std::min(lo.x, c.x), std::min(lo.y, c.y), std::min(lo.z, c.z)};
    hi = {std::max(hi.x, c.x), std::max(hi.y, c.y), std::max(hi.z, c.z)};
  }
  const UnitVec centre = norm(sum) > 1e-9 ? normalized(sum) : arc_caps_[order_[first]].centre;
  // Every arc's cap within the farthest centre's angle plus the largest radius: one angle a
  // node instead of one an arc (the chord squared orders the centres as their angles do), a
  // bound no tighter than the arcs' own than their radii differ (a coastline's: metres).
  double farthest_chord2 = 0, largest_radius = 0;
  for (std::int32_t k = first; k < first + count; ++k) {
    const ArcCap& c = arc_caps_[order_[k]];
    const UnitVec d{c.centre.x - centre.x, c.centre.y - centre.y, c.centre.z - centre.z};
    farthest_chord2 = std::max(farthest_chord2, dot(d, d));
    largest_radius = std::max(largest_radius, c.radius);
  }
  const double half_chord = std::min(1.0, std::sqrt(farthest_chord2) / 2);
  const double radius = 2 * std::asin(half_chord) + largest_radius;
  ArcTreeNode node;
  node.cap = cap_of(centre, radius);
  if (count <= kLeafArcs) {
    node.first = first;
    node.count = count;
    nodes_[id] = node;
    return id;
  }
  // Split at the median along the axis the centres spread most.
  const double ext[3] = {hi.x - lo.x, hi.y - lo.y, hi.z - lo.z};
  const int axis = ext[0] >= ext[1] && ext[0] >= ext[2] ? 0 : ext[1] >= ext[2] ? 1 : 2;
  auto coord = [&](std::int32_t a) {
    const UnitVec& c = arc_caps_[a].centre;
    return axis == 0 ? c.x : axis == 1 ? c.y : c.z;
  };
  const std::int32_t half = count / 2;
  std::nth_element(order_.begin() + first, order_.begin() + first + half,
                   order_.begin() + first + count,
                   [&](std::int32_t a, std::int32_t b) { return coord(a) < coord(b); });
  node.left = build(first, half);
  node.right = build(first + half, count - half);
  nodes_[id] = node;
  return id;
}

}  // namespace geofield
