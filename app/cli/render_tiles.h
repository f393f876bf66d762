// `render --tile all/N`: every tile of a grid in one process, spread over the CUDA devices of
// this host (--devices), each tile written into the output folders as tile-K-of-N.tif (a
// Cloud-Optimised GeoTIFF) and/or .npy; `geofield mosaic` then reads them as one raster.
#pragma once

#include <string>
#include <vector>

#include "cli/render_command.h"

namespace geofield {

// The devices of `--devices all|0,1,...` on this machine (UsageError naming the option and the
// machine's devices otherwise).
std::vector<int> parse_devices(const std::string& text);

int run_render_tiles(const RenderRequest& request);

}  // namespace geofield
