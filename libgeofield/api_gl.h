// libgeofield's gl backend, through the module that holds it (gl_module_abi.h): loaded at the
// first context that asks for gl, from beside libgeofield.so ($GEOFIELD_GL_MODULE first, then
// the library's folder, its geofield/ subfolder where `cmake --install` puts it, then the
// loader's own search).
#pragma once

#include <string>

#include "api_params.h"
#include "geofield.h"

struct GeofieldGlModuleV1;

namespace geofield::api {

class GlField {
 public:
  // Makes the module's headless context current on this thread; throws Unavailable when the
  // module or a GL context cannot be had.
  GlField();
  ~GlField();
  GlField(const GlField&) = delete;
  GlField& operator=(const GlField&) = delete;

  std::string description() const;
  // r checked against out; throws as the C API reports (UsageError, MemoryShortage, ...).
  void compute(const Request& r, const geofield_output& out);

 private:
  const GeofieldGlModuleV1* module_;
  void* gl_;
};

}  // namespace geofield::api
