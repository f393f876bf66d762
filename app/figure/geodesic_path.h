// Points along a geodesic of an ellipsoid, for drawing `--path` under the wgs84 formula: the
// direct problem in Karney's arc form (C. F. F. Karney, "Algorithms for geodesics", J. Geodesy
// 87:43-55, 2013: eqs. 5-8 on the auxiliary sphere, the series of core/geodesic.h), the arc
// length of the distance found by Newton's method on eq. 7. GeographicLib's GeodesicLine is
// the tests' oracle. No GL.
#pragma once

#include <vector>

#include "figure/route_path.h"

namespace geofield {

// The geodesic from (lat1_deg, lon1_deg) leaving at azi1_deg (clockwise from north) for s12_m
// metres on the ellipsoid of equatorial radius a_km and inverse flattening inv_f (0: a sphere),
// a point every step_deg of arc on its auxiliary sphere at most, the first at the start and the
// last s12_m along. Longitudes run on from lon1_deg without wrapping.
std::vector<RoutePoint> geodesic_points(double a_km, double inv_f, double lat1_deg, double lon1_deg,
                                        double azi1_deg, double s12_m, double step_deg);

}  // namespace geofield
