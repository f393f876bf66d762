// What the window's view keys do (Home, +/-, arrows, R), in every projection, as changes of
// FieldParams through the pan/zoom helpers the mouse uses. Pure math: no GL, no ImGui.
#pragma once

#include "field_params.h"
#include "view/view_math.h"

namespace geofield {

constexpr double kKeyZoomFactor = 0.8;   // span factor of one + (its inverse for -)
constexpr double kKeyPanFraction = 0.1;  // of the map's width (or height) per arrow press

// Home: the view's extent and place as `home` has them (bounds, extent); the reference point,
// the grid and the projection stay.
void reset_view(FieldParams* p, const FieldParams& home);
// + and -: zoom by factor (< 1 in) about the centre of the map drawn in r.
void zoom_centre(FieldParams* p, const MapRect& r, double factor);
// Arrows: shows what lies east (+1, 0), west (-1, 0), north (0, +1) or south (0, -1), a tenth
// of the map at a time.
void pan_step(FieldParams* p, const MapRect& r, int east, int north);
// R: the reference point to the middle of the map (aeqd is centred on it already).
void centre_on_reference(FieldParams* p);

}  // namespace geofield
