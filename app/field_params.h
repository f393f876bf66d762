// FieldParams: everything that determines the field, one plain value compared to detect change.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "field_math.h"

namespace geofield {

enum class Precision : int { f32 = 0, f64 = 1 };

struct FieldParams {
  double lat_min_deg = 29.0, lat_max_deg = 31.0;   // [-90, 90], min < max
  double lon_min_deg = 99.0, lon_max_deg = 101.0;  // [-360, 360], min > max crosses 180
  int nx = 1000, ny = 1000;                        // nodes per row / per column, >= 2
  double ref_lat_deg = 30.0, ref_lon_deg = 101.0;  // reference point
  Formula formula = Formula::haversine;
  Units units = Units::km;
  double radius_km = kDefaultRadiusKm;
  Precision precision = Precision::f32;

  bool operator==(const FieldParams&) const = default;
};

constexpr int kMaxGridSide = 1 << 20;  // parse-time cap; GL and memory caps come later
constexpr double kMaxRadiusKm = 1.0e9;
constexpr double kMaxAbsLonDeg = 360.0;

// Throws UsageError naming the option and the accepted range when p is not a valid field.
void validate(const FieldParams& p);

GridGeometry grid_geometry(const FieldParams& p);

std::string_view to_string(Formula f);
std::string_view to_string(Units u);
std::string_view to_string(Precision p);
bool parse_formula(std::string_view s, Formula* out);
bool parse_units(std::string_view s, Units* out);
bool parse_precision(std::string_view s, Precision* out);

inline std::uint64_t node_count(const FieldParams& p) {
  return static_cast<std::uint64_t>(p.nx) * static_cast<std::uint64_t>(p.ny);
}

}  // namespace geofield
