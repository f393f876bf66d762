// The interface between libgeofield and its gl backend, a module (libgeofield_gl.so) loaded
// when a context asks for "gl": the GL backends and the headless EGL context live there, so
// that libgeofield.so itself links no GL code and a caller of the cpu or cuda backend never
// loads it. The module is built with the library from the same sources: requests travel as the
// library's own C++ values, guarded by the version and their sizes; errors come back as the C
// API's status and a message, never as exceptions across the boundary.
#pragma once

#include <stddef.h>

#include "geofield.h"

extern "C" {

struct GeofieldGlModuleV1 {
  const char* version;       // GEOFIELD_VERSION_STRING of the build
  size_t request_size;       // sizeof(geofield::api::Request)
  size_t field_params_size;  // sizeof(geofield::FieldParams)
  // A headless GL context made current on this thread and the backend made in it, or NULL with
  // the reason in message (GEOFIELD_UNAVAILABLE).
  void* (*open)(char* message, size_t message_size);
  const char* (*description)(void* gl);
  // request: const geofield::api::Request*, checked against out by the library. Returns a
  // geofield_status, the message filled when it is not GEOFIELD_OK.
  int (*compute)(void* gl, const void* request, const geofield_output* out, char* message,
                 size_t message_size);
  void (*close)(void* gl);
};

// The module's one entry point.
const struct GeofieldGlModuleV1* geofield_gl_module_v1(void);
typedef const struct GeofieldGlModuleV1* (*GeofieldGlModuleEntry)(void);
}
