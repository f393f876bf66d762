// shaders/centres_bounds.glsl, the pruning's float bounds, run by a compute shader and measured
// against double: each node's unit vector (its error is what kChordSlack covers), angle_up of
// a computed chord at least the exact angle, and a computed chord at most chord2_up of the exact
// angle, at every node of grids with the largest longitudes (near 540 degrees), a pole, tiny
// and near-antipodal distances.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "compute/centre_index.h"
#include "field_checks.h"
#include "field_math.h"
#include "gl/gl_check.h"
#include "gl/gl_shader.h"
#include "shader_centres_bounds_glsl.h"
#include "shader_field_constants_glsl.h"
#include "shader_field_distance_glsl.h"
#include "shader_field_math_glsl.h"
#include "test_grids.h"

namespace geofield {
namespace {

constexpr const char* kProbe = R"(
layout(local_size_x = 64) in;
layout(std430, binding = 0) writeonly buffer Out { vec4 out_[]; };  // x, then bounds
uniform vec3 u_centre;
void main() {
  int id = int(gl_GlobalInvocationID.x);
  if (id >= u_nx * u_ny) return;
  vec3 x = node_unit(id / u_nx, id % u_nx);
  float c2 = chord2(x, u_centre);
  out_[2 * id] = vec4(x, c2);
  out_[2 * id + 1] = vec4(angle_up(c2), 0.0, 0.0, 0.0);
}
)";

GLuint probe_program() {
  std::string s = "#version 450\n#define REAL float\n#define VEC2 vec2\n#define VEC4 vec4\n";
  s += "#define IS_DOUBLE 0\n#define SEED 0\n#define OUT_F64 1\n";
  s += embedded::shader_field_constants_glsl;
  s += embedded::shader_field_math_glsl;
  s += embedded::shader_field_distance_glsl;
  s += embedded::shader_centres_bounds_glsl;
  s += kProbe;
  return link_program({compile_shader(GL_COMPUTE_SHADER, s.c_str(), "centres bounds probe")});
}

// chord2_up(angle) for each angle, by a second probe.
constexpr const char* kChordProbe = R"(
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Io { float io[]; };  // angle in, chord2_up out
uniform int u_count;
void main() {
  int id = int(gl_GlobalInvocationID.x);
  if (id < u_count) io[id] = chord2_up(io[id]);
}
)";

TEST(CentresBoundsGlsl, BoundsHoldAgainstDouble) {
  std::string why;
  if (field_checks::gl_context(&why) == nullptr) GTEST_SKIP() << "no EGL display: " << why;
  const GLuint probe = probe_program();
  std::string s = "#version 450\n#define REAL float\n#define VEC2 vec2\n#define VEC4 vec4\n";
  s += "#define IS_DOUBLE 0\n#define SEED 0\n#define OUT_F64 1\n";
  s += std::string(embedded::shader_field_constants_glsl) + embedded::shader_field_math_glsl +
       embedded::shader_field_distance_glsl + embedded::shader_centres_bounds_glsl + kChordProbe;
  const GLuint chord_probe =
      link_program({compile_shader(GL_COMPUTE_SHADER, s.c_str(), "chord2_up probe")});
  const FieldParams views[] = {test::make_params(-90, 90, 179.5, 179.4, 721, 361, 0, 0),
                               test::make_params(89.9, 90, -180, 180, 360, 40, 0, 0),
                               test::make_params(-0.001, 0.001, 359.998, 0.002, 50, 50, 0, 0)};
  const double centres[][2] = {{0, 0}, {45, 100}, {-89.9999, 3}, {0.0005, 0.0005}, {-0.2, 179.8}};
  double worst_vector = 0, worst_chord = 0, worst_angle_excess = -1, worst_chord_excess = -1;
  GLuint buffer = 0;
  GF_GL(glCreateBuffers(1, &buffer));
  for (const FieldParams& p : views) {
    const GridGeometry g = grid_geometry(p);
    const int n = p.nx * p.ny;
    GF_GL(glNamedBufferData(buffer, GLsizeiptr{32} * n, nullptr, GL_DYNAMIC_READ));
    GF_GL(glProgramUniform1i(probe, glGetUniformLocation(probe, "u_nx"), p.nx));
    GF_GL(glProgramUniform1i(probe, glGetUniformLocation(probe, "u_ny"), p.ny));
    const std::pair<const char*, double> reals[] = {
        {"u_lat_step", g.lat_step_deg},
        {"u_lat_max", g.lat_max_deg},
        {"u_north_polar0", g.north_polar0_deg},
        {"u_south_polar0", g.south_polar0_deg},
        {"u_lon_step", g.lon_step_deg},
        {"u_lon_min_reduced", reduce_deg_180(g.lon_min_deg)}};
    for (const auto& [name, v] : reals) {
      GF_GL(glProgramUniform1f(probe, glGetUniformLocation(probe, name), static_cast<float>(v)));
    }
    for (const auto& c : centres) {
      const UnitVector cu = unit_vector(c[0], c[1]);
      GF_GL(glProgramUniform3f(probe, glGetUniformLocation(probe, "u_centre"),
                               static_cast<float>(cu[0]), static_cast<float>(cu[1]),
                               static_cast<float>(cu[2])));
      GF_GL(glUseProgram(probe));
      GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffer));
      GF_GL(glDispatchCompute(static_cast<GLuint>((n + 63) / 64), 1, 1));
      GF_GL(glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT));
      std::vector<float> out(static_cast<size_t>(8) * n);
      GF_GL(glGetNamedBufferSubData(buffer, 0, GLsizeiptr{32} * n, out.data()));
      std::vector<float> angles(static_cast<size_t>(n)), c2s(angles.size());
      for (int k = 0; k < n; ++k) {
        const int i = k / p.nx, j = k % p.nx;
        const UnitVector x = unit_vector(node_lat_deg(g, i), node_lon_deg(g, j));
        double err2 = 0, chord2 = 0;
        for (int a = 0; a < 3; ++a) {
          err2 += (out[8 * k + a] - x[a]) * (out[8 * k + a] - x[a]);
          chord2 += (x[a] - cu[a]) * (x[a] - cu[a]);
        }
        worst_vector = std::max(worst_vector, std::sqrt(err2));
        const double c2 = out[8 * k + 3];
        worst_chord = std::max(worst_chord, std::abs(std::sqrt(c2) - std::sqrt(chord2)));
        const double exact = 2 * std::asin(std::min(1.0, std::sqrt(chord2) / 2));
        worst_angle_excess = std::max(worst_angle_excess, exact - out[8 * k + 4]);
        ASSERT_GE(out[8 * k + 4], exact) << "angle_up below the angle at node " << k;
        angles[k] = static_cast<float>(exact);
        c2s[k] = static_cast<float>(c2);
      }
      // chord2_up of each exact angle, rounded up to float, against the computed chord.
      for (float& a : angles) a = std::nextafter(a, 4.0f);
      GF_GL(glNamedBufferSubData(buffer, 0, GLsizeiptr{4} * n, angles.data()));
      GF_GL(glProgramUniform1i(chord_probe, glGetUniformLocation(chord_probe, "u_count"), n));
      GF_GL(glUseProgram(chord_probe));
      GF_GL(glDispatchCompute(static_cast<GLuint>((n + 63) / 64), 1, 1));
      GF_GL(glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT));
      GF_GL(glGetNamedBufferSubData(buffer, 0, GLsizeiptr{4} * n, angles.data()));
      for (int k = 0; k < n; ++k) {
        worst_chord_excess = std::max(worst_chord_excess, double(c2s[k]) - angles[k]);
        ASSERT_LE(c2s[k], angles[k]) << "a computed chord beyond chord2_up at node " << k;
      }
    }
  }
  GF_GL(glDeleteBuffers(1, &buffer));
  GF_GL(glDeleteProgram(probe));
  GF_GL(glDeleteProgram(chord_probe));
  std::printf("centres_bounds.glsl: node vectors within %.3g, chords within %.3g (slack 4e-6)\n",
              worst_vector, worst_chord);
  EXPECT_LE(worst_chord, 4e-6 / 2) << "kChordSlack should be twice the measured chord error";
}

}  // namespace
}  // namespace geofield
