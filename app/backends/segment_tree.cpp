#include "backends/segment_tree.h"

#include <algorithm>
#include <cmath>

#include "polygon_side.h"

namespace geofield {
namespace {

constexpr int kLeafArcs = 4;

UnitVec normalized(const UnitVec& v) {
  const double n = norm(v);
  return n > 0 ? UnitVec{v.x / n, v.y / n, v.z / n} : UnitVec{0, 0, 1};
}

// A bound rounded up past its own evaluation's error (a few 1e-16 radians).
double rounded_up(double angle) { return angle * (1 + 1e-12) + 1e-15; }

ArcSegment arc_between(const SiteVertex& a, const SiteVertex& b) {
  return make_arc(a.lat_deg, a.lon_deg, b.lat_deg, b.lon_deg);
}

}  // namespace

std::vector<ShapeArc> shape_arcs(const SiteShapes& shapes, bool rings) {
  std::vector<ShapeArc> out;
  for (std::uint32_t f = 0; f < shapes.features.size(); ++f) {
    const SiteFeature& feature = shapes.features[f];
    for (std::uint32_t k = 0; k < feature.part_count; ++k) {
      const SitePart& part = shapes.parts[feature.first_part + k];
      if ((part.kind == PartKind::ring) != rings) continue;
      const SiteVertex* v = shapes.vertices.data() + part.first;
      const std::uint32_t m = part.count;
      if (part.kind == PartKind::point) {
        out.push_back({arc_between(v[0], v[0]), f});
        continue;
      }
      const std::uint32_t arcs = part.kind == PartKind::ring ? m : m - 1;
      const std::size_t start = out.size();
      for (std::uint32_t e = 0; e < arcs; ++e)
        out.push_back({arc_between(v[e], v[(e + 1) % m]), f});
      if (part.kind != PartKind::ring) continue;
      for (std::uint32_t e = 0; e < arcs; ++e) {
        ShapeArc& s = out[start + e];
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

bool inside_by_nearest(const UnitVec& p, const ShapeArc& a) {
  switch (arc_foot(p, a.arc)) {
    case ArcFoot::interior: return left_of_edge(p, a.arc.n);
    case ArcFoot::vertex_a: return left_of_vertex(p, a.n_before, a.arc.n, a.left_at_a);
    default: return left_of_vertex(p, a.arc.n, a.n_after, a.left_at_b);
  }
}

SegmentTree::SegmentTree(std::vector<ShapeArc> arcs) : arcs_(std::move(arcs)) {
  const std::int32_t n = static_cast<std::int32_t>(arcs_.size());
  arc_centres_.resize(n);
  arc_radii_.resize(n);
  arc_cos_radii_.resize(n);
  arc_sin_radii_.resize(n);
  order_.resize(n);
  for (std::int32_t k = 0; k < n; ++k) {
    const ArcSegment& s = arcs_[k].arc;
    arc_centres_[k] = s.point ? s.a : normalized({s.a.x + s.b.x, s.a.y + s.b.y, s.a.z + s.b.z});
    arc_radii_[k] = s.point ? 1e-15 : rounded_up(angle_between(s.a, s.b) / 2);
    arc_cos_radii_[k] = std::cos(arc_radii_[k]);
    arc_sin_radii_[k] = std::sin(arc_radii_[k]);
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
  UnitVec sum{0, 0, 0};
  UnitVec lo{2, 2, 2}, hi{-2, -2, -2};
  for (std::int32_t k = first; k < first + count; ++k) {
    const UnitVec& c = arc_centres_[order_[k]];
    sum = {sum.x + c.x, sum.y + c.y, sum.z + c.z};
    lo = {std::min(lo.x, c.x), std::min(lo.y, c.y), std::min(lo.z, c.z)};
    hi = {std::max(hi.x, c.x), std::max(hi.y, c.y), std::max(hi.z, c.z)};
  }
  const UnitVec centre = norm(sum) > 1e-9 ? normalized(sum) : arc_centres_[order_[first]];
  double radius = 0;
  for (std::int32_t k = first; k < first + count; ++k) {
    const std::int32_t a = order_[k];
    radius = std::max(radius, angle_between(centre, arc_centres_[a]) + arc_radii_[a]);
  }
  Node node;
  node.centre = centre;
  node.radius = rounded_up(radius);
  node.cos_radius = std::cos(node.radius);
  node.sin_radius = std::sin(node.radius);
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
    const UnitVec& c = arc_centres_[a];
    return axis == 0 ? c.x : axis == 1 ? c.y : c.z;
  };
  const std::int32_t half = count / 2;
  std::nth_element(order_.begin() + first, order_.begin() + first + half,
                   order_.begin() + first + count,
                   [&](std::int32_t a, std::int32_t b) { return coord(a) < coord(b); });
  const std::int32_t left = build(first, half);
  const std::int32_t right = build(first + half, count - half);
  node.left = left;
  node.right = right;
  nodes_[id] = node;
  return id;
}

bool SegmentTree::better(double angle, std::int32_t arc, const NearestArc& best) const {
  if (angle != best.angle) return angle < best.angle;
  if (best.arc < 0) return true;
  const std::uint32_t f = arcs_[arc].feature, g = arcs_[best.arc].feature;
  return f != g ? f < g : arc < best.arc;
}

namespace {

// Whether a cap (centre c, radius r) is certainly farther from p than `best`: its nearest point
// angle(p, c) - r beyond best, tested without trigonometry as p . c < cos(best + r) =
// cos best cos r - sin best sin r, less a margin past the dot product's rounding (a few 1e-16).
// Never where best + r reaches pi.
struct Reach {
  double angle = 1e300, cos_best = -1, sin_best = 0;
  void set(double a) {
    angle = a;
    cos_best = std::cos(a);
    sin_best = std::sin(a);
  }
  bool beyond(double p_dot_c, double r, double cos_r, double sin_r) const {
    if (angle + r >= kPi) return false;
    return p_dot_c < cos_best * cos_r - sin_best * sin_r - 1e-14;
  }
};

}  // namespace

NearestArc SegmentTree::nearest(const UnitVec& p, std::int32_t hint) const {
  NearestArc best;
  if (arcs_.empty()) return best;
  Reach reach;
  if (hint >= 0 && hint < static_cast<std::int32_t>(arcs_.size())) {
    best = {angle_to_arc(p, arcs_[hint].arc), hint};
    reach.set(best.angle);
  }
  // Depth first, the child whose centre is nearer first; a node is skipped when its cap is
  // certainly farther than the best (an equal one may hold a tie with a lower feature).
  std::int32_t stack[128];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const Node& node = nodes_[stack[--top]];
    if (reach.beyond(dot(p, node.centre), node.radius, node.cos_radius, node.sin_radius)) continue;
    if (node.count > 0) {
      for (std::int32_t k = node.first; k < node.first + node.count; ++k) {
        const std::int32_t a = order_[k];
        if (reach.beyond(dot(p, arc_centres_[a]), arc_radii_[a], arc_cos_radii_[a],
                         arc_sin_radii_[a])) {
          continue;
        }
        const double angle = angle_to_arc(p, arcs_[a].arc);
        if (better(angle, a, best)) {
          best = {angle, a};
          reach.set(angle);
        }
      }
      continue;
    }
    // Pushed last, searched first: the nearer centre.
    const bool left_first = dot(p, nodes_[node.left].centre) > dot(p, nodes_[node.right].centre);
    stack[top++] = left_first ? node.right : node.left;
    stack[top++] = left_first ? node.left : node.right;
  }
  return best;
}

NearestArc SegmentTree::nearest_by_brute_force(const UnitVec& p) const {
  NearestArc best;
  for (std::int32_t a = 0; a < static_cast<std::int32_t>(arcs_.size()); ++a) {
    const double angle = angle_to_arc(p, arcs_[a].arc);
    if (better(angle, a, best)) best = {angle, a};
  }
  return best;
}

}  // namespace geofield
