// What a label added on a laid-out figure's map must keep clear of: the boxes of the labels on
// it already (ring labels, site names, a disc's graticule labels, Maidenhead names, the path's
// label, place names, each with its pad), the site markers, the path's end marker, the place
// dots and the reference point's marker. One list, so every later layer avoids every earlier.
#pragma once

#include <vector>

#include "figure/figure_layout.h"

namespace geofield {

// The boxes (as PlacedText: top-left and size, figure pixels) taken on L's map. ref_marker:
// the reference marker's centre, figure pixels, when the map draws it there.
std::vector<PlacedText> map_label_boxes(const FigureLayout& L, const PointPx* ref_marker);

// Whether t's box, pad_px larger every way, lies inside L's map (and on its disc, when the map
// is one).
bool box_on_map(const PlacedText& t, double pad_px, const FigureLayout& L);

}  // namespace geofield
