// libgeofield_gl.so: libgeofield's gl backend (gl_module_abi.h). A headless EGL context on the
// thread that opened it, the field texture and the GL backend made in it; the field computed
// into the texture, then read back (the only way out of GL).
#include <glad/gl.h>

#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <thread>
#include <vector>

#include "api_context.h"
#include "api_params.h"
#include "backends/field_backend.h"
#include "errors.h"
#include "gl/field_texture.h"
#include "gl/gl_check.h"
#include "gl/headless_gl_context.h"
#include "gl_module_abi.h"
#include "memory_limits.h"

namespace geofield::api {
namespace {

struct GlField {
  HeadlessGlContext context;  // declared first: the GL objects below go while it is current
  std::thread::id thread = std::this_thread::get_id();
  FieldTexture texture;
  std::unique_ptr<FieldBackend> field;
  SiteSet sites;  // the last compute's sites, as the backend holds them

  ~GlField() {
    if (std::this_thread::get_id() != thread) return;
    try {
      context.make_current();
    } catch (const RuntimeFailure&) {  // nothing to report from a destructor
    }
  }

  void compute(const Request& r, const geofield_output& out) {
    if (std::this_thread::get_id() != thread) {
      throw UsageError(
          "a gl context computes on the thread that made it (an OpenGL context is current on "
          "one thread): make one on this thread");
    }
    context.make_current();
    const FieldParams& p = r.params();
    GLint max_texture = 0;
    GF_GL(glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_texture));
    check_texture_size(p, max_texture);
    texture.ensure_size(p.nx, p.ny);
    const Precision stored = out.dtype == GEOFIELD_FLOAT64 ? Precision::f64 : Precision::f32;
    std::string reason;
    if (!field || p.formula == Formula::wgs84) {  // make_backend_for refuses wgs84 for gl
      field = make_backend_for(BackendChoice::gl, p, &reason);
    }
    // The last compute's list is kept while the sites are equal, so the backend, seeing the same
    // list, does not upload them again.
    if (!(r.field.sites == sites)) sites = r.field.sites;
    const FieldRequest request{p, sites, r.field.signed_inside};
    check_sites(request);
    field->compute(request, texture);
    const HostField values = field->read_field(texture, stored);
    if (out.index != nullptr) {
      const std::vector<std::int32_t> index = field->read_index();
      std::memcpy(out.index, index.data(), index.size() * sizeof(std::int32_t));
    }
    if (stored == Precision::f64) {
      std::memcpy(out.values, values.f64.data(), values.f64.size() * sizeof(double));
    } else {
      std::memcpy(out.values, values.f32.data(), values.f32.size() * sizeof(float));
    }
  }
};

void say(const char* what, char* message, std::size_t size) {
  if (size == 0) return;
  std::strncpy(message, what, size - 1);
  message[size - 1] = '\0';
}

// The status the C API reports for the exception being handled (c_api.cpp's mapping).
int status_of_current(char* message, std::size_t size) {
  try {
    throw;
  } catch (const Unavailable& e) {
    say(e.what(), message, size);
    return GEOFIELD_UNAVAILABLE;
  } catch (const MemoryShortage& e) {
    say(e.what(), message, size);
    return GEOFIELD_OUT_OF_MEMORY;
  } catch (const UsageError& e) {
    say(e.what(), message, size);
    return GEOFIELD_INVALID_ARGUMENT;
  } catch (const std::bad_alloc&) {
    say("host memory ran out", message, size);
    return GEOFIELD_OUT_OF_MEMORY;
  } catch (const std::exception& e) {
    say(e.what(), message, size);
    return GEOFIELD_RUNTIME_ERROR;
  } catch (...) {
    say("an unknown failure", message, size);
    return GEOFIELD_RUNTIME_ERROR;
  }
}

void* open(char* message, std::size_t size) {
  try {
    return new GlField();
  } catch (const std::exception& e) {
    say(("--backend gl: " + std::string(e.what())).c_str(), message, size);
    return nullptr;
  }
}

const char* description(void* gl) {
  return static_cast<GlField*>(gl)->context.description().c_str();
}

int compute(void* gl, const void* request, const geofield_output* out, char* message,
            std::size_t size) {
  try {
    static_cast<GlField*>(gl)->compute(*static_cast<const Request*>(request), *out);
    return GEOFIELD_OK;
  } catch (...) {
    return status_of_current(message, size);
  }
}

void close(void* gl) { delete static_cast<GlField*>(gl); }

constexpr GeofieldGlModuleV1 kModule{GEOFIELD_VERSION_STRING,
                                     sizeof(Request),
                                     sizeof(FieldParams),
                                     open,
                                     description,
                                     compute,
                                     close};

}  // namespace
}  // namespace geofield::api

extern "C" __attribute__((visibility("default"))) const GeofieldGlModuleV1* geofield_gl_module_v1(
    void) {
  return &geofield::api::kModule;
}
