// The graticule as polylines in a figure map's pixels: parallels and meridians at the style's
// steps, where the field shader draws them (a lat/lon view's straight lines; a projected map's
// curves, meridians left out where they crowd closer than the shader lets them show).
#pragma once

#include <vector>

#include "figure/map_pixels.h"
#include "figure/map_polyline.h"

namespace geofield {

// None when the style has no graticule (a step of 0).
std::vector<Polyline> graticule_polylines(const MapPixels& pixels, const ViewStyle& style);

}  // namespace geofield
