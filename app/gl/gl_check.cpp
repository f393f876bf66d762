#include "gl/gl_check.h"

#include "errors.h"

namespace geofield {

const char* gl_error_name(GLenum e) {
  switch (e) {
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
    case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
    default: return "unknown GL error";
  }
}

void throw_on_gl_error(const char* call, const char* file, int line) {
  const GLenum e = glGetError();
  if (e == GL_NO_ERROR) return;
  std::string what = std::string(call) + " failed: " + gl_error_name(e);
  // Drain the queue so the next check reports its own call.
  while (glGetError() != GL_NO_ERROR) {
  }
  throw_failure(file, line, what);
}

std::optional<double> elapsed_ms(GLuint start_query, GLuint end_query) {
  GLint available = 0;
  GF_GL(glGetQueryObjectiv(end_query, GL_QUERY_RESULT_AVAILABLE, &available));
  if (!available) return std::nullopt;
  GLuint64 t0 = 0, t1 = 0;
  GF_GL(glGetQueryObjectui64v(start_query, GL_QUERY_RESULT, &t0));
  GF_GL(glGetQueryObjectui64v(end_query, GL_QUERY_RESULT, &t1));
  return static_cast<double>(t1 - t0) * 1e-6;
}

}  // namespace geofield
