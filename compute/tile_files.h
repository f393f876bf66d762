// The files of one tile of a grid: each tiled output of the registry (export/output_kinds.h:
// .npy, a Cloud-Optimised GeoTIFF carrying its place in the grid for `geofield mosaic`,
// NetCDF-CF on the whole grid's node coordinates, and with many sites the nearest site's index),
// all whole and flushed before any is renamed. What `render --tile K/N` and the tile batch write.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "export/output_kinds.h"
#include "field_params.h"
#include "host_field.h"
#include "sites.h"
#include "subgrid.h"
#include "tiles.h"

namespace geofield {

// The files of one tile (tiled outputs only); none for an output not asked for.
struct TileFiles {
  OutputPaths paths;
  std::string command;  // the command line, for the NetCDF file's history
};

// What a run's tiles are of: one point (its reference is in the grid's metadata) or the nearest
// of `centres` centres, `sites` their identity in the run (tile_metadata.h's sites_identity),
// `set` the sites themselves.
struct TileSites {
  std::optional<std::size_t> centres;
  std::string sites;
  SiteSet set;  // with centres: the sites (the index outputs' table of names, site_table.h)
};

// Writes tile `tile` (its nodes w, values `field`, with centres the nearest centre's `index`,
// with --bearing the bearing toward it) of
// p's grid into each of files' outputs (output_kinds.h: a GeoTIFF tile is Cloud-Optimised, each
// carries its place); all whole and flushed before any is renamed (all appear or none). Says what
// it wrote when `say`. Returns the values' bytes.
std::uint64_t write_tile_files(const FieldParams& p, const TileSites& sites, const TileChoice& tile,
                               const Subgrid& w, const HostField& field,
                               std::span<const std::int32_t> index, std::span<const float> bearing,
                               const TileFiles& files, bool say);

}  // namespace geofield
