// Great-circle measures between two points for the window's readout and measure tool, in
// double with the shared math (core/field_math.h, core/projection.h): the distance by the
// haversine of the field, the initial bearing and the path as the azimuthal equidistant
// projection about the start (its direction is the bearing, its radius the arc).
#pragma once

#include <vector>

#include "view/view_math.h"

namespace geofield {

// The initial bearing from a to b: degrees clockwise from north in [0, 360); 0 when the
// points coincide or are antipodal (every direction leads there).
double initial_bearing_deg(GeoPoint a, GeoPoint b);

// The distance from a to b along the great circle, in the unit of `radius`.
double great_circle_distance(GeoPoint a, GeoPoint b, double radius);

// `segments` + 1 points along the shorter great-circle arc from a to b (a first, b last),
// equally spaced in arc; longitudes in [-180, 180). Antipodal points: the arc due north.
std::vector<GeoPoint> great_circle_path(GeoPoint a, GeoPoint b, int segments);

}  // namespace geofield
