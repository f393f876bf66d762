// Projected views (aeqd, ortho, eqearth) in the window: window pixels <-> the map's plane <-> the
// sphere through the shared projection (core/projection.h), and what the mouse does to such a view.
// Pure math on FieldParams: no GL, no ImGui. Screen y grows downward; angles in degrees; map
// coordinates (x east, y north at the centre) in the output unit, as the grid contract has them.
//
// The map is drawn with square pixels (the projected grid is square by contract): the rectangle's
// width spans the grid's 2 * extent, its height the same units per pixel.
#pragma once

#include <optional>

#include "field_params.h"
#include "view/view_math.h"

namespace geofield {

struct MapXY {
  double x = 0, y = 0;
};

// The projection's centre: the reference point (aeqd, by definition), the view's centre
// (ortho: the middle of the lat/lon bounds, which is where the window keeps it) or the equator
// on the reference's meridian (eqearth).
GeoPoint projection_centre(const FieldParams& p);

// Output units per window pixel of the map drawn in r (its width spans 2 * extent).
double map_units_per_px(const FieldParams& p, const MapRect& r);

MapXY screen_to_map(const FieldParams& p, const MapRect& r, double px, double py);
void map_to_screen(const FieldParams& p, const MapRect& r, MapXY m, double* px, double* py);

// The point of the sphere under a pixel; empty off the globe (ortho) or beyond the antipode's
// circle (aeqd).
std::optional<GeoPoint> projected_screen_to_geo(const FieldParams& p, const MapRect& r, double px,
                                                double py);
// The pixel of a point; false where the projection has no place for it (ortho's far side,
// aeqd's antipode).
bool projected_geo_to_screen(const FieldParams& p, const MapRect& r, GeoPoint g, double* px,
                             double* py);

// The angle the map's width spans on the sphere, degrees (aeqd: its arc; ortho: the arc of its
// chord, 180 for the whole disc): what graticule steps are chosen by.
double projected_span_deg(const FieldParams& p);

// The smallest extent the window zooms to: a millionth of a degree of arc, as latlon's span.
double min_extent(const FieldParams& p);

// Sets the ortho view's centre (the bounds' middle): latitude kept kPoleMarginDeg off the poles,
// the spans kept where they fit (the latitude span shrinks near a pole so the middle can get
// there); the window turns the globe with it.
constexpr double kPoleMarginDeg = 1e-6;
void set_view_centre(FieldParams* p, double lat_deg, double lon_deg);

// Sets the output unit; a projected view's extent is converted so the map keeps its size.
void change_units(FieldParams* p, Units units);

// The mouse on a projected view. A drag of (dx, dy) pixels moves the projection's centre the
// opposite way along the sphere, so the ground under the pointer follows it: in aeqd that moves
// the reference point (the map is centred on it by definition), in ortho it turns the globe.
// The centre never goes over a pole: a drag towards one stops there. eqearth: no pan (the map
// is the world about the reference's meridian; the wheel zooms about its centre).
void projected_pan(FieldParams* p, const MapRect& r, double dx_px, double dy_px);
// Scales the extent by `factor` (< 1 zooms in) within [min_extent, max_extent]. ortho keeps the
// point under (px, py) in place when it is on the globe; aeqd zooms about its centre (keeping
// the pointer's point would move the reference point).
void projected_zoom(FieldParams* p, const MapRect& r, double factor, double px, double py);

}  // namespace geofield
