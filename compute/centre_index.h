// Centres on the unit sphere in a k-d tree over their 3D unit vectors: on a sphere
// the nearest centre by great circle is the nearest by chord, so the tree answers "which
// centres lie within this chord of a point" without looking at most of them. Built once for a
// set of centres; queries from many threads at once.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "centres.h"

namespace geofield {

using UnitVector = std::array<double, 3>;

// The point (lat, lon) on the unit sphere.
UnitVector unit_vector(double lat_deg, double lon_deg);

class CentreIndex {
 public:
  explicit CentreIndex(std::span<const Centre> centres);

  std::size_t size() const { return points_.size(); }

  // The squared chord from q to its nearest centre (at least one centre). hint: a centre
  // likely to be near (the neighbouring node's), whose chord starts the search's bound; one
  // that is not an index of this set (-1) is ignored.
  double nearest_chord2(const UnitVector& q, std::int32_t hint = -1) const;

  // Appends to out the index of every centre within squared chord r2 of q (any order).
  void within(const UnitVector& q, double r2, std::vector<std::int32_t>* out) const;

 private:
  struct Node {
    std::int32_t first, last;  // the points of this subtree: order_[first, last)
    std::int32_t left = -1, right = -1;
    int axis = 0;
    double split = 0;
    UnitVector lo{}, hi{};  // bounding box of the subtree's points
  };
  std::int32_t build(std::int32_t first, std::int32_t last);
  static double box_distance2(const Node& n, const UnitVector& q);

  std::vector<UnitVector> points_;   // by centre index
  std::vector<std::int32_t> order_;  // centre indices, leaves' points contiguous
  std::vector<Node> nodes_;          // nodes_[0] is the root
};

}  // namespace geofield
