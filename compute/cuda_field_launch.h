// The one-centre field of any view (latlon or projected; haversine, seed or wgs84; float or
// double arithmetic) into row-major device memory: the choice among cuda/'s launches that the
// CUDA backend's pixel-buffer path and exports and libgeofield's device output share.
#pragma once

#include <cuda_runtime_api.h>

#include "device_memory.h"
#include "field_params.h"
#include "nearest_centres.h"
#include "subgrid.h"

namespace geofield {

// Queues the field of p (validated) on stream into out (p.nx * p.ny values, row 0 north),
// computed in p.precision (wgs84 always in double) and stored as Out (float or double).
// scratch: the double and wgs84 paths' per-row parts, kept by the caller across launches.
template <typename Out>
void launch_field_into(const FieldParams& p, Out* out, cudaStream_t stream, DeviceBuffer* scratch);

// The same for subgrid w of p's grid (a tile): out holds w.nx * w.ny values, local node (i, j)
// the whole grid's node (w.row0 + i, w.col0 + j), bit for bit the whole field's value there.
template <typename Out>
void launch_field_into(const FieldParams& p, const Subgrid& w, Out* out, cudaStream_t stream,
                       DeviceBuffer* scratch);

// The view p as the nearest-centre kernels take it (p's own reference is not used).
CentresView centres_view(const FieldParams& p);

}  // namespace geofield
