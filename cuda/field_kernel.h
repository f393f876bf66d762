// The field kernel, callable from host code that never sees CUDA syntax.
//
// The kernel derives each node's latitude and longitude from the GridGeometry it is given (no
// grid exists anywhere) and evaluates the shared math (field_math.h). The distance separates
// into a factor per row and a factor per column, computed once per tile (float) or once per
// launch by a pre-pass (double); then each node costs two FMAs, one square root and a
// polynomial. Precision T (float or double) is the precision of every step; double values that
// end as floats (the surface, float buffers) take haversine_combine_for_float
// (double_for_float.h: 1.4e-12 relative before the rounding), double buffers the full
// haversine_combine. The surface always receives float (the GL texture is GL_R32F).
//
// The kernel writes to what it is handed: a surface object (the registered GL texture, or a
// plain cudaArray in tests and headless runs) or linear device memory (exports, fallback).
// `factors`: device memory the double path's pre-pass fills, kept by the caller across launches
// (it grows, never shrinks); without one a double launch allocates its own and waits for itself
// before freeing it. The float path ignores it.
#pragma once

#include <cuda_runtime_api.h>

#include "device_memory.h"
#include "field_math.h"
#include "geodesic_field.h"
#include "subgrid.h"

namespace geofield {

// The haversine and seed formulas (a wgs84 grid is refused: it takes the launches below).
// g.nx x g.ny texels of an R32F surface, texel (j, i) = node (row i, column j); T float or double.
template <typename T>
void launch_field_to_surface(const GridGeometry& g, cudaSurfaceObject_t surface,
                             cudaStream_t stream, DeviceBuffer* factors = nullptr);

// Row-major device memory, g.nx values per row, computed in T and stored as Out (a float
// computation stored as double holds the float values widened).
template <typename T, typename Out>
void launch_field_to_buffer(const GridGeometry& g, Out* out, cudaStream_t stream,
                            DeviceBuffer* factors = nullptr);
// Subgrid w of the grid (a tile): w.nx values a row, out's node (i, j) the grid's node
// (w.row0 + i, w.col0 + j), from the whole grid's factors: bit for bit the whole field's value.
template <typename T, typename Out>
void launch_field_to_buffer(const GridGeometry& g, const Subgrid& w, Out* out, cudaStream_t stream,
                            DeviceBuffer* factors = nullptr);

// The wgs84 formula (geodesic_field.h), always in double whatever the destination: a pre-pass
// kernel builds every row's GeodesicRow and every column's GeodesicColumn into `parts` (grown as
// needed; without one a launch allocates its own and waits for itself before freeing it), then
// one thread a node runs Newton's loop from its row's and column's parts. A float destination
// takes the double value rounded (there is no float geodesic). f: the field's ellipsoid and
// reference point; g: the grid (g.formula is wgs84).
void launch_geodesic_field_to_surface(const GridGeometry& g, const GeodesicField& f,
                                      cudaSurfaceObject_t surface, cudaStream_t stream,
                                      DeviceBuffer* parts = nullptr);
template <typename Out>
void launch_geodesic_field_to_buffer(const GridGeometry& g, const GeodesicField& f, Out* out,
                                     cudaStream_t stream, DeviceBuffer* parts = nullptr);
template <typename Out>  // subgrid w of the grid, as launch_field_to_buffer's
void launch_geodesic_field_to_buffer(const GridGeometry& g, const GeodesicField& f,
                                     const Subgrid& w, Out* out, cudaStream_t stream,
                                     DeviceBuffer* parts = nullptr);

// For tests: the double path's values for a float destination, before their rounding to float.
void launch_field_for_float_to_buffer(const GridGeometry& g, double* out, cudaStream_t stream);

// Stores alone, with the float path's tiles and thread layout: one cheap value per texel, no
// math (the benchmark sets it beside its store ceiling, the best of several layouts).
void launch_store_only(int nx, int ny, cudaSurfaceObject_t surface, cudaStream_t stream);

}  // namespace geofield
