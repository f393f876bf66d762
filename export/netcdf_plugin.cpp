// libgeofield_netcdf.so: the NetCDF writer behind netcdf_export.cpp (see netcdf_plugin_abi.h
// for why it is a module). libnetcdf is linked here and nowhere else.
//
// The file is built in memory (nc_create_mem) and handed to the caller's sink, not written by
// path: libnetcdf's HDF5 resolves the path it is given through its symbolic links, and the one
// of an unnamed temporary (/proc/self/fd/N, the way AtomicFile makes a killed export leave
// nothing) points at "(deleted)", so HDF5 refuses it. The image is compressed, so it costs at
// most about the field's own size again.
#include <netcdf.h>
#include <netcdf_mem.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <mutex>
#include <string>

#include "export/netcdf_plugin_abi.h"

namespace {

// A netCDF call that failed: the call, what it was about and nc_strerror.
struct NcFailure {
  std::string what;
};

void check(int status, const char* call, const char* subject) {
  if (status != NC_NOERR) {
    throw NcFailure{std::string(call) + "(" + subject + "): " + nc_strerror(status)};
  }
}

void put_attributes(int ncid, int varid, const char* subject,
                    const GeofieldNetcdfAttributes& attributes) {
  for (size_t k = 0; k < attributes.count; ++k) {
    const GeofieldNetcdfAttribute& a = attributes.items[k];
    const std::string what = std::string(subject) + " " + a.name;
    if (a.text != nullptr) {
      check(nc_put_att_text(ncid, varid, a.name, std::strlen(a.text), a.text), "nc_put_att_text",
            what.c_str());
    } else {
      check(nc_put_att_double(ncid, varid, a.name, NC_DOUBLE, 1, &a.number), "nc_put_att_double",
            what.c_str());
    }
  }
}

// The smallest and largest of n values (NaN left out) into range[0..1]; false when there is
// none. NUG's actual_range: GMT's grdinfo reports the data's as the grid's range (0 to 0
// without it) and readers scale colours by it without reading the data.
template <typename T>
bool value_range(const void* values, size_t n, T* range) {
  const T* v = static_cast<const T*>(values);
  bool any = false;
  for (size_t k = 0; k < n; ++k) {
    if (v[k] != v[k]) continue;  // NaN
    if (!any || v[k] < range[0]) range[0] = v[k];
    if (!any || v[k] > range[1]) range[1] = v[k];
    any = true;
  }
  return any;
}

int define_axis(int ncid, const GeofieldNetcdfAxis& axis, int* dimid) {
  check(nc_def_dim(ncid, axis.name, axis.size, dimid), "nc_def_dim", axis.name);
  int varid = -1;
  check(nc_def_var(ncid, axis.name, NC_DOUBLE, 1, dimid, &varid), "nc_def_var", axis.name);
  put_attributes(ncid, varid, axis.name, axis.attributes);
  // With it GMT takes the coordinates as they are; without it GMT checks each axis for a
  // half-step offset and warns of a conflict where only one has it (the latitudes of an even
  // number of rows over the whole globe).
  double range[2];
  if (value_range(axis.values, axis.size, range)) {
    const std::string what = std::string(axis.name) + " actual_range";
    check(nc_put_att_double(ncid, varid, "actual_range", NC_DOUBLE, 2, range), "nc_put_att_double",
          what.c_str());
  }
  return varid;
}

nc_type type_of(int sample) {
  switch (sample) {
    case GEOFIELD_NETCDF_FLOAT64: return NC_DOUBLE;
    case GEOFIELD_NETCDF_INT32: return NC_INT;
    default: return NC_FLOAT;
  }
}

void put_actual_range(int ncid, int varid, const GeofieldNetcdfVariable& v, size_t n) {
  const std::string what = std::string(v.name) + " actual_range";
  if (v.sample == GEOFIELD_NETCDF_FLOAT64) {
    double r[2];
    if (value_range(v.values, n, r)) {
      check(nc_put_att_double(ncid, varid, "actual_range", NC_DOUBLE, 2, r), "nc_put_att_double",
            what.c_str());
    }
  } else if (v.sample == GEOFIELD_NETCDF_INT32) {
    int r[2];
    if (value_range(v.values, n, r)) {
      check(nc_put_att_int(ncid, varid, "actual_range", NC_INT, 2, r), "nc_put_att_int",
            what.c_str());
    }
  } else {
    float r[2];
    if (value_range(v.values, n, r)) {
      check(nc_put_att_float(ncid, varid, "actual_range", NC_FLOAT, 2, r), "nc_put_att_float",
            what.c_str());
    }
  }
}

int define_variable(int ncid, const GeofieldNetcdfFile& f, const GeofieldNetcdfVariable& v,
                    const int dimids[2]) {
  int varid = -1;
  check(nc_def_var(ncid, v.name, type_of(v.sample), 2, dimids, &varid), "nc_def_var", v.name);
  const size_t chunks[2] = {f.chunk_y, f.chunk_x};
  check(nc_def_var_chunking(ncid, varid, NC_CHUNKED, chunks), "nc_def_var_chunking", v.name);
  if (f.deflate_level > 0) {
    check(nc_def_var_deflate(ncid, varid, 1, 1, f.deflate_level), "nc_def_var_deflate", v.name);
  }
  // The nodes with no value are NaN, which _FillValue declares to readers (GDAL's nodata,
  // xarray's mask). Elsewhere every node has a value: no fill, which also keeps GDAL from
  // reporting netCDF's default fill value (9.97e36) as a nodata value that never occurs.
  if (!v.fill_nan) {
    check(nc_def_var_fill(ncid, varid, NC_NOFILL, nullptr), "nc_def_var_fill", v.name);
  } else if (v.sample == GEOFIELD_NETCDF_FLOAT64) {
    const double nan = std::nan("");
    check(nc_put_att_double(ncid, varid, "_FillValue", NC_DOUBLE, 1, &nan), "nc_put_att_double",
          "_FillValue");
  } else {
    const float nan = std::nanf("");
    check(nc_put_att_float(ncid, varid, "_FillValue", NC_FLOAT, 1, &nan), "nc_put_att_float",
          "_FillValue");
  }
  put_attributes(ncid, varid, v.name, v.attributes);
  put_actual_range(ncid, varid, v, f.y.size * f.x.size);
  return varid;
}

void put_values(int ncid, int varid, const GeofieldNetcdfVariable& v) {
  switch (v.sample) {
    case GEOFIELD_NETCDF_FLOAT64:
      check(nc_put_var_double(ncid, varid, static_cast<const double*>(v.values)),
            "nc_put_var_double", v.name);
      break;
    case GEOFIELD_NETCDF_INT32:
      check(nc_put_var_int(ncid, varid, static_cast<const int*>(v.values)), "nc_put_var_int",
            v.name);
      break;
    default:
      check(nc_put_var_float(ncid, varid, static_cast<const float*>(v.values)), "nc_put_var_float",
            v.name);
  }
}

// The table's dimension and variables, defined (their ids into varids); none without a table.
void define_table(int ncid, const GeofieldNetcdfTable& t, int* varids) {
  int dimid = -1;
  check(nc_def_dim(ncid, t.dimension, t.size, &dimid), "nc_def_dim", t.dimension);
  for (size_t k = 0; k < t.variable_count; ++k) {
    const GeofieldNetcdfVariable& v = t.variables[k];
    const nc_type type = v.sample == GEOFIELD_NETCDF_STRING ? NC_STRING : type_of(v.sample);
    check(nc_def_var(ncid, v.name, type, 1, &dimid, &varids[k]), "nc_def_var", v.name);
    if (v.fill_nan && v.sample == GEOFIELD_NETCDF_FLOAT64) {
      const double nan = std::nan("");
      check(nc_put_att_double(ncid, varids[k], "_FillValue", NC_DOUBLE, 1, &nan),
            "nc_put_att_double", "_FillValue");
    }
    put_attributes(ncid, varids[k], v.name, v.attributes);
  }
}

void put_table_values(int ncid, const GeofieldNetcdfTable& t, const int* varids) {
  for (size_t k = 0; k < t.variable_count; ++k) {
    const GeofieldNetcdfVariable& v = t.variables[k];
    if (v.sample == GEOFIELD_NETCDF_STRING) {
      // nc_put_var_string takes char** but only reads the strings.
      check(nc_put_var_string(ncid, varids[k],
                              const_cast<const char**>(static_cast<const char* const*>(v.values))),
            "nc_put_var_string", v.name);
    } else {
      put_values(ncid, varids[k], v);
    }
  }
}

// Defines and writes everything into the open file ncid.
void write_into(int ncid, const GeofieldNetcdfFile& f) {
  int dimids[2] = {-1, -1};
  const int yid = define_axis(ncid, f.y, &dimids[0]);
  const int xid = define_axis(ncid, f.x, &dimids[1]);
  if (f.grid_mapping != nullptr) {
    int varid = -1;
    check(nc_def_var(ncid, f.grid_mapping, NC_INT, 0, nullptr, &varid), "nc_def_var",
          f.grid_mapping);
    put_attributes(ncid, varid, f.grid_mapping, f.grid_mapping_attributes);
  }
  int varids[8];
  if (f.variable_count > sizeof varids / sizeof varids[0]) {
    throw NcFailure{"more variables than the writer takes"};
  }
  for (size_t k = 0; k < f.variable_count; ++k) {
    varids[k] = define_variable(ncid, f, f.variables[k], dimids);
  }
  int table_varids[8];
  if (f.table != nullptr && f.table->variable_count > sizeof table_varids / sizeof(int)) {
    throw NcFailure{"more table variables than the writer takes"};
  }
  if (f.table != nullptr) define_table(ncid, *f.table, table_varids);
  put_attributes(ncid, NC_GLOBAL, "global", f.global_attributes);
  check(nc_enddef(ncid), "nc_enddef", "file");
  check(nc_put_var_double(ncid, yid, f.y.values), "nc_put_var_double", f.y.name);
  check(nc_put_var_double(ncid, xid, f.x.values), "nc_put_var_double", f.x.name);
  for (size_t k = 0; k < f.variable_count; ++k) put_values(ncid, varids[k], f.variables[k]);
  if (f.table != nullptr) put_table_values(ncid, *f.table, table_varids);
}

// libnetcdf (and the HDF5 under it, as Debian builds it) keeps process-wide tables of open
// files, dimensions and names without locks: two threads creating files at once crash it
// (`render --tile all/N --netcdf DIR --workers 2`). Every libnetcdf call of this module runs
// under this lock; the finished image is handed to the sink outside it, so only building the
// image is serialised, not writing it to disk.
std::mutex libnetcdf_lock;

int fail(char* error, size_t error_size, const std::string& what) {
  if (error_size > 0) std::snprintf(error, error_size, "%s", what.c_str());
  return 1;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) int geofield_write_netcdf_v2(
    const GeofieldNetcdfFile* file, GeofieldNetcdfSink sink, void* sink_context, char* error,
    size_t error_size) {
  NC_memio image{};
  {
    const std::lock_guard lock(libnetcdf_lock);
    int ncid = -1;
    try {
      // The image's first allocation: the values' size (untouched pages cost nothing), so that
      // it seldom grows by copying.
      const size_t nodes = file->y.size * file->x.size;
      size_t initial = (size_t{1} << 20) + 8 * (file->y.size + file->x.size);
      for (size_t k = 0; k < file->variable_count; ++k) {
        initial += nodes * (file->variables[k].sample == GEOFIELD_NETCDF_FLOAT64 ? 8 : 4);
      }
      check(nc_create_mem("geofield.nc", NC_NETCDF4, initial, &ncid), "nc_create_mem", "file");
      write_into(ncid, *file);
      const int id = ncid;
      ncid = -1;  // closed by nc_close_memio, whatever it returns
      check(nc_close_memio(id, &image), "nc_close_memio", "file");
    } catch (const NcFailure& e) {
      if (ncid >= 0) nc_abort(ncid);
      return fail(error, error_size, e.what);
    } catch (const std::exception& e) {  // out of memory building the messages
      if (ncid >= 0) nc_abort(ncid);
      return fail(error, error_size, e.what());
    }
  }
  const int sunk = sink(sink_context, 0, image.memory, image.size);
  std::free(image.memory);
  return sunk == 0 ? 0 : fail(error, error_size, "the file's bytes could not be written");
}

// The entry point's type, checked against the interface.
[[maybe_unused]] static const GeofieldWriteNetcdf kChecked = geofield_write_netcdf_v2;
