// `geofield render --tile K/N`: tile K of the grid the view options describe, so that N
// independent processes make the whole grid. Raw outputs only (.npy, GeoTIFF written as a
// Cloud-Optimised GeoTIFF carrying its place in the grid for `geofield mosaic`, NetCDF-CF on
// the whole grid's node coordinates, its place in global attributes), for any site set: with
// --sites (or --centres) also the nearest site's index (int32 .npy, an Int32 GeoTIFF tile
// carrying its place too, the NetCDF file's nearest_centre variable); with --bearing the
// bearing toward it (float32 .npy).
#pragma once

#include "cli/render_command.h"
#include "compute/tile_files.h"

namespace geofield {

// What the request's tiles are of (tile_files.h): its sites when --sites or --centres gave them.
TileSites tile_sites_of(const RenderRequest& request, const FieldRequest& field);

// request.tile is set. Returns the exit status; throws UsageError or RuntimeFailure.
int run_render_tile(const RenderRequest& request);

}  // namespace geofield
