#include "backends/gl_centres_backend.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "backends/field_backend.h"
#include "compute/centre_index.h"
#include "compute/nearest_centre.h"
#include "errors.h"
#include "field_math.h"
#include "gl/gl_check.h"
#include "gl/gl_shader.h"
#include "gl/index_texture.h"
#include "shader_centres_bounds_glsl.h"
#include "shader_centres_nodes_comp.h"
#include "shader_centres_prep_comp.h"
#include "shader_centres_tiles_comp.h"
#include "shader_field_constants_glsl.h"
#include "shader_field_distance_glsl.h"
#include "shader_field_math_glsl.h"

namespace geofield {
namespace {

// Buffer bindings shared by the three shaders (their layouts say what each holds).
enum Binding : GLuint {
  kCentres = 0,
  kUnits = 1,
  kFactors = 2,
  kParents = 3,
  kTiles = 4,
  kPool = 5,
  kCounter = 6,
  kValues = 7
};

GLuint centres_program(const char* main_part, const char* name, bool dbl, bool to_buffer) {
  std::string s = "#version 450\n";
  s += dbl ? "#define REAL double\n#define VEC2 dvec2\n#define VEC4 dvec4\n#define IS_DOUBLE 1\n"
           : "#define REAL float\n#define VEC2 vec2\n#define VEC4 vec4\n#define IS_DOUBLE 0\n";
  // OUT_F64: field_distance.glsl's double asin polynomial is the full one, as the CPU's
  // nearest-centre double field (combine<double>) uses it.
  s += "#define SEED 0\n#define OUT_F64 1\n";
  s += to_buffer ? "#define TO_BUFFER 1\n" : "#define TO_BUFFER 0\n";
  s += embedded::shader_field_constants_glsl;
  s += embedded::shader_field_math_glsl;
  s += embedded::shader_field_distance_glsl;
  s += embedded::shader_centres_bounds_glsl;
  s += main_part;
  const std::string label = std::string(name) + (dbl ? " (f64)" : " (f32)");
  return link_program({compile_shader(GL_COMPUTE_SHADER, s.c_str(), label.c_str())});
}

void set_real(GLuint program, const char* name, double v, bool dbl) {
  const GLint loc = glGetUniformLocation(program, name);
  if (dbl) {
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

// Buffers only grow; immutable storage cannot, so growing makes a new buffer object.
void ensure_buffer(GLuint* buffer, GLsizeiptr bytes, GLsizeiptr* size, const char* what) {
  if (*buffer != 0 && bytes <= *size) return;
  GLuint fresh = 0;
  GF_GL(glCreateBuffers(1, &fresh));
  glNamedBufferStorage(fresh, bytes, nullptr, GL_DYNAMIC_STORAGE_BIT);
  if (const GLenum e = glGetError(); e != GL_NO_ERROR) {
    glDeleteBuffers(1, &fresh);
    throw RuntimeFailure("GL could not allocate " + std::to_string(bytes) +
                         " bytes for the nearest-centre field's " + what + " (" + gl_error_name(e) +
                         ")");
  }
  if (*buffer != 0) glDeleteBuffers(1, buffer);
  *buffer = fresh;
  *size = bytes;
}

int tiles_of(int nodes, int tile) { return (nodes + tile - 1) / tile; }

}  // namespace

GlCentresBackend::GlCentresBackend(CentreList centres) {
  // The default view's programs now, so that a driver that cannot build them says so here.
  programs(Precision::f32);
  tiles_program_ =
      centres_program(embedded::shader_centres_tiles_comp, "centres_tiles.comp", false, false);
  GF_GL(glGenQueries(2, timestamps_));
  GLsizeiptr counter_size = 0;
  ensure_buffer(&counter_, 3 * sizeof(GLuint), &counter_size, "counter");
  set_centres(std::move(centres));
}

GlCentresBackend::~GlCentresBackend() {  // no GL error to report here
  for (auto& [key, p] : programs_) {
    for (GLuint program : {p.prep, p.nodes, p.nodes_to_buffer}) {
      if (program != 0) glDeleteProgram(program);
    }
  }
  if (tiles_program_ != 0) glDeleteProgram(tiles_program_);
  for (GLuint b : {centre_ll_, units_, factors_, coarse_, fine_, pool_, counter_, values_}) {
    if (b != 0) glDeleteBuffers(1, &b);
  }
  if (index_texture_ != 0) glDeleteTextures(1, &index_texture_);
  glDeleteQueries(2, timestamps_);
}

const GlCentresBackend::Programs& GlCentresBackend::programs(Precision precision) {
  auto it = programs_.find(precision);
  if (it != programs_.end()) return it->second;
  const bool dbl = precision == Precision::f64;
  Programs p;
  try {
    p.prep = centres_program(embedded::shader_centres_prep_comp, "centres_prep.comp", dbl, false);
    p.nodes =
        centres_program(embedded::shader_centres_nodes_comp, "centres_nodes.comp", dbl, false);
    if (dbl) {
      p.nodes_to_buffer = centres_program(embedded::shader_centres_nodes_comp,
                                          "centres_nodes.comp (float64 export)", dbl, true);
    }
  } catch (...) {  // the ones built before the failure are not kept
    for (GLuint built : {p.prep, p.nodes}) {
      if (built != 0) glDeleteProgram(built);
    }
    throw;
  }
  return programs_.emplace(precision, p).first->second;
}

// Uploads the centres once: (lat, lon, cos lat by the shared math, 0) in double for the prep
// pass, and the unit vectors rounded to float for the tiles' and the nodes' chords.
void GlCentresBackend::set_centres(CentreList centres) {
  if (!centres || centres->empty()) throw UsageError("--centres: no centres");
  if (centres->size() > kMaxCentres) {
    throw UsageError("--centres: more than " + std::to_string(kMaxCentres) + " centres");
  }
  const std::size_t n = centres->size();
  // The largest per-centre buffers hold 32 bytes a centre (dvec4): a shader sees at most a
  // storage block's worth (llvmpipe's is smaller than 10 million centres need).
  GLint64 max_block = 0;
  GF_GL(glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &max_block));
  if (static_cast<GLint64>(32 * n) > max_block) {
    throw UsageError("--backend gl: " + std::to_string(n) + " centres need " +
                     std::to_string(32 * n) + "-byte buffers, more than this GL's " +
                     std::to_string(max_block) + "-byte shader storage block: use --backend cpu");
  }
  std::vector<double> ll(4 * n);
  std::vector<float> units(4 * n);
  for (std::size_t k = 0; k < n; ++k) {
    const Centre& c = (*centres)[k];
    double s = 0, cos_lat = 0;
    sincos_deg(c.lat_deg, &s, &cos_lat);
    ll[4 * k] = c.lat_deg, ll[4 * k + 1] = c.lon_deg, ll[4 * k + 2] = cos_lat;
    const UnitVector u = unit_vector(c.lat_deg, c.lon_deg);
    for (int a = 0; a < 3; ++a) units[4 * k + a] = static_cast<float>(u[a]);
  }
  // Fresh buffers of the exact size: the count is the buffers' length to the shaders' loops.
  for (GLuint* b : {&centre_ll_, &units_}) {
    if (*b != 0) GF_GL(glDeleteBuffers(1, b));
    *b = 0;
  }
  GLsizeiptr size = 0;
  ensure_buffer(&centre_ll_, static_cast<GLsizeiptr>(ll.size() * sizeof(double)), &size, "centres");
  GF_GL(glNamedBufferSubData(centre_ll_, 0, size, ll.data()));
  ensure_buffer(&units_, static_cast<GLsizeiptr>(units.size() * sizeof(float)), &size,
                "centres' unit vectors");
  GF_GL(glNamedBufferSubData(units_, 0, size, units.data()));
  centres_ = std::move(centres);
  computed_ = false;
}

void GlCentresBackend::set_grid_uniforms(GLuint program, const FieldParams& p, bool dbl) {
  const GridGeometry g = grid_geometry(p);
  set_int(program, "u_nx", p.nx);
  set_int(program, "u_ny", p.ny);
  set_int(program, "u_count", static_cast<int>(centres_->size()));
  set_real(program, "u_lat_step", g.lat_step_deg, dbl);
  set_real(program, "u_lat_max", g.lat_max_deg, dbl);
  set_real(program, "u_north_polar0", g.north_polar0_deg, dbl);
  set_real(program, "u_south_polar0", g.south_polar0_deg, dbl);
  set_real(program, "u_lon_step", g.lon_step_deg, dbl);
  set_real(program, "u_lon_min_reduced", reduce_deg_180(g.lon_min_deg), dbl);
  set_real(program, "u_radius", g.radius, dbl);
}

// The coarse tiles over every centre, then the fine tiles over their coarse tile's list. A
// list that does not fit in the pool falls back to its parent's (correct, slower); the pool
// then grows to what was asked and the tiles run again, up to the pool's limit.
void GlCentresBackend::run_tiles(const FieldParams& p, int fine, int coarse_x, int coarse_y,
                                 int fine_x, int fine_y) {
  GLint64 max_block = 0;
  GF_GL(glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &max_block));
  const GLsizeiptr limit =
      std::max<GLsizeiptr>(4096, std::min<GLsizeiptr>(pool_limit_bytes_, max_block)) / 4 * 4;
  const GLsizeiptr first_guess = GLsizeiptr{4} * 32 * (coarse_x * coarse_y + fine_x * fine_y);
  if (pool_ == 0 || pool_size_ > limit) {
    if (pool_ != 0) GF_GL(glDeleteBuffers(1, &pool_));
    pool_ = 0;
    ensure_buffer(&pool_, std::min(limit, std::max<GLsizeiptr>(first_guess, 1 << 18)), &pool_size_,
                  "candidate pool");
  }
  const GLuint t = tiles_program_;
  set_grid_uniforms(t, p, false);
  GF_GL(glUseProgram(t));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kUnits, units_));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kCounter, counter_));
  stats_.tile_passes = 0;
  for (;;) {
    const GLuint zero[3] = {0, 0, 0};
    GF_GL(glNamedBufferSubData(counter_, 0, sizeof(zero), zero));
    set_uint(t, "u_capacity", static_cast<GLuint>(pool_size_ / 4));
    GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kPool, pool_));
    set_int(t, "u_coarse", 1);
    set_int(t, "u_tile", coarse_tile_);
    set_int(t, "u_tiles_x", coarse_x);
    GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kParents, coarse_));  // not read
    GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kTiles, coarse_));
    GF_GL(glDispatchCompute(static_cast<GLuint>(coarse_x), static_cast<GLuint>(coarse_y), 1));
    GF_GL(glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT));
    set_int(t, "u_coarse", 0);
    set_int(t, "u_tile", fine);
    set_int(t, "u_tiles_x", fine_x);
    set_int(t, "u_parent_tile", coarse_tile_);
    set_int(t, "u_parent_tiles_x", coarse_x);
    GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kParents, coarse_));
    GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kTiles, fine_));
    GF_GL(glDispatchCompute(static_cast<GLuint>(fine_x), static_cast<GLuint>(fine_y), 1));
    GF_GL(glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT));
    ++stats_.tile_passes;
    GLuint counts[3] = {};  // allocated, wanted in blocks of 256, lists that did not fit
    GF_GL(glGetNamedBufferSubData(counter_, 0, sizeof(counts), counts));
    stats_.pool_used = counts[0];
    stats_.pool_wanted = static_cast<long long>(counts[1]) * 256;
    stats_.pool_capacity = pool_size_ / 4;
    stats_.lists_without_room = counts[2];
    if (counts[2] == 0 || pool_size_ >= limit || stats_.tile_passes >= 4) return;
    const GLsizeiptr want = static_cast<GLsizeiptr>(counts[1]) * 256 * 4 * 5 / 4;  // bytes, +25%
    GF_GL(glDeleteBuffers(1, &pool_));
    pool_ = 0;
    ensure_buffer(&pool_, std::min(limit, std::max(want, 2 * pool_size_)), &pool_size_,
                  "candidate pool");
  }
}

void GlCentresBackend::dispatch_nodes(GLuint program, const FieldParams& p, int tile_row0,
                                      int tile_rows, int row0, int rows) {
  set_grid_uniforms(program, p, p.precision == Precision::f64);
  set_int(program, "u_tile", fine_tile_);
  set_int(program, "u_tiles_x", tiles_of(p.nx, fine_tile_));
  set_int(program, "u_tile_row0", tile_row0);
  set_int(program, "u_row0", row0);
  set_int(program, "u_rows", rows);
  set_int(program, "u_brute", last_brute_ ? 1 : 0);
  GF_GL(glUseProgram(program));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kUnits, units_));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kFactors, factors_));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kTiles, fine_));
  // The brute force reads no list, but the block must have a buffer bound.
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kPool, pool_ != 0 ? pool_ : fine_));
  GF_GL(glDispatchCompute(static_cast<GLuint>(tiles_of(p.nx, fine_tile_)),
                          static_cast<GLuint>(tile_rows), 1));
}

void GlCentresBackend::ensure_index_texture(int nx, int ny) {
  if (index_texture_ != 0 && index_nx_ == nx && index_ny_ == ny) return;
  if (index_texture_ != 0) GF_GL(glDeleteTextures(1, &index_texture_));
  index_texture_ = 0;
  index_texture_ = make_index_texture(nx, ny);
  index_nx_ = nx, index_ny_ = ny;
}

void GlCentresBackend::compute(const FieldParams& p, FieldTexture& target) {
  check_centres_view(p, *centres_);
  check_sites_on_latlon_only(p, "gl");  // the CPU computes projected views (issue 27)
  if (p.formula == Formula::wgs84) throw RuntimeFailure(std::string(kGlNoWgs84));
  if (target.nx() != p.nx || target.ny() != p.ny) {
    GF_FAIL("GlCentresBackend::compute: the texture is " + std::to_string(target.nx()) + "x" +
            std::to_string(target.ny()) + ", the field " + std::to_string(p.nx) + "x" +
            std::to_string(p.ny));
  }
  const bool dbl = p.precision == Precision::f64;
  const Programs& progs = programs(p.precision);
  const GLsizeiptr count = static_cast<GLsizeiptr>(centres_->size());
  // Fine tiles about the centres' typical spacing (sqrt(4 pi / N) radians) wide: 16 nodes, or
  // 8 when the centres are denser than that. Coarse tiles about 8 spacings wide, within [32,
  // 128] nodes, a multiple of 16 (so of the fine side): wider, a coarse tile's list holds most
  // centres and every fine tile in it scans them all (1024² with 10,000 centres: 1.35 s with
  // 128, docs/centres.md).
  const double spacing_rad = std::sqrt(4 * kPi / static_cast<double>(count));
  const GridGeometry g = grid_geometry(p);
  const double step_rad = std::max(g.lat_step_deg, g.lon_step_deg) * kPi / 180;
  fine_tile_ = spacing_rad >= 12 * step_rad ? 16 : 8;
  coarse_tile_ =
      16 * static_cast<int>(std::clamp(std::round(spacing_rad * 8 / step_rad / 16),
                                       double(kMinCoarseTile / 16), double(kMaxCoarseTile / 16)));
  const int coarse_x = tiles_of(p.nx, coarse_tile_), coarse_y = tiles_of(p.ny, coarse_tile_);
  const int fine_x = tiles_of(p.nx, fine_tile_), fine_y = tiles_of(p.ny, fine_tile_);
  if (!brute_force_) {
    stats_ = TileStats{fine_tile_, coarse_tile_, static_cast<long long>(fine_x) * fine_y,
                       static_cast<long long>(coarse_x) * coarse_y};
  }
  ensure_buffer(&factors_, count * 4 * (dbl ? 8 : 4), &factors_size_, "centres' factors");
  ensure_buffer(&coarse_, GLsizeiptr{8} * coarse_x * coarse_y, &coarse_size_, "coarse tiles");
  ensure_buffer(&fine_, GLsizeiptr{8} * fine_x * fine_y, &fine_size_, "fine tiles");
  ensure_index_texture(p.nx, p.ny);

  GF_GL(glQueryCounter(timestamps_[0], GL_TIMESTAMP));
  GF_GL(glProgramUniform1i(progs.prep, glGetUniformLocation(progs.prep, "u_count"),
                           static_cast<GLint>(count)));
  GF_GL(glProgramUniform1d(progs.prep, glGetUniformLocation(progs.prep, "u_lat_max_d"),
                           g.lat_max_deg));
  GF_GL(glProgramUniform1d(progs.prep, glGetUniformLocation(progs.prep, "u_lon_min_d"),
                           g.lon_min_deg));
  GF_GL(glUseProgram(progs.prep));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kCentres, centre_ll_));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kFactors, factors_));
  GF_GL(glDispatchCompute(static_cast<GLuint>((count + 63) / 64), 1, 1));
  GF_GL(glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT));
  last_brute_ = brute_force_;
  if (!brute_force_) run_tiles(p, fine_tile_, coarse_x, coarse_y, fine_x, fine_y);
  GF_GL(glBindImageTexture(0, target.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F));
  GF_GL(glBindImageTexture(1, index_texture_, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32I));
  dispatch_nodes(progs.nodes, p, 0, fine_y, 0, p.ny);
  // What reads the textures next: the draw (sampling), exports (glGetTextureImage), FBOs.
  GF_GL(glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT |
                        GL_FRAMEBUFFER_BARRIER_BIT));
  GF_GL(glQueryCounter(timestamps_[1], GL_TIMESTAMP));
  last_ = p;
  computed_ = true;
}

std::optional<double> GlCentresBackend::last_compute_device_ms() {
  if (!computed_) return std::nullopt;
  return elapsed_ms(timestamps_[0], timestamps_[1]);
}

std::vector<std::int32_t> GlCentresBackend::read_index() {
  if (!computed_) GF_FAIL("GlCentresBackend::read_index: nothing was computed yet");
  std::vector<std::int32_t> index(static_cast<std::size_t>(node_count(last_)));
  GF_GL(glPixelStorei(GL_PACK_ALIGNMENT, 4));
  GF_GL(glGetTextureImage(index_texture_, 0, GL_RED_INTEGER, GL_INT,
                          static_cast<GLsizei>(index.size() * sizeof(std::int32_t)), index.data()));
  return index;
}

// A float64 export of a double field: the node pass again from the last compute's lists, into
// a buffer of doubles by blocks of whole fine-tile rows, each read back.
HostField GlCentresBackend::read_field(const FieldTexture& target, Precision as) {
  if (!computed_) GF_FAIL("GlCentresBackend::read_field: nothing was computed yet");
  if (as == Precision::f32 || last_.precision == Precision::f32) {
    return texture_field_as(target.id(), last_.nx, last_.ny, as);
  }
  GLint64 max_block = 0;
  GF_GL(glGetInteger64v(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &max_block));
  const GLsizeiptr band_bytes = GLsizeiptr{8} * last_.nx * fine_tile_;
  const GLsizeiptr block_bytes =
      std::min<GLsizeiptr>(GLsizeiptr{128} << 20, static_cast<GLsizeiptr>(max_block));
  if (band_bytes > block_bytes) {
    GF_FAIL("a band of " + std::to_string(fine_tile_) + " rows of " + std::to_string(last_.nx) +
            " doubles exceeds this GL's " + std::to_string(max_block) +
            "-byte shader storage block");
  }
  const int bands = static_cast<int>(block_bytes / band_bytes);
  const int block_rows = std::min(last_.ny, bands * fine_tile_);
  ensure_buffer(&values_, GLsizeiptr{8} * last_.nx * block_rows, &values_size_, "float64 export");
  HostField h{last_.nx,
              last_.ny,
              Precision::f64,
              {},
              std::vector<double>(static_cast<std::size_t>(node_count(last_)))};
  const GLuint program = programs(Precision::f64).nodes_to_buffer;
  for (int row0 = 0; row0 < last_.ny; row0 += block_rows) {
    const int rows = std::min(block_rows, last_.ny - row0);
    GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kValues, values_));
    dispatch_nodes(program, last_, row0 / fine_tile_, tiles_of(rows, fine_tile_), row0, rows);
    GF_GL(glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT));
    GF_GL(glGetNamedBufferSubData(values_, 0, GLsizeiptr{8} * last_.nx * rows,
                                  h.f64.data() + static_cast<std::size_t>(row0) * last_.nx));
  }
  return h;
}

std::unique_ptr<CentresFieldBackend> make_gl_centres_backend(CentreList centres) {
  try {
    return std::make_unique<GlCentresBackend>(std::move(centres));
  } catch (const RuntimeFailure& e) {
    throw UsageError(
        std::string("--backend gl: this GL cannot build the nearest-centre shaders: ") + e.what());
  }
}

}  // namespace geofield
