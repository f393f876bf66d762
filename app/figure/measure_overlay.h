// The window's kept measurements (view/measurements.h) on a laid-out figure, drawn as `--path`
// draws its path (route_overlay.h): each measurement's path (the geodesic for wgs84) in the
// map's pixels in the path's look, a dot at each end and its label ("1: 9,160 km at 334°")
// on a box beside the far end, clear of every label and marker already on the map (a label
// with no clear place is left out: the panel lists them all). PNG, PDF and SVG alike. No GL.
#pragma once

#include <vector>

#include "figure/figure_layout.h"
#include "view/measurements.h"

namespace geofield {

// Adds list onto L (route_short, route_ends, route_labels). view: the figure's view.
void add_measurements(FigureLayout* L, const FieldParams& view,
                      const std::vector<Measurement>& list);

// "K: " and measurement_label: how the map and the figures name measurement k (0-based).
std::string numbered_measurement_label(const FieldParams& view,
                                       const std::vector<Measurement>& list, std::size_t k);

}  // namespace geofield
