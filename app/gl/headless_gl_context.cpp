#include "gl/headless_gl_context.h"

#include <glad/egl.h>
#include <glad/gl.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "errors.h"

namespace geofield {
namespace {

bool has_extension(const char* list, const char* name) {
  if (list == nullptr) return false;
  const size_t n = std::strlen(name);
  for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += n) {
    if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0')) return true;
  }
  return false;
}

// An EGL error code as the headers name it (EGL_BAD_MATCH), or in hex.
std::string egl_error_text(EGLint e) {
  switch (e) {
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    default: break;
  }
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%04X", static_cast<unsigned>(e));
  return hex;
}

struct Attempt {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLContext context = EGL_NO_CONTEXT;
};

// Initialises the display and makes a current 4.5 core context with no surface on it.
bool make_context(EGLDisplay display, Attempt* out, std::string* why) {
  if (display == EGL_NO_DISPLAY) {
    *why = "no display";
    return false;
  }
  EGLint major = 0, minor = 0;
  if (!eglInitialize(display, &major, &minor)) {
    *why = "eglInitialize failed (" + egl_error_text(eglGetError()) + ")";
    return false;
  }
  // Reload with the display to get its extensions and EGL 1.5 entry points.
  gladLoaderLoadEGL(display);
  if (!has_extension(eglQueryString(display, EGL_EXTENSIONS), "EGL_KHR_surfaceless_context")) {
    *why = "no EGL_KHR_surfaceless_context";
    eglTerminate(display);
    return false;
  }
  // No surface is ever made: any surface type will do.
  const EGLint config_attribs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, 0,
                                   EGL_NONE};
  EGLConfig config = nullptr;
  EGLint count = 0;
  if (!eglChooseConfig(display, config_attribs, &config, 1, &count) || count < 1) {
    *why = "no OpenGL-renderable EGL config";
    eglTerminate(display);
    return false;
  }
  if (!eglBindAPI(EGL_OPENGL_API)) {
    *why = "eglBindAPI(EGL_OPENGL_API) failed";
    eglTerminate(display);
    return false;
  }
  const EGLint context_attribs[] = {EGL_CONTEXT_MAJOR_VERSION,
                                    4,
                                    EGL_CONTEXT_MINOR_VERSION,
                                    5,
                                    EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                    EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                    EGL_NONE};
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attribs);
  if (context == EGL_NO_CONTEXT) {
    *why = "no OpenGL 4.5 core context (eglCreateContext: " + egl_error_text(eglGetError()) + ")";
    eglTerminate(display);
    return false;
  }
  if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
    *why = "eglMakeCurrent failed";
    eglDestroyContext(display, context);
    eglTerminate(display);
    return false;
  }
  out->display = display;
  out->context = context;
  return true;
}

}  // namespace

HeadlessGlContext::HeadlessGlContext() {
  if (gladLoaderLoadEGL(EGL_NO_DISPLAY) == 0) {
    GF_FAIL("cannot load libEGL.so.1: install libegl1 (and a GL driver: libegl-mesa0 or NVIDIA's)");
  }
  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  std::string tried;
  Attempt got;

  // 1. A hardware device through the device platform (NVIDIA's headless path).
  std::vector<EGLDeviceEXT> software_devices;
  if (has_extension(client, "EGL_EXT_device_enumeration") &&
      has_extension(client, "EGL_EXT_platform_device") && eglQueryDevicesEXT != nullptr) {
    EGLint n = 0;
    eglQueryDevicesEXT(0, nullptr, &n);
    std::vector<EGLDeviceEXT> devices(static_cast<size_t>(n));
    if (n > 0) eglQueryDevicesEXT(n, devices.data(), &n);
    for (EGLDeviceEXT d : devices) {
      const char* dev_ext =
          eglQueryDeviceStringEXT ? eglQueryDeviceStringEXT(d, EGL_EXTENSIONS) : "";
      if (has_extension(dev_ext, "EGL_MESA_device_software")) {
        software_devices.push_back(d);
        continue;
      }
      std::string why;
      if (make_context(eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, d, nullptr), &got, &why)) {
        description_ = "EGL device platform";
        break;
      }
      tried += std::string(tried.empty() ? "" : "; ") + "device: " + why;
    }
  }
  // 2. Mesa's surfaceless platform (llvmpipe): no X server, no DISPLAY needed.
  if (got.context == EGL_NO_CONTEXT && has_extension(client, "EGL_MESA_platform_surfaceless")) {
    std::string why;
    if (make_context(
            eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr),
            &got, &why)) {
      description_ = "EGL surfaceless platform";
    } else {
      tried += std::string(tried.empty() ? "" : "; ") + "surfaceless: " + why;
    }
  }
  // 3. Mesa's software device, last.
  for (EGLDeviceEXT d : software_devices) {
    if (got.context != EGL_NO_CONTEXT) break;
    std::string why;
    if (make_context(eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, d, nullptr), &got, &why)) {
      description_ = "EGL software device";
    } else {
      tried += std::string(tried.empty() ? "" : "; ") + "software device: " + why;
    }
  }
  if (got.context == EGL_NO_CONTEXT) {
    GF_FAIL("no headless OpenGL 4.5 context could be made (" +
            (tried.empty() ? std::string("no EGL platform offered") : tried) +
            "); install libegl-mesa0 and libgl1-mesa-dri, or NVIDIA's EGL driver");
  }
  display_ = got.display;
  context_ = got.context;
  if (gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress)) == 0) {
    eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display_, context_);
    eglTerminate(display_);
    GF_FAIL("the EGL context gives no OpenGL 4.5 core entry points");
  }
  description_ += std::string(": ") + reinterpret_cast<const char*>(glGetString(GL_RENDERER));
}

void HeadlessGlContext::make_current() {
  if (eglGetCurrentContext() == context_) return;
  if (!eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, context_)) {
    GF_FAIL("eglMakeCurrent failed (EGL error " + std::to_string(eglGetError()) + ")");
  }
}

HeadlessGlContext::~HeadlessGlContext() {
  eglMakeCurrent(display_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display_, context_);
  eglTerminate(display_);
}

}  // namespace geofield
