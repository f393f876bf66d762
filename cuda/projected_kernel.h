// The projected views' kernels (aeqd, ortho), callable from host code that never sees CUDA
// syntax. As the latlon kernel (field_kernel.h), they make each node's coordinates from the
// ProjectedGrid they are given (node (i, j) -> x, y on the map -> the sphere, on the device; no
// grid exists anywhere) and write what they are handed: a surface over the GL texture (float
// values) or linear device memory.
//   float haversine: the separable terms of projected_chord.h (per row and per column in shared
//     memory, a few adds, a square root and a division a node), the device's short haversine end;
//   double, and the seed formula in both precisions: projected_field_value<T> node by node, the
//     CPU backend's code (inverse projection, then the formulas).
// Nodes with no point of the sphere are NaN. docs/projected-kernel.md has the design and numbers.
#pragma once

#include <cuda_runtime_api.h>

#include "projected_grid.h"

namespace geofield {

// g.nx x g.ny texels of an R32F surface, texel (j, i) = node (row i, column j); T float or double.
template <typename T>
void launch_projected_to_surface(const ProjectedGrid& g, cudaSurfaceObject_t surface,
                                 cudaStream_t stream);

// Row-major device memory, g.nx values per row, computed in T and stored as Out.
template <typename T, typename Out>
void launch_projected_to_buffer(const ProjectedGrid& g, Out* out, cudaStream_t stream);

}  // namespace geofield
