// GL error checking: every GL call that can fail goes through GF_GL; a GL error throws with
// the call, its location and the error name.
#pragma once

#include <glad/gl.h>

#include <string>

namespace geofield {

const char* gl_error_name(GLenum e);
void throw_on_gl_error(const char* call, const char* file, int line);

}  // namespace geofield

#define GF_GL(call)                                           \
  do {                                                        \
    call;                                                     \
    ::geofield::throw_on_gl_error(#call, __FILE__, __LINE__); \
  } while (0)
