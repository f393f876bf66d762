// The C interface between geofield and its GeoTIFF writer, a module loaded only when a GeoTIFF
// is exported (libgeofield_geotiff.so, beside the geofield binary). Linking libgeotiff into the
// binary cost every process ~20 ms of start-up — libgeotiff pulls in PROJ, libcurl, GnuTLS and
// their initialisers — for an export few runs make. Plain C types: the module and the binary
// share no C++ objects, exceptions or allocations.
#pragma once

#include <stddef.h>

extern "C" {

// How the nodes are georeferenced.
enum GeofieldGeotiffProjection {
  GEOFIELD_GEOTIFF_LATLON = 0,  // EPSG:4326: x longitude, y latitude, degrees
  GEOFIELD_GEOTIFF_AEQD = 1,    // azimuthal equidistant on a sphere, x and y in metres
  GEOFIELD_GEOTIFF_ORTHO = 2,   // orthographic on a sphere, x and y in metres
};

// The type of a band's values.
enum GeofieldGeotiffSample {
  GEOFIELD_GEOTIFF_FLOAT32 = 0,
  GEOFIELD_GEOTIFF_FLOAT64 = 1,
  GEOFIELD_GEOTIFF_INT32 = 2,  // the nearest-centre index
};

// One band of values of type `sample`, row 0 north, the nodes as points: node (0, 0) at
// (x0, y0), node (i, j) at (x0 + j step_x, y0 - i step_y); or, with pixel_is_area, cells:
// (x0, y0) the north-west corner of cell (0, 0), cell (i, j)'s at (x0 + j step_x, y0 - i step_y).
struct GeofieldGeotiffRaster {
  int nx, ny;
  int sample;          // a GeofieldGeotiffSample
  const void* values;  // nx * ny values, row-major
  int projection;      // a GeofieldGeotiffProjection
  double x0, y0, step_x, step_y;
  double centre_lat_deg, centre_lon_deg, sphere_radius_m;  // AEQD and ORTHO only
  const char* description;                                 // TIFF ImageDescription
  int bigtiff;  // nonzero: BigTIFF (64-bit offsets), which a file above 4 GiB needs
  // Nonzero: a Cloud-Optimised GeoTIFF (geotiff_cog.h): 512 x 512 tiles, DEFLATE with the
  // floating-point predictor, 2x overviews, the IFDs first. Zero: the plain strip layout.
  int cog;
  // Items for GDAL's metadata tag (GDAL_METADATA, shown by gdalinfo): name[i] = value[i] for
  // i < metadata_count (the tile's place in its grid, for `geofield mosaic`). Names are XML
  // attribute-safe; values are escaped by the writer.
  int metadata_count;
  const char* const* metadata_names;
  const char* const* metadata_values;
  // Since v6. Nonzero: (x0, y0) is a cell's corner (RasterPixelIsArea), as pixel registration
  // gives; zero: a node (RasterPixelIsPoint).
  int pixel_is_area;
  // Nonzero: NaN (float) or -1 (int32) marks values that are none (GDAL's nodata tag).
  int nodata;
  // The band's unit as GDAL's unit type ("km", "m", "nmi", "mi"; NULL or "": none) and its
  // description (NULL: none).
  const char* band_unit;
  const char* band_description;
  // Nonzero: the band's statistics over its values that are not nodata, which GDAL reports
  // (and GMT takes as the range) without reading the values.
  int has_statistics;
  double statistics_min, statistics_max, statistics_mean, statistics_stddev;
  double statistics_valid_percent;  // of the values, those that are not nodata
};

// What `geofield mosaic` needs of a GeoTIFF: its size, sample type and the value of one GDAL
// metadata item.
struct GeofieldGeotiffInfo {
  int nx, ny;
  int sample;  // a GeofieldGeotiffSample, or -1 for another type
};

// Writes `raster` to `path` (created or truncated). Returns 0 on success; otherwise writes a
// NUL-terminated reason into error[0 .. error_size) and returns nonzero.
typedef int (*GeofieldWriteGeotiff)(const char* path, const struct GeofieldGeotiffRaster* raster,
                                    char* error, size_t error_size);

// Reads the first image of the TIFF at `path`: its size and sample type into *info, and the
// whole GDAL_METADATA tag (XML, NUL-terminated; "" when the file has none) into
// metadata[0 .. metadata_size). Returns 0 on success; otherwise a reason in error, nonzero.
typedef int (*GeofieldReadGeotiffInfo)(const char* path, struct GeofieldGeotiffInfo* info,
                                       char* metadata, size_t metadata_size, char* error,
                                       size_t error_size);

// Reads the first image of the TIFF at `path` whole (every block decoded) into
// values[0 .. values_size), which must be its nx * ny float32 or float64 values, or int32 values of
// an index (which has no overviews) (row-major, row 0 first), and, in a Cloud-Optimised GeoTIFF,
// checks every overview against the one the writer makes of those values. Returns 0 when all is
// whole; otherwise a reason in error, nonzero.
typedef int (*GeofieldReadGeotiffValues)(const char* path, void* values, size_t values_size,
                                         char* error, size_t error_size);
}

namespace geofield {
constexpr const char* kGeotiffPluginFile = "libgeofield_geotiff.so";
constexpr const char* kGeotiffPluginSymbol = "geofield_write_geotiff_v6";
constexpr const char* kGeotiffInfoSymbol = "geofield_read_geotiff_info_v1";
constexpr const char* kGeotiffValuesSymbol = "geofield_read_geotiff_values_v1";
constexpr const char* kGeotiffPluginEnv = "GEOFIELD_GEOTIFF_PLUGIN";  // a full path, first choice
}  // namespace geofield
