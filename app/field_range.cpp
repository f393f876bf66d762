#include "field_range.h"

#include <algorithm>
#include <cmath>

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

// Keeps the smallest and largest of the values seen, NaN (no value) skipped.
struct Extremes {
  bool any = false;
  ValueRange r;
  void keep(double v) {
    if (std::isnan(v)) return;
    r.min = any ? std::min(r.min, v) : v;
    r.max = any ? std::max(r.max, v) : v;
    any = true;
  }
};

// aeqd haversine in O(ny): the value is the node's radius hypot(x, y) (the projection's
// defining property), so each row's extremes are its column nearest the centre and its
// farthest column still inside the antipode's circle.
ValueRange aeqd_range(const ProjectedGrid& g) {
  const double centre_j = 0.5 * (g.nx - 1);
  const double limit = kPi * g.radius;  // the inverse's own test: hypot(x, y) <= pi R
  const auto inside = [&](int i, int j) {
    const double x = projected_node_x<double>(g, j), y = projected_node_y<double>(g, i);
    return std::sqrt(x * x + y * y) <= limit;
  };
  Extremes e;
  for (int i = 0; i < g.ny; ++i) {
    const int near = static_cast<int>(std::floor(centre_j));
    if (!inside(i, near)) continue;
    e.keep(projected_field_value<double>(g, i, near));
    const double y = projected_node_y<double>(g, i);
    const double reach = std::sqrt(std::max(0.0, limit * limit - y * y)) / g.step;
    int far = std::min(g.nx - 1, static_cast<int>(std::floor(centre_j + reach)) + 1);
    while (far > near && !inside(i, far)) --far;  // a step or two from the estimate
    e.keep(projected_field_value<double>(g, i, far));
  }
  return e.r;
}

// Every node, on the host: ortho (distances from a point that is not the centre) and the seed
// expression have no such shortcut. O(nx * ny), on this thread.
ValueRange every_node_range(const ProjectedGrid& g) {
  Extremes e;
  for (int i = 0; i < g.ny; ++i) {
    for (int j = 0; j < g.nx; ++j) e.keep(projected_field_value<double>(g, i, j));
  }
  return e.r;
}

}  // namespace

ValueRange field_range(const FieldParams& p) {
  if (p.projection != Projection::latlon) {
    const ProjectedGrid g = projected_grid(p);
    const bool radius_is_value =
        g.projection == Projection::aeqd && g.formula == Formula::haversine;
    return radius_is_value ? aeqd_range(g) : every_node_range(g);
  }
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
