#include "field_range.h"

#include <algorithm>

namespace geofield {
namespace {

// True when column x gives a smaller value than column y in every row.
// haversine: the value grows with tan^2(dlon/2) = s/k. s alone cannot order columns near the
// antipode, where s rounds to 1 for many columns while k (small there) still tells them
// apart; compared as s_x k_y < s_y k_x, both keep their relative accuracy and k = 0 is fine.
// seed: k is not used; the value grows with s.
bool column_below(Formula f, const ColFactors<double>& x, const ColFactors<double>& y) {
  if (f == Formula::seed) return x.s < y.s;
  return x.s * y.k < y.s * x.k;
}

}  // namespace

ValueRange field_range(const FieldParams& p) {
  const GridGeometry g = grid_geometry(p);
  ColFactors<double> lo = col_factors<double>(g, 0), hi = lo;
  for (int j = 1; j < g.nx; ++j) {
    const ColFactors<double> c = col_factors<double>(g, j);
    if (column_below(g.formula, c, lo)) lo = c;
    if (column_below(g.formula, hi, c)) hi = c;
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
