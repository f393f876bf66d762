#include "view/projected_view.h"

#include <algorithm>
#include <cmath>

#include "projection.h"

namespace geofield {
namespace {

ProjectionCentre<double> centre_of(const FieldParams& p) {
  const GeoPoint c = projection_centre(p);
  return make_projection_centre<double>(c.lat_deg, c.lon_deg);
}

// The point at map offset (east, north) from the centre, along the sphere as aeqd measures it
// (for ortho too: near the centre both have unit scale, and aeqd has a point for any offset).
// The northward part is cut where it would carry the centre over a pole.
GeoPoint moved_centre(const FieldParams& p, double east, double north) {
  const GeoPoint c = projection_centre(p);
  const double radius = radius_in_units(p);
  const double to_north_pole = (90.0 - kPoleMarginDeg - c.lat_deg) * kRadPerDeg * radius;
  const double to_south_pole = (90.0 - kPoleMarginDeg + c.lat_deg) * kRadPerDeg * radius;
  north = std::clamp(north, -std::max(0.0, to_south_pole), std::max(0.0, to_north_pole));
  const SpherePoint<double> q = aeqd_inverse(centre_of(p), east, north, radius);
  if (!q.valid) return c;
  return {q.lat_deg, q.lon_deg};
}

void set_centre(FieldParams* p, GeoPoint g) {
  if (p->projection == Projection::aeqd) {
    p->ref_lat_deg = g.lat_deg;
    p->ref_lon_deg = g.lon_deg;
  } else {
    set_view_centre(p, g.lat_deg, g.lon_deg);
  }
}

}  // namespace

GeoPoint projection_centre(const FieldParams& p) {
  const MapCentre c = projection_centre_of(p);
  return {c.lat_deg, c.lon_deg};
}

double map_units_per_px(const FieldParams& p, const MapRect& r) {
  return 2.0 * p.extent / std::max(r.w, 1e-9);
}

MapXY screen_to_map(const FieldParams& p, const MapRect& r, double px, double py) {
  const double s = map_units_per_px(p, r);
  return {(px - (r.x + r.w / 2)) * s, ((r.y + r.h / 2) - py) * s};
}

void map_to_screen(const FieldParams& p, const MapRect& r, MapXY m, double* px, double* py) {
  const double s = map_units_per_px(p, r);
  *px = r.x + r.w / 2 + m.x / s;
  *py = r.y + r.h / 2 - m.y / s;
}

std::optional<GeoPoint> projected_screen_to_geo(const FieldParams& p, const MapRect& r, double px,
                                                double py) {
  const MapXY m = screen_to_map(p, r, px, py);
  const SpherePoint<double> q =
      unproject<double>(p.projection, centre_of(p), m.x, m.y, radius_in_units(p));
  if (!q.valid) return std::nullopt;
  return GeoPoint{q.lat_deg, q.lon_deg};
}

bool projected_geo_to_screen(const FieldParams& p, const MapRect& r, GeoPoint g, double* px,
                             double* py) {
  const MapPoint<double> m =
      project<double>(p.projection, centre_of(p), g.lat_deg, g.lon_deg, radius_in_units(p));
  if (!m.valid) return false;
  map_to_screen(p, r, {m.x, m.y}, px, py);
  return true;
}

double projected_span_deg(const FieldParams& p) {
  // Radians of arc, or sine of it (ortho); eqearth: the longitudes across the equator.
  const double half = p.extent / radius_in_units(p);
  const double arc = p.projection == Projection::ortho     ? std::asin(std::min(1.0, half))
                     : p.projection == Projection::eqearth ? kEqEarthM * kEqEarthA1 * half
                                                           : half;
  return std::min(360.0, 2 * arc / kRadPerDeg);
}

double min_extent(const FieldParams& p) { return kMinSpanDeg * kRadPerDeg * radius_in_units(p); }

void set_view_centre(FieldParams* p, double lat_deg, double lon_deg) {
  const double lat = std::clamp(lat_deg, -90.0 + kPoleMarginDeg, 90.0 - kPoleMarginDeg);
  const double half = std::min((p->lat_max_deg - p->lat_min_deg) / 2, 90.0 - std::fabs(lat));
  p->lat_min_deg = lat - half;
  p->lat_max_deg = lat + half;
  const double span = lon_span_of(*p);
  set_lon_bounds(p, lon_deg - span / 2, span);
}

void change_units(FieldParams* p, Units units) {
  if (p->projection != Projection::latlon) {
    p->extent *= units_per_km(units) / units_per_km(p->units);
  }
  p->units = units;
}

void projected_pan(FieldParams* p, const MapRect& r, double dx_px, double dy_px) {
  // Equal Earth's map is fixed on the equator and the reference's meridian: a drag there would
  // move the reference, which a click places instead.
  if (p->projection == Projection::eqearth) return;
  const double s = map_units_per_px(*p, r);
  // The ground moves with the pointer: the new centre is what lay the other way from it.
  set_centre(p, moved_centre(*p, -dx_px * s, dy_px * s));
}

void projected_zoom(FieldParams* p, const MapRect& r, double factor, double px, double py) {
  const double old_extent = p->extent;
  const MapXY at = screen_to_map(*p, r, px, py);
  const std::optional<GeoPoint> grabbed = projected_screen_to_geo(*p, r, px, py);
  p->extent = std::clamp(old_extent * factor, min_extent(*p), max_extent(*p));
  if (p->projection != Projection::ortho) return;
  if (!grabbed) return;  // off the globe: about the centre
  // The point must come out at f times its old offset (the same pixel at the new scale). In
  // the plane moving the centre (1 - f) of the way does it; on the globe that is a first step,
  // and a few corrections by the remaining miss make it exact to well under a pixel.
  const double f = p->extent / old_extent;
  const MapXY want{f * at.x, f * at.y};
  set_centre(p, moved_centre(*p, (1 - f) * at.x, (1 - f) * at.y));
  for (int k = 0; k < 4; ++k) {
    const MapPoint<double> now = project<double>(p->projection, centre_of(*p), grabbed->lat_deg,
                                                 grabbed->lon_deg, radius_in_units(*p));
    if (!now.valid) return;
    set_centre(p, moved_centre(*p, now.x - want.x, now.y - want.y));
  }
}

}  // namespace geofield
