// Independent references for the tests: GeographicLib's geodesics on a sphere (flattening 0
// gives exact great-circle distances) and on WGS84, and the hand-checked constants.
#pragma once

#include <GeographicLib/Geodesic.hpp>
#include <cmath>

#include "field_math.h"

namespace geofield::test {

// Great-circle distance on a sphere of `radius` (any unit; the result is in that unit).
inline double geographiclib_sphere_distance(double lat1_deg, double lon1_deg, double lat2_deg,
                                            double lon2_deg, double radius) {
  const GeographicLib::Geodesic sphere(radius, 0);
  double s12 = 0;
  sphere.Inverse(lat1_deg, lon1_deg, lat2_deg, lon2_deg, s12);
  return s12;
}

// Geodesic distance on the WGS84 ellipsoid, in km.
inline double geographiclib_wgs84_distance_km(double lat1_deg, double lon1_deg, double lat2_deg,
                                              double lon2_deg) {
  double s12_m = 0;
  GeographicLib::Geodesic::WGS84().Inverse(lat1_deg, lon1_deg, lat2_deg, lon2_deg, s12_m);
  return s12_m / 1000.0;
}

// pi exactly as GeographicLib's own tests would write it, independent of field_math.h.
constexpr double kTestPi = 3.141592653589793238462643383279502884;

}  // namespace geofield::test
