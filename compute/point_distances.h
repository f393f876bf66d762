// The field at a list of points instead of a grid: for each point (latitude,
// longitude) the distance to the nearest site of a request and that site's index, by the
// grid's per-node math (core/point_field.h), for every site set and formula a grid computes:
//   one point : that point's value by the formula (haversine, seed, wgs84), index 0;
//   points    : the nearest by the view's formula (haversine, wgs84): the k-d tree over the
//               sites' unit vectors (centre_index.h) names those within the formula's reach
//               (centre_bounds.h, the grids' bound) of the chord-nearest, and the smallest value
//               among them wins, the lowest index on a tie, as the grids' search;
//   shapes    : the arc trees' search (shape_field.h), signed inside polygons on request.
// The request's grid (bounds, size, projection) is not used. The CPU computes here on all cores;
// the CUDA computer (cuda_device_field.h) runs the same math in cuda/point_kernels.cu.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "centre_bounds.h"
#include "point_field.h"
#include "sites.h"

namespace geofield {

struct PointList {
  const double* lat_deg = nullptr;  // [-90, 90]
  const double* lon_deg = nullptr;  // [-360, 360]
  std::size_t count = 0;
};

// The formula part of p that a point's value takes.
PointFormula point_formula(const FieldParams& p);

// The sites (a set of points) as places, and the grids' reach (centre_bounds.h) for p's formula:
// what the CPU's search and the CUDA kernels (cuda/point_kernels.h) both take.
std::vector<PointPlace> site_places(const PointFormula& f, std::span<const Centre> sites);
ReachBound point_reach_bound(const FieldParams& p);

// Throws UsageError for the first point that is not a place, in --ref's words (centre_problem):
// "point 7: latitude 95 is outside [-90, 90]", a longitude outside [-360, 360] (NaN too).
// `what` names the points ("point", "line"), `first` is the number of the first.
void check_points(PointList pts, const char* what = "point", std::size_t first = 0);

// values[k] (and index[k] unless null) of point k, in precision T. r's sites checked by
// check_sites (cpu_field.h) and the points by check_points; throws UsageError as they do.
template <typename T>
void distances_at_points_on_cpu(const FieldRequest& r, PointList pts, T* values,
                                std::int32_t* index);

// The same by evaluating every site at every point (a set of points or one point; not shapes):
// the tests' oracle.
template <typename T>
void distances_at_points_brute_force(const FieldRequest& r, PointList pts, T* values,
                                     std::int32_t* index);

}  // namespace geofield
