// `geofield render --tile K/N`: tile K of the grid the view options describe, so that N
// independent processes make the whole grid. Raw outputs only (.npy, GeoTIFF written as a
// Cloud-Optimised GeoTIFF carrying its place in the grid for `geofield mosaic`, NetCDF-CF on
// the whole grid's node coordinates, its place in global attributes), for any site set: with
// --centres also the nearest centre's index (int32 .npy, an Int32 GeoTIFF tile carrying its
// place too, the NetCDF file's nearest_centre variable).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>

#include "cli/render_command.h"
#include "export/output_kinds.h"
#include "host_field.h"

namespace geofield {

// The files of one tile (tiled outputs only); none for an output not asked for.
struct TileFiles {
  OutputPaths paths;
  std::string command;  // the command line, for the NetCDF file's history
};

// What a run's tiles are of: one point (its reference is in the grid's metadata) or the nearest
// of `centres` centres, `sites` their identity in the run (tile_metadata.h's sites_identity).
struct TileSites {
  std::optional<std::size_t> centres;
  std::string sites;
};
TileSites tile_sites_of(const RenderRequest& request, const FieldRequest& field);

// Writes tile `tile` (its nodes w, values `field`, with centres the nearest centre's `index`) of
// p's grid into each of files' outputs (output_kinds.h: a GeoTIFF tile is Cloud-Optimised, each
// carries its place); all whole and flushed before any is renamed (all appear or none). Says what
// it wrote when `say`. Returns the values' bytes.
std::uint64_t write_tile_files(const FieldParams& p, const TileSites& sites, const TileChoice& tile,
                               const NodeWindow& w, const HostField& field,
                               std::span<const std::int32_t> index, const TileFiles& files,
                               bool say);

// request.tile is set. Returns the exit status; throws UsageError or RuntimeFailure.
int run_render_tile(const RenderRequest& request);

}  // namespace geofield
