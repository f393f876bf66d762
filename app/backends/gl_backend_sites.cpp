// The GL backend's nearest-site passes (gl_backend.h; docs/centres.md, "GPU (GL compute)"):
// prep, coarse and fine tiles, nodes, all on the GPU, one counter read back.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "backends/gl_backend.h"
#include "backends/gl_compute.h"
#include "compute/centre_index.h"
#include "compute/nearest_centre.h"
#include "errors.h"
#include "field_math.h"
#include "gl/gl_check.h"
#include "gl/index_texture.h"
#include "projected_grid.h"
#include "shader_centres_nodes_comp.h"
#include "shader_centres_prep_comp.h"
#include "shader_centres_tiles_comp.h"

namespace geofield {

using gl_compute::set_int;
using gl_compute::set_map_uniforms;
using gl_compute::set_real;
using gl_compute::set_uint;

namespace {

// Buffer bindings shared by the three shaders (their layouts say what each holds).
enum Binding : GLuint {
  kSites = 0,
  kUnits = 1,
  kFactors = 2,
  kParents = 3,
  kTiles = 4,
  kPool = 5,
  kCounter = 6,
  kValues = 7
};
static_assert(kValues == 7, "read_field binds the float64 export's buffer at 7");

int tiles_of(int nodes, int tile) { return (nodes + tile - 1) / tile; }

gl_compute::ProgramKind site_kind(Precision precision, bool to_buffer) {
  gl_compute::ProgramKind kind{precision, Formula::haversine};
  // OUT_F64: field_distance.glsl's double asin polynomial is the full one, as the CPU's
  // nearest-site double field (combine<double>) uses it.
  kind.out_f64 = true;
  kind.to_buffer = to_buffer;
  kind.site_bounds = true;
  kind.projection = true;  // projected views' nodes (centres_bounds.glsl's node_point)
  return kind;
}

}  // namespace

// Built at the first nearest-site compute; a GL that cannot build them is a usage matter (the
// one point still computes there).
const GlBackend::SitePrograms& GlBackend::site_programs(Precision precision) {
  auto it = site_programs_.find(precision);
  if (it != site_programs_.end()) return it->second;
  SitePrograms p;
  try {
    if (tiles_program_ == 0) {
      tiles_program_ = gl_compute::program(embedded::shader_centres_tiles_comp,
                                           "centres_tiles.comp", site_kind(Precision::f32, false));
    }
    p.prep = gl_compute::program(embedded::shader_centres_prep_comp, "centres_prep.comp",
                                 site_kind(precision, false));
    p.nodes = gl_compute::program(embedded::shader_centres_nodes_comp, "centres_nodes.comp",
                                  site_kind(precision, false));
    if (precision == Precision::f64) {
      p.nodes_to_buffer =
          gl_compute::program(embedded::shader_centres_nodes_comp,
                              "centres_nodes.comp (float64 export)", site_kind(precision, true));
    }
  } catch (const RuntimeFailure& e) {  // the ones built before the failure are not kept
    for (GLuint built : {p.prep, p.nodes}) {
      if (built != 0) glDeleteProgram(built);
    }
    throw UsageError(std::string("--backend gl: this GL cannot build the nearest-site shaders: ") +
                     e.what());
  }
  return site_programs_.emplace(precision, p).first->second;
}

void GlBackend::delete_site_objects() {
  for (auto& [key, p] : site_programs_) {
    for (GLuint program : {p.prep, p.nodes, p.nodes_to_buffer}) {
      if (program != 0) glDeleteProgram(program);
    }
  }
  site_programs_.clear();
  if (tiles_program_ != 0) glDeleteProgram(tiles_program_);
  tiles_program_ = 0;
  for (GLuint* b : {&site_ll_, &units_, &factors_, &coarse_, &fine_, &pool_, &counter_}) {
    if (*b != 0) glDeleteBuffers(1, b);
    *b = 0;
  }
  if (index_texture_ != 0) glDeleteTextures(1, &index_texture_);
  index_texture_ = 0;
}

// Uploads the sites once: (lat, lon, cos lat by the shared math, 0) in double for the prep
// pass, and the unit vectors rounded to float for the tiles' and the nodes' chords. The sites
// were checked (check_sites).
void GlBackend::set_sites(const CentreList& sites) {
  const std::size_t n = sites->size();
  // The largest per-site buffers hold 32 bytes a site (dvec4): a shader sees at most a storage
  // block's worth (llvmpipe's is smaller than 10 million sites need).
  const GLsizeiptr max_block = gl_compute::max_storage_block();
  if (static_cast<GLsizeiptr>(32 * n) > max_block) {
    throw UsageError("--backend gl: " + std::to_string(n) + " centres need " +
                     std::to_string(32 * n) + "-byte buffers, more than this GL's " +
                     std::to_string(max_block) + "-byte shader storage block: use --backend cpu");
  }
  std::vector<double> ll(4 * n);
  std::vector<float> units(4 * n);
  for (std::size_t k = 0; k < n; ++k) {
    const Centre& c = (*sites)[k];
    double s = 0, cos_lat = 0;
    sincos_deg(c.lat_deg, &s, &cos_lat);
    ll[4 * k] = c.lat_deg, ll[4 * k + 1] = c.lon_deg, ll[4 * k + 2] = cos_lat;
    const UnitVector u = unit_vector(c.lat_deg, c.lon_deg);
    for (int a = 0; a < 3; ++a) units[4 * k + a] = static_cast<float>(u[a]);
  }
  // Fresh buffers of the exact size: the count is the buffers' length to the shaders' loops.
  for (GLuint* b : {&site_ll_, &units_}) {
    if (*b != 0) GF_GL(glDeleteBuffers(1, b));
    *b = 0;
  }
  sites_ = nullptr;
  GLsizeiptr size = 0;
  gl_compute::ensure_buffer(&site_ll_, static_cast<GLsizeiptr>(ll.size() * sizeof(double)), &size,
                            "sites");
  GF_GL(glNamedBufferSubData(site_ll_, 0, size, ll.data()));
  gl_compute::ensure_buffer(&units_, static_cast<GLsizeiptr>(units.size() * sizeof(float)), &size,
                            "sites' unit vectors");
  GF_GL(glNamedBufferSubData(units_, 0, size, units.data()));
  if (counter_ == 0) {
    GLsizeiptr counter_size = 0;
    gl_compute::ensure_buffer(&counter_, 3 * sizeof(GLuint), &counter_size, "pool counter");
  }
  sites_ = sites;
}

void GlBackend::set_grid_uniforms(GLuint program, const FieldParams& p, bool dbl) {
  const Precision pr = dbl ? Precision::f64 : Precision::f32;
  set_int(program, "u_nx", p.nx);
  set_int(program, "u_ny", p.ny);
  set_int(program, "u_count", static_cast<int>(sites_->size()));
  if (p.projection != Projection::latlon) {
    const ProjectedGrid g = projected_grid(p);
    set_map_uniforms(program, g, pr);
    return;
  }
  const GridGeometry g = grid_geometry(p);
  set_int(program, "u_projection", 0);
  set_real(program, "u_lat_step", g.lat_step_deg, pr);
  set_real(program, "u_lat_max", g.lat_max_deg, pr);
  set_real(program, "u_north_polar0", g.north_polar0_deg, pr);
  set_real(program, "u_south_polar0", g.south_polar0_deg, pr);
  set_real(program, "u_lon_step", g.lon_step_deg, pr);
  set_real(program, "u_lon_min_reduced", reduce_deg_180(g.lon_min_deg), pr);
  set_real(program, "u_radius", g.radius, pr);
}

// The coarse tiles over every site, then the fine tiles over their coarse tile's list. A list
// that does not fit in the pool falls back to its parent's (correct, slower); the pool then
// grows to what was asked and the tiles run again, up to the pool's limit.
void GlBackend::run_tiles(const FieldParams& p, int coarse_x, int coarse_y, int fine_x,
                          int fine_y) {
  const GLsizeiptr limit =
      std::max<GLsizeiptr>(4096, std::min(pool_limit_bytes_, gl_compute::max_storage_block())) / 4 *
      4;
  const GLsizeiptr first_guess = GLsizeiptr{4} * 32 * (coarse_x * coarse_y + fine_x * fine_y);
  if (pool_ == 0 || pool_size_ > limit) {
    if (pool_ != 0) GF_GL(glDeleteBuffers(1, &pool_));
    pool_ = 0;
    gl_compute::ensure_buffer(&pool_, std::min(limit, std::max<GLsizeiptr>(first_guess, 1 << 18)),
                              &pool_size_, "candidate pool");
  }
  const GLuint t = tiles_program_;
  set_int(t, "u_clamp", 0);
  set_grid_uniforms(t, p, false);
  GF_GL(glUseProgram(t));
  // Each list takes its room by one add to the counter and holds at most half the sites: in
  // chunks of tile rows whose lists together stay below 2^32 ints past the capacity, with the
  // counter clamped to capacity + 1 between them, the counter never wraps.
  const long long half = std::max<long long>(1, static_cast<long long>(sites_->size()) / 2);
  auto clamp_counter = [&] {
    GF_GL(glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT));
    set_int(t, "u_clamp", 1);
    GF_GL(glDispatchCompute(1, 1, 1));
    GF_GL(glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT));
    set_int(t, "u_clamp", 0);
  };
  auto dispatch_in_chunks = [&](int tiles_x, int tiles_y) {
    const long long room = (4294967295LL - 2 - pool_size_ / 4) / half;
    const int chunk_rows = static_cast<int>(
        std::clamp<long long>(room / tiles_x, 1, std::min(tiles_y, max_chunk_rows_)));
    for (int row0 = 0; row0 < tiles_y; row0 += chunk_rows) {
      if (row0 > 0) clamp_counter();
      set_int(t, "u_tile_row0", row0);
      GF_GL(glDispatchCompute(static_cast<GLuint>(tiles_x),
                              static_cast<GLuint>(std::min(chunk_rows, tiles_y - row0)), 1));
    }
  };
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
    dispatch_in_chunks(coarse_x, coarse_y);
    GF_GL(glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT));
    GF_GL(glQueryCounter(timestamps_[2], GL_TIMESTAMP));
    set_int(t, "u_coarse", 0);
    set_int(t, "u_tile", fine_tile_);
    set_int(t, "u_tiles_x", fine_x);
    set_int(t, "u_parent_tile", coarse_tile_);
    set_int(t, "u_parent_tiles_x", coarse_x);
    GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kParents, coarse_));
    GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kTiles, fine_));
    clamp_counter();  // the fine lists start from at most capacity + 1
    dispatch_in_chunks(fine_x, fine_y);
    GF_GL(glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT));
    GF_GL(glQueryCounter(timestamps_[3], GL_TIMESTAMP));
    ++stats_.tile_passes;
    GLuint counts[3] = {};  // asked for, wanted in blocks of 256, lists that did not fit
    const auto wait_from = std::chrono::steady_clock::now();
    GF_GL(glGetNamedBufferSubData(counter_, 0, sizeof(counts), counts));
    readback_wall_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - wait_from)
            .count();
    stats_.pool_used = std::min<long long>(counts[0], pool_size_ / 4);
    stats_.pool_wanted = static_cast<long long>(counts[1]) * 256;
    stats_.pool_capacity = pool_size_ / 4;
    stats_.lists_without_room = counts[2];
    if (counts[2] == 0 || pool_size_ >= limit || stats_.tile_passes >= 4) return;
    const GLsizeiptr want = static_cast<GLsizeiptr>(counts[1]) * 256 * 4 * 5 / 4;  // bytes, +25%
    GF_GL(glDeleteBuffers(1, &pool_));
    pool_ = 0;
    gl_compute::ensure_buffer(&pool_, std::min(limit, std::max(want, 2 * pool_size_)), &pool_size_,
                              "candidate pool");
  }
}

void GlBackend::dispatch_nodes(GLuint program, const FieldParams& p, int tile_row0, int tile_rows,
                               int row0, int rows) {
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

void GlBackend::ensure_index_texture(int nx, int ny) {
  if (index_texture_ != 0 && index_nx_ == nx && index_ny_ == ny) return;
  if (index_texture_ != 0) GF_GL(glDeleteTextures(1, &index_texture_));
  index_texture_ = 0;
  index_texture_ = make_index_texture(nx, ny);
  index_nx_ = nx, index_ny_ = ny;
}

// After compute() checked the request and uploaded its sites, and stamped the start.
void GlBackend::compute_sites(const FieldParams& p, FieldTexture& target) {
  const bool dbl = p.precision == Precision::f64;
  const SitePrograms& progs = site_programs(p.precision);
  const GLsizeiptr count = static_cast<GLsizeiptr>(sites_->size());
  // The tiles' sides by the one policy of the GPUs (site_tiling.h), from the nodes' spacing on
  // the sphere (projected: at the map's centre).
  const bool projected = p.projection != Projection::latlon;
  double step_rad = 0;
  if (projected) {
    const ProjectedGrid m = projected_grid(p);
    step_rad = m.step / m.radius;
  } else {
    const GridGeometry g = grid_geometry(p);
    step_rad = std::max(g.lat_step_deg, g.lon_step_deg) * kPi / 180;
  }
  const GpuSiteTiles tiles =
      tiles_override_.value_or(gpu_site_tiles(static_cast<std::size_t>(count), step_rad));
  fine_tile_ = tiles.fine;
  coarse_tile_ = tiles.coarse;
  const int coarse_x = tiles_of(p.nx, coarse_tile_), coarse_y = tiles_of(p.ny, coarse_tile_);
  const int fine_x = tiles_of(p.nx, fine_tile_), fine_y = tiles_of(p.ny, fine_tile_);
  if (!brute_force_) {
    stats_ = TileStats{fine_tile_, coarse_tile_, static_cast<long long>(fine_x) * fine_y,
                       static_cast<long long>(coarse_x) * coarse_y};
  }
  gl_compute::ensure_buffer(&factors_, count * 4 * (dbl ? 8 : 4), &factors_size_, "sites' factors");
  gl_compute::ensure_buffer(&coarse_, GLsizeiptr{8} * coarse_x * coarse_y, &coarse_size_,
                            "coarse tiles");
  gl_compute::ensure_buffer(&fine_, GLsizeiptr{8} * fine_x * fine_y, &fine_size_, "fine tiles");
  ensure_index_texture(p.nx, p.ny);

  set_int(progs.prep, "u_count", static_cast<int>(count));
  set_int(progs.prep, "u_projected", projected ? 1 : 0);
  if (projected) {
    const ProjectedGrid m = projected_grid(p);
    set_real(progs.prep, "u_centre_lat_d", m.centre.lat_deg, Precision::f64);
    set_real(progs.prep, "u_centre_lon_d", m.centre.lon_deg, Precision::f64);
  } else {
    const GridGeometry g = grid_geometry(p);
    set_real(progs.prep, "u_lat_max_d", g.lat_max_deg, Precision::f64);
    set_real(progs.prep, "u_lon_min_d", g.lon_min_deg, Precision::f64);
  }
  GF_GL(glUseProgram(progs.prep));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kSites, site_ll_));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, kFactors, factors_));
  GF_GL(glDispatchCompute(static_cast<GLuint>((count + 63) / 64), 1, 1));
  GF_GL(glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT));
  GF_GL(glQueryCounter(timestamps_[1], GL_TIMESTAMP));
  last_brute_ = brute_force_;
  readback_wall_ms_ = -1;
  if (!brute_force_) run_tiles(p, coarse_x, coarse_y, fine_x, fine_y);
  GF_GL(glQueryCounter(timestamps_[4], GL_TIMESTAMP));
  GF_GL(glBindImageTexture(0, target.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F));
  GF_GL(glBindImageTexture(1, index_texture_, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32I));
  dispatch_nodes(progs.nodes, p, 0, fine_y, 0, p.ny);
}

GlBackend::PassTimes GlBackend::pass_times() {
  PassTimes t;
  if (!computed_ || !sites_last_) return t;
  GF_GL(glFinish());
  auto between = [&](int a, int b) {
    return elapsed_ms(timestamps_[a], timestamps_[b]).value_or(-1);
  };
  t.prep = between(0, 1);
  if (!last_brute_) {
    t.coarse = between(1, 2);
    t.fine = between(2, 3);
    t.readback = between(3, 4);
  }
  t.nodes = between(4, kStamps - 1);
  t.total = between(0, kStamps - 1);
  t.readback_wall = readback_wall_ms_;
  return t;
}

}  // namespace geofield
