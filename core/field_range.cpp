#include "field_range.h"

#include <algorithm>
#include <cmath>
#include <vector>

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

// wgs84 on a latlon grid in O(nx + ny) geodesics: along a parallel the distance from a point
// grows with |lon - ref lon| in [0, 180] (d s12 / d lambda2 = a cos(beta2) sin(alpha2) >= 0, the
// shortest geodesic reaching the parallel heading east of the meridian or along it), so each
// row's extremes are at the columns of the smallest and largest |lambda12|.
ValueRange geodesic_latlon_range(const FieldParams& p) {
  const GridGeometry g = grid_geometry(p);
  const GeodesicField f = geodesic_field(p);
  GeodesicColumn lo = geodesic_grid_column(g, 0), hi = lo;
  for (int j = 1; j < g.nx; ++j) {
    const GeodesicColumn c = geodesic_grid_column(g, j);
    if (c.lam12 < lo.lam12) lo = c;
    if (c.lam12 > hi.lam12) hi = c;
  }
  Extremes e;
  for (int i = 0; i < g.ny; ++i) {
    const GeodesicRow row = geodesic_grid_row(f, g, i);
    e.keep(geodesic_value(f, row, lo));
    e.keep(geodesic_value(f, row, hi));
  }
  return e.r;
}

// wgs84 on a projected grid, not exact: the distance from the reference has its smallest values
// about the reference and its largest about its antipode (near enough on an ellipsoid), else on
// the edge of the nodes that have a value. So: the nodes next to the reference's and the
// antipode's places on the map, the first and last node with a value in every row and column,
// and a lattice of at most kGeodesicRangeSamples lines a side for what these miss. A node
// elsewhere may lie beyond the range by the change of value across a lattice cell (a colour
// range, which clamps). Every node would cost a geodesic each (about 0.4 us: 0.4 s for
// 1000 x 1000) on the thread that asks.
constexpr int kGeodesicRangeSamples = 129;

ValueRange geodesic_projected_range(const FieldParams& p) {
  const ProjectedGrid g = projected_grid(p);
  const GeodesicField f = geodesic_field(p);
  Extremes e;
  const auto keep = [&](int i, int j) {
    if (i >= 0 && i < g.ny && j >= 0 && j < g.nx) e.keep(projected_geodesic_value(f, g, i, j));
  };
  // The 4 nodes about map point (x, y).
  const auto keep_about = [&](double x, double y) {
    const int j = static_cast<int>(std::floor(x / g.step + 0.5 * (g.nx - 1)));
    const int i = static_cast<int>(std::floor(0.5 * (g.ny - 1) - y / g.step));
    for (int di = 0; di <= 1; ++di) {
      for (int dj = 0; dj <= 1; ++dj) keep(i + di, j + dj);
    }
  };
  const double radius = g.radius;
  const LocalDirection<double> d = g.ref_local;  // the reference seen from the centre
  if (g.projection == Projection::aeqd) {
    keep_about(0, 0);
  } else if (g.projection == Projection::eqearth) {
    const MapPoint<double> r = eqearth_forward(g.centre, g.ref_lat_deg, g.ref_lon_deg, radius);
    const MapPoint<double> a =
        eqearth_forward(g.centre, -g.ref_lat_deg, g.ref_lon_deg + 180.0, radius);
    keep_about(r.x, r.y);
    keep_about(a.x, a.y);
  } else {
    keep_about(radius * d.east, radius * d.north);
    keep_about(-radius * d.east, -radius * d.north);  // the antipode: on the far side or not
  }
  // The edge of the region of values (the inverse projections' own tests: hypot <= pi R, <= R;
  // eqearth's outline, inside its box): in each line across the grid, the first and last node
  // inside it, found from the outline and moved where rounding (or eqearth's curved outline,
  // from the box) puts it outside.
  const double limit = g.projection == Projection::aeqd ? kPi * radius : radius;
  const bool box = g.projection == Projection::eqearth;
  // Half the line of values across at offset `across`, in map units.
  const auto half_line = [&](double across, double box_half) {
    return box ? box_half : std::sqrt(std::max(0.0, limit * limit - across * across));
  };
  const auto ends = [&](int n, double half, auto value_at) {
    const double reach = half / g.step;
    const double centre = 0.5 * (n - 1);
    int lo = std::max(0, static_cast<int>(std::ceil(centre - reach)) - 1);
    int hi = std::min(n - 1, static_cast<int>(std::floor(centre + reach)) + 1);
    while (lo <= hi && std::isnan(value_at(lo))) ++lo;
    while (hi > lo && std::isnan(value_at(hi))) --hi;
    if (lo <= hi) {
      e.keep(value_at(lo));
      e.keep(value_at(hi));
    }
  };
  const double row_limit = box ? kEqEarthMaxY * radius : limit;
  const double col_limit = box ? kEqEarthMaxX * radius : limit;
  for (int i = 0; i < g.ny; ++i) {
    const double y = projected_node_y<double>(g, i);
    if (std::fabs(y) > row_limit) continue;
    ends(g.nx, half_line(y, col_limit),
         [&](int j) { return projected_geodesic_value(f, g, i, j); });
  }
  for (int j = 0; j < g.nx; ++j) {
    const double x = projected_node_x<double>(g, j);
    if (std::fabs(x) > col_limit) continue;
    ends(g.ny, half_line(x, row_limit),
         [&](int i) { return projected_geodesic_value(f, g, i, j); });
  }
  const auto lattice = [](int n) {
    std::vector<int> at;
    const int stride =
        std::max(1, (n - 1 + kGeodesicRangeSamples - 2) / (kGeodesicRangeSamples - 1));
    for (int k = 0; k < n - 1; k += stride) at.push_back(k);
    at.push_back(n - 1);
    return at;
  };
  const std::vector<int> rows = lattice(g.ny), cols = lattice(g.nx);
  for (int i : rows) {
    for (int j : cols) keep(i, j);
  }
  return e.r;
}

}  // namespace

ValueRange field_range(const FieldParams& p) {
  if (p.formula == Formula::wgs84) {
    return p.projection == Projection::latlon ? geodesic_latlon_range(p)
                                              : geodesic_projected_range(p);
  }
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

namespace {

template <typename T>
ValueRange range_of(std::span<const T> values) {
  ValueRange r;
  bool any = false;
  for (const T v : values) {
    if (v != v) continue;  // NaN
    if (!any || v < r.min) r.min = v;
    if (!any || v > r.max) r.max = v;
    any = true;
  }
  return r;
}

}  // namespace

ValueRange values_range(std::span<const float> values) { return range_of(values); }
ValueRange values_range(std::span<const double> values) { return range_of(values); }

}  // namespace geofield
