// Screen <-> geographic mapping of the map area, and pan/zoom as changes of the bounds.
// Pure math on FieldParams: no GL, no ImGui. Screen y grows downward; angles in degrees.
#pragma once

#include <optional>

#include "field_params.h"

namespace geofield {

// The map's rectangle in window pixels (x right, y down).
struct MapRect {
  double x = 0, y = 0, w = 1, h = 1;
  bool contains(double px, double py) const {
    return px >= x && py >= y && px < x + w && py < y + h;
  }
};

struct GeoPoint {
  double lat_deg = 0, lon_deg = 0;
};

constexpr double kMinSpanDeg = 1e-6;  // below this, float texture coordinates run out of digits

double lon_span_of(const FieldParams& p);

// Width over height of the view drawn with true shape: latlon at its centre latitude
// (equidistant cylindrical: a degree of longitude is cos(centre latitude) of a degree of
// latitude); a projected grid (aeqd, ortho) with square pixels, (nx - 1) / (ny - 1), or
// nx / ny with pixel registration.
double true_shape_aspect(const FieldParams& p);
// The largest rectangle of that aspect centred in `area`: the map, letterboxed.
MapRect letterbox(const FieldParams& p, const MapRect& area);
// The window's map: letterboxed, except a projected view whose grid follows the window's pixels
// (`follows_pixels`), which takes the whole area (its shape then comes from the area, not from
// the grid, or the grid would keep the shape it started with).
MapRect map_rect(const FieldParams& p, bool follows_pixels, const MapRect& area);

struct PixelSize {
  int w = 1, h = 1;
};
// The size of a picture of the view in its true shape, as large as fits in max_w x max_h.
PixelSize true_shape_size(const FieldParams& p, int max_w, int max_h);

// The point under window pixel (px, py); longitudes reduced to [-180, 180).
GeoPoint screen_to_geo(const FieldParams& p, const MapRect& r, double px, double py);
// The window pixel of a point (longitude taken the short way from the view's centre).
void geo_to_screen(const FieldParams& p, const MapRect& r, GeoPoint g, double* px, double* py);

// Any projection: the point under a pixel (empty where the map shows no point of the sphere),
// and the pixel of a point (false where the map has no place for it: ortho's far side).
std::optional<GeoPoint> point_under(const FieldParams& p, const MapRect& r, double px, double py);
bool screen_of(const FieldParams& p, const MapRect& r, GeoPoint g, double* px, double* py);

// Sets the longitude bounds from a west edge and a span in (0, 360], in the form the grid
// contract accepts: lon_min in [-180, 180), lon_max = lon_min + span written across 180 as a
// smaller number (170:-170) unless the span is the whole circle.
void set_lon_bounds(FieldParams* p, double lon_min_deg, double span_deg);
// Sets the latitude bounds, clamped into [-90, 90] keeping the span where it fits.
void set_lat_bounds(FieldParams* p, double lat_min_deg, double lat_max_deg);

// Moves the view so the point under the cursor follows it: (dx, dy) window pixels. Projected
// views: projected_pan (aeqd moves the reference point, ortho turns the globe).
void pan(FieldParams* p, const MapRect& r, double dx_px, double dy_px);
// Scales the spans by `factor` (< 1 zooms in) keeping the point under (px, py) in place.
// Projected views: projected_zoom (the extent).
void zoom_about(FieldParams* p, const MapRect& r, double factor, double px, double py);

// Decimals of a degree value shown for a view spanning span_deg over map_px pixels: enough that
// the last digit is less than a pixel, ceil(-log10(span_deg / map_px)), within [0, 6].
int view_decimals(double span_deg, double map_px);

// A "nice" step (1, 2, 5 x 10^k; 15, 30, 45, 90 above 10 degrees) giving about `lines` lines
// over span_deg.
double nice_step_deg(double span_deg, int lines);

// A contour interval in the output unit that gives about `lines` rings over [lo, hi].
double nice_interval(double lo, double hi, int lines);

// The range rings' interval that suits [lo, hi] (output unit): the least 1, 2, 2.5 or 5 x 10^k
// giving at most kMostSuitedRings rings, so a range from 0 gets 5 to 10 (and any range 5 to 11):
// the window's automatic rings (follow_ring_interval) and a figure's default rings.
constexpr int kMostSuitedRings = 10;
double ring_interval(double lo, double hi);

}  // namespace geofield
