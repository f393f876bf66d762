// The raw field as a NetCDF-4 file by the CF conventions (1.8): a `distance` variable on
// lat/lon coordinate variables holding every node's exact coordinate (row 0 north: lat
// descends; lon as the grid gives it, past 180 across the antimeridian) and the `crs` grid
// mapping WGS84, or on x/y in metres with the projection as `crs` for projected views (NaN as
// _FillValue); a tile (render --tile) holds its subgrid of the whole grid, at the whole grid's
// node coordinates, and says its place in global attributes; with many centres a second variable,
// `nearest_centre` (int32), and the sites' names on a `site` dimension. Chunks of up to 512 x 512,
// deflated (level 4, shuffled). Written by libgeofield_netcdf.so, a module loaded at the first
// NetCDF export.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "host_field.h"
#include "sites.h"
#include "subgrid.h"
#include "tiles.h"

namespace geofield {

class AtomicFile;

// Loads the writer module (libgeofield_netcdf.so) if not yet loaded; throws RuntimeFailure
// naming the module, libnetcdf when it is the missing part, and every place tried. Commands call
// it before any work, so that a missing module fails fast.
void require_netcdf_writer();

// A field of many centres: their number, and the index of each node's nearest (nx * ny, or
// empty for none), and the sites themselves: with the index, the file holds their table
// (site_table.h) as variables on a `site` dimension, site_name and site_lat/site_lon (points) or
// site_kind (shapes), which nearest_centre's site_variables attribute names, and which the
// global `coordinates` attribute makes xarray's coordinates (equal in every tile of a run, so
// that tiles combine). Null: no table.
struct NetcdfCentres {
  std::size_t count = 0;
  std::span<const std::int32_t> index;
  const SiteSet* sites = nullptr;
};

// A tile: the field holds the nodes `subgrid` of p's grid, tile `choice` of its split.
struct NetcdfTile {
  TileChoice choice;
  Subgrid subgrid;
  std::string sites;  // the run's sites beyond the one reference point (sites_identity)
};

// Writes the file of `field` (of params p, or of `tile`'s subgrid of p's grid) into `file` from its
// start; `command` is the line the history attribute records. finish() and commit() are the
// caller's, so that several outputs appear together.
void write_netcdf_into(AtomicFile& file, const HostField& field, const FieldParams& p,
                       const std::string& command,
                       const std::optional<NetcdfCentres>& centres = std::nullopt,
                       const std::optional<NetcdfTile>& tile = std::nullopt);

}  // namespace geofield
