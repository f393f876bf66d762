#include "figure/measure_geometry.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "field_math.h"
#include "figure/geodesic_path.h"
#include "projection.h"
#include "view/field_measures.h"
#include "view/great_circle.h"

namespace geofield {
namespace {

// Longitudes made continuous: each within 180° of the one before.
void unwrap(std::vector<RoutePoint>* line) {
  for (std::size_t k = 1; k < line->size(); ++k) {
    double& lon = (*line)[k].lon_deg;
    const double before = (*line)[k - 1].lon_deg;
    lon = before + std::remainder(lon - before, 360.0);
  }
}

// The point at distance (p's unit) from p's reference toward azimuth az_deg.
RoutePoint toward(const FieldParams& p, double distance, double az_deg) {
  if (p.formula == Formula::wgs84) {
    // The direct problem's end: one step of a whole geodesic.
    const std::vector<RoutePoint> g =
        geodesic_points(p.ellipsoid_a_km, p.ellipsoid_inv_f, p.ref_lat_deg, p.ref_lon_deg, az_deg,
                        distance * metres_per_unit(p.units), 360);
    return g.back();
  }
  const ProjectionCentre<double> c = make_projection_centre(p.ref_lat_deg, p.ref_lon_deg);
  const double arc = distance / radius_in_units(p);
  double s = 0, co = 1;
  sincos_deg(az_deg, &s, &co);
  const SpherePoint<double> q = aeqd_inverse(c, arc * s, arc * co, 1.0);
  return {q.lat_deg, q.lon_deg};
}

// The latitude where the great circle through a and b crosses meridian lon_deg (between
// them): tan(lat) = (tan(lat_a) sin(lon_b - lon) + tan(lat_b) sin(lon - lon_a)) / sin(lon_b -
// lon_a), so the cut's vertex lies on the measurement's path, not on a chord of the map.
double crossing_lat_deg(RoutePoint a, RoutePoint b, double lon_deg) {
  const double d2r = kPi / 180;
  const double s = std::sin((b.lon_deg - a.lon_deg) * d2r);
  if (std::fabs(s) < 1e-12) return a.lat_deg;  // along a meridian: no crossing in longitude
  const double y = std::tan(a.lat_deg * d2r) * std::sin((b.lon_deg - lon_deg) * d2r) +
                   std::tan(b.lat_deg * d2r) * std::sin((lon_deg - a.lon_deg) * d2r);
  return std::atan(y / s) / d2r;
}

nlohmann::json coordinates(const std::vector<RoutePoint>& piece) {
  nlohmann::json out = nlohmann::json::array();
  for (const RoutePoint& q : piece) out.push_back({q.lon_deg, q.lat_deg});
  return out;
}

nlohmann::json geometry(const std::vector<RoutePoint>& line) {
  const std::vector<std::vector<RoutePoint>> pieces = split_at_antimeridian(line);
  if (pieces.size() == 1) return {{"type", "LineString"}, {"coordinates", coordinates(pieces[0])}};
  nlohmann::json lines = nlohmann::json::array();
  for (const std::vector<RoutePoint>& piece : pieces) lines.push_back(coordinates(piece));
  return {{"type", "MultiLineString"}, {"coordinates", lines}};
}

}  // namespace

std::string measurement_label(const FieldParams& p, const Measurement& m) {
  const long degrees = std::lround(measurement_bearing(p, m)) % 360;
  return distance_text(measurement_distance(p, m)) + " " + std::string(to_string(p.units)) +
         " at " + std::to_string(degrees) + "°";
}

std::vector<RoutePoint> measurement_points(const FieldParams& p, const Measurement& m,
                                           double step_deg) {
  std::vector<RoutePoint> out;
  if (p.formula == Formula::wgs84) {  // the geodesic the numbers are
    out = geodesic_points(p.ellipsoid_a_km, p.ellipsoid_inv_f, m.a.lat_deg, m.a.lon_deg,
                          measurement_bearing(p, m),
                          measurement_distance(p, m) * metres_per_unit(p.units), step_deg);
  } else {
    const double arc_deg = measurement_distance(p, m) / radius_in_units(p) * 180 / kPi;
    const int segments = std::max(1, static_cast<int>(std::ceil(arc_deg / step_deg)));
    for (const GeoPoint& g : great_circle_path(m.a, m.b, segments)) {
      out.push_back({g.lat_deg, g.lon_deg});
    }
  }
  out.front() = {m.a.lat_deg, m.a.lon_deg};
  out.back() = {m.b.lat_deg, m.b.lon_deg};
  unwrap(&out);
  return out;
}

std::vector<RoutePoint> ring_points(const FieldParams& p, double distance, double step_deg) {
  const int n = std::max(4, static_cast<int>(std::ceil(360 / step_deg)));
  std::vector<RoutePoint> out;
  out.reserve(n + 1);
  for (int k = 0; k < n; ++k) out.push_back(toward(p, distance, 360.0 * k / n));
  out.push_back(out.front());
  unwrap(&out);
  return out;
}

std::vector<double> ring_distances(double interval, double max_distance) {
  std::vector<double> out;
  if (!(interval > 0) || !std::isfinite(max_distance)) return out;
  for (std::size_t k = 1; k <= kMaxExportRings && k * interval <= max_distance; ++k) {
    out.push_back(k * interval);
  }
  return out;
}

std::vector<std::vector<RoutePoint>> split_at_antimeridian(const std::vector<RoutePoint>& line) {
  std::vector<std::vector<RoutePoint>> out(1);
  auto wrapped = [](RoutePoint q) {
    q.lon_deg = std::remainder(q.lon_deg, 360.0);  // [-180, 180]
    return q;
  };
  for (std::size_t k = 0; k < line.size(); ++k) {
    if (k > 0) {
      // The copy of the world each end lies in: a change of copy is a crossing of ±180.
      const RoutePoint a = line[k - 1], b = line[k];
      const double copy_a = std::floor((a.lon_deg + 180) / 360),
                   copy_b = std::floor((b.lon_deg + 180) / 360);
      if (copy_a != copy_b && b.lon_deg != a.lon_deg) {
        const double edge = 360 * std::max(copy_a, copy_b) - 180;  // the meridian crossed
        const double t = (edge - a.lon_deg) / (b.lon_deg - a.lon_deg);
        const double lat = crossing_lat_deg(a, b, edge);
        const double east = b.lon_deg > a.lon_deg ? 180 : -180;  // where the line leaves
        if (t > 0) out.back().push_back({lat, east});
        if (out.back().size() >= 2) out.emplace_back();
        out.back().clear();
        if (t < 1) out.back().push_back({lat, -east});
      }
    }
    RoutePoint q = wrapped(line[k]);
    // On the meridian itself: the side the piece is on.
    if (std::fabs(q.lon_deg) == 180 && !out.back().empty()) {
      q.lon_deg = out.back().back().lon_deg < 0 ? -180 : 180;
    }
    if (out.back().empty() || out.back().back().lat_deg != q.lat_deg ||
        out.back().back().lon_deg != q.lon_deg) {
      out.back().push_back(q);
    }
  }
  std::erase_if(out, [](const std::vector<RoutePoint>& piece) { return piece.size() < 2; });
  if (out.empty() && !line.empty()) out.push_back({wrapped(line.front()), wrapped(line.back())});
  return out;
}

std::string measurements_geojson(const FieldParams& p, const std::vector<Measurement>& list,
                                 std::span<const double> rings) {
  nlohmann::json features = nlohmann::json::array();
  const std::string unit(to_string(p.units));
  for (std::size_t k = 0; k < list.size(); ++k) {
    const Measurement& m = list[k];
    features.push_back({{"type", "Feature"},
                        {"properties",
                         {{"kind", "measurement"},
                          {"index", k + 1},
                          {"distance", measurement_distance(p, m)},
                          {"unit", unit},
                          {"bearing", measurement_bearing(p, m)},
                          {"label", measurement_label(p, m)}}},
                        {"geometry", geometry(measurement_points(p, m))}});
  }
  for (const double d : rings) {
    features.push_back({{"type", "Feature"},
                        {"properties", {{"kind", "ring"}, {"distance", d}, {"unit", unit}}},
                        {"geometry", geometry(ring_points(p, d))}});
  }
  const nlohmann::json out = {{"type", "FeatureCollection"}, {"features", features}};
  return out.dump(1) + "\n";
}

std::string measurements_file_problem(const std::string& name) {
  auto ends_with = [&](std::string_view e) {
    return name.size() > e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0;
  };
  if (name.empty() || name.find('/') != std::string::npos || name == "." || name == "..") {
    return "the measurements file must be a file name in the Export folder (no '/'), such as "
           "measurements.geojson";
  }
  if (!ends_with(".geojson") && !ends_with(".json")) {
    return "the measurements file must end in .geojson or .json (got '" + name + "')";
  }
  return "";
}

}  // namespace geofield
