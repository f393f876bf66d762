// `render --tile all/N`: every tile of a grid in one process, spread over the CUDA devices of
// this host (--devices), each tile written into the output folders as tile-K-of-N.tif (a
// Cloud-Optimised GeoTIFF) and/or .npy; `geofield mosaic` then reads them as one raster.
#pragma once

#include <string>
#include <vector>

#include "cli/render_command.h"

namespace geofield {

// `--workers`: tiles in flight a device. Two by default: one worker's writing of its last tile
// (one thread) is what bounds the batch, not the device (bench/RESULTS.md, run TW).
constexpr int kDefaultDeviceWorkers = 2;
constexpr int kMaxTileWorkers = 16;

// The devices of `--devices all|0,1,...` on this machine, each once (UsageError naming the
// option and the machine's devices otherwise).
std::vector<int> parse_devices(const std::string& text);

int run_render_tiles(const RenderRequest& request);

}  // namespace geofield
