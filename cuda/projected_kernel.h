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

#include "geodesic_field.h"
#include "projected_grid.h"
#include "subgrid.h"

namespace geofield {

// The haversine and seed formulas (a wgs84 grid is refused: it takes the launches below).
// g.nx x g.ny texels of an R32F surface, texel (j, i) = node (row i, column j); T float or double.
template <typename T>
void launch_projected_to_surface(const ProjectedGrid& g, cudaSurfaceObject_t surface,
                                 cudaStream_t stream);

// Row-major device memory, g.nx values per row, computed in T and stored as Out.
template <typename T, typename Out>
void launch_projected_to_buffer(const ProjectedGrid& g, Out* out, cudaStream_t stream);
// Subgrid w of the grid (a tile): w.nx values a row, out's node (i, j) the grid's node
// (w.row0 + i, w.col0 + j), computed as in the whole grid: bit for bit its value there.
template <typename T, typename Out>
void launch_projected_to_buffer(const ProjectedGrid& g, const Subgrid& w, Out* out,
                                cudaStream_t stream);

// The wgs84 formula (g.formula is wgs84), in double whatever the destination: one thread a node,
// its latitude and longitude by the inverse projection, then every part of the geodesic
// (projected_geodesic_value); a float destination takes the double value rounded.
void launch_projected_geodesic_to_surface(const ProjectedGrid& g, const GeodesicField& f,
                                          cudaSurfaceObject_t surface, cudaStream_t stream);
template <typename Out>
void launch_projected_geodesic_to_buffer(const ProjectedGrid& g, const GeodesicField& f, Out* out,
                                         cudaStream_t stream);
template <typename Out>  // subgrid w of the grid, as launch_projected_to_buffer's
void launch_projected_geodesic_to_buffer(const ProjectedGrid& g, const GeodesicField& f,
                                         const Subgrid& w, Out* out, cudaStream_t stream);

}  // namespace geofield
