// `geofield render`: the field of one view, computed and drawn with no window, written as a
// PNG picture and/or the raw field (.npy, GeoTIFF, NetCDF).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "cli/view_options.h"
#include "gl/line_color.h"
#include "sites.h"
#include "tiles.h"

namespace geofield {

struct RenderRequest {
  ViewOptions view;
  std::optional<std::filesystem::path> png;
  std::optional<std::filesystem::path> npy;
  std::optional<std::filesystem::path> geotiff;
  std::optional<std::filesystem::path> netcdf;  // NetCDF-4, CF-1.8 (with the index, if centres)
  bool f64 = false;     // the raw field (.npy, GeoTIFF, NetCDF) as float64, computed in double
  std::string command;  // the command line as typed, for the NetCDF file's history
  // Overlays on the picture, as the window draws them; none by default.
  double contour_interval = 0;  // output unit; 0: no contours
  bool graticule = false;
  bool marker = false;  // the reference point's ring; with centres a dot at every centre
  // With centres: the figure marks every centre unless --no-marker (the PNG only with --marker),
  // and colours the map by each node's nearest centre (--colour-by-centre) instead of distance.
  bool figure_marks_centres = true;
  bool colour_by_centre = false;
  bool coastlines = false, borders = false;  // Natural Earth, the scale chosen by the extent
  std::uint32_t line_rgb = kDefaultLineRgb;  // their colour, 0xRRGGBB
  // A publication figure (app/figure): the map in its true shape figure_width pixels wide,
  // with the overlays above, labels, colorbar and title; its own field, a node a map pixel.
  std::optional<std::filesystem::path> figure;
  int figure_width = 1600;   // pixels, kMinFigureWidthPx..kMaxFigureWidthPx
  std::string figure_title;  // empty: reference point, formula, radius
  // Many reference points (issue 16): the field is the distance to the nearest of the centres
  // read from this file (CSV or GeoJSON), computed on the CPU; index: that centre's index per
  // node as an int32 .npy.
  std::optional<std::filesystem::path> centres;
  std::optional<std::filesystem::path> index;
  std::optional<std::filesystem::path> index_geotiff;  // the same index, an int32 GeoTIFF
  // One tile of the grid (render_tile.h): the raw outputs hold tile->index of its layout only.
  std::optional<TileChoice> tile;
  // `--tile all/N`: every tile of the layout, in one process (render_tiles.h); --geotiff and
  // --npy then name folders. devices: `--devices all|0,1,...`, the CUDA devices to spread on.
  bool all_tiles = false;
  std::optional<std::string> devices;
  std::optional<int> workers;  // `--workers N`: tiles in flight a device (or on the CPU)
  bool cog = false;            // --geotiff as a Cloud-Optimised GeoTIFF (always so for a tile)
};

// Throws UsageError when the request writes nothing; touches no file.
void check_outputs_given(const RenderRequest& request);

// Returns the exit status; throws UsageError or RuntimeFailure with the reason.
int run_render(const RenderRequest& request);

// The sites of a render (--centres FILE's, or params' reference point) and params, checked
// (check_sites); a file's problem is one UsageError naming --centres. Tiles take it too.
FieldRequest field_request_of(const RenderRequest& request, const FieldParams& params);

// Fails fast, before any work, on a request with nothing to write, unwritable paths, two
// outputs naming one file and a missing GeoTIFF writer.
void check_render_request(const RenderRequest& request);

}  // namespace geofield
