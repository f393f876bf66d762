#include "backends/gl_backend.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "backends/gl_compute.h"
#include "compute/nearest_centre.h"
#include "errors.h"
#include "field_math.h"
#include "gl/gl_check.h"
#include "shader_field_combine_comp.h"
#include "shader_field_factors_comp.h"
#include "shader_field_projected_comp.h"

namespace geofield {

using gl_compute::set_int;
using gl_compute::set_map_uniforms;
using gl_compute::set_real;

namespace {

// field_combine.comp and field_projected.comp: 16 x 16 invocations, 4 x 4 nodes each.
constexpr int kNodesPerGroup = 64;

void dispatch_rows(int nx, int rows) {
  GF_GL(glDispatchCompute(static_cast<GLuint>((nx + kNodesPerGroup - 1) / kNodesPerGroup),
                          static_cast<GLuint>((rows + kNodesPerGroup - 1) / kNodesPerGroup), 1));
}

}  // namespace

GlBackend::GlBackend(GLsizeiptr export_block_bytes) : export_block_bytes_(export_block_bytes) {
  GF_GL(glGenQueries(kStamps, timestamps_));
  // The default view's programs now, so that a driver that cannot build them says so here,
  // when the backend is chosen, rather than at the first field (the nearest-site passes' at
  // their first compute: a backend of one point never needs them).
  try {
    programs(Precision::f32, Formula::haversine);
  } catch (...) {
    release();
    throw;
  }
}

GlBackend::~GlBackend() { release(); }

void GlBackend::release() {  // no GL error to report here
  for (auto& [key, p] : programs_) {
    for (GLuint program : {p.factors, p.combine, p.combine_f64}) {
      if (program != 0) glDeleteProgram(program);
    }
  }
  programs_.clear();
  for (auto& [key, p] : projected_programs_) {
    for (GLuint program : {p.field, p.f64}) {
      if (program != 0) glDeleteProgram(program);
    }
  }
  projected_programs_.clear();
  for (GLuint* b : {&rows_, &cols_, &values_}) {
    if (*b != 0) glDeleteBuffers(1, b);
    *b = 0;
  }
  delete_site_objects();
  delete_shape_objects();
  if (timestamps_[0] != 0) glDeleteQueries(kStamps, timestamps_);
  timestamps_[0] = 0;
}

const GlBackend::Programs& GlBackend::programs(Precision precision, Formula formula) {
  auto it = programs_.find({precision, formula});
  if (it != programs_.end()) return it->second;
  gl_compute::ProgramKind kind{precision, formula};
  Programs p;
  try {
    p.factors =
        gl_compute::program(embedded::shader_field_factors_comp, "field_factors.comp", kind);
    p.combine =
        gl_compute::program(embedded::shader_field_combine_comp, "field_combine.comp", kind);
    if (precision == Precision::f64) {
      kind.out_f64 = true;
      p.combine_f64 = gl_compute::program(embedded::shader_field_combine_comp,
                                          "field_combine.comp (float64 export)", kind);
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
  gl_compute::ProgramKind kind{precision, formula};
  kind.projection = true;
  ProjectedPrograms p;
  p.field =
      gl_compute::program(embedded::shader_field_projected_comp, "field_projected.comp", kind);
  if (precision == Precision::f64) {
    kind.out_f64 = true;
    try {
      p.f64 = gl_compute::program(embedded::shader_field_projected_comp,
                                  "field_projected.comp (float64 export)", kind);
    } catch (...) {
      glDeleteProgram(p.field);
      throw;
    }
  }
  return projected_programs_.emplace(std::make_pair(precision, formula), p).first->second;
}

void GlBackend::dispatch_factors(const FieldParams& p) {
  const Programs& progs = programs(p.precision, p.formula);
  const GridGeometry g = grid_geometry(p);
  const GLsizeiptr real = p.precision == Precision::f64 ? 8 : 4;
  gl_compute::ensure_buffer(&rows_, real * 4 * p.ny, &rows_size_, "row factors");
  gl_compute::ensure_buffer(&cols_, real * 2 * p.nx, &cols_size_, "column factors");
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
  set_map_uniforms(program, g, pr);
  set_real(program, "u_dlat_centre", g.dlat_centre_deg, pr);
  set_real(program, "u_slat_centre", g.slat_centre_deg, pr);
  set_real(program, "u_dlon_centre", g.dlon_centre_deg, pr);
  set_real(program, "u_cos_ref_lat", g.cos_ref_lat, pr);
  set_real(program, "u_seed_cos_ref", g.seed_cos_ref_lat, pr);
  GF_GL(glUseProgram(program));
  dispatch_rows(p.nx, rows);
}

void GlBackend::compute(const FieldRequest& r, FieldTexture& target) {
  const FieldParams& p = r.params;
  if (r.sites.empty()) GF_FAIL("a field request with no sites");
  if (p.formula == Formula::wgs84) throw RuntimeFailure(std::string(kGlNoWgs84));
  if (target.nx() != p.nx || target.ny() != p.ny) {
    GF_FAIL("GlBackend::compute: the texture is " + std::to_string(target.nx()) + "x" +
            std::to_string(target.ny()) + ", the field " + std::to_string(p.nx) + "x" +
            std::to_string(p.ny));
  }
  const bool shapes = r.sites.has_shapes();
  const bool one_point = !shapes && r.one_point() && one_point_fast_path_;
  if (!one_point && !shapes) {
    check_centres_view(p, *r.sites.points());
    if (!sites_ || !(SiteSet::points(sites_) == r.sites)) set_sites(r.sites.points());
  }
  GF_GL(glQueryCounter(timestamps_[0], GL_TIMESTAMP));
  if (shapes) {
    compute_shapes(r, target);
  } else if (one_point) {
    compute_one_point(r.one_point_params(), target);
  } else {
    compute_sites(p, target);
  }
  // What reads the textures next: the draw (sampling), exports (glGetTextureImage), FBOs.
  GF_GL(glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT |
                        GL_FRAMEBUFFER_BARRIER_BIT));
  GF_GL(glQueryCounter(timestamps_[kStamps - 1], GL_TIMESTAMP));
  last_ = one_point ? r.one_point_params() : p;
  sites_last_ = !one_point && !shapes;
  shapes_last_ = shapes;
  computed_ = true;
}

void GlBackend::compute_one_point(const FieldParams& p, FieldTexture& target) {
  if (p.projection != Projection::latlon) {
    const GLuint program = projected_programs(p.precision, p.formula).field;
    GF_GL(glBindImageTexture(0, target.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F));
    dispatch_projected(program, p, 0, p.ny);
  } else {
    dispatch_factors(p);
    GF_GL(glBindImageTexture(0, target.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F));
    dispatch_combine(programs(p.precision, p.formula).combine, p, 0, p.ny);
  }
}

std::optional<double> GlBackend::last_compute_device_ms() {
  if (!computed_) return std::nullopt;
  return elapsed_ms(timestamps_[0], timestamps_[kStamps - 1]);
}

std::vector<std::int32_t> GlBackend::read_index() {
  if (!computed_) GF_FAIL("GlBackend::read_index: nothing was computed yet");
  std::vector<std::int32_t> index(static_cast<std::size_t>(node_count(last_)));
  if (!sites_last_ && !shapes_last_) return index;  // one point: every node's nearest is site 0
  GF_GL(glPixelStorei(GL_PACK_ALIGNMENT, 4));
  GF_GL(glGetTextureImage(index_texture_, 0, GL_RED_INTEGER, GL_INT,
                          static_cast<GLsizei>(index.size() * sizeof(std::int32_t)), index.data()));
  return index;
}

template <typename Dispatch>
HostField GlBackend::export_f64(int row_multiple, GLuint binding, Dispatch dispatch) {
  const GLsizeiptr band_bytes = GLsizeiptr{8} * last_.nx * row_multiple;
  const GLsizeiptr max_block = gl_compute::max_storage_block();
  const GLsizeiptr block_bytes = std::min(export_block_bytes_, max_block);
  if (band_bytes > block_bytes) {
    GF_FAIL(std::to_string(row_multiple) + " rows of " + std::to_string(last_.nx) +
            " doubles exceed the float64 export's block (" + std::to_string(block_bytes) +
            " bytes; this GL's shader storage block: " + std::to_string(max_block) + ")");
  }
  const int block_rows =
      static_cast<int>(std::min<GLsizeiptr>(last_.ny, block_bytes / band_bytes * row_multiple));
  gl_compute::ensure_buffer(&values_, GLsizeiptr{8} * last_.nx * block_rows, &values_size_,
                            "float64 export");
  HostField h{last_.nx,
              last_.ny,
              Precision::f64,
              {},
              std::vector<double>(static_cast<std::size_t>(node_count(last_)))};
  for (int row0 = 0; row0 < last_.ny; row0 += block_rows) {
    const int rows = std::min(block_rows, last_.ny - row0);
    GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, values_));
    dispatch(row0, rows);
    GF_GL(glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT));
    GF_GL(glGetNamedBufferSubData(values_, 0, GLsizeiptr{8} * last_.nx * rows,
                                  h.f64.data() + static_cast<std::size_t>(row0) * last_.nx));
  }
  return h;
}

// A float64 export of a double field: the last compute's passes again into a buffer of
// doubles. One point: latlon from the factors the compute left in rows_ and cols_, a projected
// view node by node, any block of rows; several sites: the node pass from the last compute's
// lists, by blocks of whole fine-tile rows; lines and polygons: the shapes' pass, any block.
HostField GlBackend::read_field(const FieldTexture& target, Precision as) {
  if (!computed_) GF_FAIL("GlBackend::read_field: nothing was computed yet");
  if (as == Precision::f32 || last_.precision == Precision::f32) {
    return texture_field_as(target.id(), last_.nx, last_.ny, as);
  }
  if (shapes_last_) {
    const GLuint program = shape_programs().to_buffer;
    return export_f64(1, 7, [&](int row0, int rows) { dispatch_shapes(program, row0, rows); });
  }
  if (sites_last_) {
    const GLuint program = site_programs(Precision::f64).nodes_to_buffer;
    return export_f64(fine_tile_, 7, [&](int row0, int rows) {
      dispatch_nodes(program, last_, row0 / fine_tile_, (rows + fine_tile_ - 1) / fine_tile_, row0,
                     rows);
    });
  }
  if (last_.projection != Projection::latlon) {
    const GLuint program = projected_programs(last_.precision, last_.formula).f64;
    return export_f64(1, 2,
                      [&](int row0, int rows) { dispatch_projected(program, last_, row0, rows); });
  }
  const GLuint program = programs(last_.precision, last_.formula).combine_f64;
  return export_f64(1, 2,
                    [&](int row0, int rows) { dispatch_combine(program, last_, row0, rows); });
}

}  // namespace geofield
