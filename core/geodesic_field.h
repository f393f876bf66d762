// The wgs84 formula's field: geodesic.h's inverse from the reference point to every node of a
// grid, in double, its work split as geodesic.h splits it. Shared by the CPU backend, the CUDA
// kernels, the value range, the hover readout and the tests, as field_math.h is.
//   once a field : the ellipsoid (series coefficients) and the reference point (GeodesicField)
//   once a row   : GeodesicRow of the node latitude (latlon grids)
//   once a column: GeodesicColumn of the longitude difference (latlon grids)
//   per node     : Newton's loop and the distance (geodesic_value)
// Projected grids (aeqd, ortho) have no shared rows or columns: each node's latitude and
// longitude come from the inverse projection (on the sphere of the ellipsoid's mean radius, see
// FieldParams), then all four parts run for the node.
// There is no float geodesic: a float field stores the double value as float.
#pragma once

#include "field_math.h"
#include "geodesic.h"
#include "projected_grid.h"

namespace geofield {

// Everything of a wgs84 field that depends on neither row nor column.
struct GeodesicField {
  GeodesicEllipsoid ellipsoid;
  GeodesicReference reference;
  double ref_lon_deg = 0;
  double metres_per_unit = 1000;  // the field's values are metres / this (exact for each unit)
};

// The flattening of an inverse flattening: 0 is a sphere (f = 0), as GeoTIFF's InvFlattening.
GF_HD double flattening_of(double inv_f) { return inv_f == 0 ? 0.0 : 1.0 / inv_f; }

// The radius of the sphere that stands for the ellipsoid where a sphere is needed (projections,
// graticule, extent limits): the mean radius (2a + b) / 3 = a (1 - f / 3), IUGG's R1, which for
// WGS84 is 6371.00877 km (IUGG rounds it to 6371.0088 km, the haversine formula's default
// radius). Kilometres.
GF_HD double ellipsoid_mean_radius_km(double a_km, double inv_f) {
  return a_km * (1 - flattening_of(inv_f) / 3);
}

// a_km: equatorial radius in km; inv_f: 1/f, 0 for a sphere (geodesic_ellipsoid_supported must
// hold for a_km * 1000 and flattening_of(inv_f)). ref_lat_deg in [-90, 90].
inline GeodesicField make_geodesic_field(double a_km, double inv_f, double ref_lat_deg,
                                         double ref_lon_deg, Units units) {
  GeodesicField f;
  f.ellipsoid = make_geodesic_ellipsoid(a_km * 1000.0, flattening_of(inv_f));
  f.reference = make_geodesic_reference(f.ellipsoid, ref_lat_deg);
  f.ref_lon_deg = ref_lon_deg;
  f.metres_per_unit = metres_per_unit(units);
  return f;
}

// Row i's latitude kept within [-90, 90]: lat_max - i * step may round past a pole by an ulp on
// the last row of a grid that ends there.
GF_HD double geodesic_row_lat_deg(const GridGeometry& g, int i) {
  const double lat = node_lat_deg(g, i);
  return lat < -90.0 ? -90.0 : (lat > 90.0 ? 90.0 : lat);
}

GF_HD GeodesicRow geodesic_grid_row(const GeodesicField& f, const GridGeometry& g, int i) {
  return make_geodesic_row(f.ellipsoid, f.reference, geodesic_row_lat_deg(g, i));
}

// Column j's longitude difference from the reference, as the haversine columns take it:
// (lon_min - ref_lon, reduced, in double on the host) + j * step.
GF_HD GeodesicColumn geodesic_grid_column(const GridGeometry& g, int j) {
  return make_geodesic_column(g.dlon0_deg + j * g.lon_step_deg);
}

// The field value of one node, output unit.
GF_HD double geodesic_value(const GeodesicField& f, const GeodesicRow& row,
                            const GeodesicColumn& col) {
  return geodesic_inverse_distance(f.ellipsoid, row, col) / f.metres_per_unit;
}

// Node (i, j) of a latlon grid, all parts built here (tests, the value range).
GF_HD double geodesic_field_value(const GeodesicField& f, const GridGeometry& g, int i, int j) {
  return geodesic_value(f, geodesic_grid_row(f, g, i), geodesic_grid_column(g, j));
}

// The value at a point of a projected grid (the inverse projection's), NaN where there is none.
// The longitude difference is taken as the haversine path takes it, (centre - reference, in
// double) + (point - centre), so a view about the reference keeps its digits.
GF_HD double projected_geodesic_point_value(const GeodesicField& f, const ProjectedGrid& g,
                                            const SpherePoint<double>& q) {
  if (!q.valid) return q.lat_deg;  // NaN
  double lat = q.lat_deg;
  lat = lat < -90.0 ? -90.0 : (lat > 90.0 ? 90.0 : lat);
  const GeodesicRow row = make_geodesic_row(f.ellipsoid, f.reference, lat);
  return geodesic_value(f, row, make_geodesic_column(g.dlon_centre_deg + q.dlon_deg));
}

GF_HD double projected_geodesic_value(const GeodesicField& f, const ProjectedGrid& g, int i,
                                      int j) {
  return projected_geodesic_point_value(f, g, projected_node_point<double>(g, i, j));
}

}  // namespace geofield
