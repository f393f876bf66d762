// The field of lines and polygons on CUDA: a warp's tile of nodes lists the arcs of
// each tree (arc_tree.h's, in device memory here) that any of its nodes can be nearest to
// (arc_cap_list.h), each node measures those, and takes the value, the nearest feature and the
// bearing as the CPU does (shape_node), in double: the brute force's arc at every node. A node off
// a projected map gets NaN and index -1. cuda/ is a leaf: the host hands the trees as flat arrays
// (compute/segment_tree.* builds them).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "arc_tree.h"
#include "device_memory.h"
#include "field_math.h"
#include "projected_grid.h"
#include "subgrid.h"

namespace geofield {

// A tree as the host holds it, to be copied.
struct HostArcTree {
  const ArcTreeNode* nodes = nullptr;
  std::size_t node_count = 0;
  const std::int32_t* order = nullptr;  // arc_count entries
  const ArcCap* arc_caps = nullptr;     // arc_count entries
  const TreeArc* arcs = nullptr;        // arc_count entries
  std::int32_t arc_count = 0;
};

// The view's nodes and what a value is.
struct ShapeView {
  Projection projection = Projection::latlon;
  GridGeometry grid;  // latlon
  ProjectedGrid map;  // aeqd, ortho
  double radius = 1;  // the sphere's, in the output unit
  bool signed_inside = false;
};

class ShapeKernels {
 public:
  // Copies the two trees (the rings', the points' and lines') to the device, queued on stream;
  // the host arrays may be reused once this returns.
  void set_trees(const HostArcTree& rings, const HostArcTree& others, cudaStream_t stream);

  // Subgrid w of the view's grid into row-major device memory: values (w.nx * w.ny of Out),
  // index and bearing (degrees; NaN where the distance is 0) unless null. brute_force: every
  // arc at every node (the tests' oracle). Asynchronous.
  template <typename Out>
  void compute(const ShapeView& v, const Subgrid& w, Out* values, std::int32_t* index,
               float* bearing, cudaStream_t stream, bool brute_force = false);
  // The whole nx x ny grid into an R32F surface (the distance as float) and an R32I surface
  // (the nearest feature). Asynchronous.
  void compute_to_surfaces(const ShapeView& v, int nx, int ny, cudaSurfaceObject_t field,
                           cudaSurfaceObject_t index, cudaStream_t stream);
  // At n points in device memory (degrees): each point's value (v.radius * its angle,
  // signed as v says) and nearest feature, by the CPU's walk of the trees; a point that is not a
  // place gets NaN and -1. v's grid and map are not used. Defined in point_kernels.cu.
  template <typename Out>
  void compute_points(const ShapeView& v, const double* lat_deg, const double* lon_deg,
                      std::size_t n, Out* values, std::int32_t* index, cudaStream_t stream) const;
  bool empty() const { return rings_.arc_count == 0 && others_.arc_count == 0; }

 private:
  struct Tree {
    DeviceBuffer nodes, order, caps, arcs;
    std::int32_t arc_count = 0;
    ArcTreeView view() const;
  };
  static void copy(const HostArcTree& h, Tree* d, cudaStream_t stream);
  Tree rings_, others_;
};

}  // namespace geofield
