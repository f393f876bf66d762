// `geofield render --tile K/N`: tile K of the grid the view options describe, so that N
// independent processes make the whole grid. Raw outputs only (.npy, GeoTIFF written as a
// Cloud-Optimised GeoTIFF carrying its place in the grid for `geofield mosaic`).
#pragma once

#include <filesystem>
#include <optional>

#include "cli/render_command.h"
#include "host_field.h"

namespace geofield {

// Writes tile `tile` (its nodes w, values `field`) of p's grid as .npy and/or a Cloud-Optimised
// GeoTIFF carrying its place; both whole and flushed before either is renamed (both appear or
// neither). Says what it wrote when `say`. Returns the values' bytes.
std::uint64_t write_tile_files(const FieldParams& p, const TileChoice& tile, const NodeWindow& w,
                               const HostField& field,
                               const std::optional<std::filesystem::path>& npy_path,
                               const std::optional<std::filesystem::path>& geotiff_path, bool say);

// request.tile is set. Returns the exit status; throws UsageError or RuntimeFailure.
int run_render_tile(const RenderRequest& request);

}  // namespace geofield
