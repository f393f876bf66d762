// The tree of bounding caps over the arcs of sites, built on the host and laid out
// flat for the one search (core/arc_tree.h) that the CPU walks here and a GPU walks in a copy:
// arcs' caps centred on their middles with half their lengths as radii, split at the median of
// the caps' centres along the axis they spread most, down to leaves of 4 arcs.
#pragma once

#include <cstdint>
#include <vector>

#include "arc_tree.h"
#include "site_shapes.h"

namespace geofield {

// The arcs of the shapes' parts: rings' (rings = true) or the points' and lines' (false), in
// the order of the features, their parts and their vertices.
std::vector<TreeArc> shape_arcs(const SiteShapes& shapes, bool rings);

class SegmentTree {
 public:
  explicit SegmentTree(std::vector<TreeArc> arcs);
  bool empty() const { return arcs_.empty(); }
  const std::vector<TreeArc>& arcs() const { return arcs_; }
  const std::vector<ArcTreeNode>& nodes() const { return nodes_; }
  const std::vector<std::int32_t>& order() const { return order_; }
  const std::vector<ArcCap>& arc_caps() const { return arc_caps_; }
  // The tree in this object's memory (valid while it lives and is not moved).
  ArcTreeView view() const {
    return {nodes_.data(), order_.data(), arc_caps_.data(), arcs_.data(),
            static_cast<std::int32_t>(arcs_.size())};
  }

 private:
  std::int32_t build(std::int32_t first, std::int32_t count);

  std::vector<TreeArc> arcs_;
  std::vector<ArcCap> arc_caps_;
  std::vector<std::int32_t> order_;
  std::vector<ArcTreeNode> nodes_;
};

}  // namespace geofield
