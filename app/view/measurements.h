// The measurements the window keeps: each a pair of ends dropped by Shift+drag on the
// map, listed in the Measurements panel, drawn on the map and in the window's figures, saved
// with the view and exported as GeoJSON. Only the ends are kept: the distance and the bearing
// follow the view's formula and unit (field_measures.h), as the map's rings do. Pure, no GL.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "field_params.h"
#include "view/view_math.h"

namespace geofield {

// A measurement from a to b (degrees: latitude in [-90, 90], longitude in [-180, 180]).
struct Measurement {
  GeoPoint a, b;
  bool operator==(const Measurement& o) const {
    return a.lat_deg == o.a.lat_deg && a.lon_deg == o.a.lon_deg && b.lat_deg == o.b.lat_deg &&
           b.lon_deg == o.b.lon_deg;
  }
};

// Kept at once: enough for a session's comparisons; as many as a figure names (kNamedCentres).
inline constexpr std::size_t kMaxMeasurements = 40;

// Why m cannot be kept (an end off the globe's range or not finite), or nothing.
std::optional<std::string> measurement_problem(const Measurement& m);

// Appends m to *list; false, with *why in one line, when it cannot be kept (measurement_problem,
// or the list already holds kMaxMeasurements).
bool add_measurement(std::vector<Measurement>* list, const Measurement& m, std::string* why);

// The distance from a to b in p's unit by p's formula (the geodesic for wgs84, the great circle
// otherwise), and the initial bearing, degrees clockwise from north in [0, 360).
double measurement_distance(const FieldParams& p, const Measurement& m);
double measurement_bearing(const FieldParams& p, const Measurement& m);

// The saved view's "measurements": [{"a": [lat, lon], "b": [lat, lon]}, ...].
nlohmann::json measurements_json(const std::vector<Measurement>& list);
// Its reading: absent is none; anything else than at most kMaxMeasurements such entries with
// ends in range throws UsageError naming the key and entry.
std::vector<Measurement> read_measurements(const nlohmann::json& view);

}  // namespace geofield
