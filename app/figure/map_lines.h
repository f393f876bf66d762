// The map's own lines as vectors, for PDF and SVG figures: range rings (contours of the field
// at the style's interval), the graticule, borders and coastlines (the built-in Natural Earth
// lines), the reference marker; in the map's pixels, with the colours, widths and visibility the
// renderer gives them in the PNG (gl/overlay_look.h, the style's LineOverlay). No GL, no cairo.
#pragma once

#include <span>
#include <vector>

#include "figure/map_polyline.h"
#include "figure/text_raster.h"
#include "gl/renderer.h"

namespace geofield {

// Lines of one look, stroked as one path (a PDF or SVG holds one path a group).
struct LineGroup {
  enum class Kind { ring, graticule, border, coastline, site_edge, site, marker };
  Kind kind = Kind::ring;
  Rgba rgba{0, 0, 0, 255};  // straight alpha
  double width_px = 1;
  std::vector<Polyline> lines;
};

struct MapDot {
  PointPx at;
  double radius_px = 1;
  Rgba rgba{255, 255, 255, 255};
};

// What is drawn over the map's picture, in order: groups, then dots.
struct MapLines {
  std::vector<LineGroup> groups;  // rings (one group a ring value), graticule, borders, coasts,
                                  // the sites' lines (a dark edge, then their colour), the
                                  // marker's rings
  std::vector<MapDot> dots;       // the marker's centre
  bool empty() const { return groups.empty() && dots.empty(); }
};

// The lines of style's map drawn w x h pixels. field: its values (style.field_nx x
// style.field_ny, row 0 north), whose grid must be the map's (style.field == style.view, or
// field_map == map: a figure's, one node a pixel), for the rings; empty: no rings. sites: the
// sites' lines the renderer was given (Renderer::set_site_lines), drawn when style.lines.sites.
MapLines map_lines(const ViewStyle& style, int w, int h, std::span<const float> field,
                   const LineSet& sites = {});

// style with the lines map_lines gives left out (rings, graticule, marker, coastlines, borders,
// the sites' lines): the picture under them.
ViewStyle without_map_lines(ViewStyle style);

}  // namespace geofield
