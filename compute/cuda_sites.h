// The nearest-site kernels (cuda/nearest_centres.h) with the sites they hold, for the app's
// views: what the CUDA backend (into its textures, or device memory for the pixel-buffer path
// and the f64 export) and libgeofield's device computer (device memory, whole grids and tiles)
// share. Every view: latlon, aeqd and ortho; haversine and wgs84; float and double. Sets of
// lines and polygons run the arc trees' kernel (shape_kernels.h) instead, on the
// sphere (check_shapes_view).
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <span>

#include "centres.h"
#include "compute/segment_tree.h"
#include "field_params.h"
#include "nearest_centres.h"
#include "shape_kernels.h"
#include "sites.h"
#include "subgrid.h"

namespace geofield {

// The view p as the nearest-site kernels take it (p's own reference is not used, except as the
// centre of an aeqd map).
CentresView centres_view(const FieldParams& p);
// A tree built on the host as the shapes' kernel copies it (valid while t lives).
HostArcTree host_arc_tree(const SegmentTree& t);
// The view p as the shapes' kernel takes it.
ShapeView shape_view(const FieldParams& p, bool signed_inside);

class CudaSites {
 public:
  // Uploads the sites (not empty) unless they are the set held now: points, or the trees of
  // shapes (shape_trees.h); queued on `stream`, and waited for (the host copy may be gone when
  // this returns).
  void hold(const SiteSet& sites, cudaStream_t stream);
  void hold(std::span<const Centre> sites, cudaStream_t stream);

  // The nearest of the held sites at subgrid w of p's grid into device memory (values as Out,
  // w.nx * w.ny each, local node (i, j) the grid's (w.row0 + i, w.col0 + j)). Throws UsageError
  // for a view no backend computes with sites (check_centres_view).
  template <typename Out>
  void into(const FieldParams& p, const Subgrid& w, Out* values, std::int32_t* index,
            cudaStream_t stream);
  // The same for r's view, its sites held (points or shapes, signed as r says).
  template <typename Out>
  void into(const FieldRequest& r, const Subgrid& w, Out* values, std::int32_t* index,
            cudaStream_t stream);
  // The whole grid of r's view into an R32F and an R32I surface.
  void to_surfaces(const FieldRequest& r, cudaSurfaceObject_t field, cudaSurfaceObject_t index,
                   cudaStream_t stream);

  const SiteSet& held() const { return held_; }

 private:
  NearestCentres kernels_;
  ShapeKernels shape_kernels_;
  SiteSet held_;
};

}  // namespace geofield
