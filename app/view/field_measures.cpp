#include "view/field_measures.h"

#include "geodesic_field.h"
#include "view/great_circle.h"

namespace geofield {
namespace {

GeodesicInverse geodesic(const FieldParams& p, GeoPoint a, GeoPoint b) {
  const GeodesicField f = geodesic_field(p);
  return geodesic_inverse_points(f.ellipsoid, a.lat_deg, a.lon_deg, b.lat_deg, b.lon_deg);
}

}  // namespace

double field_value_at(const FieldParams& p, GeoPoint g) {
  const GeoPoint ref{p.ref_lat_deg, p.ref_lon_deg};
  if (p.formula == Formula::seed) {
    return seed_value(p.ref_lat_deg, p.ref_lon_deg, g.lat_deg, g.lon_deg, radius_in_units(p));
  }
  return distance_between(p, ref, g);
}

double distance_between(const FieldParams& p, GeoPoint a, GeoPoint b) {
  if (p.formula == Formula::wgs84) return geodesic(p, a, b).s12_m / metres_per_unit(p.units);
  return great_circle_distance(a, b, radius_in_units(p));
}

double bearing_between(const FieldParams& p, GeoPoint a, GeoPoint b) {
  if (p.formula != Formula::wgs84) return initial_bearing_deg(a, b);
  const GeodesicInverse g = geodesic(p, a, b);
  if (g.s12_m == 0) return 0;
  const double az = g.azi1_deg;  // (-180, 180]
  return az < 0 ? az + 360 : (az >= 360 ? 0 : az);
}

}  // namespace geofield
