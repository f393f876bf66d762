// Finding and loading a writer module (libgeofield_geotiff.so, libgeofield_netcdf.so): a
// format whose library is heavy to load (libgeotiff pulls in PROJ, libcurl and GnuTLS;
// libnetcdf pulls in HDF5 and libcurl) lives in a module loaded at its first export, so that no
// other run pays for it.
#pragma once

#include <mutex>
#include <string>

namespace geofield {

struct WriterModule {
  const char* format;  // for the message: "GeoTIFF"
  const char* file;    // "libgeofield_geotiff.so"
  const char* symbol;  // the entry point, versioned with its C interface
  const char* env;     // a full path to try first
  // The libraries it loads, named in the message: a module that is there but cannot load them
  // fails with the loader's line naming the missing one, which this tells how to install.
  const char* needs;  // "libnetcdf (Debian: libnetcdf19)"
};

// The entry point of one module, loaded at the first get() and never unloaded. Looked for in
// order: $env, beside the running binary (a build folder), where `cmake --install` puts it
// relative to the binary (bin/../lib/geofield), then the loader's own search (LD_LIBRARY_PATH,
// the system's folders). get() throws RuntimeFailure naming the module and every place tried
// when none loads, at every call (the search is not repeated).
class WriterEntry {
 public:
  explicit WriterEntry(WriterModule module) : module_(module) {}
  void* get();

 private:
  WriterModule module_;
  std::once_flag once_;
  void* entry_ = nullptr;
  std::string failure_;
};

}  // namespace geofield
