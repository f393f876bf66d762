// Where the window writes its graticule's labels: each parallel's at the map's west edge above
// its line, each meridian's at the south edge right of its line, every box inside the map and
// none over another (the corner where the first parallel meets the first meridian, the edges
// where a label would stick out into the surroundings). Pure: the caller measures and draws.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "field_params.h"
#include "view/graticule_crossings.h"
#include "view/view_math.h"

namespace geofield {

// Where the lines every lat_step_deg / lon_step_deg (> 0) meet the west (parallels) and south
// (meridians) edges of the map of p drawn in r: straight lines on latlon views (at most 200 of
// each), graticule_crossings' on projected ones (min_apart_px apart along an edge).
std::vector<GraticuleCrossing> graticule_edge_crossings(const FieldParams& p, const MapRect& r,
                                                        double lat_step_deg, double lon_step_deg,
                                                        double min_apart_px);

struct GraticuleLabel {
  std::string text;  // "30°N"
  bool latitude = false;
  double line_px = 0;   // the line's y (parallel) or x (meridian) on the edge, window pixels
  double x = 0, y = 0;  // the box's top-left, window pixels (text at x + pad_x, y + pad_y)
  double w = 0, h = 0;
};

struct GraticuleLabelLook {
  std::function<double(std::string_view)> text_width_px;
  double text_height_px = 13;
  double pad_x_px = 2, pad_y_px = 1;  // the box round the text
  double inset_px = 2;                // between a box and the map's edge, or its line
};

// The labels of `crossings` (texts by text_of), in their order: a parallel's box above its line
// against the west edge (below it where above would leave the map), a meridian's right of its
// line against the south edge (left of it where right would leave the map). A label whose box
// still leaves r, or touches a box placed before it, is dropped: meridians are placed first,
// so at the south-west corner the lowest parallel's label gives way.
std::vector<GraticuleLabel> place_graticule_labels(
    const std::vector<GraticuleCrossing>& crossings, const MapRect& r,
    const std::function<std::string(const GraticuleCrossing&)>& text_of,
    const GraticuleLabelLook& look);

}  // namespace geofield
