#include "compute/tile_files.h"

#include <cstdio>
#include <optional>
#include <string>

#include "errors.h"
#include "export/atomic_file.h"
#include "export/geotiff_export.h"
#include "export/netcdf_export.h"
#include "export/npy_export.h"
#include "export/tile_metadata.h"

namespace geofield {

std::uint64_t write_tile_files(const FieldParams& p, const TileSites& sites, const TileChoice& tile,
                               const Subgrid& w, const HostField& field,
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
    layout.subgrid = w;
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
    layout.subgrid = w;
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

}  // namespace geofield
