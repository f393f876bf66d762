// Distances at points on CUDA: the kernels of compute/point_distances.h's point
// lists, in device memory, one thread a point, by the same per-point math (core/point_field.h):
//   one point: the site's value at each point;
//   points   : the chord-nearest site by a scan of the sites' unit vectors (shared memory, a
//              block's tile of sites at a time), then every site within the grids' reach of it
//              (centre_bounds.h) evaluated by the formula, the smallest value winning, the lowest
//              index on a tie: the CPU's search (its k-d tree names the same candidates);
//   shapes   : ShapeKernels::compute_points walks the arc trees (arc_tree.h) as the CPU does.
// A point that is not a place (|lat| > 90, |lon| > 360, NaN) gets NaN and index -1: device
// arrays are not read on the host to refuse it (the host's arrays are checked, check_points).
// cuda/ is a leaf: the host makes the formula and the sites' places (point_distances.h).
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#include "arc_distance.h"
#include "centre_bounds.h"
#include "device_memory.h"
#include "point_field.h"

namespace geofield {

// Device arrays of n points, degrees.
struct DevicePoints {
  const double* lat_deg = nullptr;
  const double* lon_deg = nullptr;
  std::size_t count = 0;
};

// The one site's value at every point, computed in T, stored as Out; index (unless null) 0.
template <typename T, typename Out>
void launch_point_values(const PointFormula& f, const PointPlace& site, DevicePoints pts,
                         Out* values, std::int32_t* index, cudaStream_t stream);

class PointSites {
 public:
  // Copies n sites' places and unit vectors (host arrays, made by make_point_place and
  // unit_vec_of_deg) to the device, queued on stream; the host arrays must live until the
  // stream reaches the copy (the caller waits).
  void set_sites(const PointPlace* places, const UnitVec* vectors, std::size_t n,
                 cudaStream_t stream);
  std::size_t size() const { return n_; }

  // The nearest site's value (computed in T, stored as Out) and index at every point.
  template <typename T, typename Out>
  void compute(const PointFormula& f, const ReachBound& reach, DevicePoints pts, Out* values,
               std::int32_t* index, cudaStream_t stream) const;

 private:
  std::size_t n_ = 0;
  DeviceBuffer places_, vectors_;
};

}  // namespace geofield
