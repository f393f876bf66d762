// What a tile's GeoTIFF says of its place in the whole grid, as GDAL metadata items (gdalinfo
// shows them): enough for `geofield mosaic` to check that the tiles of a folder make one grid,
// none missing or twice, and to write the VRT over them; and the proof that it is whole and of
// one run: its run's digest and its values' (values_digest.h), checked against what is read.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "field_params.h"
#include "host_field.h"
#include "sites.h"
#include "subgrid.h"
#include "tiles.h"

namespace geofield {

struct TileMetadata {
  TileChoice tile;  // K and the layout TX x TY
  Subgrid nodes;    // the tile's nodes in the whole grid
  int grid_nx = 0, grid_ny = 0;
  std::string grid;  // the whole grid's parameters, canonical: equal for one grid's tiles
  // The whole grid's node (0, 0) and steps in the file's coordinates (degrees for latlon, metres
  // for aeqd and ortho), row 0 north: node (i, j) at (x0 + j step_x, y0 - i step_y).
  double x0 = 0, y0 = 0, step_x = 0, step_y = 0;
  std::string srs;  // the coordinate system as GDAL reads it (EPSG code or PROJ string)
  // Nodes with no value (projected views): NaN in a distance tile, -1 in an index tile
  // (GEOFIELD_NODATA nan / -1).
  bool nodata_nan = false;
  // A pixel-registered grid (GEOFIELD_REGISTRATION pixel): its nodes are cells' centres, the
  // VRT's pixels areas. x0, y0 stay node (0, 0).
  bool pixel_is_area = false;
  // An index tile (GEOFIELD_VALUES index): its int32 values are each node's nearest site, not a
  // distance.
  bool index = false;
  // GEOFIELD_RUN: run_digest(grid, stored type): tiles of one run, and only they, have one.
  // GEOFIELD_VALUES_DIGEST: values_digest of the values' bytes as written (float32 or float64,
  // row-major, little-endian). Both none in tiles of a geofield before them.
  std::optional<std::uint64_t> run, values_digest;
};

// What a tile's band holds: the distance as float32 or float64, or the nearest site's index.
enum class TileSample { float32, float64, int32 };
TileSample tile_sample_of(Precision stored);
const char* to_string(TileSample s);  // "float32", "float64", "int32"

// The text of everything that makes a tile's values: the whole grid's canonical parameters
// (GEOFIELD_GRID: bounds, size, reference point, formula, units, radius or ellipsoid,
// precision, projection and extent, and the sites when they are not the one reference point:
// sites_identity) and the type of the values stored.
std::string run_text(const std::string& grid, TileSample stored);
std::uint64_t run_digest(const std::string& grid, TileSample stored);
std::string run_text(const std::string& grid, Precision stored);
std::uint64_t run_digest(const std::string& grid, Precision stored);

// The sites in GEOFIELD_GRID: "" for one point, which the grid's ref= already names (so a
// one-point tile's metadata is what it was before sites); else " sites=points:N:D", D the
// 16-hex-digit FNV-1a digest of every site's latitude and longitude as exact text
// ("lat,lon;" each, in order). Names are not in it: they change no value. Two centres files of
// other coordinates, order or count give two runs. Lines and polygons:
// " sites=shapes:N:D", D the digest of every feature's kind and parts, each part's kind and
// vertices, with " signed" after it for --signed (its values differ inside the polygons).
std::string sites_identity(const SiteSet& sites, bool signed_inside = false);

// v with the digits that give it back exactly ("%.17g"): the metadata's and the VRT's numbers.
std::string exact_text(double v);

// Text as XML character data or an attribute value (&, <, >, " escaped): GDAL's metadata items
// and the VRT's elements.
std::string xml_escaped(const std::string& s);

// The metadata of tile `tile` (its nodes `nodes`) of p's grid; sites: sites_identity's text.
TileMetadata tile_metadata(const FieldParams& p, const TileChoice& tile, const Subgrid& nodes,
                           const std::string& sites = "");

// Sets m's run and values digest from the values `field` that are written.
void prove_tile(TileMetadata* m, const HostField& field);
// The same for an index tile (w.nx * w.ny int32 values as written); marks m as one.
void prove_index_tile(TileMetadata* m, std::span<const std::int32_t> index);

// As GDAL metadata items (name, value), names GEOFIELD_*.
std::vector<std::pair<std::string, std::string>> metadata_items(const TileMetadata& m);

// The metadata read back from a GeoTIFF's GDAL_METADATA XML; none when it has no GEOFIELD_TILE
// item (not a geofield tile). Throws RuntimeFailure when the items are there but malformed.
std::optional<TileMetadata> parse_tile_metadata(const std::string& gdal_metadata_xml);

}  // namespace geofield
