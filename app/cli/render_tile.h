// `geofield render --tile K/N`: tile K of the grid the view options describe, so that N
// independent processes make the whole grid. Raw outputs only (.npy, GeoTIFF written as a
// Cloud-Optimised GeoTIFF carrying its place in the grid for `geofield mosaic`).
#pragma once

#include "cli/render_command.h"

namespace geofield {

// request.tile is set. Returns the exit status; throws UsageError or RuntimeFailure.
int run_render_tile(const RenderRequest& request);

}  // namespace geofield
