// GL error checking: every GL call that can fail goes through GF_GL; a GL error throws with
// the call, its location and the error name.
#pragma once

#include <glad/gl.h>

#include <optional>
#include <string>

namespace geofield {

const char* gl_error_name(GLenum e);
void throw_on_gl_error(const char* call, const char* file, int line);

// Milliseconds between two GL_TIMESTAMP queries once the later one's result is in, without
// waiting; nullopt before then (the GPU backends' device time).
std::optional<double> elapsed_ms(GLuint start_query, GLuint end_query);

}  // namespace geofield

#define GF_GL(call)                                           \
  do {                                                        \
    call;                                                     \
    ::geofield::throw_on_gl_error(#call, __FILE__, __LINE__); \
  } while (0)
