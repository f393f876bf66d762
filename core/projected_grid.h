// A grid in projected coordinates (aeqd, ortho) and its field: node (i, j) -> (x, y) on the
// map -> the sphere by the inverse projection -> the distance formulas of field_math.h from the
// reference point. Shared by the CPU backend, the CUDA kernels (projected_kernel.cu: the double
// path and the seed formula node by node; the float haversine by projected_chord.h) and the tests.
//
// Grid contract (DESIGN.md, "Projected views"): half-width D in the output unit, steps
// 2D/(nx - 1) in x and y, node (i, j) at x = -D + j*2D/(nx - 1),
// y = D(ny - 1)/(nx - 1) - i*2D/(nx - 1) about the projection's centre (row 0 at +y).
#pragma once

#include "field_math.h"
#include "projection.h"

namespace geofield {

// Built on the host in double (make_projected_grid); the offsets between the centre and the
// reference point are taken in double there, so the float path adds only small offsets.
struct ProjectedGrid {
  int nx = 0, ny = 0;
  Projection projection = Projection::aeqd;
  double step = 0;                    // node spacing in x and y, output unit
  ProjectionCentre<double> centre{};  // the reference point (aeqd) or the view's centre (ortho)
  double ref_lat_deg = 0, ref_lon_deg = 0;
  double dlat_centre_deg = 0;  // centre lat - ref lat
  double slat_centre_deg = 0;  // centre lat + ref lat
  double dlon_centre_deg = 0;  // centre lon - ref lon, in [-180, 180)
  double cos_ref_lat = 0;
  double seed_cos_ref_lat = 0;  // the seed's cos(0.01745329 ref_lat), in double
  double radius = 0;            // output unit
  Formula formula = Formula::haversine;
  // The reference point as seen from the centre (east, north, cos c; aeqd: 0, 0, 1), in double:
  // the float kernel's separable ortho field starts from it (projected_chord.h).
  LocalDirection<double> ref_local{0, 0, 1};
};

// g's map with (ref_lat_deg, ref_lon_deg) as its reference point: the parts of g that depend on
// the reference (the map's centre, its steps and its formula stay). The nearest-site kernels make
// each site's own map from the view's with it (on the device), as make_projected_grid does.
GF_HD void set_projected_reference(ProjectedGrid& g, double ref_lat_deg, double ref_lon_deg) {
  g.ref_lat_deg = ref_lat_deg;
  g.ref_lon_deg = ref_lon_deg;
  g.dlat_centre_deg = g.centre.lat_deg - ref_lat_deg;
  g.slat_centre_deg = g.centre.lat_deg + ref_lat_deg;
  g.dlon_centre_deg = wrap_lon_deg(wrap_lon_deg(g.centre.lon_deg) - wrap_lon_deg(ref_lon_deg));
  double s = 0;
  sincos_deg(ref_lat_deg, &s, &g.cos_ref_lat);
  g.cos_ref_lat = g.cos_ref_lat > 0 ? g.cos_ref_lat : 0;
  g.seed_cos_ref_lat =
      seed_cos_of_polar_distance(90.0 - (ref_lat_deg < 0 ? -ref_lat_deg : ref_lat_deg));
  g.ref_local = local_direction(g.centre, ref_lat_deg, ref_lon_deg);
}

// extent: the half-width D in the output unit. cells: pixel registration, D the half-width of nx
// cells (step 2D/nx) whose centres are the nodes; the node formulas below serve both, since
// (j - (nx - 1)/2) * step is the centre of cell j.
inline ProjectedGrid make_projected_grid(Projection projection, int nx, int ny, double extent,
                                         double centre_lat_deg, double centre_lon_deg,
                                         double ref_lat_deg, double ref_lon_deg, Formula formula,
                                         Units units, double radius_km, bool cells = false) {
  ProjectedGrid g;
  g.nx = nx;
  g.ny = ny;
  g.projection = projection;
  g.step = 2.0 * extent / (cells ? nx : nx - 1);
  g.centre = make_projection_centre<double>(centre_lat_deg, centre_lon_deg);
  g.radius = radius_km * units_per_km(units);
  g.formula = formula;
  set_projected_reference(g, ref_lat_deg, ref_lon_deg);
  return g;
}

// Node coordinates as a step times a half-integer count from the centre: exact counts, so
// nodes near the centre keep their relative accuracy in float (no -D + j*step cancellation).
template <typename T>
GF_HD T projected_node_x(const ProjectedGrid& g, int j) {
  return T(j - 0.5 * (g.nx - 1)) * T(g.step);
}
template <typename T>
GF_HD T projected_node_y(const ProjectedGrid& g, int i) {
  return T(0.5 * (g.ny - 1) - i) * T(g.step);
}

template <typename T>
GF_HD ProjectionCentre<T> centre_as(const ProjectedGrid& g) {
  return {T(g.centre.lat_deg), T(g.centre.lon_deg), T(g.centre.sin_lat), T(g.centre.cos_lat)};
}

// The point of the sphere under node (i, j); valid = false where there is none.
template <typename T>
GF_HD SpherePoint<T> projected_node_point(const ProjectedGrid& g, int i, int j) {
  return unproject<T>(g.projection, centre_as<T>(g), projected_node_x<T>(g, j),
                      projected_node_y<T>(g, i), T(g.radius));
}

// The field at a point given by the inverse projection, NaN where there is none. Both formulas
// take the offsets from the reference as (centre - reference, in double) + (point - centre):
// for aeqd the first is 0 and the distance keeps the relative accuracy of the offsets (lat - ref
// lat would cancel in small views, and a longitude near +-180 holds only 1.5e-5 degree in
// float). The seed expression takes the longitude difference wrapped to [-180, 180) (a projected
// grid has no raw one).
template <typename T>
GF_HD T projected_point_value(const ProjectedGrid& g, const SpherePoint<T>& q) {
  if (!q.valid) return q.lat_deg;  // NaN
  const T radius = T(g.radius);
  if (g.formula == Formula::seed) {
    // The seed's cosines from the distances to the nearer pole, as the latlon rows take them:
    // near a pole the float latitude has lost the digits that matter. The point's is
    // atan2(cos lat, |sin lat|), from the inverse projection's accurate cos_lat.
    // cos_lat may round a little above 1 (on the equator): |sin lat| then 0, not NaN.
    const T h = q.cos_lat;
    const T sin2 = (T(1) - h) * (T(1) + h);
    const T polar = radians_to_deg(atan2(h, sqrt(sin2 > T(0) ? sin2 : T(0))));
    const RowFactors<T> r =
        seed_row_from_cos<T>(T(g.dlat_centre_deg) + q.dlat_deg, seed_cos_of_polar_distance(polar),
                             T(g.seed_cos_ref_lat));
    return seed_combine(r, seed_col<T>(wrap_lon_deg(T(g.dlon_centre_deg) + q.dlon_deg)), radius);
  }
  const RowFactors<T> r =
      haversine_row_from_cos<T>(T(g.dlat_centre_deg) + q.dlat_deg,
                                T(g.slat_centre_deg) + q.dlat_deg, q.cos_lat, T(g.cos_ref_lat));
  return haversine_combine(r, haversine_col<T>(T(g.dlon_centre_deg) + q.dlon_deg), radius);
}

// The field value at node (i, j) in precision T: NaN where the node has no point.
template <typename T>
GF_HD T projected_field_value(const ProjectedGrid& g, int i, int j) {
  return projected_point_value<T>(g, projected_node_point<T>(g, i, j));
}

}  // namespace geofield
