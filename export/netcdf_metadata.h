// What a NetCDF export says about its field, by the CF conventions (1.8): the names, units and
// attributes of the coordinates, the data variables, the grid mapping of projected views and
// the file. Pure (no libnetcdf): netcdf_export.cpp hands these to the writer module.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "export/tile_metadata.h"
#include "field_params.h"
#include "subgrid.h"
#include "tiles.h"

namespace geofield {

struct NetcdfAttribute {
  std::string name;
  std::optional<std::string> text;  // a text attribute; none: the number
  double number = 0;
};
using NetcdfAttributes = std::vector<NetcdfAttribute>;

// The output unit as UDUNITS-2 (CF's units) spells it: km, m, nautical_mile, mile. Not "nm",
// which UDUNITS reads as the nanometre, nor "mi" (a UDUNITS alias, but a less common one).
std::string_view cf_units(Units u);

// "30N 101E", "12.5S 0.25W": a point as a title names it (shortest round-trip digits).
std::string place_name(double lat_deg, double lon_deg);

// The data variable's long_name: "great-circle distance from 30N 101E" (haversine),
// "geodesic distance on the WGS84 ellipsoid from ..." (wgs84), "seed expression (the numba
// answer's; not a distance) from ..." (seed); with centres "... to the nearest of N centres".
std::string distance_long_name(const FieldParams& p, std::optional<std::size_t> centres);

// The coordinate variables: lat/lon in degrees (latlon views), x/y in metres about the
// projection's centre (aeqd, ortho).
NetcdfAttributes latitude_attributes();
NetcdfAttributes longitude_attributes();
NetcdfAttributes projection_x_attributes();
NetcdfAttributes projection_y_attributes();

// The coordinate variables of the nodes of subgrid w of p's grid, by the grid contract, in
// double whatever the values' type, each node at the coordinate the whole grid gives it (never
// re-derived from the subgrid's own bounds, so that the tiles of a grid hold its coordinates bit
// for bit): lat/lon (latlon views) or x/y in metres (projected). What `render --netcdf` writes
// and what Python's geofield.dataarray() gives (geofield_grid_describe).
struct NetcdfAxes {
  std::vector<double> y, x;
  NetcdfAttributes y_attributes, x_attributes;
  const char* y_name;
  const char* x_name;
};
NetcdfAxes netcdf_axes(const FieldParams& p, const Subgrid& w);

// The grid-mapping variable's attributes (the variable `crs`, which every data variable names):
// latlon views CF's latitude_longitude on WGS84, as the GeoTIFF's EPSG:4326 (without it GDAL
// gives the file no coordinate system); projected views CF's azimuthal_equidistant or
// orthographic on a sphere of the view's radius, in metres, with its crs_wkt (OGC WKT 1, the
// CRS GDAL reads from the GeoTIFF of the same view).
NetcdfAttributes grid_mapping_attributes(const FieldParams& p);

// The distance variable (long_name, units, grid_mapping) and the nearest-centre index of a
// centres render.
NetcdfAttributes distance_attributes(const FieldParams& p, std::optional<std::size_t> centres);
NetcdfAttributes index_attributes(const FieldParams& p, std::size_t centres);

// The most of the command line that history holds (HDF5's 64 KiB an attribute, less room for
// the time and the note of what was left out).
constexpr std::size_t kMaxHistoryCommandBytes = 60000;

// The file's: Conventions, title, history ("<utc_time>: <command>"), source, GMT's node_offset
// (gridline registration), and the view's
// reference point (or the number of centres), formula, radius or ellipsoid, precision and
// projection, each a geofield_* attribute. utc_time: ISO 8601, "2026-12-01T19:40:31Z".
NetcdfAttributes global_attributes(const FieldParams& p, std::optional<std::size_t> centres,
                                   std::string_view command, std::string_view utc_time);

// A tile's place in the whole grid, added to the file's attributes: geofield_tile "K/TXxTY" (as
// the GeoTIFF tile's GEOFIELD_TILE), its number K, the count N and the split TX x TY, the node
// subgrid (first row and column, rows and columns) and the whole grid's rows and columns, and
// geofield_grid, the whole grid's parameters as one canonical text (equal for one grid's tiles),
// with `sites` (tile_metadata.h's sites_identity) when they are not the one reference point.
NetcdfAttributes tile_global_attributes(const FieldParams& p, const TileChoice& tile,
                                        const Subgrid& nodes, const std::string& sites = "");

// A tile's proof, as the GeoTIFF tile's GEOFIELD_RUN and GEOFIELD_VALUES_DIGEST
// (tile_metadata.h): geofield_run and geofield_values_digest, 16 hex digits each; none that m
// does not have.
NetcdfAttributes tile_proof_attributes(const TileMetadata& m);

// The chunk shape of an ny x nx variable: 512 x 512 nodes (1 MiB of float32, 2 of float64:
// large enough that deflate works well, small enough that a reader of a corner reads little),
// the whole axis where it is shorter.
std::size_t chunk_side(std::size_t axis_size);

}  // namespace geofield
