// The two arc trees of a set of shapes (segment_tree.h): the polygons' rings, which decide the
// inside, and the points' and lines'. Built once per set and shared: Natural Earth's 1:10m
// coastline is some 410,000 arcs, whose tree takes a good part of a second to build, and the
// window, the tiles and the CUDA backend ask for the same set's trees again and again.
#pragma once

#include <memory>

#include "compute/segment_tree.h"
#include "sites.h"

namespace geofield {

struct ShapeTrees {
  explicit ShapeTrees(const SiteShapes& shapes);
  SegmentTree rings;
  SegmentTree others;
};

// The trees of `shapes` (not null): built on the first request for that set, then the same
// ones while the set lives (the last few sets are kept; thread-safe).
std::shared_ptr<const ShapeTrees> shape_trees_of(const ShapesPtr& shapes);

}  // namespace geofield
