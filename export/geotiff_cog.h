// The Cloud-Optimised GeoTIFF layout of the writer module (libgeofield_geotiff.so only): the
// image in 512 x 512 tiles, DEFLATE with the floating-point predictor (3), 2x overviews down to
// 256 nodes or fewer a side, and the layout COG readers rely on: every IFD first (main image,
// then overviews by decreasing size), then the tiles of the smallest overview first and the main
// image's last, each level's tiles row-major (GDAL's validate_cloud_optimized_geotiff.py).
#pragma once

#include <tiffio.h>

#include <functional>
#include <vector>

#include "export/geotiff_plugin_abi.h"

namespace geofield {

// Sets the tags of level `level` (0: the main image) beyond the layout's own: description,
// georeferencing, nodata, metadata. Returns false on failure.
using CogLevelTags = std::function<bool(TIFF* tif, int level)>;

// Where write_cog's time goes (bench/cog_bench.cpp): the whole write's wall seconds, and each
// phase's CPU seconds summed over the threads that ran it (phases on many cores add up to more
// than the wall time; other processes on the same cores do not inflate them).
struct CogPhaseSeconds {
  double pyramid = 0;    // the overviews' 2 x 2 means
  double predictor = 0;  // blocks cut out of their level, padded and predicted
  double deflate = 0;    // libdeflate on the predicted blocks
  double write = 0;      // IFDs, raw tiles and flushes through libtiff
  double wall = 0;
};

// Writes r (float32 or float64) as a COG into tif, freshly opened for writing. Overview nodes are
// the mean of the finer level's 2 x 2 nodes (fewer at an odd edge) ignoring NaN, NaN when all
// are. Returns false on failure (libtiff's error handler has the reason). With `seconds`, adds
// the phases' times to it.
bool write_cog(TIFF* tif, const GeofieldGeotiffRaster& r, const CogLevelTags& level_tags,
               CogPhaseSeconds* seconds = nullptr);

// The overviews write_cog stores for nx x ny values (row-major), largest first, each row-major,
// computed on `threads` threads; for the tests.
std::vector<std::vector<float>> cog_overviews(const float* values, int nx, int ny, int threads);
std::vector<std::vector<double>> cog_overviews(const double* values, int nx, int ny, int threads);

}  // namespace geofield
