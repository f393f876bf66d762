#include "field_range.h"

#include <algorithm>

namespace geofield {

ValueRange field_range(const FieldParams& p) {
  const GridGeometry g = grid_geometry(p);
  ColFactors<double> lo = col_factors<double>(g, 0), hi = lo;
  for (int j = 1; j < g.nx; ++j) {
    const ColFactors<double> c = col_factors<double>(g, j);
    if (c.s < lo.s) lo = c;
    if (c.s > hi.s) hi = c;
  }
  ValueRange r{combine<double>(g, row_factors<double>(g, 0), lo), 0};
  r.max = r.min;
  for (int i = 0; i < g.ny; ++i) {
    const RowFactors<double> row = row_factors<double>(g, i);
    r.min = std::min(r.min, combine<double>(g, row, lo));
    r.max = std::max(r.max, combine<double>(g, row, hi));
  }
  return r;
}

}  // namespace geofield
