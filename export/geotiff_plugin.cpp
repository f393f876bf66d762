// libgeofield_geotiff.so: the GeoTIFF writer behind geotiff_export.cpp (see geotiff_plugin_abi.h
// for why it is a module). libtiff and libgeotiff are linked here and nowhere else.
#include <geotiff/geotiffio.h>
#include <geotiff/xtiffio.h>

#include <cerrno>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>

#include "export/geotiff_cog.h"
#include "export/geotiff_plugin_abi.h"
#include "export/geotiff_values_reader.h"

namespace {

// libtiff reports through a process-wide handler that prints to stderr by default; the module
// keeps the last message instead, for geofield's one-line error. Per thread: tiles are written
// (render --tile all/N --workers) and read (mosaic) on several threads at once, and libtiff calls
// the handler on the thread whose call failed (a COG's blocks go through libtiff on the caller's).
thread_local char last_libtiff_error[200] = "";
// libtiff's messages for a failed write ("IO error writing tag data") leave out why; the
// write's errno is still set when its handler is called, so the first error keeps it when it
// is one a write gives (a full disk, a file-size limit, a quota, a read-only or failing disk).
thread_local int write_errno = 0;

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

bool set_nodata(TIFF* tif, const char* value) {
  static const TIFFFieldInfo info[] = {{kGdalNodataTag, TIFF_VARIABLE, TIFF_VARIABLE, TIFF_ASCII,
                                        FIELD_CUSTOM, 1, 0, const_cast<char*>("GDALNoDataValue")}};
  return TIFFMergeFieldInfo(tif, info, 1) == 0 && TIFFSetField(tif, kGdalNodataTag, value) == 1;
}
bool set_nodata_nan(TIFF* tif) { return set_nodata(tif, "nan"); }

// GDAL's metadata tag (XML), declared to libtiff for every file it opens (reading it back for
// `geofield mosaic` too) by a tag extender chained to the one before (libgeotiff's).
constexpr ttag_t kGdalMetadataTag = 42112;
TIFFExtendProc previous_extender = nullptr;

void declare_gdal_metadata(TIFF* tif) {
  static const TIFFFieldInfo info[] = {{kGdalMetadataTag, TIFF_VARIABLE, TIFF_VARIABLE, TIFF_ASCII,
                                        FIELD_CUSTOM, 1, 0, const_cast<char*>("GDALMetadata")}};
  TIFFMergeFieldInfo(tif, info, 1);
  if (previous_extender != nullptr) previous_extender(tif);
}

// Each entry point's start: this thread's error cleared; the handlers and the tag extender
// installed once for the process (a static's initialisation runs once even when threads race).
// libgeotiff's XTIFFInitialize is an unguarded "first time" install of its own extender, which
// XTIFFOpen calls: two threads opening at once could chain it to itself (endless recursion on
// the next open), so it runs here, once, too.
void begin_call() {
  last_libtiff_error[0] = '\0';
  write_errno = 0;
  static const bool installed = [] {
    TIFFSetErrorHandler(keep_libtiff_error);
    TIFFSetWarningHandler(nullptr);
    XTIFFInitialize();
    previous_extender = TIFFSetTagExtender(declare_gdal_metadata);
    return true;
  }();
  (void)installed;
}

void append_escaped(std::string* out, const char* text) {
  for (const char* c = text; *c != '\0'; ++c) {
    switch (*c) {
      case '&': *out += "&amp;"; break;
      case '<': *out += "&lt;"; break;
      case '>': *out += "&gt;"; break;
      case '"': *out += "&quot;"; break;
      default: *out += *c;
    }
  }
}

// An item of band 1 (sample 0) as GDAL writes it; role: GDAL's for the unit and description.
void append_band_item(std::string* xml, const char* name, const char* role, const char* value) {
  *xml += std::string("  <Item name=\"") + name + "\" sample=\"0\"";
  if (role) *xml += std::string(" role=\"") + role + "\"";
  *xml += ">";
  append_escaped(xml, value);
  *xml += "</Item>\n";
}

// The dataset's items, then band 1's: unit, description, statistics (as GDAL's own
// GTiff driver writes them, so that gdalinfo, QGIS and GMT read them without a .aux.xml).
bool set_metadata(TIFF* tif, const GeofieldGeotiffRaster& r) {
  std::string xml = "<GDALMetadata>\n";
  for (int k = 0; k < r.metadata_count; ++k) {
    xml += "  <Item name=\"";
    append_escaped(&xml, r.metadata_names[k]);
    xml += "\">";
    append_escaped(&xml, r.metadata_values[k]);
    xml += "</Item>\n";
  }
  if (r.band_unit && r.band_unit[0]) append_band_item(&xml, "UNITTYPE", "unittype", r.band_unit);
  if (r.band_description && r.band_description[0]) {
    append_band_item(&xml, "DESCRIPTION", "description", r.band_description);
  }
  if (r.has_statistics) {
    const std::pair<const char*, double> stats[] = {
        {"STATISTICS_MAXIMUM", r.statistics_max},
        {"STATISTICS_MEAN", r.statistics_mean},
        {"STATISTICS_MINIMUM", r.statistics_min},
        {"STATISTICS_STDDEV", r.statistics_stddev},
        {"STATISTICS_VALID_PERCENT", r.statistics_valid_percent}};
    for (const auto& [name, v] : stats) {
      char text[40];
      std::snprintf(text, sizeof text, "%.17g", v);
      append_band_item(&xml, name, nullptr, text);
    }
  }
  if (xml == "<GDALMetadata>\n") return true;  // nothing to say
  xml += "</GDALMetadata>";
  return TIFFSetField(tif, kGdalMetadataTag, xml.c_str()) == 1;
}

// The main image's tags beyond its layout: description, nodata, georeferencing (the GeoKeys are
// set in gtif, written by GTIFWriteKeys), GDAL's metadata.
bool set_georeferencing(TIFF* tif, GTIF* gtif, const GeofieldGeotiffRaster& r) {
  bool ok = TIFFSetField(tif, TIFFTAG_IMAGEDESCRIPTION, r.description);
  // A projected map has nodes with no point of the sphere (beyond the aeqd antipode's circle,
  // off the ortho disc), written as NaN, and as index -1 in the nearest-site index: the nodata
  // tag tells GDAL, QGIS and gdalwarp so.
  if (r.nodata) {
    ok = ok && (r.sample == GEOFIELD_GEOTIFF_INT32 ? set_nodata(tif, "-1") : set_nodata_nan(tif));
  }
  // Node (0, 0) is the north-west corner node, or (pixel_is_area) cell (0, 0)'s north-west
  // corner; steps are per node or cell.
  double tie[6] = {0, 0, 0, r.x0, r.y0, 0};
  double scale[3] = {r.step_x, r.step_y, 0};
  ok = ok && TIFFSetField(tif, TIFFTAG_GEOTIEPOINTS, 6, tie);
  ok = ok && TIFFSetField(tif, TIFFTAG_GEOPIXELSCALE, 3, scale);
  if (ok) {
    GTIFKeySet(gtif, GTRasterTypeGeoKey, TYPE_SHORT, 1,
               r.pixel_is_area ? RasterPixelIsArea : RasterPixelIsPoint);
    if (r.projection == GEOFIELD_GEOTIFF_LATLON) {
      GTIFKeySet(gtif, GTModelTypeGeoKey, TYPE_SHORT, 1, ModelGeographic);
      GTIFKeySet(gtif, GeographicTypeGeoKey, TYPE_SHORT, 1, GCS_WGS_84);
      GTIFKeySet(gtif, GeogAngularUnitsGeoKey, TYPE_SHORT, 1, Angular_Degree);
    } else {
      set_sphere_projection_keys(gtif, r);
    }
  }
  return ok && set_metadata(tif, r);
}

// The plain layout: uncompressed strips, the values as given.
bool write_strips(TIFF* tif, GTIF* gtif, const GeofieldGeotiffRaster& r) {
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
  ok = ok && set_georeferencing(tif, gtif, r);
  const size_t row_bytes = static_cast<size_t>(r.nx) * (f64 ? 8 : 4);
  const char* values = static_cast<const char*>(r.values);
  for (int i = 0; ok && i < r.ny; ++i) {
    void* row = const_cast<char*>(values + static_cast<size_t>(i) * row_bytes);
    ok = TIFFWriteScanline(tif, row, static_cast<uint32_t>(i), 0) == 1;
  }
  return ok && GTIFWriteKeys(gtif);
}

// The COG layout: the main image's georeferencing and GeoKeys go into its IFD before it is
// written; overviews carry only the nodata declaration beside their layout.
bool write_cog_layout(TIFF* tif, GTIF* gtif, const GeofieldGeotiffRaster& r) {
  return geofield::write_cog(tif, r, [&](TIFF* t, int level) {
    if (level == 0) return set_georeferencing(t, gtif, r) && GTIFWriteKeys(gtif);
    return !r.nodata || set_nodata_nan(t);
  });
}

}  // namespace

extern "C" __attribute__((visibility("default"))) int geofield_write_geotiff_v6(
    const char* path, const GeofieldGeotiffRaster* raster, char* error, size_t error_size) {
  begin_call();
  if (raster->sample < GEOFIELD_GEOTIFF_FLOAT32 || raster->sample > GEOFIELD_GEOTIFF_INT32) {
    return fail(error, error_size, "unknown sample type");
  }
  TIFF* tif = XTIFFOpen(path, raster->bigtiff ? "w8" : "w");
  if (!tif) return fail(error, error_size, "libtiff could not open it");
  GTIF* gtif = GTIFNew(tif);
  const bool ok = gtif != nullptr && (raster->cog ? write_cog_layout(tif, gtif, *raster)
                                                  : write_strips(tif, gtif, *raster));
  if (gtif) GTIFFree(gtif);
  XTIFFClose(tif);  // flushes: a full disk can show here too
  return ok && last_libtiff_error[0] == '\0'
             ? 0
             : fail(error, error_size, "libtiff/libgeotiff could not write it");
}

extern "C" __attribute__((visibility("default"))) int geofield_read_geotiff_info_v1(
    const char* path, GeofieldGeotiffInfo* info, char* metadata, size_t metadata_size, char* error,
    size_t error_size) {
  begin_call();
  if (metadata_size > 0) metadata[0] = '\0';
  TIFF* tif = XTIFFOpen(path, "r");
  if (!tif) return fail(error, error_size, "not a TIFF libtiff can open");
  uint32_t nx = 0, ny = 0;
  uint16_t bits = 0, format = SAMPLEFORMAT_UINT, samples = 1;
  const bool sized = TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &nx) == 1 &&
                     TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &ny) == 1;
  TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &bits);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &format);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &samples);
  info->nx = static_cast<int>(nx);
  info->ny = static_cast<int>(ny);
  info->sample = -1;
  if (samples == 1 && format == SAMPLEFORMAT_IEEEFP && bits == 32)
    info->sample = GEOFIELD_GEOTIFF_FLOAT32;
  if (samples == 1 && format == SAMPLEFORMAT_IEEEFP && bits == 64)
    info->sample = GEOFIELD_GEOTIFF_FLOAT64;
  if (samples == 1 && format == SAMPLEFORMAT_INT && bits == 32)
    info->sample = GEOFIELD_GEOTIFF_INT32;
  const char* xml = nullptr;
  if (TIFFGetField(tif, kGdalMetadataTag, &xml) == 1 && xml != nullptr && metadata_size > 0) {
    std::snprintf(metadata, metadata_size, "%s", xml);
  }
  XTIFFClose(tif);
  return sized ? 0 : fail(error, error_size, "a TIFF without an image size");
}

extern "C" __attribute__((visibility("default"))) int geofield_read_geotiff_values_v1(
    const char* path, void* values, size_t values_size, char* error, size_t error_size) {
  begin_call();
  TIFF* tif = XTIFFOpen(path, "r");
  if (!tif) return fail(error, error_size, "not a TIFF libtiff can open");
  uint32_t nx = 0, ny = 0;
  uint16_t bits = 0, format = SAMPLEFORMAT_UINT, samples = 1;
  TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &nx);
  TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &ny);
  TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &bits);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &format);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &samples);
  std::string why;
  const bool f64 = bits == 64;
  const bool int32 = format == SAMPLEFORMAT_INT && bits == 32;  // a nearest-site index
  if (samples != 1 || (format != SAMPLEFORMAT_IEEEFP && !int32) || (bits != 32 && bits != 64)) {
    why = "its values are neither float32, float64 nor an int32 index";
  } else if (int32 && TIFFNumberOfDirectories(tif) > 1) {
    why = "it is an index with overviews (geofield writes an index without them)";
  } else if (static_cast<size_t>(nx) * ny * (bits / 8) != values_size) {
    why = "its size is not the one read before";
  } else if (geofield::read_tiff_image(tif, static_cast<int>(nx), static_cast<int>(ny), bits / 8,
                                       values, &why) &&
             !int32) {
    geofield::check_overviews(tif, values, static_cast<int>(nx), static_cast<int>(ny), f64, &why);
  }
  XTIFFClose(tif);
  return why.empty() ? 0 : fail(error, error_size, why.c_str());
}

// The entry points' types, checked against the interface.
[[maybe_unused]] static const GeofieldWriteGeotiff kChecked = geofield_write_geotiff_v6;
[[maybe_unused]] static const GeofieldReadGeotiffInfo kCheckedInfo = geofield_read_geotiff_info_v1;
[[maybe_unused]] static const GeofieldReadGeotiffValues kCheckedValues =
    geofield_read_geotiff_values_v1;
