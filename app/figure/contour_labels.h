// Labels of range rings that are no one point's circles: the distance to several sites, to
// lines or to shapes. Each ring's value ("300 km") sits on the ring where the field's contours
// trace it (contour_lines.h), on a box inside the map, a few per line and clear of one another
// and of the labels already placed. Pure: the caller measures text and paints.
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include "field_params.h"
#include "figure/contour_lines.h"
#include "figure/figure_layout.h"

namespace geofield {

struct ContourLabelLook {
  std::function<double(std::string_view)> text_width_px;
  double text_height_px = 13;
  double pad_px = 2;                // around the text: the halo box
  double same_ring_apart_px = 240;  // labels of one ring at least this far apart (centres)
};

// The labels of the rings every interval (> 0) of the field in grid (node (i, j) at the map's
// pixel (map.x + j dx_px, map.y + i dy_px)), as text boxes (the halo is pad_px around each),
// clear of `taken` (and of each other) by pad_px. The ring at 0 (the sites themselves, a signed
// field's edge) is left unlabelled; a signed field's rings inside are labelled ("-500 km"). A box
// must lie inside the map and over values (not off a projected map's rim).
std::vector<PlacedText> contour_labels(const ContourGrid& grid, double interval, Units units,
                                       const PixelRect& map, const std::vector<PlacedText>& taken,
                                       const ContourLabelLook& look);

}  // namespace geofield
