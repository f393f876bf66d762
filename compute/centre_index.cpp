#include "compute/centre_index.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "field_math.h"

namespace geofield {
namespace {

constexpr std::int32_t kLeafSize = 8;

double distance2(const UnitVector& a, const UnitVector& b) {
  const double dx = a[0] - b[0], dy = a[1] - b[1], dz = a[2] - b[2];
  return dx * dx + dy * dy + dz * dz;
}

}  // namespace

UnitVector unit_vector(double lat_deg, double lon_deg) {
  double sl, cl, so, co;
  sincos_deg(lat_deg, &sl, &cl);
  sincos_deg(lon_deg, &so, &co);
  return {cl * co, cl * so, sl};
}

CentreIndex::CentreIndex(std::span<const Centre> centres) {
  points_.reserve(centres.size());
  for (const Centre& c : centres) points_.push_back(unit_vector(c.lat_deg, c.lon_deg));
  order_.resize(points_.size());
  for (std::size_t k = 0; k < order_.size(); ++k) order_[k] = static_cast<std::int32_t>(k);
  nodes_.reserve(2 * (points_.size() / kLeafSize + 1));
  if (!points_.empty()) build(0, static_cast<std::int32_t>(points_.size()));
}

// Splits on the widest axis at the median; leaves hold at most kLeafSize points.
std::int32_t CentreIndex::build(std::int32_t first, std::int32_t last) {
  const std::int32_t id = static_cast<std::int32_t>(nodes_.size());
  nodes_.push_back(Node{first, last});
  Node n{first, last};
  for (int a = 0; a < 3; ++a) {
    n.lo[a] = std::numeric_limits<double>::infinity();
    n.hi[a] = -n.lo[a];
  }
  for (std::int32_t k = first; k < last; ++k) {
    for (int a = 0; a < 3; ++a) {
      n.lo[a] = std::min(n.lo[a], points_[order_[k]][a]);
      n.hi[a] = std::max(n.hi[a], points_[order_[k]][a]);
    }
  }
  if (last - first > kLeafSize) {
    int axis = 0;
    for (int a = 1; a < 3; ++a) {
      if (n.hi[a] - n.lo[a] > n.hi[axis] - n.lo[axis]) axis = a;
    }
    const std::int32_t mid = first + (last - first) / 2;
    std::nth_element(
        order_.begin() + first, order_.begin() + mid, order_.begin() + last,
        [&](std::int32_t x, std::int32_t y) { return points_[x][axis] < points_[y][axis]; });
    n.axis = axis;
    n.split = points_[order_[mid]][axis];
    n.left = build(first, mid);
    n.right = build(mid, last);
  }
  nodes_[id] = n;
  return id;
}

double CentreIndex::box_distance2(const Node& n, const UnitVector& q) {
  double d2 = 0;
  for (int a = 0; a < 3; ++a) {
    const double d = q[a] < n.lo[a] ? n.lo[a] - q[a] : (q[a] > n.hi[a] ? q[a] - n.hi[a] : 0.0);
    d2 += d * d;
  }
  return d2;
}

double CentreIndex::nearest_chord2(const UnitVector& q, std::int32_t hint) const {
  const bool hinted = hint >= 0 && static_cast<std::size_t>(hint) < points_.size();
  double best = hinted ? distance2(points_[hint], q) : std::numeric_limits<double>::infinity();
  std::int32_t stack[64];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const Node& n = nodes_[stack[--top]];
    if (box_distance2(n, q) > best) continue;
    if (n.left < 0) {
      for (std::int32_t k = n.first; k < n.last; ++k)
        best = std::min(best, distance2(points_[order_[k]], q));
      continue;
    }
    // The nearer child last, so it is searched first.
    const bool left_first = q[n.axis] < n.split;
    stack[top++] = left_first ? n.right : n.left;
    stack[top++] = left_first ? n.left : n.right;
  }
  return best;
}

void CentreIndex::within(const UnitVector& q, double r2, std::vector<std::int32_t>* out) const {
  if (nodes_.empty()) return;
  std::int32_t stack[64];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const Node& n = nodes_[stack[--top]];
    if (box_distance2(n, q) > r2) continue;
    if (n.left < 0) {
      for (std::int32_t k = n.first; k < n.last; ++k) {
        if (distance2(points_[order_[k]], q) <= r2) out->push_back(order_[k]);
      }
      continue;
    }
    stack[top++] = n.left;
    stack[top++] = n.right;
  }
}

}  // namespace geofield
