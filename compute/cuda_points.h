// Distances at points on a CUDA device: point_distances.h's request at point lists in
// device memory, by cuda/point_kernels.h's kernels, holding the sites on the device between
// calls (points as places and unit vectors, shapes as their arc trees) while they stay the same.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <vector>

#include "compute/point_distances.h"
#include "point_kernels.h"
#include "shape_kernels.h"

namespace geofield {

class CudaPoints {
 public:
  // r's field at pts (device memory): values computed in r's precision and stored as Out,
  // index unless null. r checked (check_sites). Queued on stream (sites uploaded first when they
  // changed, which waits for the stream).
  template <typename Out>
  void into(const FieldRequest& r, DevicePoints pts, Out* values, std::int32_t* index,
            cudaStream_t stream);

 private:
  void hold(const FieldRequest& r, cudaStream_t stream);

  PointSites points_;
  ShapeKernels shapes_;
  SiteSet held_;          // what points_ or shapes_ hold
  FieldParams held_for_;  // the formula and ellipsoid the places were made for
};

}  // namespace geofield
