// The kept measurements (view/measurements.h) as lines on the Earth: each measurement's path
// (the geodesic for wgs84 by geodesic_path.h, the great circle otherwise), the range rings about
// the reference (small circles: the points at one distance in every direction), both cut at
// the antimeridian, and the GeoJSON file that carries them to QGIS. No GL.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "field_params.h"
#include "figure/route_path.h"
#include "view/measurements.h"

namespace geofield {

inline constexpr double kMeasureStepDeg = 0.5;  // of arc between a measurement's vertices
inline constexpr double kRingStepDeg = 0.5;     // of azimuth between a ring's vertices
inline constexpr std::size_t kMaxExportRings = 400;

// The label the map and the figures write: "9,160 km at 334°" (distance_text's digits).
std::string measurement_label(const FieldParams& p, const Measurement& m);

// The measurement's path from a to b, a vertex every step_deg of arc at most, longitudes
// continuous (they run on past ±180 rather than jump).
std::vector<RoutePoint> measurement_points(const FieldParams& p, const Measurement& m,
                                           double step_deg = kMeasureStepDeg);

// The ring of radius distance (p's unit) about p's reference point: the points at that distance
// by p's formula in every direction, a vertex every step_deg of azimuth, closed (the last the
// first), longitudes continuous.
std::vector<RoutePoint> ring_points(const FieldParams& p, double distance,
                                    double step_deg = kRingStepDeg);

// The rings the map shows with contours every interval: interval, 2 interval, ... up to
// max_distance (the field's largest value on screen), at most kMaxExportRings.
std::vector<double> ring_distances(double interval, double max_distance);

// A line with continuous longitudes cut where it crosses the antimeridian: pieces with
// longitudes in [-180, 180], each crossing ending one piece at ±180 and starting the next at
// ∓180 at the latitude where the line crosses.
std::vector<std::vector<RoutePoint>> split_at_antimeridian(const std::vector<RoutePoint>& line);

// The GeoJSON FeatureCollection (RFC 7946: [lon, lat], WGS 84) of the measurements, each a
// LineString or, cut at the antimeridian, a MultiLineString, with properties kind
// "measurement", index (from 1), distance, unit, bearing (degrees) and label; then the rings at
// ring_distances, kind "ring", distance and unit.
std::string measurements_geojson(const FieldParams& p, const std::vector<Measurement>& list,
                                 std::span<const double> ring_distances);

// Why name cannot be the measurements' file in the export folder, or empty: a plain file name
// (no folder) ending .geojson or .json.
std::string measurements_file_problem(const std::string& name);

}  // namespace geofield
