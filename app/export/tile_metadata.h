// What a tile's GeoTIFF says of its place in the whole grid, as GDAL metadata items (gdalinfo
// shows them): enough for `geofield mosaic` to check that the tiles of a folder make one grid,
// none missing or twice, and to write the VRT over them; and the proof that it is whole and of
// one run: its run's digest and its values' (values_digest.h), checked against what is read.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "field_params.h"
#include "host_field.h"
#include "node_window.h"
#include "tiles.h"

namespace geofield {

struct TileMetadata {
  TileChoice tile;   // K and the layout TX x TY
  NodeWindow nodes;  // the tile's nodes in the whole grid
  int grid_nx = 0, grid_ny = 0;
  std::string grid;  // the whole grid's parameters, canonical: equal for one grid's tiles
  // The whole grid's node (0, 0) and steps in the file's coordinates (degrees for latlon, metres
  // for aeqd and ortho), row 0 north: node (i, j) at (x0 + j step_x, y0 - i step_y).
  double x0 = 0, y0 = 0, step_x = 0, step_y = 0;
  std::string srs;          // the coordinate system as GDAL reads it (EPSG code or PROJ string)
  bool nodata_nan = false;  // NaN marks nodes with no value (projected views)
  // GEOFIELD_RUN: run_digest(grid, stored type): tiles of one run, and only they, have one.
  // GEOFIELD_VALUES_DIGEST: values_digest of the values' bytes as written (float32 or float64,
  // row-major, little-endian). Both none in tiles of a geofield before them.
  std::optional<std::uint64_t> run, values_digest;
};

// The text of everything that makes a tile's values: the whole grid's canonical parameters
// (GEOFIELD_GRID: bounds, size, reference point, formula, units, radius or ellipsoid,
// precision, projection and extent) and the type of the values stored. A tile holds one
// reference point (--centres is not tiled), so no site list enters it.
std::string run_text(const std::string& grid, Precision stored);
std::uint64_t run_digest(const std::string& grid, Precision stored);

// v with the digits that give it back exactly ("%.17g"): the metadata's and the VRT's numbers.
std::string exact_text(double v);

// The metadata of tile `tile` (its nodes `nodes`) of p's grid.
TileMetadata tile_metadata(const FieldParams& p, const TileChoice& tile, const NodeWindow& nodes);

// Sets m's run and values digest from the values `field` that are written.
void prove_tile(TileMetadata* m, const HostField& field);

// As GDAL metadata items (name, value), names GEOFIELD_*.
std::vector<std::pair<std::string, std::string>> metadata_items(const TileMetadata& m);

// The metadata read back from a GeoTIFF's GDAL_METADATA XML; none when it has no GEOFIELD_TILE
// item (not a geofield tile). Throws RuntimeFailure when the items are there but malformed.
std::optional<TileMetadata> parse_tile_metadata(const std::string& gdal_metadata_xml);

}  // namespace geofield
