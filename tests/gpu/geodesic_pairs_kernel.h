// The geodesic inverse (core/geodesic.h) evaluated on the GPU for a list of point pairs, one
// thread a pair: what the field kernels run per node, here on pairs chosen to be hard.
#pragma once

#include <vector>

#include "geodesic.h"

namespace geofield::gpu_test {

struct PointPair {
  double lat1, lon1, lat2, lon2;
};

// One GeodesicInverse per pair, computed by the device (cudaMemcpy in and out; CUDA errors
// throw CudaFailure).
std::vector<GeodesicInverse> geodesic_inverse_on_gpu(const GeodesicEllipsoid& e,
                                                     const std::vector<PointPair>& pairs);

}  // namespace geofield::gpu_test
