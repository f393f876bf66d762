// `geofield mosaic DIR [--output FILE.vrt]`: the tiles of one grid that `render --tile` wrote
// into DIR, checked (one grid, one split, every tile once) and joined by a GDAL VRT that reads
// as one raster, equal node for node to a single render of the grid.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace geofield {

struct MosaicRequest {
  std::filesystem::path dir;
  std::filesystem::path output;  // DIR/mosaic.vrt unless given
};

// The words after "mosaic" (args[2...]); throws UsageError naming what is wrong.
// Returns false with *help set when help was asked for.
bool parse_mosaic_command(const std::vector<std::string>& words, MosaicRequest* request,
                          std::string* help);

// Returns the exit status; throws UsageError or RuntimeFailure with the reason.
int run_mosaic(const MosaicRequest& request);

}  // namespace geofield
