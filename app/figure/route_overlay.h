// `render --figure --path POINT` on a laid-out figure: the great circle from the reference
// point (route_path.h) as lines in the map's pixels, following the projection as the map's
// other lines do (map_pixels.h: a lat/lon map's world copies, so the path leaves at the
// antimeridian and comes back on the other side; cut at ortho's limb and at aeqd's rim): the
// short path solid, and on a map of the world round (long_path_shown) the long path dashed;
// a marker at the far end and the measures on a box beside it (or in a corner of the map when
// the far end is off it). No GL.
#pragma once

#include "figure/figure_layout.h"
#include "figure/map_lines.h"
#include "figure/map_pixels.h"
#include "figure/route_path.h"

namespace geofield {

// The path's look: a light line on a dark edge (readable on any colormap), the long path's
// dashes in figure text heights.
inline constexpr Rgba kRouteInk = {255, 255, 255, 255};
inline constexpr Rgba kRouteEdge = {20, 20, 24, 200};
inline constexpr std::uint32_t kRouteEndRgb = 0xe8283c;  // the far end's dot: red
inline constexpr double kRouteDashFonts = 0.9, kRouteGapFonts = 0.6;
inline constexpr double kRouteStepDeg = 0.5;  // between the great circle's vertices

// Adds the path from view's reference point to end onto L (route_short, route_long,
// route_ends, route_labels), clear of every label and marker on the map already.
void add_route(FigureLayout* L, const FieldParams& view, const RouteEnd& end);

// L's map's pixels for view's geography (L's style holds it only when some overlay is drawn).
MapPixels route_pixels(const FigureLayout& L, const FieldParams& view);
// Runs of points (continuous longitudes) as lines in the map's pixels, cut at the map's edges
// margin_px out; on a lat/lon map every copy of the world that holds a piece of them.
std::vector<Polyline> route_map_lines(const MapPixels& px,
                                      const std::vector<std::vector<RoutePoint>>& runs,
                                      double margin_px);
// A path's line width on L.
double route_width_px(const FigureLayout& L);

// Whether L's map shows the long path: a map of the world round from the reference (aeqd
// out to at least half the antipode's distance, a whole ortho globe, a lat/lon map 360° wide).
// A regional map shows the short path alone.
bool long_path_shown(const FigureLayout& L, const FieldParams& view);

// The lines cut into dashes on_px long, off_px apart, along each line from its start.
std::vector<Polyline> dashed(const std::vector<Polyline>& lines, double on_px, double off_px);

// The path's lines as groups to stroke, in order (each on its dark edge; the long path's
// dashes lighter).
std::vector<LineGroup> route_groups(const FigureLayout& L);

}  // namespace geofield
