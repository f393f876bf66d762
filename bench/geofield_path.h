// geofield's own path, measured through public APIs: the kernel alone writing the interop
// texture (cuda/), and the whole recompute as the CUDA backend runs it (app/backends/),
// interop synchronisation included, for both formulas in float and double; and the projected
// views' kernels (aeqd, ortho; haversine, float and double) beside the latlon kernel.
#pragma once

#include <string>
#include <vector>

#include "field_params.h"
#include "gl/field_texture.h"
#include "timing.h"

namespace geofield::bench {

struct GeofieldRow {
  Projection projection = Projection::latlon;  // aeqd, ortho: at their default extent
  Formula formula = Formula::haversine;
  Precision precision = Precision::f32;
  Stats kernel;            // the kernel alone into the mapped texture (CUDA events)
  Stats recompute_wall;    // one whole recompute (map, kernel, unmap), then a stream sync
  Stats recompute_events;  // the same recompute between CUDA events
  double max_rel_err = 0;  // the field read back against the CPU backend in double, sampled
};

struct GeofieldResult {
  // latlon (haversine, seed) x (f32, f64), then (aeqd, ortho) x haversine x (f32, f64)
  std::vector<GeofieldRow> rows;
  Stats store_only_tiles;  // the backend's own store-only kernel (its tiles, no math)
  // A frame with no parameter change, GPU side: Renderer::draw of the computed field into a
  // 1920 x 1080 framebuffer object, then glFinish (steady clock). No CUDA work at all: the
  // change detection that skips the launch lives in the app's frame loop, not in compute().
  Stats redraw_1080p;
};

// Measures the view (already resized) into texture, which is made view.nx x view.ny. Returns
// no rows and says why in *why_not when this build has no CUDA backend to measure.
GeofieldResult run_geofield_path(const FieldParams& view, FieldTexture& texture,
                                 std::string* why_not);

}  // namespace geofield::bench
