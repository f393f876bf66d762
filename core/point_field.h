// The field at given points instead of a grid's nodes: a site's value at a point
// (latitude, longitude) by the grid's own per-node math, the site as the reference. A point is
// a node of a grid of one row and one column: its row part (field_math.h's row factors, or
// geodesic.h's GeodesicRow) comes from its latitude and its column part from its longitude's
// difference from the site. What differs from a grid's node is only where the offsets are
// rounded: the grid takes lat_max - i * step in the arithmetic's precision, a point the
// difference of its double latitude and the site's, rounded once. So a point at a node has the
// node's value to that rounding (tests/unit/point_field_test.cpp). Host and device alike.
#pragma once

#include "field_math.h"
#include "geodesic_field.h"
#include "projection.h"

namespace geofield {

// What the value is: the formula, the sphere's radius in the output unit (haversine, seed), the
// ellipsoid and the unit (wgs84). Made on the host from FieldParams (point_formula).
struct PointFormula {
  Formula formula = Formula::haversine;
  double radius = 0;  // output unit
  GeodesicEllipsoid ellipsoid{};
  double metres_per_unit = 1000;
};

// A place, a site's or a point's, with the parts its row factors take: cosines of the latitude
// in double (the haversine's, and the seed's cos(0.01745329 lat) from the distance to the
// nearer pole, as a grid's rows take it) and, for a site under wgs84, its GeodesicReference.
struct PointPlace {
  double lat_deg = 0, lon_deg = 0;  // as given
  double cos_lat = 1, seed_cos_lat = 1;
  GeodesicReference geodesic{};
};

// lat_deg in [-90, 90], lon_deg any finite value. site: whether it is measured from (wgs84: its
// reduced latitude is made once, as a grid's reference point's is).
GF_HD PointPlace make_point_place(const PointFormula& f, double lat_deg, double lon_deg,
                                  bool site) {
  PointPlace p;
  p.lat_deg = lat_deg;
  p.lon_deg = lon_deg;
  double s = 0;
  sincos_deg(lat_deg, &s, &p.cos_lat);
  p.cos_lat = p.cos_lat > 0 ? p.cos_lat : 0;
  if (f.formula == Formula::seed) {
    p.seed_cos_lat = seed_cos_of_polar_distance(90.0 - (lat_deg < 0 ? -lat_deg : lat_deg));
  }
  if (site && f.formula == Formula::wgs84) {
    p.geodesic = make_geodesic_reference(f.ellipsoid, lat_deg);
  }
  return p;
}

// The value of site s at point q in precision T (wgs84: in double, rounded to T, as its grids).
template <typename T>
GF_HD T point_value(const PointFormula& f, const PointPlace& s, const PointPlace& q) {
  // Both longitudes wrapped to [-180, 180) first: their difference is then exact and wraps
  // exactly (the seed expression takes the raw difference, as its latlon grids do).
  const double dlon = wrap_lon_deg(wrap_lon_deg(q.lon_deg) - wrap_lon_deg(s.lon_deg));
  if (f.formula == Formula::wgs84) {
    const GeodesicRow row = make_geodesic_row(f.ellipsoid, s.geodesic, q.lat_deg);
    return static_cast<T>(geodesic_inverse_distance(f.ellipsoid, row, make_geodesic_column(dlon)) /
                          f.metres_per_unit);
  }
  const T dlat = T(q.lat_deg - s.lat_deg);
  if (f.formula == Formula::seed) {
    const RowFactors<T> r = seed_row_from_cos<T>(dlat, T(q.seed_cos_lat), T(s.seed_cos_lat));
    return seed_combine(r, seed_col<T>(T(q.lon_deg - s.lon_deg)), T(f.radius));
  }
  const RowFactors<T> r =
      haversine_row_from_cos<T>(dlat, T(q.lat_deg + s.lat_deg), T(q.cos_lat), T(s.cos_lat));
  return haversine_combine(r, haversine_col<T>(T(dlon)), T(f.radius));
}

}  // namespace geofield
