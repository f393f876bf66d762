#include "field_params.h"

#include <cmath>
#include <sstream>

#include "errors.h"

namespace geofield {
namespace {

void require_finite(double v, const char* option) {
  if (!std::isfinite(v)) throw UsageError(std::string(option) + ": must be a finite number");
}

void require_in(double v, double lo, double hi, const char* option, const char* what) {
  require_finite(v, option);
  if (v < lo || v > hi) {
    std::ostringstream m;
    m << option << ": " << what << " " << v << " is outside [" << lo << ", " << hi << "]";
    throw UsageError(m.str());
  }
}

}  // namespace

void validate(const FieldParams& p) {
  require_in(p.lat_min_deg, -90, 90, "--lat", "latitude");
  require_in(p.lat_max_deg, -90, 90, "--lat", "latitude");
  if (!(p.lat_min_deg < p.lat_max_deg)) {
    std::ostringstream m;
    m << "--lat: MIN must be below MAX (got " << p.lat_min_deg << ":" << p.lat_max_deg << ")";
    throw UsageError(m.str());
  }
  require_in(p.lon_min_deg, -kMaxAbsLonDeg, kMaxAbsLonDeg, "--lon", "longitude");
  require_in(p.lon_max_deg, -kMaxAbsLonDeg, kMaxAbsLonDeg, "--lon", "longitude");
  if (p.lon_min_deg == p.lon_max_deg) {
    throw UsageError(
        "--lon: MIN and MAX are equal; give two different longitudes (-180:180 for the whole "
        "circle, MIN > MAX to cross the antimeridian)");
  }
  if (p.nx < 2 || p.ny < 2 || p.nx > kMaxGridSide || p.ny > kMaxGridSide) {
    std::ostringstream m;
    m << "--size: NX and NY must be in [2, " << kMaxGridSide << "] (got " << p.nx << "x" << p.ny
      << ")";
    throw UsageError(m.str());
  }
  require_in(p.ref_lat_deg, -90, 90, "--ref", "latitude");
  require_in(p.ref_lon_deg, -kMaxAbsLonDeg, kMaxAbsLonDeg, "--ref", "longitude");
  require_finite(p.radius_km, "--radius");
  if (!(p.radius_km > 0) || p.radius_km > kMaxRadiusKm) {
    std::ostringstream m;
    m << "--radius: " << p.radius_km << " km is outside (0, " << kMaxRadiusKm << "]";
    throw UsageError(m.str());
  }
}

GridGeometry grid_geometry(const FieldParams& p) {
  return make_grid_geometry(p.lat_min_deg, p.lat_max_deg, p.lon_min_deg, p.lon_max_deg, p.nx, p.ny,
                            p.ref_lat_deg, p.ref_lon_deg, p.formula, p.units, p.radius_km);
}

std::string_view to_string(Formula f) { return f == Formula::seed ? "seed" : "haversine"; }

std::string_view to_string(Units u) {
  switch (u) {
    case Units::nm: return "nm";
    case Units::mi: return "mi";
    case Units::m: return "m";
    case Units::km:
    default: return "km";
  }
}

std::string_view to_string(Precision p) { return p == Precision::f64 ? "double" : "float"; }

bool parse_formula(std::string_view s, Formula* out) {
  if (s == "haversine")
    *out = Formula::haversine;
  else if (s == "seed")
    *out = Formula::seed;
  else
    return false;
  return true;
}

bool parse_units(std::string_view s, Units* out) {
  for (Units u : {Units::km, Units::nm, Units::mi, Units::m}) {
    if (s == to_string(u)) {
      *out = u;
      return true;
    }
  }
  return false;
}

bool parse_precision(std::string_view s, Precision* out) {
  if (s == "float")
    *out = Precision::f32;
  else if (s == "double")
    *out = Precision::f64;
  else
    return false;
  return true;
}

}  // namespace geofield
