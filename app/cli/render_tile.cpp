#include "cli/render_tile.h"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "cli/render_sites.h"
#include "compute/bearing_field.h"
#include "compute/subgrid_field.h"
#include "errors.h"
#include "export/output_kinds.h"
#include "export/tile_metadata.h"
#include "memory_limits.h"

namespace geofield {
namespace {

// What a tile cannot hold, refused before any work: a picture is of the whole grid.
void refuse_whole_grid_outputs(const RenderRequest& request) {
  for (const OutputKind& k : output_kinds()) {
    if (k.tiled() || !request.outputs[k.id]) continue;
    throw UsageError(
        "--tile: a tile holds the raw field only (" +
        output_options_text(
            [](const OutputKind& t) { return t.tiled() && t.source == OutputSource::field; }, "",
            ", ") +
        "), the index with --sites and the bearing; " + k.option + " " + k.untiled_why);
  }
}

// A tile's own limits, whatever the whole grid's size: at most kMaxGridSide nodes a side (the
// untiled grid's cap: the buffers are indexed as one grid), and the memory its field and
// outputs take (NetCDF's file is built in memory). Refused naming --tile, before anything is
// printed or written.
void check_tile_fits(const TileChoice& tile, const Subgrid& w, Precision precision, bool netcdf) {
  const std::string which = "--tile: tile " + std::to_string(tile.index) + " of " +
                            std::to_string(tile.layout.count()) + " is " + std::to_string(w.nx) +
                            "x" + std::to_string(w.ny) + " nodes";
  if (w.nx > kMaxGridSide || w.ny > kMaxGridSide) {
    throw UsageError(which + "; a tile has at most " + std::to_string(kMaxGridSide) +
                     " nodes a side: give more tiles (N, or TXxTY)");
  }
  FieldParams size;
  size.nx = w.nx;
  size.ny = w.ny;
  size.precision = precision;
  if (const auto shortfall = memory_shortfall(render_bytes_needed(size, false, netcdf))) {
    throw UsageError(which + " and needs " + *shortfall + ": give more tiles");
  }
}

}  // namespace

TileSites tile_sites_of(const RenderRequest& request, const FieldRequest& field) {
  if (!request.sites) return {};
  return {field.sites.size(), sites_identity(field.sites, field.signed_inside), field.sites};
}

int run_render_tile(const RenderRequest& request) {
  refuse_whole_grid_outputs(request);
  check_render_request(request);
  FieldParams params = request.view.params;
  if (request.f64) params.precision = Precision::f64;
  const Precision raw = request.f64 ? Precision::f64 : Precision::f32;
  const TileChoice& tile = *request.tile;
  const Subgrid w = tile_subgrid(tile.layout, params.nx, params.ny, tile.index);
  check_tile_fits(tile, w, params.precision, request.outputs[OutputId::netcdf].has_value());
  std::fprintf(stderr, "geofield: tile %d of %d (%d x %d tiles): %s\n", tile.index,
               tile.layout.count(), tile.layout.tiles_x, tile.layout.tiles_y,
               describe_subgrid(w, params.nx, params.ny).c_str());

  const FieldRequest field_request = field_request_of(request, params);
  const TileSites sites = tile_sites_of(request, field_request);
  std::string reason;
  std::vector<std::int32_t> index;
  const HostField field = compute_subgrid(request.view.backend, field_request, w, raw,
                                          sites.centres ? &index : nullptr, &reason);
  std::fprintf(stderr, "geofield: %s; raw field only: no GL needed%s\n", reason.c_str(),
               nearest_text(request, field_request).c_str());
  const std::vector<float> bearing = request.outputs[OutputId::bearing]
                                         ? BearingField(field_request).subgrid(w)
                                         : std::vector<float>();

  write_tile_files(params, sites, tile, w, field, index, bearing,
                   TileFiles{request.outputs, request.command}, true);
  return 0;
}

}  // namespace geofield
