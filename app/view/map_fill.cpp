#include "view/map_fill.h"

#include <algorithm>
#include <cmath>

#include "field_math.h"

namespace geofield {
namespace {

constexpr double kSlackPx = 1.0;   // a letterbox bar this thin is no bar
constexpr int kLatIterations = 8;  // the centre latitude moves when a pole clamps the span

// (n - 1) scaled by f, so a grid keeps its node spacing over a span f times longer.
int scaled_side(int n, double f) { return std::max(2, 1 + int(std::lround((n - 1) * f))); }

bool fill_latlon(FieldParams* p, const MapRect& area) {
  const double want = area.w / area.h;  // the area's width over height
  const double lon_span = lon_span_of(*p), lat_span = p->lat_max_deg - p->lat_min_deg;
  const MapRect r = letterbox(*p, area);
  if (r.w < area.w - kSlackPx) {  // bars beside: more longitude
    const double span = std::min(360.0, lon_span * want / true_shape_aspect(*p));
    if (span <= lon_span) return false;  // the whole circle already: letterboxed
    set_lon_bounds(p, p->lon_min_deg + lon_span / 2 - span / 2, span);
    p->nx = scaled_side(p->nx, span / lon_span);
    return true;
  }
  if (r.h < area.h - kSlackPx && lat_span < 180.0) {  // bars above and below: more latitude
    double lo = p->lat_min_deg, hi = p->lat_max_deg;
    const double mid = (lo + hi) / 2;
    // The span that gives the area's shape at the centre latitude; clamped at a pole the
    // centre moves, so its cosine is taken again.
    FieldParams q = *p;
    for (int k = 0; k < kLatIterations; ++k) {
      double s = 0, c = 0;
      sincos_deg((q.lat_min_deg + q.lat_max_deg) / 2, &s, &c);
      const double span = std::clamp(lon_span * c / want, lat_span, 180.0);
      set_lat_bounds(&q, mid - span / 2, mid + span / 2);
    }
    lo = q.lat_min_deg, hi = q.lat_max_deg;
    if (lo == p->lat_min_deg && hi == p->lat_max_deg) return false;
    p->lat_min_deg = lo;
    p->lat_max_deg = hi;
    p->ny = scaled_side(p->ny, (hi - lo) / lat_span);
    return true;
  }
  return false;
}

// A projected grid is square by contract: its shape is (nx - 1) / (ny - 1), the extent the
// half-width. Wider: more columns and a larger extent (the height kept); taller: more rows.
bool fill_projected(FieldParams* p, const MapRect& area) {
  const double want = area.w / area.h;
  const MapRect r = letterbox(*p, area);
  if (r.w < area.w - kSlackPx) {
    const double f = std::min(want / true_shape_aspect(*p), max_extent(*p) / p->extent);
    if (f <= 1.0) return false;
    const int nx = scaled_side(p->nx, f);
    if (nx == p->nx) return false;
    // The columns' spacing kept exactly: 2 extent / (nx - 1), or / nx for pixel registration.
    const int cells = p->registration == Registration::pixel ? 0 : 1;
    p->extent *= double(nx - cells) / (p->nx - cells);
    p->nx = nx;
    return true;
  }
  if (r.h < area.h - kSlackPx) {
    const int ny = scaled_side(p->ny, true_shape_aspect(*p) / want);
    if (ny == p->ny) return false;
    p->ny = ny;
    return true;
  }
  return false;
}

}  // namespace

bool fill_area(FieldParams* p, const MapRect& area) {
  if (!(area.w > 1 && area.h > 1)) return false;
  return p->projection == Projection::latlon ? fill_latlon(p, area) : fill_projected(p, area);
}

}  // namespace geofield
