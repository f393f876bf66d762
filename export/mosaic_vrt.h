// The GDAL VRT of `geofield mosaic`: plain XML that GDAL reads as one raster over the tiles of
// one grid, each placed at its nodes, georeferenced as the tiles are (nodes as points).
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "export/tile_metadata.h"
#include "field_params.h"

namespace geofield {

struct MosaicTile {
  std::filesystem::path file;  // absolute
  TileMetadata metadata;
};

// The VRT text over `tiles` (one grid's, checked, each tile once) of values `stored` (an index
// when int32: its nodata -1), for a VRT file in folder vrt_dir: tiles are named relative to it
// where they can be; `rat`, when not empty, the band's raster attribute table (an index's sites'
// names: site_table.h), placed in the band as it is.
std::string mosaic_vrt(const std::vector<MosaicTile>& tiles, TileSample stored,
                       const std::filesystem::path& vrt_dir, const std::string& rat = "");

}  // namespace geofield
