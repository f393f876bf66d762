// Strict parsers for command-line values; each error names the option, quotes what was typed
// (quoted_excerpt: one line, bounded) and gives the expected form or range.
#pragma once

#include <string_view>
#include <utility>

namespace geofield {

double parse_number(std::string_view s, const char* option);
// "MIN:MAX" -> {MIN, MAX}
std::pair<double, double> parse_range(std::string_view s, const char* option);
// "NXxNY" (or "N" for N x N) -> {NX, NY}, each side in [min_side, max_side]; a side outside
// (however large) is refused with the text as typed and the range, never clamped or wrapped.
std::pair<int, int> parse_size(std::string_view s, const char* option, int min_side, int max_side);
// "LAT,LON" -> {LAT, LON}
std::pair<double, double> parse_point(std::string_view s, const char* option);
// "A_KM,INV_F" -> {A_KM, INV_F} (an ellipsoid; ranges are check()'s)
std::pair<double, double> parse_ellipsoid(std::string_view s, const char* option);
// A whole number in [min, max], digits only (no sign, point or exponent).
int parse_whole(std::string_view s, const char* option, int min, int max);

}  // namespace geofield
