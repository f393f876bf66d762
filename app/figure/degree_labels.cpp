#include "figure/degree_labels.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "field_math.h"

namespace geofield {

int degree_decimals(double step_deg) {
  const int d = static_cast<int>(std::ceil(-std::log10(step_deg) - 1e-9));
  return std::clamp(d, 0, 8);
}

std::string lat_label(double lat, int dec) {
  char t[48];
  std::snprintf(t, sizeof t, "%.*f°%s", dec, std::fabs(lat), lat > 0 ? "N" : (lat < 0 ? "S" : ""));
  return t;
}

std::string lon_label(double lon_raw, int dec) {
  const double lon = reduce_deg_180(lon_raw);
  const bool edge = std::fabs(std::fabs(lon) - 180.0) < 1e-9;  // 180°, neither E nor W
  char t[48];
  std::snprintf(t, sizeof t, "%.*f°%s", dec, std::fabs(lon),
                edge ? "" : (lon > 0 ? "E" : (lon < 0 ? "W" : "")));
  return t;
}

}  // namespace geofield
