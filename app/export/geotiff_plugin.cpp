// libgeofield_geotiff.so: the GeoTIFF writer behind geotiff_export.cpp (see geotiff_plugin_abi.h
// for why it is a module). libtiff and libgeotiff are linked here and nowhere else.
#include <geotiff/geotiffio.h>
#include <geotiff/xtiffio.h>

#include <cerrno>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "export/geotiff_plugin_abi.h"

namespace {

// libtiff reports through a process-wide handler that prints to stderr by default; the module
// keeps the last message instead, for geofield's one-line error. An export runs on one thread.
char last_libtiff_error[200] = "";
// libtiff's messages for a failed write ("IO error writing tag data") leave out why; the
// write's errno is still set when its handler is called, so the first error keeps it when it
// is one a write gives (a full disk, a file-size limit, a quota, a read-only or failing disk).
int write_errno = 0;

void keep_libtiff_error(const char* module, const char* fmt, va_list ap) {
  const int e = errno;
  if (write_errno == 0 && (e == ENOSPC || e == EFBIG || e == EDQUOT || e == EIO || e == EROFS)) {
    write_errno = e;
  }
  char text[160];
  std::vsnprintf(text, sizeof text, fmt, ap);
  std::snprintf(last_libtiff_error, sizeof last_libtiff_error, "%s%s%s", module ? module : "",
                module ? ": " : "", text);
}

int fail(char* error, size_t error_size, const char* what) {
  if (error_size > 0) {
    std::snprintf(error, error_size, "%s%s%s%s%s", what, last_libtiff_error[0] ? ": " : "",
                  last_libtiff_error, write_errno ? ": " : "",
                  write_errno ? std::strerror(write_errno) : "");
  }
  return 1;
}

// A projected raster: the projection (user-defined: no EPSG code names a projection about an
// arbitrary point) on a user-defined sphere of the field's radius, in metres.
void set_sphere_projection_keys(GTIF* gtif, const GeofieldGeotiffRaster& r) {
  const bool aeqd = r.projection == GEOFIELD_GEOTIFF_AEQD;
  char citation[160];
  std::snprintf(citation, sizeof citation, "geofield %s about (%.12g, %.12g), sphere R = %.12g m",
                aeqd ? "azimuthal equidistant" : "orthographic", r.centre_lat_deg, r.centre_lon_deg,
                r.sphere_radius_m);
  GTIFKeySet(gtif, GTModelTypeGeoKey, TYPE_SHORT, 1, ModelProjected);
  GTIFKeySet(gtif, GTCitationGeoKey, TYPE_ASCII, 0, citation);
  GTIFKeySet(gtif, GeographicTypeGeoKey, TYPE_SHORT, 1, KvUserDefined);
  GTIFKeySet(gtif, GeogCitationGeoKey, TYPE_ASCII, 0, "geofield sphere");
  GTIFKeySet(gtif, GeogGeodeticDatumGeoKey, TYPE_SHORT, 1, KvUserDefined);
  GTIFKeySet(gtif, GeogPrimeMeridianGeoKey, TYPE_SHORT, 1, PM_Greenwich);
  GTIFKeySet(gtif, GeogAngularUnitsGeoKey, TYPE_SHORT, 1, Angular_Degree);
  GTIFKeySet(gtif, GeogLinearUnitsGeoKey, TYPE_SHORT, 1, Linear_Meter);
  GTIFKeySet(gtif, GeogEllipsoidGeoKey, TYPE_SHORT, 1, KvUserDefined);
  GTIFKeySet(gtif, GeogSemiMajorAxisGeoKey, TYPE_DOUBLE, 1, r.sphere_radius_m);
  GTIFKeySet(gtif, GeogSemiMinorAxisGeoKey, TYPE_DOUBLE, 1, r.sphere_radius_m);
  GTIFKeySet(gtif, ProjectedCSTypeGeoKey, TYPE_SHORT, 1, KvUserDefined);
  GTIFKeySet(gtif, PCSCitationGeoKey, TYPE_ASCII, 0, citation);
  GTIFKeySet(gtif, ProjectionGeoKey, TYPE_SHORT, 1, KvUserDefined);
  GTIFKeySet(gtif, ProjCoordTransGeoKey, TYPE_SHORT, 1,
             aeqd ? CT_AzimuthalEquidistant : CT_Orthographic);
  GTIFKeySet(gtif, ProjLinearUnitsGeoKey, TYPE_SHORT, 1, Linear_Meter);
  GTIFKeySet(gtif, ProjCenterLatGeoKey, TYPE_DOUBLE, 1, r.centre_lat_deg);
  GTIFKeySet(gtif, ProjCenterLongGeoKey, TYPE_DOUBLE, 1, r.centre_lon_deg);
  GTIFKeySet(gtif, ProjFalseEastingGeoKey, TYPE_DOUBLE, 1, 0.0);
  GTIFKeySet(gtif, ProjFalseNorthingGeoKey, TYPE_DOUBLE, 1, 0.0);
}

// GDAL's nodata tag (ASCII): libtiff does not know it, so it is declared before it is set.
constexpr ttag_t kGdalNodataTag = 42113;

bool set_nodata_nan(TIFF* tif) {
  static const TIFFFieldInfo info[] = {{kGdalNodataTag, TIFF_VARIABLE, TIFF_VARIABLE, TIFF_ASCII,
                                        FIELD_CUSTOM, 1, 0, const_cast<char*>("GDALNoDataValue")}};
  return TIFFMergeFieldInfo(tif, info, 1) == 0 && TIFFSetField(tif, kGdalNodataTag, "nan") == 1;
}

bool write(TIFF* tif, GTIF* gtif, const GeofieldGeotiffRaster& r) {
  bool ok = TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, static_cast<uint32_t>(r.nx));
  ok = ok && TIFFSetField(tif, TIFFTAG_IMAGELENGTH, static_cast<uint32_t>(r.ny));
  const bool f64 = r.sample == GEOFIELD_GEOTIFF_FLOAT64;
  ok = ok && TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, f64 ? 64 : 32);
  ok = ok && TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, 1);
  ok = ok &&
       TIFFSetField(tif, TIFFTAG_SAMPLEFORMAT,
                    r.sample == GEOFIELD_GEOTIFF_INT32 ? SAMPLEFORMAT_INT : SAMPLEFORMAT_IEEEFP);
  ok = ok && TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_MINISBLACK);
  ok = ok && TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
  ok = ok && TIFFSetField(tif, TIFFTAG_COMPRESSION, COMPRESSION_NONE);
  ok = ok && TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, TIFFDefaultStripSize(tif, 0));
  ok = ok && TIFFSetField(tif, TIFFTAG_IMAGEDESCRIPTION, r.description);
  // A projected map has nodes with no point of the sphere (beyond the aeqd antipode's circle,
  // off the ortho disc), written as NaN: the nodata tag tells GDAL, QGIS and gdalwarp so. The
  // index is computed on latlon grids only, so it has no such nodes.
  if (r.projection != GEOFIELD_GEOTIFF_LATLON && r.sample != GEOFIELD_GEOTIFF_INT32) {
    ok = ok && set_nodata_nan(tif);
  }
  // Node (0, 0) is the north-west corner node; steps are per node.
  double tie[6] = {0, 0, 0, r.x0, r.y0, 0};
  double scale[3] = {r.step_x, r.step_y, 0};
  ok = ok && TIFFSetField(tif, TIFFTAG_GEOTIEPOINTS, 6, tie);
  ok = ok && TIFFSetField(tif, TIFFTAG_GEOPIXELSCALE, 3, scale);
  if (ok) {
    GTIFKeySet(gtif, GTRasterTypeGeoKey, TYPE_SHORT, 1, RasterPixelIsPoint);
    if (r.projection == GEOFIELD_GEOTIFF_LATLON) {
      GTIFKeySet(gtif, GTModelTypeGeoKey, TYPE_SHORT, 1, ModelGeographic);
      GTIFKeySet(gtif, GeographicTypeGeoKey, TYPE_SHORT, 1, GCS_WGS_84);
      GTIFKeySet(gtif, GeogAngularUnitsGeoKey, TYPE_SHORT, 1, Angular_Degree);
    } else {
      set_sphere_projection_keys(gtif, r);
    }
  }
  const size_t row_bytes = static_cast<size_t>(r.nx) * (f64 ? 8 : 4);
  const char* values = static_cast<const char*>(r.values);
  for (int i = 0; ok && i < r.ny; ++i) {
    void* row = const_cast<char*>(values + static_cast<size_t>(i) * row_bytes);
    ok = TIFFWriteScanline(tif, row, static_cast<uint32_t>(i), 0) == 1;
  }
  return ok && GTIFWriteKeys(gtif);
}

}  // namespace

extern "C" __attribute__((visibility("default"))) int geofield_write_geotiff_v4(
    const char* path, const GeofieldGeotiffRaster* raster, char* error, size_t error_size) {
  last_libtiff_error[0] = '\0';
  write_errno = 0;
  TIFFSetErrorHandler(keep_libtiff_error);
  TIFFSetWarningHandler(nullptr);
  if (raster->sample < GEOFIELD_GEOTIFF_FLOAT32 || raster->sample > GEOFIELD_GEOTIFF_INT32) {
    return fail(error, error_size, "unknown sample type");
  }
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
[[maybe_unused]] static const GeofieldWriteGeotiff kChecked = geofield_write_geotiff_v4;
