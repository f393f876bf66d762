#include "centres.h"

#include <cstdio>

#include "errors.h"
#include "field_params.h"
#include "utf8.h"

namespace geofield {

std::string coordinate_text(double v) {
  char s[32];
  std::snprintf(s, sizeof s, "%.17g", v);
  return s;
}

std::string centre_problem(const Centre& c) {
  if (!(c.lat_deg >= -90.0 && c.lat_deg <= 90.0)) {
    return "latitude " + coordinate_text(c.lat_deg) + " is outside [-90, 90]";
  }
  if (!(c.lon_deg >= -kMaxAbsLonDeg && c.lon_deg <= kMaxAbsLonDeg)) {
    return "longitude " + coordinate_text(c.lon_deg) + " is outside [-360, 360]";
  }
  if (c.name.size() > kMaxCentreNameBytes) {
    return "the name " + quoted_excerpt(c.name) + " is longer than " +
           std::to_string(kMaxCentreNameBytes) + " bytes";
  }
  // A name goes into saved views (JSON) and exports: text, never bytes that are not UTF-8.
  if (!is_utf8(c.name)) return "the name " + quoted_excerpt(c.name) + " is not UTF-8 text";
  return "";
}

}  // namespace geofield
