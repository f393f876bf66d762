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

// Largest |texture - host double field| / max(|value|, 1 unit) at sampled nodes (latlon or
// projected; a projected view's nodes off the map must be NaN in both).
inline double sampled_error(const FieldParams& p, const HostField& f) {
  const bool projected = p.projection != Projection::latlon;
  const GridGeometry g = grid_geometry(p);
  const ProjectedGrid pg = projected ? projected_grid(p) : ProjectedGrid{};
  const size_t n = size_t(p.nx) * size_t(p.ny);
  const size_t step = std::max<size_t>(1, n / 4099);
  double worst = 0;
  for (size_t k = 0; k < n; k += step) {
    const int i = static_cast<int>(k / p.nx), j = static_cast<int>(k % p.nx);
    const double want =
        projected ? projected_field_value<double>(pg, i, j) : field_value<double>(g, i, j);
    const double got = f.f32[k];
    if (std::isnan(want) || std::isnan(got)) {
      if (std::isnan(want) != std::isnan(got)) worst = INFINITY;
      continue;
    }
    worst = std::max(worst, std::abs(got - want) / std::max(std::abs(want), 1.0));
  }
  return worst;
}

}  // namespace geofield::bench
