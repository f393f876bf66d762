// `render --figure --path POINT`: the great circle from the reference point to POINT, its
// measures and its points. The short path's initial bearing and distance are the formula's
// (view/field_measures.h: the geodesic on the ellipsoid for wgs84, the great circle on the
// sphere otherwise); the long path leaves the reference the opposite way (bearing + 180°) and
// its length is one turn of the path less the short one: the sphere's circumference, or for
// wgs84 one turn of the geodesic's auxiliary sphere, 2 pi b A1 (Karney 2013, eq. 7 over a full
// period of sigma; the geodesic does not close on an ellipsoid, so it ends within about 1° of
// longitude of POINT). The points drawn are the great circle of the map's sphere (the
// projections are spherical). No GL; tested on its own.
#pragma once

#include <string>
#include <vector>

#include "field_params.h"

namespace geofield {

// The path's far end as --path gave it: degrees, and what to call it (a place's or locator's
// label; empty for LAT,LON, written as its coordinates).
struct RouteEnd {
  double lat_deg = 0, lon_deg = 0;
  std::string name;
};

// Output unit and degrees clockwise from north in [0, 360).
struct RouteMeasures {
  double short_distance = 0, short_bearing_deg = 0;
  double long_distance = 0, long_bearing_deg = 0;
};

// From view's reference point to end, by view's formula, units, radius and ellipsoid.
RouteMeasures route_measures(const FieldParams& view, const RouteEnd& end);

// The length of one turn of the geodesic that leaves (lat1_deg, ...) at azimuth azi1_deg, metres:
// 2 pi b A1(eps) with k^2 = e'^2 cos^2 alpha0, sin alpha0 = sin alpha1 cos beta1.
double geodesic_turn_m(double a_km, double inv_f, double lat1_deg, double azi1_deg);

// "Tokyo, Japan: 9,160 km at 334° · long path 30,870 km at 154°".
std::string route_text(const FieldParams& view, const RouteEnd& end, const RouteMeasures& m);

// A distance as a label writes it: whole with thousands separators from 100, else 3
// significant digits ("9,160", "12.3", "0.512").
std::string distance_text(double value);

struct RoutePoint {
  double lat_deg = 0, lon_deg = 0;
};

// The great circle through the reference (a) and end (b) on the sphere, a vertex every step_deg
// of arc at most: the short path from a to b, and the long path on from b round to a, in two
// runs that stop kRouteAntipodeGapRad short of a's antipode (an aeqd map about a has no one
// place for it: its rim). Longitudes continuous along each run (no jump of 360°: a lat/lon map
// draws them in its world copies). None for coincident or antipodal points (route_problem
// refuses them).
constexpr double kRouteAntipodeGapRad = 1e-9;  // 6 mm on the Earth
struct RoutePoints {
  std::vector<RoutePoint> short_path;
  std::vector<std::vector<RoutePoint>> long_path;  // b to a's antipode, then on to a
};
RoutePoints route_points(RoutePoint a, RoutePoint b, double step_deg);

// Why a path from a to b cannot be drawn (the same point, or antipodal points, to within
// kRouteDegenerateRad of arc: the great circle is not one), or empty.
constexpr double kRouteDegenerateRad = 1e-9;
std::string route_problem(RoutePoint a, RoutePoint b);

}  // namespace geofield
