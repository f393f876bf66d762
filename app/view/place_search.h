// The window's place search (the View panel's box): what a typed text offers, by the same
// gazetteer and rule as `--ref` (sites/place_lookup.h), and moving the reference point to the
// one picked. No GL, no ImGui.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "field_params.h"
#include "sites/place_lookup.h"

namespace geofield {

struct PlaceHit {
  std::string label;  // "Rome, Lazio, Italy", "JN61fv (Maidenhead square)"
  double lat_deg = 0, lon_deg = 0;
};

// At most max hits for text, best first: a Maidenhead locator's square; else the place `--ref`
// takes for the text, or the candidates of an ambiguous name; then the places whose name starts
// with the text before its first comma, most populous first, each once. Nothing for an empty
// text, a mistyped locator or a text that matches no name.
std::vector<PlaceHit> place_hits(std::string_view text, const PlaceLookup& places, std::size_t max);

// The reference point moved to (lat, lon) and the view with it: a latlon view keeps its size
// centred on it, an ortho globe turns to it, an aeqd map is centred on it already.
void move_reference(FieldParams* p, double lat_deg, double lon_deg);

}  // namespace geofield
