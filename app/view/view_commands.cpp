#include "view/view_commands.h"

#include "view/projected_view.h"

namespace geofield {

void reset_view(FieldParams* p, const FieldParams& home) {
  p->lat_min_deg = home.lat_min_deg;
  p->lat_max_deg = home.lat_max_deg;
  p->lon_min_deg = home.lon_min_deg;
  p->lon_max_deg = home.lon_max_deg;
  p->extent = home.extent;
  if (p->units != home.units) {  // the extent is in the output unit: keep its size on the ground
    p->extent = home.extent / units_per_km(home.units) * units_per_km(p->units);
  }
}

void zoom_centre(FieldParams* p, const MapRect& r, double factor) {
  zoom_about(p, r, factor, r.x + r.w / 2, r.y + r.h / 2);
}

void pan_step(FieldParams* p, const MapRect& r, int east, int north) {
  // A drag moves the ground with the pointer: to see the east, drag it west.
  pan(p, r, -east * kKeyPanFraction * r.w, north * kKeyPanFraction * r.h);
}

void centre_on_reference(FieldParams* p) {
  if (p->projection == Projection::ortho) {
    set_view_centre(p, p->ref_lat_deg, p->ref_lon_deg);
  } else if (p->projection == Projection::latlon) {
    const double half_lat = (p->lat_max_deg - p->lat_min_deg) / 2;
    set_lat_bounds(p, p->ref_lat_deg - half_lat, p->ref_lat_deg + half_lat);
    const double span = lon_span_of(*p);
    set_lon_bounds(p, p->ref_lon_deg - span / 2, span);
  }
}

}  // namespace geofield
