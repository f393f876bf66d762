// What the window reads out with the view's formula: the field's value under a point (the hover
// readout), and a distance and initial bearing between two points (the readout's bearing, the
// measure tool). wgs84: the geodesic on the view's ellipsoid (core/geodesic.h, the field's own
// code); haversine and seed: the great circle on the view's sphere. Pure, in double.
#pragma once

#include "field_params.h"
#include "view/view_math.h"

namespace geofield {

// The value the field of p takes at g (output unit): the seed expression, the great-circle
// distance or the geodesic distance from p's reference point.
double field_value_at(const FieldParams& p, GeoPoint g);

// The distance from a to b, output unit: the geodesic on p's ellipsoid for wgs84, the great
// circle on p's sphere otherwise (for seed too: its value is not a distance).
double distance_between(const FieldParams& p, GeoPoint a, GeoPoint b);

// The initial bearing from a to b, degrees clockwise from north in [0, 360): the geodesic's
// azimuth for wgs84 (at a pole, GeographicLib's convention: from the meridian of a's
// longitude), the great circle's otherwise; 0 for coincident points.
double bearing_between(const FieldParams& p, GeoPoint a, GeoPoint b);

}  // namespace geofield
