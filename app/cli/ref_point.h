// --ref's value: LAT,LON in degrees, a Maidenhead locator, or a place in the built-in gazetteer.
#pragma once

#include <string>
#include <string_view>

#include "figure/route_path.h"
#include "sites/place_lookup.h"

namespace geofield {

struct RefPoint {
  double lat_deg = 0, lon_deg = 0;
  // What a title calls the point: the place ("Rome, Italy") or the locator ("JN61fv"); empty
  // for LAT,LON, whose numbers are the name.
  std::string label;
};

// Read in this order: a text that starts with a digit, a sign or a point is LAT,LON (ranges are
// check()'s); one written as a locator (looks_like_maidenhead) is the centre of its square, or
// refused naming the locator's form; anything else is a place name (place_lookup.h's rule),
// refused when unknown, or when ambiguous with the candidates listed, in one line. Throws
// UsageError naming option.
RefPoint parse_ref(std::string_view text, const char* option, const PlaceLookup& places);

// The same against the gazetteer built into the binary (read only for a name).
RefPoint parse_ref(std::string_view text, const char* option);

// `--path`'s far end, read as parse_ref reads --ref (option names it in messages), refused when
// it is view's reference point or its antipode (route_problem: the path is not one great
// circle).
RouteEnd parse_path_end(std::string_view text, const char* option, const FieldParams& view);

}  // namespace geofield
