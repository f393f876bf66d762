// Probes the design that avoids the switch between the GL and the CUDA contexts (cuda/INTEROP.md):
// the float field computed by GL itself, in the context that draws it. Two compute dispatches,
// no host work but a few uniforms:
//   factors: one invocation per row and per column, the shared math's row_factors<float> /
//            col_factors<float> (haversine) in GLSL, with sin/cos by polynomials on the
//            exactly reduced angle (GLSL's own sin/cos have an absolute error, far too coarse
//            for sin^2 of a small half-angle);
//   combine: per node the CUDA float kernel's folded haversine (haversine_distance_f32),
//            into the R32F texture through imageStore.
// Says how far the field is from the CPU's float and double fields, and times (GL timer
// queries; host wall time for whole recomputes) the store-only and combine dispatches in
// several layouts, the recompute and a frame, against the CUDA path's numbers in
// bench/RESULTS.md. Runs on any GL 4.5 (Mesa too, slowly): correctness can be checked anywhere,
// and is, by ctest (exit status 3 when a node is unwritten or outside the bound).
//
//   geofield_gl_compute_probe [--check-only] [--whole-earth] [N ...]
//       sizes N x N (default 1000 8192) of the default view, or of the whole Earth
#include <glad/gl.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "cpu_backend.h"
#include "errors.h"
#include "field_math.h"
#include "field_params.h"
#include "field_texture.h"
#include "gl_check.h"
#include "gl_shader.h"
#include "headless_gl_context.h"

namespace geofield {
namespace {

constexpr int kWarmup = 10;
constexpr int kRepeats = 60;

// The row and column factors of the float path, in GLSL (field_math.h: row_factors<float>,
// col_factors<float>, sincos_deg<float>, haversine formula).
constexpr const char* kFactorsShader = R"glsl(#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 0) writeonly buffer Rows { vec4 rows[]; };  // a0, b0, c, unused
layout(std430, binding = 1) writeonly buffer Cols { vec2 cols[]; };  // s, k
uniform int u_nx, u_ny;
uniform float u_lat_step, u_lat_max, u_north_polar0, u_south_polar0, u_dlat0, u_slat0, u_cos_ref;
uniform float u_lon_step, u_dlon0;
const float kRadPerDeg = 0.017453292519943295;

// sin and cos of x degrees: reduced exactly to [-45, 45], then Taylor polynomials (their
// truncation is below 2e-9 relative there).
void sincos_deg(float x, out float s, out float c) {
  precise float q = roundEven(x / 90.0);
  precise float r = (x - q * 90.0) * kRadPerDeg;
  float r2 = r * r;
  float s0 = r + r * r2 * (-1.0 / 6.0 + r2 * (1.0 / 120.0 + r2 * (-1.0 / 5040.0 + r2 * (1.0 / 362880.0))));
  float c0 = 1.0 + r2 * (-0.5 + r2 * (1.0 / 24.0 + r2 * (-1.0 / 720.0 + r2 * (1.0 / 40320.0 + r2 * (-1.0 / 3628800.0)))));
  int n = int(q) & 3;
  if (n == 0) { s = s0; c = c0; }
  else if (n == 1) { s = c0; c = -s0; }
  else if (n == 2) { s = -s0; c = -c0; }
  else { s = -c0; c = s0; }
}

void main() {
  int id = int(gl_GlobalInvocationID.x);
  if (id < u_ny) {
    precise float di = float(id) * u_lat_step;
    precise float polar = (u_lat_max - di >= 0.0) ? u_north_polar0 + di
                                                   : u_south_polar0 + float(u_ny - 1 - id) * u_lat_step;
    float cos_lat, abs_sin_lat, sd, cd, ss, cs;
    sincos_deg(polar, cos_lat, abs_sin_lat);
    sincos_deg((u_dlat0 - di) / 2.0, sd, cd);
    sincos_deg((u_slat0 - di) / 2.0, ss, cs);
    rows[id] = vec4(sd * sd, ss * ss, max(cos_lat * u_cos_ref, 0.0), 0.0);
  } else if (id < u_ny + u_nx) {
    int j = id - u_ny;
    float s, c;
    sincos_deg((u_dlon0 + float(j) * u_lon_step) / 2.0, s, c);
    cols[j] = vec2(s * s, c * c);
  }
}
)glsl";

// The per-node combine: haversine_distance_f32 (kernel_math.cuh) with the float
// asin_sqrt_over_sqrt (field_math.h). TILE x TILE nodes per invocation, at (x + 16 u, y + 16 v)
// in a group of 16 x 16 invocations: each store of a warp covers 16 columns x 2 rows (whole
// 32-byte sectors of the block-linear texture). LOCAL_X x LOCAL_Y set the group otherwise.
constexpr const char* kCombineShaderBody = R"glsl(
layout(local_size_x = LOCAL_X, local_size_y = LOCAL_Y) in;
layout(r32f, binding = 0) uniform writeonly image2D u_field;
layout(std430, binding = 0) readonly buffer Rows { vec4 rows[]; };
layout(std430, binding = 1) readonly buffer Cols { vec2 cols[]; };
uniform ivec2 u_size;
uniform float u_two_r, u_pi_r;
uniform int u_store_only;

float asin_sqrt_over_sqrt(float m) {
  float q = 1.1154396e-01;
  q = q * m - 9.298604e-02;
  q = q * m + 7.720237e-02;
  q = q * m + 1.631871e-02;
  q = q * m + 4.651311e-02;
  q = q * m + 7.488408e-02;
  q = q * m + 1.6666907e-01;
  return 1.0 + m * q;
}

void main() {
  ivec2 base = ivec2(gl_WorkGroupID.xy) * ivec2(LOCAL_X * TILE, LOCAL_Y * TILE) +
               ivec2(gl_LocalInvocationID.xy);
  for (int v = 0; v < TILE; ++v) {
    int i = base.y + v * LOCAL_Y;
    if (i >= u_size.y) break;
    vec4 r = rows[i];
    for (int u = 0; u < TILE; ++u) {
      int j = base.x + u * LOCAL_X;
      if (j >= u_size.x) break;
      float d;
      if (u_store_only != 0) {
        d = float(i + j);
      } else {
        vec2 c = cols[j];
        float a = fma(r.z, c.x, r.x), b = fma(r.z, c.y, r.y);
        bool near = a <= b;
        float m = min(a, b);
        d = fma(sqrt(m) * (near ? u_two_r : -u_two_r), asin_sqrt_over_sqrt(m), near ? 0.0 : u_pi_r);
      }
      imageStore(u_field, ivec2(j, i), vec4(d));
    }
  }
}
)glsl";

struct Layout {
  const char* name;
  int local_x, local_y, tile;
};
constexpr Layout kLayouts[] = {
    {"32x8 groups, 1 node/invocation (warps along a row)", 32, 8, 1},
    {"16x16 groups, 1 node/invocation (warps 16x2)", 16, 16, 1},
    {"16x16 groups, 2x2 nodes/invocation (warps 16x2)", 16, 16, 2},
    {"16x16 groups, 4x4 nodes/invocation (warps 16x2)", 16, 16, 4},
};

std::string combine_source(const Layout& l) {
  return "#version 450\n#define LOCAL_X " + std::to_string(l.local_x) + "\n#define LOCAL_Y " +
         std::to_string(l.local_y) + "\n#define TILE " + std::to_string(l.tile) + "\n" +
         kCombineShaderBody;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// GPU time of body() by a GL timer query, median of kRepeats after kWarmup.
double gl_gpu_ms(const std::function<void()>& body) {
  GLuint q = 0;
  GF_GL(glGenQueries(1, &q));
  std::vector<double> t;
  for (int r = 0; r < kWarmup + kRepeats; ++r) {
    GF_GL(glBeginQuery(GL_TIME_ELAPSED, q));
    body();
    GF_GL(glEndQuery(GL_TIME_ELAPSED));
    GLuint64 ns = 0;
    GF_GL(glGetQueryObjectui64v(q, GL_QUERY_RESULT, &ns));
    if (r >= kWarmup) t.push_back(static_cast<double>(ns) * 1e-6);
  }
  glDeleteQueries(1, &q);
  return median(t);
}

// Host wall time of body(), median; or per body of 200 back to back with one finish.
double cpu_ms(const std::function<void()>& body) {
  std::vector<double> t;
  for (int r = 0; r < kWarmup + kRepeats; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    body();
    const auto t1 = std::chrono::steady_clock::now();
    if (r >= kWarmup) t.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  return median(t);
}
double cpu_ms_per_frame(const std::function<void()>& body, int count = 200) {
  for (int r = 0; r < kWarmup; ++r) body();
  GF_GL(glFinish());
  std::vector<double> t;
  for (int k = 0; k < 5; ++k) {
    const auto t0 = std::chrono::steady_clock::now();
    for (int r = 0; r < count; ++r) body();
    GF_GL(glFinish());
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() / count);
  }
  return median(t);
}

class Probe {
 public:
  Probe(int n, bool whole_earth) : n_(n) {
    p_.nx = p_.ny = n;
    if (whole_earth) {  // the reference's antipode inside: the far half of the fold
      p_.lat_min_deg = -90;
      p_.lat_max_deg = 90;
      p_.lon_min_deg = -180;
      p_.lon_max_deg = 180;
    }
    g_ = grid_geometry(p_);
    factors_ = link_program({compile_shader(GL_COMPUTE_SHADER, kFactorsShader, "factors")});
    for (const Layout& l : kLayouts) {
      const std::string src = combine_source(l);
      combines_.push_back(link_program({compile_shader(GL_COMPUTE_SHADER, src.c_str(), l.name)}));
    }
    GF_GL(glCreateBuffers(2, bufs_));
    GF_GL(glNamedBufferStorage(bufs_[0], static_cast<GLsizeiptr>(n) * 16, nullptr, 0));
    GF_GL(glNamedBufferStorage(bufs_[1], static_cast<GLsizeiptr>(n) * 8, nullptr, 0));
    field_.ensure_size(n, n);
    GF_GL(glCreateTextures(GL_TEXTURE_2D, 1, &small_));
    GF_GL(glTextureStorage2D(small_, 1, GL_R32F, 512, 512));
  }
  ~Probe() {
    glDeleteTextures(1, &small_);
    glDeleteBuffers(2, bufs_);
    for (GLuint p : combines_) glDeleteProgram(p);
    glDeleteProgram(factors_);
  }

  void dispatch_factors() {
    GF_GL(glUseProgram(factors_));
    auto f = [&](const char* name, double v) {
      GF_GL(glUniform1f(glGetUniformLocation(factors_, name), static_cast<float>(v)));
    };
    GF_GL(glUniform1i(glGetUniformLocation(factors_, "u_nx"), g_.nx));
    GF_GL(glUniform1i(glGetUniformLocation(factors_, "u_ny"), g_.ny));
    f("u_lat_step", g_.lat_step_deg);
    f("u_lat_max", g_.lat_max_deg);
    f("u_north_polar0", g_.north_polar0_deg);
    f("u_south_polar0", g_.south_polar0_deg);
    f("u_dlat0", g_.dlat0_deg);
    f("u_slat0", g_.slat0_deg);
    f("u_cos_ref", g_.cos_ref_lat);
    f("u_lon_step", g_.lon_step_deg);
    f("u_dlon0", g_.dlon0_deg);
    GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, bufs_[0]));
    GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, bufs_[1]));
    GF_GL(glDispatchCompute((g_.nx + g_.ny + 63) / 64, 1, 1));
    GF_GL(glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT));
  }

  void dispatch_combine(size_t layout, bool store_only) {
    const Layout& l = kLayouts[layout];
    const GLuint prog = combines_[layout];
    GF_GL(glUseProgram(prog));
    GF_GL(glUniform2i(glGetUniformLocation(prog, "u_size"), n_, n_));
    GF_GL(glUniform1f(glGetUniformLocation(prog, "u_two_r"), static_cast<float>(2 * g_.radius)));
    GF_GL(glUniform1f(glGetUniformLocation(prog, "u_pi_r"), static_cast<float>(kPi * g_.radius)));
    GF_GL(glUniform1i(glGetUniformLocation(prog, "u_store_only"), store_only ? 1 : 0));
    GF_GL(glBindImageTexture(0, field_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F));
    GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, bufs_[0]));
    GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, bufs_[1]));
    const int per_x = l.local_x * l.tile, per_y = l.local_y * l.tile;
    GF_GL(glDispatchCompute((n_ + per_x - 1) / per_x, (n_ + per_y - 1) / per_y, 1));
    GF_GL(glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT));
  }

  // Returns whether every node was written and is within the float path's bound.
  bool check(size_t layout) {
    const float nan = NAN;
    GF_GL(glClearTexImage(field_.id(), 0, GL_RED, GL_FLOAT, &nan));
    dispatch_factors();
    dispatch_combine(layout, false);
    std::vector<float> got(static_cast<size_t>(n_) * n_);
    GF_GL(glPixelStorei(GL_PACK_ALIGNMENT, 4));
    GF_GL(glGetTextureImage(field_.id(), 0, GL_RED, GL_FLOAT, static_cast<GLsizei>(got.size() * 4),
                            got.data()));
    if (ref64_.empty()) {
      ref64_.resize(got.size());
      ref32_.resize(got.size());
      compute_field_on_cpu<double>(p_, ref64_.data());
      compute_field_on_cpu<float>(p_, ref32_.data());
    }
    double max_ref = 0, worst_bound = 0, worst_rel32 = 0;
    size_t nans = 0;
    for (double r : ref64_) max_ref = std::max(max_ref, std::fabs(r));
    for (size_t k = 0; k < got.size(); ++k) {
      if (std::isnan(got[k])) { ++nans; continue; }
      const double err = std::fabs(got[k] - ref64_[k]);
      worst_bound = std::max(worst_bound, err / (2e-6 * std::fabs(ref64_[k]) + 2e-6 * max_ref));
      worst_rel32 = std::max(worst_rel32, std::fabs(double(got[k]) - ref32_[k]) /
                                              std::max(std::fabs(double(ref32_[k])), 1e-30));
    }
    std::printf("%6d  %-52s  unwritten %zu; vs CPU double: worst error / float-path bound %.3f; "
                "vs CPU float: worst relative %.2e\n",
                n_, kLayouts[layout].name, nans, worst_bound, worst_rel32);
    return nans == 0 && worst_bound <= 1.0;
  }

  void time(size_t layout) {
    const char* name = kLayouts[layout].name;
    dispatch_factors();
    std::printf("%6d  %-52s  store-only %.4f ms, combine %.4f ms (gpu)\n", n_, name,
                gl_gpu_ms([&] { dispatch_combine(layout, true); }),
                gl_gpu_ms([&] { dispatch_combine(layout, false); }));
  }

  void time_recompute(size_t layout) {
    const char* name = kLayouts[layout].name;
    auto gl_read = [&] {  // the GL work a draw stands for, as in external_memory_probe
      glCopyImageSubData(field_.id(), GL_TEXTURE_2D, 0, 0, 0, 0, small_, GL_TEXTURE_2D, 0, 0, 0, 0,
                         512, 512, 1);
    };
    std::printf("%6d  %-52s  factors %.4f ms (gpu); factors + combine %.4f ms (gpu); recompute "
                "with glFinish %.4f ms (cpu); frame (recompute + GL read + flush) %.4f ms; frame "
                "without recompute %.4f ms\n",
                n_, name, gl_gpu_ms([&] { dispatch_factors(); }),
                gl_gpu_ms([&] { dispatch_factors(); dispatch_combine(layout, false); }),
                cpu_ms([&] { dispatch_factors(); dispatch_combine(layout, false); GF_GL(glFinish()); }),
                cpu_ms_per_frame([&] { dispatch_factors(); dispatch_combine(layout, false); gl_read(); glFlush(); }),
                cpu_ms_per_frame([&] { gl_read(); glFlush(); }));
  }

 private:
  int n_;
  FieldParams p_;
  GridGeometry g_;
  GLuint factors_ = 0;
  std::vector<GLuint> combines_;
  GLuint bufs_[2] = {};
  GLuint small_ = 0;
  FieldTexture field_;
  std::vector<double> ref64_;
  std::vector<float> ref32_;
};

int run(int argc, char** argv) {
  std::vector<int> sizes;
  bool check_only = false, whole_earth = false;
  for (int a = 1; a < argc; ++a) {
    if (std::string(argv[a]) == "--check-only") check_only = true;
    else if (std::string(argv[a]) == "--whole-earth") whole_earth = true;
    else sizes.push_back(std::atoi(argv[a]));
  }
  if (sizes.empty()) sizes = {1000, 8192};
  HeadlessGlContext gl;
  std::printf("GL: %s; %s\n", gl.description().c_str(),
              reinterpret_cast<const char*>(glGetString(GL_VERSION)));
  bool all_within = true;
  for (int n : sizes) {
    Probe probe(n, whole_earth);
    for (size_t l = 0; l < std::size(kLayouts); ++l) all_within = probe.check(l) && all_within;
    if (check_only) continue;
    for (size_t l = 0; l < std::size(kLayouts); ++l) probe.time(l);
    for (size_t l = 0; l < std::size(kLayouts); ++l) probe.time_recompute(l);
  }
  if (!all_within) std::printf("SOME FIELDS OUTSIDE THE FLOAT PATH'S BOUND\n");
  return all_within ? 0 : 3;
}

}  // namespace
}  // namespace geofield

int main(int argc, char** argv) {
  try {
    return geofield::run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "geofield_gl_compute_probe: %s\n", e.what());
    return 1;
  }
}
