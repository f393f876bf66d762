// Where a projected map's graticule lines leave it: parallels across the west edge, meridians
// across the south edge, the places for their labels (a projected graticule curves, so its
// labels go where its lines cross the edge, as latlon's do). Pure math: no GL, no ImGui.
#pragma once

#include <vector>

#include "field_params.h"
#include "view/view_math.h"

namespace geofield {

struct GraticuleCrossing {
  double value_deg = 0;   // the line's latitude, or its longitude in [-180, 180)
  bool latitude = false;  // a parallel (west edge) or a meridian (south edge)
  double x = 0, y = 0;    // where it crosses the edge, window pixels
};

// The crossings of the lines every lat_step_deg / lon_step_deg (> 0) on the map of the
// projected view p drawn in r, found pixel by pixel along the edge where the map shows the
// sphere; along each edge at least min_apart_px apart (the first kept), so labels never overlap.
std::vector<GraticuleCrossing> graticule_crossings(const FieldParams& p, const MapRect& r,
                                                   double lat_step_deg, double lon_step_deg,
                                                   double min_apart_px);

}  // namespace geofield
