#include "api_gl.h"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <vector>

#include "api_context.h"
#include "errors.h"
#include "gl_module_abi.h"

namespace geofield::api {
namespace {

constexpr const char* kModule = "libgeofield_gl.so";

// Where to look: $GEOFIELD_GL_MODULE alone where it is set (what the caller asked for, never
// silently another), else beside this library, in its geofield/ folder, then by name.
std::vector<std::string> candidates() {
  const char* named = std::getenv("GEOFIELD_GL_MODULE");
  if (named != nullptr && *named != '\0') return {named};
  std::vector<std::string> c;
  Dl_info info{};
  if (::dladdr(reinterpret_cast<void*>(&candidates), &info) != 0 && info.dli_fname != nullptr) {
    const std::filesystem::path dir = std::filesystem::path(info.dli_fname).parent_path();
    c.push_back((dir / kModule).string());
    c.push_back((dir / "geofield" / kModule).string());
  }
  c.emplace_back(kModule);
  return c;
}

// The module's table, or null with *failure saying what was tried.
const GeofieldGlModuleV1* load(std::string* failure) {
  std::string tried;
  for (const std::string& candidate : candidates()) {
    void* handle = ::dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      tried += "\n  " + candidate + ": " + ::dlerror();
      continue;
    }
    auto entry = reinterpret_cast<GeofieldGlModuleEntry>(::dlsym(handle, "geofield_gl_module_v1"));
    const GeofieldGlModuleV1* m = entry != nullptr ? entry() : nullptr;
    if (m == nullptr) {
      tried += "\n  " + candidate + ": no geofield_gl_module_v1";
      continue;
    }
    if (std::string(m->version) != GEOFIELD_VERSION_STRING || m->request_size != sizeof(Request) ||
        m->field_params_size != sizeof(FieldParams)) {
      tried += "\n  " + candidate + ": built for geofield " + m->version + ", not this library's " +
               GEOFIELD_VERSION_STRING + " (or another build of it)";
      continue;
    }
    return m;
  }
  *failure = std::string("--backend gl: the gl backend is in ") + kModule +
             " (built with libgeofield, beside it or in its geofield/ folder; or name it in "
             "$GEOFIELD_GL_MODULE), which did not load. Tried:" +
             tried;
  return nullptr;
}

const GeofieldGlModuleV1& module() {
  static std::once_flag once;
  static const GeofieldGlModuleV1* m = nullptr;
  static std::string failure;
  std::call_once(once, [] { m = load(&failure); });
  if (m == nullptr) throw Unavailable(failure);
  return *m;
}

[[noreturn]] void rethrow(int status, const char* message) {
  switch (status) {
    case GEOFIELD_UNAVAILABLE: throw Unavailable(message);
    case GEOFIELD_OUT_OF_MEMORY: throw MemoryShortage(message);
    case GEOFIELD_INVALID_ARGUMENT: throw UsageError(message);
    default: throw RuntimeFailure(message);
  }
}

}  // namespace

GlField::GlField() : module_(&module()) {
  char message[2048] = "";
  gl_ = module_->open(message, sizeof message);
  if (gl_ == nullptr) throw Unavailable(message);
}

GlField::~GlField() { module_->close(gl_); }

std::string GlField::description() const { return module_->description(gl_); }

void GlField::compute(const Request& r, const geofield_output& out) {
  char message[2048] = "";
  const int status = module_->compute(gl_, &r, &out, message, sizeof message);
  if (status != GEOFIELD_OK) rethrow(status, message);
}

}  // namespace geofield::api
