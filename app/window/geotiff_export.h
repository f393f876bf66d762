// The raw field as a GeoTIFF: one band of float32 or float64, row 0 north, georeferenced in
// EPSG:4326 (WGS 84 latitude/longitude) with the grid's nodes as points (RasterPixelIsPoint),
// so GDAL tools place node (i, j) exactly at its latitude and longitude.
#pragma once

#include <filesystem>

#include "field_backend.h"

namespace geofield {

// p gives the georeferencing of `field` (bounds, units); written whole or not at all.
void write_geotiff(const std::filesystem::path& path, const HostField& field, const FieldParams& p);

}  // namespace geofield
