// Strict parsers for command-line values; each error names the option and the expected form.
#pragma once

#include <string_view>
#include <utility>

namespace geofield {

double parse_number(std::string_view s, const char* option);
// "MIN:MAX" -> {MIN, MAX}
std::pair<double, double> parse_range(std::string_view s, const char* option);
// "NXxNY" (or "N" for N x N) -> {NX, NY}
std::pair<int, int> parse_size(std::string_view s, const char* option);
// "LAT,LON" -> {LAT, LON}
std::pair<double, double> parse_point(std::string_view s, const char* option);

}  // namespace geofield
