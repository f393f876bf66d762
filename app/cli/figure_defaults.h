// A render's overlays and view from what was typed. Told nothing, a render that writes a figure
// makes a finished one: the view about the reference, rings at an interval that
// suits its range, graticule, coastlines, borders and the reference's marker; a render with no
// figure draws no overlay unless asked. What was typed always wins.
#pragma once

#include "cli/render_command.h"
#include "cli/view_options.h"
#include "field_params.h"

namespace geofield {

// Half the latitude span of a figure's view about its reference, degrees (about 1100 km).
constexpr double kFigureHalfLatSpanDeg = 10;
// That view's width over its height in its true shape: a landscape map.
constexpr double kFigureViewAspect = 4.0 / 3.0;

// Latlon bounds about (lat_deg, lon_deg): kFigureHalfLatSpanDeg north and south, held within
// the poles (so a point nearer a pole than that is off the middle), and the longitudes that
// give kFigureViewAspect at their middle latitude, the whole circle where that passes 360°.
void centre_view_on(FieldParams* p, double lat_deg, double lon_deg);

// Sets r's overlays (contour_interval or suited_rings, graticule, marker, coastlines, borders,
// line colour) from r->view.overlays, and figure_about_ref for a figure of the reference whose
// view was not placed by --lat, --lon or --numba-case (its view only: the other outputs keep
// the render's grid, so adding a figure never changes them).
void set_render_look(const ViewOptionText& typed, RenderRequest* r);

}  // namespace geofield
