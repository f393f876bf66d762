#include "view/great_circle.h"

#include <cmath>

#include "projection.h"

namespace geofield {
namespace {

constexpr double kUnitSphere = 1.0;

}  // namespace

double initial_bearing_deg(GeoPoint a, GeoPoint b) {
  const ProjectionCentre<double> c = make_projection_centre(a.lat_deg, a.lon_deg);
  const LocalDirection<double> d = local_direction(c, b.lat_deg, b.lon_deg);
  if (!(std::hypot(d.east, d.north) > 0)) return 0;
  const double az = radians_to_deg(std::atan2(d.east, d.north));  // (-180, 180]
  return az < 0 ? az + 360 : (az >= 360 ? 0 : az);
}

double great_circle_distance(GeoPoint a, GeoPoint b, double radius) {
  return haversine_distance(a.lat_deg, a.lon_deg, b.lat_deg, b.lon_deg, radius);
}

std::vector<GeoPoint> great_circle_path(GeoPoint a, GeoPoint b, int segments) {
  segments = segments < 1 ? 1 : segments;
  const ProjectionCentre<double> c = make_projection_centre(a.lat_deg, a.lon_deg);
  MapPoint<double> m = aeqd_forward(c, b.lat_deg, b.lon_deg, kUnitSphere);
  if (!m.valid) m = {0, kPi * kUnitSphere, true};  // the antipode: any arc; due north
  std::vector<GeoPoint> path;
  path.reserve(segments + 1);
  for (int k = 0; k <= segments; ++k) {
    const double t = double(k) / segments;
    const SpherePoint<double> s = aeqd_inverse(c, t * m.x, t * m.y, kUnitSphere);
    path.push_back({s.lat_deg, s.lon_deg});
  }
  path.front() = {a.lat_deg, wrap_lon_deg(a.lon_deg)};
  return path;
}

}  // namespace geofield
