#include "view/measurements.h"

#include <cmath>

#include "errors.h"
#include "view/field_measures.h"

namespace geofield {

std::optional<std::string> measurement_problem(const Measurement& m) {
  for (const GeoPoint& g : {m.a, m.b}) {
    if (!std::isfinite(g.lat_deg) || !std::isfinite(g.lon_deg) || std::fabs(g.lat_deg) > 90 ||
        std::fabs(g.lon_deg) > 180) {
      return "an end must be at latitude -90 to 90 and longitude -180 to 180";
    }
  }
  return std::nullopt;
}

bool add_measurement(std::vector<Measurement>* list, const Measurement& m, std::string* why) {
  if (std::optional<std::string> no = measurement_problem(m)) {
    *why = "measurement not kept: " + *no;
    return false;
  }
  if (list->size() >= kMaxMeasurements) {
    *why = "measurement not kept: at most " + std::to_string(kMaxMeasurements) +
           " are kept (delete some in the Measurements panel)";
    return false;
  }
  list->push_back(m);
  return true;
}

double measurement_distance(const FieldParams& p, const Measurement& m) {
  return distance_between(p, m.a, m.b);
}

double measurement_bearing(const FieldParams& p, const Measurement& m) {
  return bearing_between(p, m.a, m.b);
}

nlohmann::json measurements_json(const std::vector<Measurement>& list) {
  nlohmann::json out = nlohmann::json::array();
  for (const Measurement& m : list) {
    out.push_back({{"a", {m.a.lat_deg, m.a.lon_deg}}, {"b", {m.b.lat_deg, m.b.lon_deg}}});
  }
  return out;
}

std::vector<Measurement> read_measurements(const nlohmann::json& view) {
  const auto it = view.find("measurements");
  if (it == view.end()) return {};
  const std::string accepted = "an array of at most " + std::to_string(kMaxMeasurements) +
                               " measurements {\"a\": [lat, lon], \"b\": [lat, lon]}";
  if (!it->is_array() || it->size() > kMaxMeasurements) {
    throw UsageError("'measurements' must be " + accepted);
  }
  std::vector<Measurement> out;
  for (std::size_t k = 0; k < it->size(); ++k) {
    const nlohmann::json& e = (*it)[k];
    const std::string where = "'measurements' entry " + std::to_string(k + 1) + ": ";
    GeoPoint ends[2];
    for (int i = 0; i < 2; ++i) {
      const char* key = i == 0 ? "a" : "b";
      const auto end = e.is_object() ? e.find(key) : e.end();
      if (!e.is_object() || end == e.end() || !end->is_array() || end->size() != 2 ||
          !(*end)[0].is_number() || !(*end)[1].is_number()) {
        throw UsageError(where + "must be {\"a\": [lat, lon], \"b\": [lat, lon]} with numbers");
      }
      ends[i] = {(*end)[0].get<double>(), (*end)[1].get<double>()};
    }
    const Measurement m{ends[0], ends[1]};
    if (std::optional<std::string> no = measurement_problem(m)) throw UsageError(where + *no);
    out.push_back(m);
  }
  return out;
}

}  // namespace geofield
