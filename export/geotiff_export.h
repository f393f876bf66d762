// The raw field as a GeoTIFF: one band of float32 or float64, row 0 north, georeferenced in
// EPSG:4326 (WGS 84 latitude/longitude) with the grid's nodes as points (RasterPixelIsPoint),
// or with pixel registration its cells as areas (RasterPixelIsArea, the corner the bounds'),
// so GDAL tools place node (i, j) exactly at its latitude and longitude; the band's unit,
// description and statistics in GDAL's metadata (docs/grids.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "host_field.h"
#include "subgrid.h"

namespace geofield {

class AtomicFile;

// Whether a GeoTIFF of this many bytes of values must be a BigTIFF: classic TIFF addresses its
// file with 32-bit offsets, so a field near 4 GiB (a 32768² float32 one is 4 GiB) needs it.
// Fewer readers take BigTIFF, so only then.
bool geotiff_needs_bigtiff(std::uint64_t value_bytes);

// Loads the writer module (libgeofield_geotiff.so) if not yet loaded; throws RuntimeFailure
// naming the module and every place tried when it cannot. Commands call it before any work, so
// that a missing module fails fast.
void require_geotiff_writer();

// How a distance GeoTIFF is laid out beyond its values.
struct GeotiffOptions {
  // A Cloud-Optimised GeoTIFF (tiled, DEFLATE + floating-point predictor, overviews; see
  // geotiff_cog.h) instead of plain uncompressed strips.
  bool cog = false;
  // The field is this subgrid of p's grid (a tile): georeferenced at the whole grid's nodes.
  std::optional<Subgrid> subgrid;
  // GDAL metadata items (name, value), shown by gdalinfo; a tile's place in its grid.
  std::vector<std::pair<std::string, std::string>> metadata;
  // The distance to the nearest of this many centres (render --centres): so described. None:
  // the distance from p's reference point.
  std::optional<std::size_t> centres;
};

// Writes the GeoTIFF of `field` into file's temporary; p gives the georeferencing (bounds,
// units). finish() and commit() are the caller's, so that several outputs appear together.
void write_geotiff_into(AtomicFile& file, const HostField& field, const FieldParams& p,
                        const GeotiffOptions& options = {});

// The nearest-centre index (render --index-geotiff): one int32 band on the same grid and
// georeferencing as the distance's GeoTIFF (or on options.subgrid of it, with options.metadata:
// an index tile), -1 (nodata) where a projected map has no point. TIFF gives all bands of a file
// one sample type, so the index is a file of its own rather than a second band beside float
// distances. Always plain strips: a COG's overviews average values, which means nothing for an
// index (options.cog is refused).
void write_index_geotiff_into(AtomicFile& file, int nx, int ny, std::span<const std::int32_t> index,
                              const FieldParams& p, std::size_t centres,
                              const GeotiffOptions& options = {});

// A GeoTIFF as `geofield mosaic` reads it: its size, sample type and GDAL metadata (XML).
struct GeotiffInfo {
  int nx = 0, ny = 0;
  std::optional<Precision> precision;  // float32 / float64; none for any other sample type
  bool int32 = false;                  // an int32 band (a nearest-site index); precision none
  std::string metadata_xml;            // "" when the file has none
};

// Reads path's first image through the writer module; throws RuntimeFailure naming the file
// when it is not a TIFF the module can read.
GeotiffInfo read_geotiff_info(const std::filesystem::path& path);

// Reads path's first image whole (every block decoded; a COG's overviews checked against its
// values) and returns the values digest (values_digest.h) of its bytes; `info` is what
// read_geotiff_info gave (float32, float64 or int32). Throws RuntimeFailure with the reason, not
// naming the file, when a block cannot be read or decoded or an overview is not the values'.
std::uint64_t read_geotiff_values_digest(const std::filesystem::path& path,
                                         const GeotiffInfo& info);

// The same into path, whole or not at all.
void write_geotiff(const std::filesystem::path& path, const HostField& field, const FieldParams& p);

}  // namespace geofield
