// geofield's GL backend (app/backends/gl_backend.*) in the benchmark: the whole recompute as the
// window runs it with --backend gl (compute shaders in the context that draws), for both
// formulas in float and double, beside the CUDA path's rows (geofield_path.h).
#pragma once

#include <vector>

#include "field_params.h"
#include "gl/field_texture.h"
#include "timing.h"

namespace geofield::bench {

struct GlRow {
  Formula formula = Formula::haversine;
  Precision precision = Precision::f32;
  Stats recompute_wall;    // GlBackend::compute with changed parameters, then glFinish
  double max_rel_err = 0;  // the texture read back against the CPU's double math, sampled
};

// Measures the view (already resized) into texture, which is made view.nx x view.ny.
std::vector<GlRow> run_gl_path(const FieldParams& view, FieldTexture& texture);

}  // namespace geofield::bench
