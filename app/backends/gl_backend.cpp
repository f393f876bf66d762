#include "backends/gl_backend.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "backends/gl_centres_backend.h"
#include "errors.h"
#include "field_math.h"
#include "gl/gl_check.h"
#include "gl/gl_shader.h"
#include "shader_field_combine_comp.h"
#include "shader_field_constants_glsl.h"
#include "shader_field_distance_glsl.h"
#include "shader_field_factors_comp.h"
#include "shader_field_math_glsl.h"
#include "shader_field_projected_comp.h"
#include "shader_projection_glsl.h"

namespace geofield {
namespace {

std::string program_source(const char* main_part, Precision precision, Formula formula,
                           bool out_f64, bool projected) {
  const bool dbl = precision == Precision::f64;
  std::string s = "#version 450\n";
  s += dbl ? "#define REAL double\n#define VEC2 dvec2\n#define VEC4 dvec4\n#define IS_DOUBLE 1\n"
           : "#define REAL float\n#define VEC2 vec2\n#define VEC4 vec4\n#define IS_DOUBLE 0\n";
  s += formula == Formula::seed ? "#define SEED 1\n" : "#define SEED 0\n";
  s += out_f64 ? "#define OUT_F64 1\n" : "#define OUT_F64 0\n";
  s += embedded::shader_field_constants_glsl;  // core/field_constants.h, printed by the build
  s += embedded::shader_field_math_glsl;
  if (projected) s += embedded::shader_projection_glsl;
  s += embedded::shader_field_distance_glsl;
  s += main_part;
  return s;
}

GLuint compute_program(const char* main_part, const char* name, Precision precision,
                       Formula formula, bool out_f64, bool projected = false) {
  const std::string src = program_source(main_part, precision, formula, out_f64, projected);
  const std::string label = std::string(name) + " (" + std::string(to_string(precision)) + ", " +
                            std::string(to_string(formula)) + ")";
  return link_program({compile_shader(GL_COMPUTE_SHADER, src.c_str(), label.c_str())});
}

// Uniforms of a REAL type: double in the double programs, float in the float ones (the offsets
// leave double only here, as T(g.x) does on the CPU and in CUDA).
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

// field_combine.comp and field_projected.comp: 16 x 16 invocations, 4 x 4 nodes each.
constexpr int kNodesPerGroup = 64;

void dispatch_rows(int nx, int rows) {
  GF_GL(glDispatchCompute(static_cast<GLuint>((nx + kNodesPerGroup - 1) / kNodesPerGroup),
                          static_cast<GLuint>((rows + kNodesPerGroup - 1) / kNodesPerGroup), 1));
}

}  // namespace

GlBackend::GlBackend(GLsizeiptr export_block_bytes) : export_block_bytes_(export_block_bytes) {
  // The default view's programs now, so that a driver that cannot build them says so here,
  // when the backend is chosen, rather than at the first field.
  programs(Precision::f32, Formula::haversine);
  GF_GL(glGenQueries(2, timestamps_));
}

GlBackend::~GlBackend() {
  for (auto& [key, p] : programs_) {
    glDeleteProgram(p.factors);
    glDeleteProgram(p.combine);
    if (p.combine_f64 != 0) glDeleteProgram(p.combine_f64);
  }
  for (auto& [key, p] : projected_programs_) {
    glDeleteProgram(p.field);
    if (p.f64 != 0) glDeleteProgram(p.f64);
  }
  for (GLuint b : {rows_, cols_, values_}) {
    if (b != 0) glDeleteBuffers(1, &b);
  }
  glDeleteQueries(2, timestamps_);
}

const GlBackend::Programs& GlBackend::programs(Precision precision, Formula formula) {
  auto it = programs_.find({precision, formula});
  if (it != programs_.end()) return it->second;
  Programs p;
  try {
    p.factors = compute_program(embedded::shader_field_factors_comp, "field_factors.comp",
                                precision, formula, false);
    p.combine = compute_program(embedded::shader_field_combine_comp, "field_combine.comp",
                                precision, formula, false);
    if (precision == Precision::f64) {
      p.combine_f64 =
          compute_program(embedded::shader_field_combine_comp,
                          "field_combine.comp (float64 export)", precision, formula, true);
    }
  } catch (...) {  // the ones built before the failure are not kept: delete them
    for (GLuint built : {p.factors, p.combine}) {
      if (built != 0) glDeleteProgram(built);
    }
    throw;
  }
  return programs_.emplace(std::make_pair(precision, formula), p).first->second;
}

const GlBackend::ProjectedPrograms& GlBackend::projected_programs(Precision precision,
                                                                  Formula formula) {
  auto it = projected_programs_.find({precision, formula});
  if (it != projected_programs_.end()) return it->second;
  ProjectedPrograms p;
  p.field = compute_program(embedded::shader_field_projected_comp, "field_projected.comp",
                            precision, formula, false, true);
  if (precision == Precision::f64) {
    try {
      p.f64 =
          compute_program(embedded::shader_field_projected_comp,
                          "field_projected.comp (float64 export)", precision, formula, true, true);
    } catch (...) {
      glDeleteProgram(p.field);
      throw;
    }
  }
  return projected_programs_.emplace(std::make_pair(precision, formula), p).first->second;
}

// Buffers only grow; immutable storage cannot, so growing makes a new buffer object.
void GlBackend::ensure_buffer(GLuint* buffer, GLsizeiptr bytes, GLsizeiptr* size,
                              const char* what) {
  if (*buffer != 0 && bytes <= *size) return;
  GLuint fresh = 0;
  GF_GL(glCreateBuffers(1, &fresh));
  glNamedBufferStorage(fresh, bytes, nullptr, 0);
  if (const GLenum e = glGetError(); e != GL_NO_ERROR) {
    glDeleteBuffers(1, &fresh);
    throw RuntimeFailure("GL could not allocate " + std::to_string(bytes) +
                         " bytes for the field's " + what + " (" + gl_error_name(e) + ")");
  }
  if (*buffer != 0) glDeleteBuffers(1, buffer);
  *buffer = fresh;
  *size = bytes;
}

void GlBackend::dispatch_factors(const FieldParams& p) {
  const Programs& progs = programs(p.precision, p.formula);
  const GridGeometry g = grid_geometry(p);
  const GLsizeiptr real = p.precision == Precision::f64 ? 8 : 4;
  ensure_buffer(&rows_, real * 4 * p.ny, &rows_size_, "row factors");
  ensure_buffer(&cols_, real * 2 * p.nx, &cols_size_, "column factors");
  const GLuint f = progs.factors;
  set_int(f, "u_nx", p.nx);
  set_int(f, "u_ny", p.ny);
  set_real(f, "u_lat_step", g.lat_step_deg, p.precision);
  set_real(f, "u_lat_max", g.lat_max_deg, p.precision);
  set_real(f, "u_north_polar0", g.north_polar0_deg, p.precision);
  set_real(f, "u_south_polar0", g.south_polar0_deg, p.precision);
  set_real(f, "u_dlat0", g.dlat0_deg, p.precision);
  set_real(f, "u_slat0", g.slat0_deg, p.precision);
  set_real(f, "u_cos_ref", g.cos_ref_lat, p.precision);
  set_real(f, "u_lon_step", g.lon_step_deg, p.precision);
  set_real(f, "u_dlon0", g.dlon0_deg, p.precision);
  set_real(f, "u_dlon0_raw", g.dlon0_raw_deg, p.precision);
  GF_GL(glUseProgram(f));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, rows_));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, cols_));
  GF_GL(glDispatchCompute(static_cast<GLuint>((p.nx + p.ny + 63) / 64), 1, 1));
  GF_GL(glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT));
}

void GlBackend::dispatch_combine(GLuint program, const FieldParams& p, int row0, int rows) {
  set_int(program, "u_nx", p.nx);
  set_int(program, "u_row0", row0);
  set_int(program, "u_rows", rows);
  set_real(program, "u_radius", grid_geometry(p).radius, p.precision);
  GF_GL(glUseProgram(program));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, rows_));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, cols_));
  dispatch_rows(p.nx, rows);
}

void GlBackend::dispatch_projected(GLuint program, const FieldParams& p, int row0, int rows) {
  const ProjectedGrid g = projected_grid(p);
  const Precision pr = p.precision;
  set_int(program, "u_nx", p.nx);
  set_int(program, "u_ny", p.ny);
  set_int(program, "u_row0", row0);
  set_int(program, "u_rows", rows);
  set_int(program, "u_projection", static_cast<int>(g.projection));
  set_real(program, "u_step", g.step, pr);
  set_real(program, "u_radius", g.radius, pr);
  set_real(program, "u_centre_lat", g.centre.lat_deg, pr);
  set_real(program, "u_centre_lon", g.centre.lon_deg, pr);
  set_real(program, "u_centre_sin_lat", g.centre.sin_lat, pr);
  set_real(program, "u_centre_cos_lat", g.centre.cos_lat, pr);
  set_real(program, "u_dlat_centre", g.dlat_centre_deg, pr);
  set_real(program, "u_slat_centre", g.slat_centre_deg, pr);
  set_real(program, "u_dlon_centre", g.dlon_centre_deg, pr);
  set_real(program, "u_cos_ref_lat", g.cos_ref_lat, pr);
  set_real(program, "u_seed_cos_ref", g.seed_cos_ref_lat, pr);
  GF_GL(glUseProgram(program));
  dispatch_rows(p.nx, rows);
}

void GlBackend::compute_one_point(const FieldParams& p, FieldTexture& target) {
  if (p.formula == Formula::wgs84) throw RuntimeFailure(std::string(kGlNoWgs84));
  if (target.nx() != p.nx || target.ny() != p.ny) {
    GF_FAIL("GlBackend::compute: the texture is " + std::to_string(target.nx()) + "x" +
            std::to_string(target.ny()) + ", the field " + std::to_string(p.nx) + "x" +
            std::to_string(p.ny));
  }
  GF_GL(glQueryCounter(timestamps_[0], GL_TIMESTAMP));
  if (p.projection != Projection::latlon) {
    const GLuint program = projected_programs(p.precision, p.formula).field;
    GF_GL(glBindImageTexture(0, target.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F));
    dispatch_projected(program, p, 0, p.ny);
  } else {
    dispatch_factors(p);
    GF_GL(glBindImageTexture(0, target.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F));
    dispatch_combine(programs(p.precision, p.formula).combine, p, 0, p.ny);
  }
  // What reads the texture next: the draw (sampling), exports (glGetTextureImage), picture FBOs.
  GF_GL(glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT |
                        GL_FRAMEBUFFER_BARRIER_BIT));
  GF_GL(glQueryCounter(timestamps_[1], GL_TIMESTAMP));
  last_ = p;
  computed_ = true;
}

std::optional<double> GlBackend::one_point_device_ms() {
  if (!computed_) return std::nullopt;
  return elapsed_ms(timestamps_[0], timestamps_[1]);
}

std::unique_ptr<CentresFieldBackend> GlBackend::make_sites_part(CentreList sites) {
  return make_gl_centres_backend(std::move(sites));
}

HostField GlBackend::read_one_point_field(const FieldTexture& target, Precision as) {
  if (!computed_) GF_FAIL("GlBackend::read_field: nothing was computed yet");
  if (as == Precision::f32 || last_.precision == Precision::f32) {
    return texture_field_as(target.id(), last_.nx, last_.ny, as);
  }
  // The double field again, into a buffer of doubles by blocks of rows, each read back: latlon
  // from the factors the last compute left in rows_ and cols_, a projected view node by node.
  const GLsizeiptr row_bytes = GLsizeiptr{8} * last_.nx;
  GLint64 max_block = 0;
  GF_GL(glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &max_block));
  const GLsizeiptr block_bytes =
      std::min<GLsizeiptr>(export_block_bytes_, static_cast<GLsizeiptr>(max_block));
  if (row_bytes > block_bytes) {
    GF_FAIL("a row of " + std::to_string(last_.nx) + " doubles exceeds this GL's " +
            std::to_string(max_block) + "-byte shader storage block");
  }
  const int block_rows = static_cast<int>(std::min<GLsizeiptr>(last_.ny, block_bytes / row_bytes));
  ensure_buffer(&values_, row_bytes * block_rows, &values_size_, "float64 export");
  HostField h{last_.nx,
              last_.ny,
              Precision::f64,
              {},
              std::vector<double>(static_cast<std::size_t>(node_count(last_)))};
  const bool projected = last_.projection != Projection::latlon;
  const GLuint program = projected ? projected_programs(last_.precision, last_.formula).f64
                                   : programs(last_.precision, last_.formula).combine_f64;
  for (int row0 = 0; row0 < last_.ny; row0 += block_rows) {
    const int rows = std::min(block_rows, last_.ny - row0);
    GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, values_));
    if (projected) {
      dispatch_projected(program, last_, row0, rows);
    } else {
      dispatch_combine(program, last_, row0, rows);
    }
    GF_GL(glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT));
    GF_GL(glGetNamedBufferSubData(values_, 0, row_bytes * rows,
                                  h.f64.data() + static_cast<std::size_t>(row0) * last_.nx));
  }
  return h;
}

}  // namespace geofield
