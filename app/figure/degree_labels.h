// How a figure writes a graticule line's latitude or longitude ("30°N", "105°W", "180°"), with
// as many decimals as the graticule's step needs.
#pragma once

#include <string>

namespace geofield {

// The decimals a line every step_deg needs (0 to 8).
int degree_decimals(double step_deg);
std::string lat_label(double lat_deg, int decimals);
std::string lon_label(double lon_deg, int decimals);  // any longitude, written in [-180, 180]

}  // namespace geofield
