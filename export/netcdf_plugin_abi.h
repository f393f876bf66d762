// The C interface between geofield and its NetCDF writer, a module loaded only when a NetCDF
// file is exported (libgeofield_netcdf.so, beside the geofield binary): libnetcdf brings HDF5,
// libcurl and their initialisers, which no other run should pay for. Plain C types: the module
// and the binary share no C++ objects, exceptions or allocations.
//
// The module knows no geofield: it writes a 2-D grid (dimensions y, x with their coordinate
// variables), data variables on it, an optional grid-mapping variable, an optional table (1-D
// variables on a dimension of their own: the sites' names and places) and attributes, all named
// by the caller (netcdf_export.cpp, netcdf_metadata.cpp decide what CF says).
#pragma once

#include <stddef.h>
#include <stdint.h>

extern "C" {

enum GeofieldNetcdfSample {
  GEOFIELD_NETCDF_FLOAT32 = 0,
  GEOFIELD_NETCDF_FLOAT64 = 1,
  GEOFIELD_NETCDF_INT32 = 2,
  GEOFIELD_NETCDF_STRING = 3,  // a table's only: NetCDF-4 strings, values `const char* const*`
};

// One attribute: text when `text` is not NULL, else the double `number`.
struct GeofieldNetcdfAttribute {
  const char* name;
  const char* text;
  double number;
};

struct GeofieldNetcdfAttributes {
  const struct GeofieldNetcdfAttribute* items;
  size_t count;
};

// A dimension and its coordinate variable (double, same name).
struct GeofieldNetcdfAxis {
  const char* name;
  size_t size;
  const double* values;  // size values
  struct GeofieldNetcdfAttributes attributes;
};

// A variable on (y, x), row-major, row 0 first (or on a table's dimension: GeofieldNetcdfTable).
struct GeofieldNetcdfVariable {
  const char* name;
  int sample;          // a GeofieldNetcdfSample
  const void* values;  // y.size * x.size values (a table's: its size)
  int fill_nan;        // nonzero (float samples): _FillValue NaN, the nodes with no value
  struct GeofieldNetcdfAttributes attributes;
};

// A table: variables of `size` values each on the dimension `dimension` (no coordinate
// variable), written contiguous and uncompressed (a few kilobytes).
struct GeofieldNetcdfTable {
  const char* dimension;
  size_t size;                                     // >= 1
  const struct GeofieldNetcdfVariable* variables;  // FLOAT64, INT32 or STRING; fill_nan as above
  size_t variable_count;
};

struct GeofieldNetcdfFile {
  struct GeofieldNetcdfAxis y, x;
  const struct GeofieldNetcdfVariable* variables;
  size_t variable_count;
  // Non-NULL: a scalar int variable of this name holding grid_mapping_attributes (CF's grid
  // mapping; the data variables name it in their own grid_mapping attribute).
  const char* grid_mapping;
  struct GeofieldNetcdfAttributes grid_mapping_attributes;
  struct GeofieldNetcdfAttributes global_attributes;
  size_t chunk_y, chunk_x;  // the data variables' chunk shape, each >= 1 and <= its axis
  int deflate_level;        // 0 (none) to 9; with the shuffle filter when above 0
  const struct GeofieldNetcdfTable* table;  // NULL: none
};

// Receives the finished file's bytes, in order (offset from the file's start). Returns 0 when
// they were written; nonzero stops the writer, which then reports the sink's failure.
typedef int (*GeofieldNetcdfSink)(void* context, uint64_t offset, const void* bytes, size_t size);

// Builds the NetCDF-4 file of `file` and hands its bytes to `sink`. Returns 0 on success;
// otherwise writes a NUL-terminated reason (the netCDF call and nc_strerror) into
// error[0 .. error_size) and returns nonzero.
typedef int (*GeofieldWriteNetcdf)(const struct GeofieldNetcdfFile* file, GeofieldNetcdfSink sink,
                                   void* sink_context, char* error, size_t error_size);
}

namespace geofield {
constexpr const char* kNetcdfPluginFile = "libgeofield_netcdf.so";
constexpr const char* kNetcdfPluginSymbol = "geofield_write_netcdf_v2";
constexpr const char* kNetcdfPluginEnv = "GEOFIELD_NETCDF_PLUGIN";  // a full path, first choice
}  // namespace geofield
