// A site's value on a projected view (aeqd, ortho) for the nearest-site kernels
// (nearest_centres.cu): the CPU's value of that site at that node (compute/centre_values.h
// says why each branch), on the device. The view's map is fixed (aeqd about the view's
// reference point, ortho about the middle of its bounds); a site's own map is that map with the
// site as the reference (set_projected_reference), and its value at a node is the distance from
// the site to the node's point by the double inverse projection:
//   double haversine: projected_point_value<double>; wgs84: projected_geodesic_point_value;
//   float haversine: the one-site float field's separable arithmetic where it gives a value
//     (ortho on the disc; aeqd for a site at the map's centre, hypot(x, y)), and the float
//     haversine of the node's point rounded to float elsewhere.
#pragma once

#include "geodesic_field.h"
#include "projected_chord.h"

namespace geofield {

// What a site needs of its own at a projected view, made once a compute.
struct ProjectedSite {
  ProjectedGrid map;              // the view's map, the site its reference
  ChordConstants<float> chord{};  // ortho's float path from that map
  GeodesicReference reference;    // wgs84
  bool at_map_centre = false;     // aeqd: the float path is the node's radius
};

GF_HD ProjectedSite make_projected_site(const ProjectedGrid& view, double lat_deg, double lon_deg,
                                        const GeodesicEllipsoid& e, bool wgs84, float nan) {
  ProjectedSite s;
  s.map = view;
  set_projected_reference(s.map, lat_deg, lon_deg);
  s.chord = chord_constants<float>(s.map, nan);
  if (wgs84) s.reference = make_geodesic_reference(e, lat_deg);
  s.at_map_centre = view.projection == Projection::aeqd && lat_deg == view.centre.lat_deg &&
                    wrap_lon_deg(lon_deg) == wrap_lon_deg(view.centre.lon_deg);
  return s;
}

// Site s's value at node (i, j) of the view `view`, whose point d is on the map. wgs84: f's
// ellipsoid and unit (its reference is the site's, set here).
template <typename T>
GF_HD T projected_site_value(const ProjectedSite& s, const ProjectedGrid& view,
                             const ChordConstants<float>& view_chord, GeodesicField f, int i, int j,
                             const SpherePoint<double>& d) {
  if (view.formula == Formula::wgs84) {
    f.reference = s.reference;
    return static_cast<T>(projected_geodesic_point_value(f, s.map, d));
  }
  if constexpr (sizeof(T) == sizeof(float)) {
    if (view.projection == Projection::ortho) {
      float a, b;
      if (ortho_haversines(chord_row_terms<float>(s.map, i), chord_col_terms<float>(s.map, j),
                           s.chord, &a, &b)) {
        return 2.0f * static_cast<float>(s.map.radius) * haversine_half_angle(a, b);
      }
    } else if (s.at_map_centre) {
      const float v = aeqd_radius_value(chord_row_terms<float>(view, i),
                                        chord_col_terms<float>(view, j), view_chord);
      if (v == v) return v;  // not NaN
    }
    const SpherePoint<float> q{float(d.lat_deg),  float(d.lon_deg), float(d.dlat_deg),
                               float(d.dlon_deg), float(d.cos_lat), d.valid};
    return projected_point_value<float>(s.map, q);
  } else {
    return projected_point_value<double>(s.map, d);
  }
}

}  // namespace geofield
