#include "backends/gl_compute.h"

#include <string>

#include "errors.h"
#include "gl/gl_check.h"
#include "gl/gl_shader.h"
#include "shader_arc_tree_glsl.h"
#include "shader_centres_bounds_glsl.h"
#include "shader_field_constants_glsl.h"
#include "shader_field_distance_glsl.h"
#include "shader_field_math_glsl.h"
#include "shader_projection_glsl.h"

namespace geofield::gl_compute {

GLuint program(const char* main_part, const char* name, const ProgramKind& kind) {
  const bool dbl = kind.precision == Precision::f64;
  std::string s = "#version 450\n";
  s += dbl ? "#define REAL double\n#define VEC2 dvec2\n#define VEC4 dvec4\n#define IS_DOUBLE 1\n"
           : "#define REAL float\n#define VEC2 vec2\n#define VEC4 vec4\n#define IS_DOUBLE 0\n";
  s += kind.formula == Formula::seed ? "#define SEED 1\n" : "#define SEED 0\n";
  s += kind.out_f64 ? "#define OUT_F64 1\n" : "#define OUT_F64 0\n";
  s += kind.to_buffer ? "#define TO_BUFFER 1\n" : "#define TO_BUFFER 0\n";
  s += embedded::shader_field_constants_glsl;  // core/field_constants.h, printed by the build
  s += embedded::shader_field_math_glsl;
  if (kind.projection) s += embedded::shader_projection_glsl;
  s += embedded::shader_field_distance_glsl;
  if (kind.site_bounds) s += embedded::shader_centres_bounds_glsl;
  if (kind.arc_tree) s += embedded::shader_arc_tree_glsl;
  s += main_part;
  const std::string label = std::string(name) + " (" + std::string(to_string(kind.precision)) +
                            ", " + std::string(to_string(kind.formula)) + ")";
  return link_program({compile_shader(GL_COMPUTE_SHADER, s.c_str(), label.c_str())});
}

void set_real(GLuint program, const char* name, double v, Precision precision) {
  const GLint loc = glGetUniformLocation(program, name);
  if (precision == Precision::f64) {
    GF_GL(glProgramUniform1d(program, loc, v));
  } else {
    GF_GL(glProgramUniform1f(program, loc, static_cast<float>(v)));
  }
}

void set_int(GLuint program, const char* name, int v) {
  GF_GL(glProgramUniform1i(program, glGetUniformLocation(program, name), v));
}

void set_uint(GLuint program, const char* name, GLuint v) {
  GF_GL(glProgramUniform1ui(program, glGetUniformLocation(program, name), v));
}

void set_map_uniforms(GLuint program, const ProjectedGrid& g, Precision precision) {
  set_int(program, "u_projection", static_cast<int>(g.projection));
  set_real(program, "u_step", g.step, precision);
  set_real(program, "u_radius", g.radius, precision);
  set_real(program, "u_centre_lat", g.centre.lat_deg, precision);
  set_real(program, "u_centre_lon", g.centre.lon_deg, precision);
  set_real(program, "u_centre_sin_lat", g.centre.sin_lat, precision);
  set_real(program, "u_centre_cos_lat", g.centre.cos_lat, precision);
}

void ensure_buffer(GLuint* buffer, GLsizeiptr bytes, GLsizeiptr* size, const char* what) {
  if (*buffer != 0 && bytes <= *size) return;
  GLuint fresh = 0;
  GF_GL(glCreateBuffers(1, &fresh));
  // Dynamic storage: the nearest-site passes' counter and sites are written by the host.
  glNamedBufferStorage(fresh, bytes, nullptr, GL_DYNAMIC_STORAGE_BIT);
  if (const GLenum e = glGetError(); e != GL_NO_ERROR) {
    glDeleteBuffers(1, &fresh);
    throw RuntimeFailure("GL could not allocate " + std::to_string(bytes) + " bytes for the " +
                         "field's " + what + " (" + gl_error_name(e) + ")");
  }
  if (*buffer != 0) glDeleteBuffers(1, buffer);
  *buffer = fresh;
  *size = bytes;
}

GLsizeiptr max_storage_block() {
  GLint64 max_block = 0;
  GF_GL(glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &max_block));
  return static_cast<GLsizeiptr>(max_block);
}

}  // namespace geofield::gl_compute
