// Reading a GeoTIFF's values back whole, in the writer module (libgeofield_geotiff.so only):
// what `geofield mosaic` checks a tile's values digest on. Every block of every image is decoded,
// so a file cut short or a block that no longer inflates is found here.
#pragma once

#include <tiffio.h>

#include <cstddef>
#include <string>

namespace geofield {

// Reads the current image (nx x ny values of value_bytes each, row-major, row 0 first; strips or
// tiles) into out[0 .. nx * ny * value_bytes). False with *why when a block cannot be read or
// decoded whole.
bool read_tiff_image(TIFF* tif, int nx, int ny, int value_bytes, void* out, std::string* why);

// For a Cloud-Optimised GeoTIFF of `values` (the first image, just read): reads every overview
// and compares it, bit for bit, with the one the writer makes of these values (geotiff_cog.h), so
// that damage to the overviews, which the values digest does not cover, is found too. A file
// with no further image passes. False with *why.
bool check_overviews(TIFF* tif, const void* values, int nx, int ny, bool f64, std::string* why);

}  // namespace geofield
