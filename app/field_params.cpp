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
  if (p.projection == Projection::latlon) return;
  const double most = max_extent(p);
  if (!std::isfinite(p.extent) || !(p.extent > 0) || p.extent > most) {
    std::ostringstream m;
    m.precision(10);
    m << "--extent: " << p.extent << " " << to_string(p.units) << " is outside (0, " << most
      << "] for --projection " << to_string(p.projection)
      << (p.projection == Projection::aeqd ? " (half a great circle" : " (the sphere's radius")
      << " in " << to_string(p.units) << ")";
    throw UsageError(m.str());
  }
}

double radius_in_units(const FieldParams& p) { return p.radius_km * units_per_km(p.units); }

double max_extent(const FieldParams& p) {
  return p.projection == Projection::ortho ? radius_in_units(p) : kPi * radius_in_units(p);
}

double default_extent(const FieldParams& p) {
  return p.projection == Projection::ortho ? radius_in_units(p) : kPi / 2 * radius_in_units(p);
}

double view_centre_lat_deg(const FieldParams& p) { return 0.5 * (p.lat_min_deg + p.lat_max_deg); }

double view_centre_lon_deg(const FieldParams& p) {
  return wrap_lon_deg(p.lon_min_deg + 0.5 * lon_span_deg(p.lon_min_deg, p.lon_max_deg));
}

ProjectedGrid projected_grid(const FieldParams& p) {
  const bool about_ref = p.projection == Projection::aeqd;
  return make_projected_grid(p.projection, p.nx, p.ny, p.extent,
                             about_ref ? p.ref_lat_deg : view_centre_lat_deg(p),
                             about_ref ? p.ref_lon_deg : view_centre_lon_deg(p), p.ref_lat_deg,
                             p.ref_lon_deg, p.formula, p.units, p.radius_km);
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

std::string_view to_string(Projection p) {
  switch (p) {
    case Projection::aeqd: return "aeqd";
    case Projection::ortho: return "ortho";
    case Projection::latlon:
    default: return "latlon";
  }
}

bool parse_projection(std::string_view s, Projection* out) {
  for (Projection p : {Projection::latlon, Projection::aeqd, Projection::ortho}) {
    if (s == to_string(p)) {
      *out = p;
      return true;
    }
  }
  return false;
}

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
