// The Cloud-Optimised GeoTIFF layout of the writer module (libgeofield_geotiff.so only): the
// image in 512 x 512 tiles, DEFLATE with the floating-point predictor (3), 2x overviews down to
// 256 nodes or fewer a side, and the layout COG readers rely on: every IFD first (main image,
// then overviews by decreasing size), then the tiles of the smallest overview first and the main
// image's last, each level's tiles row-major (GDAL's validate_cloud_optimized_geotiff.py).
#pragma once

#include <tiffio.h>

#include <functional>

#include "export/geotiff_plugin_abi.h"

namespace geofield {

// Sets the tags of level `level` (0: the main image) beyond the layout's own: description,
// georeferencing, nodata, metadata. Returns false on failure.
using CogLevelTags = std::function<bool(TIFF* tif, int level)>;

// Writes r (float32 or float64) as a COG into tif, freshly opened for writing. Overview nodes are
// the mean of the finer level's 2 x 2 nodes (fewer at an odd edge) ignoring NaN, NaN when all
// are. Returns false on failure (libtiff's error handler has the reason).
bool write_cog(TIFF* tif, const GeofieldGeotiffRaster& r, const CogLevelTags& level_tags);

}  // namespace geofield
