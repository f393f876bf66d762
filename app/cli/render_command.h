// `geofield render`: the field of one view, computed and drawn with no window, written as a
// PNG picture and/or the raw field (.npy, GeoTIFF, NetCDF).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "cli/view_options.h"
#include "export/output_kinds.h"
#include "figure/figure_style.h"
#include "figure/route_path.h"
#include "gl/line_color.h"
#include "sites.h"
#include "tiles.h"

namespace geofield {

// The sites of a render as typed.
struct SitesChoice {
  std::string text;                // a file's path, or a built-in set's name ("@land:110m")
  const char* option = "--sites";  // the option given ("--sites" or "--centres"): messages name it
};

struct RenderRequest {
  ViewOptions view;
  // Each output's file (with `--tile all/N` a tiled output's folder), by output_kinds.h.
  OutputPaths outputs;
  bool f64 = false;     // the raw field (.npy, GeoTIFF, NetCDF) as float64, computed in double
  std::string command;  // the command line as typed, for the NetCDF file's history
  // Overlays on the picture, as the window draws them: none by default, a finished figure's
  // when the render writes a figure (figure_defaults.h).
  double contour_interval = 0;  // output unit; 0: no contours (or suited_rings)
  bool suited_rings = false;    // rings at ring_interval of the picture's colour range
  bool graticule = false;
  bool marker = false;  // the reference point's ring; with centres a dot at every centre
  // With centres: the figure marks every centre unless --no-marker (the PNG only with --marker),
  // and colours the map by each node's nearest centre (--colour-by-centre) instead of distance.
  bool figure_marks_centres = true;
  bool colour_by_centre = false;
  bool maidenhead = false;       // --maidenhead: the figure's Maidenhead fields, lines and names
  bool places = false;           // --places: the figure names the larger places (place_labels.h)
  std::optional<RouteEnd> path;  // --path: the figure's great circle to it (route_overlay.h)
  bool coastlines = false, borders = false;  // Natural Earth, the scale chosen by the extent
  std::uint32_t line_rgb = kDefaultLineRgb;  // their colour, 0xRRGGBB
  // A publication figure (outputs' figure, app/figure): the map in its true shape figure_width
  // pixels wide, with the overlays above, labels, colorbar and title; its own field, a node a
  // map pixel.
  int figure_width = 1600;   // pixels, kMinFigureWidthPx..kMaxFigureWidthPx
  int figure_dpi = 300;      // the PNG's pixels per inch, kMinFigureDpi..kMaxFigureDpi
  std::string figure_title;  // empty: default_figure_title
  FigureStyle figure_style;  // --style and what overrides it (figure_style.h)
  // The figure's view about the reference (centre_view_on), not the render's bounds.
  bool figure_about_ref = false;
  // Many sites (--centres FILE, --sites FILE|@name): the field is the
  // distance to the nearest of them (render_sites.h); outputs' index kinds write which. None:
  // the one reference point.
  std::optional<SitesChoice> sites;
  bool signed_inside = false;  // --signed: minus the distance to the boundary inside polygons
  // One tile of the grid (render_tile.h): the raw outputs hold tile->index of its layout only.
  std::optional<TileChoice> tile;
  // `--tile all/N`: every tile of the layout, in one process (render_tiles.h); the tiled
  // outputs then name folders. devices: `--devices all|0,1,...`, the CUDA devices to spread on.
  bool all_tiles = false;
  std::optional<std::string> devices;
  std::optional<int> workers;  // `--workers N`: tiles in flight a device (or on the CPU)
  bool cog = false;            // --geotiff as a Cloud-Optimised GeoTIFF (always so for a tile)
};

// Throws UsageError when the request writes nothing; touches no file.
void check_outputs_given(const RenderRequest& request);

// Returns the exit status; throws UsageError or RuntimeFailure with the reason.
int run_render(const RenderRequest& request);

// Fails fast, before any work, on a request with nothing to write, unwritable paths, two
// outputs naming one file and a missing GeoTIFF writer.
void check_render_request(const RenderRequest& request);

}  // namespace geofield
