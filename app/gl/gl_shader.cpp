#include "gl/gl_shader.h"

#include <string>

#include "errors.h"
#include "gl/gl_check.h"

namespace geofield {

GLuint compile_shader(GLenum type, const char* source, const char* name) {
  const GLuint s = glCreateShader(type);
  if (s == 0) GF_FAIL(std::string("glCreateShader failed for ") + name);
  GF_GL(glShaderSource(s, 1, &source, nullptr));
  GF_GL(glCompileShader(s));
  GLint ok = 0;
  glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetShaderInfoLog(s, sizeof log, nullptr, log);
    glDeleteShader(s);
    GF_FAIL(std::string("shader ") + name + " does not compile: " + log);
  }
  return s;
}

GLuint link_program(std::initializer_list<GLuint> stages) {
  const GLuint p = glCreateProgram();
  for (GLuint s : stages) GF_GL(glAttachShader(p, s));
  GF_GL(glLinkProgram(p));
  for (GLuint s : stages) glDeleteShader(s);
  GLint ok = 0;
  glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[2048] = {};
    glGetProgramInfoLog(p, sizeof log, nullptr, log);
    glDeleteProgram(p);
    GF_FAIL(std::string("shader program does not link: ") + log);
  }
  return p;
}

}  // namespace geofield
