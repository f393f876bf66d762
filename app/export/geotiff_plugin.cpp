// libgeofield_geotiff.so: the GeoTIFF writer behind geotiff_export.cpp (see geotiff_plugin_abi.h
// for why it is a module). libtiff and libgeotiff are linked here and nowhere else.
#include <geotiff/geotiffio.h>
#include <geotiff/xtiffio.h>

#include <cstdarg>
#include <cstdint>
#include <cstdio>

#include "export/geotiff_plugin_abi.h"

namespace {

// libtiff reports through a process-wide handler that prints to stderr by default; the module
// keeps the last message instead, for geofield's one-line error. An export runs on one thread.
char last_libtiff_error[200] = "";

void keep_libtiff_error(const char* module, const char* fmt, va_list ap) {
  char text[160];
  std::vsnprintf(text, sizeof text, fmt, ap);
  std::snprintf(last_libtiff_error, sizeof last_libtiff_error, "%s%s%s", module ? module : "",
                module ? ": " : "", text);
}

int fail(char* error, size_t error_size, const char* what) {
  if (error_size > 0) {
    std::snprintf(error, error_size, "%s%s%s", what, last_libtiff_error[0] ? ": " : "",
                  last_libtiff_error);
  }
  return 1;
}

bool write(TIFF* tif, GTIF* gtif, const GeofieldGeotiffRaster& r) {
  bool ok = TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, static_cast<uint32_t>(r.nx));
  ok = ok && TIFFSetField(tif, TIFFTAG_IMAGELENGTH, static_cast<uint32_t>(r.ny));
  ok = ok && TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, r.f64 ? 64 : 32);
  ok = ok && TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, 1);
  ok = ok && TIFFSetField(tif, TIFFTAG_SAMPLEFORMAT, SAMPLEFORMAT_IEEEFP);
  ok = ok && TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_MINISBLACK);
  ok = ok && TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
  ok = ok && TIFFSetField(tif, TIFFTAG_COMPRESSION, COMPRESSION_NONE);
  ok = ok && TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, TIFFDefaultStripSize(tif, 0));
  ok = ok && TIFFSetField(tif, TIFFTAG_IMAGEDESCRIPTION, r.description);
  // Node (0, 0) is the north-west corner node; steps are per node.
  double tie[6] = {0, 0, 0, r.lon_min_deg, r.lat_max_deg, 0};
  double scale[3] = {r.lon_step_deg, r.lat_step_deg, 0};
  ok = ok && TIFFSetField(tif, TIFFTAG_GEOTIEPOINTS, 6, tie);
  ok = ok && TIFFSetField(tif, TIFFTAG_GEOPIXELSCALE, 3, scale);
  if (ok) {
    GTIFKeySet(gtif, GTModelTypeGeoKey, TYPE_SHORT, 1, ModelGeographic);
    GTIFKeySet(gtif, GTRasterTypeGeoKey, TYPE_SHORT, 1, RasterPixelIsPoint);
    GTIFKeySet(gtif, GeographicTypeGeoKey, TYPE_SHORT, 1, GCS_WGS_84);
    GTIFKeySet(gtif, GeogAngularUnitsGeoKey, TYPE_SHORT, 1, Angular_Degree);
  }
  const size_t row_bytes = static_cast<size_t>(r.nx) * (r.f64 ? 8 : 4);
  const char* values = static_cast<const char*>(r.values);
  for (int i = 0; ok && i < r.ny; ++i) {
    void* row = const_cast<char*>(values + static_cast<size_t>(i) * row_bytes);
    ok = TIFFWriteScanline(tif, row, static_cast<uint32_t>(i), 0) == 1;
  }
  return ok && GTIFWriteKeys(gtif);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) int geofield_write_geotiff_v2(
    const char* path, const GeofieldGeotiffRaster* raster, char* error, size_t error_size) {
  last_libtiff_error[0] = '\0';
  TIFFSetErrorHandler(keep_libtiff_error);
  TIFFSetWarningHandler(nullptr);
  TIFF* tif = XTIFFOpen(path, raster->bigtiff ? "w8" : "w");
  if (!tif) return fail(error, error_size, "libtiff could not open it");
  GTIF* gtif = GTIFNew(tif);
  const bool ok = gtif != nullptr && write(tif, gtif, *raster);
  if (gtif) GTIFFree(gtif);
  XTIFFClose(tif);  // flushes: a full disk can show here too
  return ok && last_libtiff_error[0] == '\0'
             ? 0
             : fail(error, error_size, "libtiff/libgeotiff could not write it");
}

// The entry point's type, checked against the interface.
[[maybe_unused]] static const GeofieldWriteGeotiff kChecked = geofield_write_geotiff_v2;
