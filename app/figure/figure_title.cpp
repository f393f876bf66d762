#include "figure/figure_title.h"

#include <cmath>
#include <cstdio>

#include "field_params.h"

namespace geofield {
namespace {

// "41.90° N": two decimals (about a kilometre); 0° and 180° have no hemisphere.
std::string coordinate(double deg, const char* positive, const char* negative) {
  const bool none = deg == 0 || std::fabs(std::fabs(deg) - 180.0) < 1e-12;
  char t[48];
  std::snprintf(t, sizeof t, "%.2f°%s%s", std::fabs(deg), none ? "" : " ",
                none ? "" : (deg > 0 ? positive : negative));
  return t;
}

// The formula and its sphere or ellipsoid, as the old title's tail said them.
std::string formula_detail(const FieldParams& v) {
  if (v.formula == Formula::wgs84) {
    const EllipsoidPreset* named = find_ellipsoid_preset(v.ellipsoid_a_km, v.ellipsoid_inv_f);
    if (named) return std::string(named->name) + " ellipsoid";
    char numbers[96];
    std::snprintf(numbers, sizeof numbers, "ellipsoid a = %.10g km, 1/f = %.12g", v.ellipsoid_a_km,
                  v.ellipsoid_inv_f);
    return numbers;
  }
  char radius[64];
  std::snprintf(radius, sizeof radius, "%.10g", v.radius_km);
  return std::string(to_string(v.formula)) + ", R = " + radius + " km";
}

}  // namespace

std::string default_figure_title(const FieldParams& v, std::size_t sites,
                                 const std::string& sites_words, const std::string& ref_label) {
  const std::string what = v.formula == Formula::seed ? "Seed-formula value" : "Distance";
  if (!sites_words.empty()) return what + " to " + sites_words;
  if (sites == 1) return what + " to the site";  // "the nearest of 1" reads as a slip
  if (sites > 1) return what + " to the nearest of " + std::to_string(sites) + " sites";
  if (!ref_label.empty()) return what + " from " + ref_label;  // the name it was given by
  // reduce_deg_180 writes 180 as -180: no hemisphere either way.
  return what + " from " + coordinate(v.ref_lat_deg, "N", "S") + ", " +
         coordinate(reduce_deg_180(v.ref_lon_deg), "E", "W");
}

std::string figure_caption(const FieldParams& v) {
  const std::string unit(to_string(v.units));
  const char* what = v.formula == Formula::seed    ? "seed-formula value"
                     : v.formula == Formula::wgs84 ? "geodesic distance"
                                                   : "great-circle distance";
  std::string t = std::string(what) + " (" + unit + ") · " + formula_detail(v);
  if (v.projection == Projection::aeqd) t += " · azimuthal equidistant";
  if (v.projection == Projection::ortho) t += " · orthographic";
  if (v.projection == Projection::eqearth) t += " · Equal Earth";
  return t;
}

}  // namespace geofield
