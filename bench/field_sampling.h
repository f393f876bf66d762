// What both of geofield's GPU paths in the benchmark (CUDA: geofield_path.cpp, GL:
// gl_path.cpp) need: parameters that change every repeat, and a sampled check of the field.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>

#include "backends/field_backend.h"
#include "field_math.h"
#include "field_params.h"

namespace geofield::bench {

// A slider move: the reference point nudged by a different amount every repeat, so the
// backend's change detection never skips a recompute.
inline FieldParams nudged(FieldParams p, int k) {
  p.ref_lon_deg += 1e-7 * (k % 1000 + 1);
  return p;
}

// Largest |texture - host double field| / max(|value|, 1 unit) at sampled nodes.
inline double sampled_error(const FieldParams& p, const HostField& f) {
  const GridGeometry g = grid_geometry(p);
  const size_t n = size_t(p.nx) * size_t(p.ny);
  const size_t step = std::max<size_t>(1, n / 4099);
  double worst = 0;
  for (size_t k = 0; k < n; k += step) {
    const int i = static_cast<int>(k / p.nx), j = static_cast<int>(k % p.nx);
    const double want = field_value<double>(g, i, j);
    worst = std::max(worst, std::abs(double(f.f32[k]) - want) / std::max(std::abs(want), 1.0));
  }
  return worst;
}

}  // namespace geofield::bench
