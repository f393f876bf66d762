#include "cli/render_tile.h"

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "compute/window_field.h"
#include "errors.h"
#include "export/atomic_file.h"
#include "export/geotiff_export.h"
#include "export/netcdf_export.h"
#include "export/npy_export.h"
#include "export/tile_metadata.h"
#include "memory_limits.h"

namespace geofield {
namespace {

// What a tile cannot hold, refused before any work: a picture is of the whole grid.
void refuse_whole_grid_outputs(const RenderRequest& request) {
  const char* const kRawOnly =
      "--tile: a tile holds the raw field only (--npy, --geotiff, --netcdf), with --centres "
      "its index too; ";
  if (request.png) throw UsageError(std::string(kRawOnly) + "--png draws the whole grid");
  if (request.figure) throw UsageError(std::string(kRawOnly) + "--figure draws the whole view");
}

// A tile's own limits, whatever the whole grid's size: at most kMaxGridSide nodes a side (the
// untiled grid's cap: the buffers are indexed as one grid), and the memory its field and
// outputs take (NetCDF's file is built in memory). Refused naming --tile, before anything is
// printed or written.
void check_tile_fits(const TileChoice& tile, const NodeWindow& w, Precision precision,
                     bool netcdf) {
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
  if (!request.centres) return {};
  return {field.sites.size(), sites_identity(field.sites)};
}

std::uint64_t write_tile_files(const FieldParams& p, const TileSites& sites, const TileChoice& tile,
                               const NodeWindow& w, const HostField& field,
                               std::span<const std::int32_t> index, const TileFiles& files,
                               bool say) {
  if ((files.index || files.index_geotiff || (files.netcdf && sites.centres)) &&
      index.size() != static_cast<std::size_t>(w.nx) * static_cast<std::size_t>(w.ny)) {
    throw RuntimeFailure("the index of tile " + std::to_string(tile.index) + " has " +
                         std::to_string(index.size()) + " values, not its " + std::to_string(w.nx) +
                         " x " + std::to_string(w.ny));
  }
  std::optional<AtomicFile> npy, geotiff, netcdf, index_npy, index_geotiff;
  if (files.npy) {
    npy.emplace(*files.npy);
    write_npy_into(*npy, field);
    npy->finish();
  }
  if (files.geotiff) {
    geotiff.emplace(*files.geotiff);
    GeotiffOptions layout;
    layout.cog = true;
    layout.window = w;
    layout.centres = sites.centres;
    TileMetadata m = tile_metadata(p, tile, w, sites.sites);
    prove_tile(&m, field);  // over the values as written, for `geofield mosaic` to check
    layout.metadata = metadata_items(m);
    write_geotiff_into(*geotiff, field, p, layout);
    geotiff->finish();
  }
  if (files.netcdf) {
    netcdf.emplace(*files.netcdf);
    write_netcdf_into(
        *netcdf, field, p, files.command,
        sites.centres ? std::optional<NetcdfCentres>({*sites.centres, index}) : std::nullopt,
        NetcdfTile{tile, w, sites.sites});
    netcdf->finish();
  }
  if (files.index) {
    index_npy.emplace(*files.index);
    write_npy_int32_into(*index_npy, w.nx, w.ny, index);
    index_npy->finish();
  }
  if (files.index_geotiff) {
    // Plain strips (write_index_geotiff_into says why), placed and proved as a distance tile.
    index_geotiff.emplace(*files.index_geotiff);
    GeotiffOptions layout;
    layout.window = w;
    TileMetadata m = tile_metadata(p, tile, w, sites.sites);
    prove_index_tile(&m, index);
    layout.metadata = metadata_items(m);
    write_index_geotiff_into(*index_geotiff, w.nx, w.ny, index, p, sites.centres.value_or(1),
                             layout);
    index_geotiff->finish();
  }
  const bool f64 = field.precision == Precision::f64;
  const char* type = f64 ? "float64" : "float32";
  if (npy) {
    npy->commit();
    if (say) {
      std::fprintf(stderr, "geofield: wrote %s (%s, shape %d x %d)\n",
                   escaped_text(files.npy->string()).c_str(), type, w.ny, w.nx);
    }
  }
  if (geotiff) {
    geotiff->commit();
    if (say) {
      std::fprintf(stderr, "geofield: wrote %s (Cloud-Optimised GeoTIFF, %s, %d x %d nodes)\n",
                   escaped_text(files.geotiff->string()).c_str(), type, w.nx, w.ny);
    }
  }
  if (netcdf) {
    netcdf->commit();
    if (say) {
      std::fprintf(stderr, "geofield: wrote %s (NetCDF-4, CF-1.8, %s, %d x %d nodes)\n",
                   escaped_text(files.netcdf->string()).c_str(), type, w.nx, w.ny);
    }
  }
  if (index_npy) {
    index_npy->commit();
    if (say) {
      std::fprintf(stderr,
                   "geofield: wrote %s (int32 index of the nearest centre, shape %d x %d)\n",
                   escaped_text(files.index->string()).c_str(), w.ny, w.nx);
    }
  }
  if (index_geotiff) {
    index_geotiff->commit();
    if (say) {
      std::fprintf(stderr,
                   "geofield: wrote %s (GeoTIFF tile, int32 index of the nearest centre, %d x %d "
                   "nodes)\n",
                   escaped_text(files.index_geotiff->string()).c_str(), w.nx, w.ny);
    }
  }
  return static_cast<std::uint64_t>(w.nx) * static_cast<std::uint64_t>(w.ny) * (f64 ? 8 : 4);
}

int run_render_tile(const RenderRequest& request) {
  refuse_whole_grid_outputs(request);
  check_render_request(request);
  FieldParams params = request.view.params;
  if (request.f64) params.precision = Precision::f64;
  const Precision raw = request.f64 ? Precision::f64 : Precision::f32;
  const TileChoice& tile = *request.tile;
  const NodeWindow w = tile_window(tile.layout, params.nx, params.ny, tile.index);
  check_tile_fits(tile, w, params.precision, request.netcdf.has_value());
  std::fprintf(stderr, "geofield: tile %d of %d (%d x %d tiles): %s\n", tile.index,
               tile.layout.count(), tile.layout.tiles_x, tile.layout.tiles_y,
               describe_window(w, params.nx, params.ny).c_str());

  const FieldRequest field_request = field_request_of(request, params);
  const TileSites sites = tile_sites_of(request, field_request);
  std::string reason;
  std::vector<std::int32_t> index;
  const HostField field = compute_window(request.view.backend, field_request, w, raw,
                                         sites.centres ? &index : nullptr, &reason);
  std::fprintf(stderr, "geofield: %s; raw field only: no GL needed%s\n", reason.c_str(),
               sites.centres
                   ? ("; the nearest of " + std::to_string(*sites.centres) + " centres").c_str()
                   : "");

  write_tile_files(params, sites, tile, w, field, index,
                   TileFiles{request.npy, request.geotiff, request.netcdf, request.index,
                             request.index_geotiff, request.command},
                   true);
  return 0;
}

}  // namespace geofield
