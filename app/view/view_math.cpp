#include "view/view_math.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>

#include "view/projected_view.h"

namespace geofield {

double lon_span_of(const FieldParams& p) { return lon_span_deg(p.lon_min_deg, p.lon_max_deg); }

double true_shape_aspect(const FieldParams& p) {
  if (p.projection != Projection::latlon) {  // square steps: the nodes' or the cells' box
    const int cells = p.registration == Registration::pixel ? 0 : 1;
    return double(p.nx - cells) / double(p.ny - cells);
  }
  double s = 0, c = 0;
  sincos_deg((p.lat_min_deg + p.lat_max_deg) / 2, &s, &c);
  return lon_span_of(p) * c / (p.lat_max_deg - p.lat_min_deg);
}

MapRect letterbox(const FieldParams& p, const MapRect& area) {
  const double aspect = true_shape_aspect(p);
  MapRect r = area;
  if (area.w > aspect * area.h) {  // bars left and right
    r.w = std::max(1.0, aspect * area.h);
    r.x = area.x + (area.w - r.w) / 2;
  } else {  // bars above and below
    r.h = std::max(1.0, area.w / aspect);
    r.y = area.y + (area.h - r.h) / 2;
  }
  return r;
}

MapRect map_rect(const FieldParams& p, bool follows_pixels, const MapRect& area) {
  if (follows_pixels && p.projection != Projection::latlon) return area;
  return letterbox(p, area);
}

std::optional<GeoPoint> point_under(const FieldParams& p, const MapRect& r, double px, double py) {
  if (p.projection != Projection::latlon) return projected_screen_to_geo(p, r, px, py);
  return screen_to_geo(p, r, px, py);
}

bool screen_of(const FieldParams& p, const MapRect& r, GeoPoint g, double* px, double* py) {
  if (p.projection != Projection::latlon) return projected_geo_to_screen(p, r, g, px, py);
  geo_to_screen(p, r, g, px, py);
  return true;
}

GeoPoint screen_to_geo(const FieldParams& p, const MapRect& r, double px, double py) {
  const double tx = (px - r.x) / r.w, ty = (py - r.y) / r.h;
  GeoPoint g;
  g.lat_deg = p.lat_max_deg - ty * (p.lat_max_deg - p.lat_min_deg);
  g.lon_deg = reduce_deg_180(p.lon_min_deg + tx * lon_span_of(p));
  return g;
}

void geo_to_screen(const FieldParams& p, const MapRect& r, GeoPoint g, double* px, double* py) {
  const double span = lon_span_of(p);
  const double centre = p.lon_min_deg + span / 2;
  const double off = reduce_deg_180(g.lon_deg - centre) + span / 2;  // from the west edge
  *px = r.x + off / span * r.w;
  *py = r.y + (p.lat_max_deg - g.lat_deg) / (p.lat_max_deg - p.lat_min_deg) * r.h;
}

PixelSize true_shape_size(const FieldParams& p, int max_w, int max_h) {
  const MapRect r = letterbox(p, MapRect{0, 0, double(max_w), double(max_h)});
  return {std::clamp(int(std::lround(r.w)), 1, max_w), std::clamp(int(std::lround(r.h)), 1, max_h)};
}

void set_lon_bounds(FieldParams* p, double lon_min_deg, double span_deg) {
  span_deg = std::clamp(span_deg, kMinSpanDeg, 360.0);
  double lo = reduce_deg_180(lon_min_deg);
  double hi = lo + span_deg;
  if (span_deg >= 360.0) {
    if (hi > kMaxAbsLonDeg) {
      lo -= 360.0;
      hi -= 360.0;
    }
  } else if (hi > 180.0) {
    hi -= 360.0;  // crosses the antimeridian: MIN > MAX
  }
  p->lon_min_deg = lo;
  p->lon_max_deg = hi;
}

void set_lat_bounds(FieldParams* p, double lo, double hi) {
  double span = std::clamp(hi - lo, kMinSpanDeg, 180.0);
  if (lo < -90.0) lo = -90.0;
  if (lo + span > 90.0) lo = 90.0 - span;
  p->lat_min_deg = lo;
  p->lat_max_deg = lo + span;
  if (p->lat_max_deg > 90.0) p->lat_max_deg = 90.0;
}

void pan(FieldParams* p, const MapRect& r, double dx_px, double dy_px) {
  if (p->projection != Projection::latlon) return projected_pan(p, r, dx_px, dy_px);
  const double lon_span = lon_span_of(*p), lat_span = p->lat_max_deg - p->lat_min_deg;
  const double dlon = -dx_px / r.w * lon_span;
  const double dlat = dy_px / r.h * lat_span;
  set_lon_bounds(p, p->lon_min_deg + dlon, lon_span);
  set_lat_bounds(p, p->lat_min_deg + dlat, p->lat_max_deg + dlat);
}

void zoom_about(FieldParams* p, const MapRect& r, double factor, double px, double py) {
  if (p->projection != Projection::latlon) return projected_zoom(p, r, factor, px, py);
  const double tx = std::clamp((px - r.x) / r.w, 0.0, 1.0);
  const double ty = std::clamp((py - r.y) / r.h, 0.0, 1.0);
  const double lon_span = lon_span_of(*p), lat_span = p->lat_max_deg - p->lat_min_deg;
  const double new_lon = std::clamp(lon_span * factor, kMinSpanDeg, 360.0);
  const double new_lat = std::clamp(lat_span * factor, kMinSpanDeg, 180.0);
  const double lon_at = p->lon_min_deg + tx * lon_span;  // fixed point, unwrapped
  const double lat_at = p->lat_max_deg - ty * lat_span;
  set_lon_bounds(p, lon_at - tx * new_lon, new_lon);
  const double hi = lat_at + ty * new_lat;
  set_lat_bounds(p, hi - new_lat, hi);
}

int view_decimals(double span_deg, double map_px) {
  constexpr int kMostDecimals = 6;  // a micro-degree, about 0.1 m: kMinSpanDeg's scale
  const double per_px = span_deg / std::max(map_px, 1.0);
  if (!(per_px > 0) || !std::isfinite(per_px)) return kMostDecimals;
  return std::clamp(int(std::ceil(-std::log10(per_px) - 1e-9)), 0, kMostDecimals);
}

double nice_step_deg(double span_deg, int lines) {
  const double raw = span_deg / std::max(lines, 1);
  if (raw >= 10) {
    for (double s : {15.0, 30.0, 45.0, 90.0}) {
      if (s >= raw) return s;
    }
    return 90.0;
  }
  return nice_interval(0, span_deg, lines);
}

namespace {

// The least m x 10^k at or above raw, m from `mantissas` (ascending, in [1, 10)); 1 for a raw
// that is not a positive number.
double nice_ceiling(double raw, std::initializer_list<double> mantissas) {
  if (!(raw > 0) || !std::isfinite(raw)) return 1.0;
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : mantissas) {
    if (m * mag >= raw) return m * mag;
  }
  return 10.0 * mag;
}

}  // namespace

double nice_interval(double lo, double hi, int lines) {
  return nice_ceiling((hi - lo) / std::max(lines, 1), {1.0, 2.0, 5.0});
}

double ring_interval(double lo, double hi) {
  return nice_ceiling((hi - lo) / kMostSuitedRings, {1.0, 2.0, 2.5, 5.0});
}

}  // namespace geofield
