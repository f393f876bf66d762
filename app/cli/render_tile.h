// `geofield render --tile K/N`: tile K of the grid the view options describe, so that N
// independent processes make the whole grid. Raw outputs only (.npy, GeoTIFF written as a
// Cloud-Optimised GeoTIFF carrying its place in the grid for `geofield mosaic`, NetCDF-CF on
// the whole grid's node coordinates, its place in global attributes).
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "cli/render_command.h"
#include "host_field.h"

namespace geofield {

// The files of one tile; none for an output not asked for.
struct TileFiles {
  std::optional<std::filesystem::path> npy, geotiff, netcdf;
  std::string command;  // the command line, for the NetCDF file's history
};

// Writes tile `tile` (its nodes w, values `field`) of p's grid as .npy, a Cloud-Optimised
// GeoTIFF and/or NetCDF-CF, each carrying its place; all whole and flushed before any is renamed
// (all appear or none). Says what it wrote when `say`. Returns the values' bytes.
std::uint64_t write_tile_files(const FieldParams& p, const TileChoice& tile, const NodeWindow& w,
                               const HostField& field, const TileFiles& files, bool say);

// request.tile is set. Returns the exit status; throws UsageError or RuntimeFailure.
int run_render_tile(const RenderRequest& request);

}  // namespace geofield
