// shaders/projection.glsl, the GLSL port of core/projection.h that the GL backend's projected
// field and the drawing shaders (coastlines, graticule, marker) use, against the header itself:
// forward (aeqd, ortho, eqearth) and inverse on points over the whole sphere and the whole map
// plane, about centres on a pole, near one, on the antimeridian and elsewhere, in float and double.
// Which points have no place (the antipode, the far side, beyond the map's edge) must agree;
// positions must agree to what each precision holds (double: 1e-9 R, float: 1e-5 R, measured as
// a distance on the map or on the sphere, so that longitudes at a pole do not count).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "field_checks.h"
#include "gl/gl_check.h"
#include "gl/gl_shader.h"
#include "projection.h"
#include "shader_field_constants_glsl.h"
#include "shader_field_math_glsl.h"
#include "shader_projection_glsl.h"

namespace geofield {
namespace {

constexpr double kR = kDefaultRadiusKm;
constexpr int kStride = 18;  // REALs written per case (the shader's layout, below)
// eqearth's inverse takes the map point scaled into its box (a little beyond its outline).
constexpr double kEqEarthScaleX = kEqEarthMaxX / kPi, kEqEarthScaleY = kEqEarthMaxY / kPi;

// Per case (centre lat, lon; a point lat, lon; a map point x, y): aeqd forward x, y, valid;
// ortho forward x, y, valid; aeqd inverse lat, lon, valid; ortho inverse lat, lon, valid;
// eqearth forward x, y, valid; eqearth inverse lat, lon, valid.
const char* const kMain = R"glsl(
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer In { REAL cases[]; };
layout(std430, binding = 1) writeonly buffer Out { REAL results[]; };
uniform int u_count;
uniform REAL u_radius;
uniform VEC2 u_eqearth_scale;
void main() {
  int k = int(gl_GlobalInvocationID.x);
  if (k >= u_count) return;
  ProjectionCentre c = make_projection_centre(cases[6 * k], cases[6 * k + 1]);
  REAL lat = cases[6 * k + 2], lon = cases[6 * k + 3], x = cases[6 * k + 4], y = cases[6 * k + 5];
  MapPoint a = project(kProjectionAeqd, c, lat, lon, u_radius);
  MapPoint o = project(kProjectionOrtho, c, lat, lon, u_radius);
  SpherePoint ai = unproject(kProjectionAeqd, c, x, y, u_radius);
  SpherePoint oi = unproject(kProjectionOrtho, c, x / REAL(kPi), y / REAL(kPi), u_radius);
  int b = kStride * k;
  results[b + 0] = a.x;   results[b + 1] = a.y;   results[b + 2] = a.valid ? 1.0 : 0.0;
  results[b + 3] = o.x;   results[b + 4] = o.y;   results[b + 5] = o.valid ? 1.0 : 0.0;
  results[b + 6] = ai.lat_deg; results[b + 7] = ai.lon_deg; results[b + 8] = ai.valid ? 1.0 : 0.0;
  results[b + 9] = oi.lat_deg; results[b + 10] = oi.lon_deg; results[b + 11] = oi.valid ? 1.0 : 0.0;
  MapPoint e = project(kProjectionEqEarth, c, lat, lon, u_radius);
  SpherePoint ei = unproject(kProjectionEqEarth, c, x * u_eqearth_scale.x, y * u_eqearth_scale.y,
                             u_radius);
  results[b + 12] = e.x;  results[b + 13] = e.y;  results[b + 14] = e.valid ? 1.0 : 0.0;
  results[b + 15] = ei.lat_deg; results[b + 16] = ei.lon_deg; results[b + 17] = ei.valid ? 1.0 : 0.0;
}
)glsl";

struct Case {
  double centre_lat, centre_lon, lat, lon, x, y;
};

std::vector<Case> cases() {
  const double centres[][2] = {{30, 101}, {89.95, -30}, {90, 0}, {-90, 45},
                               {0, 180},  {-60, 20},    {0, 0},  {-33.9, 18.4}};
  std::vector<Case> all;
  for (const auto& c : centres) {
    // Points over the sphere (poles and the antimeridian among them) and the map plane
    // (a little beyond aeqd's pi R; ortho's inverse takes x/pi, y/pi: a little beyond R).
    for (double lat = -90; lat <= 90; lat += 7.5) {
      for (double lon = -180; lon < 180; lon += 11.25) {
        const double x = (lon / 180) * 1.05 * kPi * kR, y = (lat / 90) * 1.05 * kPi * kR;
        all.push_back({c[0], c[1], lat, lon, x, y});
      }
    }
    // Near the centre: small offsets keep their digits.
    for (double d : {1e-6, 1e-3, 0.1}) {
      all.push_back({c[0], c[1], c[0] - d, c[1] + d, d * kR, -d * kR});
    }
  }
  return all;
}

// The GLSL's results for every case, in REAL = float or double.
std::vector<double> run_glsl(const std::vector<Case>& in, bool dbl) {
  std::string src = "#version 450\n";
  src += dbl ? "#define REAL double\n#define VEC2 dvec2\n#define IS_DOUBLE 1\n"
             : "#define REAL float\n#define VEC2 vec2\n#define IS_DOUBLE 0\n";
  src += std::string("const int kStride = ") + std::to_string(kStride) + ";\n";
  src += embedded::shader_field_constants_glsl;
  src += embedded::shader_field_math_glsl;
  src += embedded::shader_projection_glsl;
  src += kMain;
  const GLuint program =
      link_program({compile_shader(GL_COMPUTE_SHADER, src.c_str(),
                                   dbl ? "projection test (double)" : "projection test (float)")});
  const size_t real = dbl ? 8 : 4;
  std::vector<char> bytes(in.size() * 6 * real);
  for (size_t k = 0; k < in.size(); ++k) {
    const double v[6] = {in[k].centre_lat, in[k].centre_lon, in[k].lat,
                         in[k].lon,        in[k].x,          in[k].y};
    for (int m = 0; m < 6; ++m) {
      if (dbl) {
        reinterpret_cast<double*>(bytes.data())[6 * k + m] = v[m];
      } else {
        reinterpret_cast<float*>(bytes.data())[6 * k + m] = static_cast<float>(v[m]);
      }
    }
  }
  GLuint buffers[2] = {};
  GF_GL(glCreateBuffers(2, buffers));
  GF_GL(glNamedBufferStorage(buffers[0], static_cast<GLsizeiptr>(bytes.size()), bytes.data(), 0));
  const GLsizeiptr out_bytes = static_cast<GLsizeiptr>(in.size() * kStride * real);
  GF_GL(glNamedBufferStorage(buffers[1], out_bytes, nullptr, 0));
  GF_GL(glProgramUniform1i(program, glGetUniformLocation(program, "u_count"),
                           static_cast<GLint>(in.size())));
  const GLint scale = glGetUniformLocation(program, "u_eqearth_scale");
  if (dbl) {
    GF_GL(glProgramUniform1d(program, glGetUniformLocation(program, "u_radius"), kR));
    GF_GL(glProgramUniform2d(program, scale, kEqEarthScaleX, kEqEarthScaleY));
  } else {
    GF_GL(glProgramUniform2f(program, scale, static_cast<float>(kEqEarthScaleX),
                             static_cast<float>(kEqEarthScaleY)));
    GF_GL(glProgramUniform1f(program, glGetUniformLocation(program, "u_radius"),
                             static_cast<float>(kR)));
  }
  GF_GL(glUseProgram(program));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffers[0]));
  GF_GL(glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, buffers[1]));
  GF_GL(glDispatchCompute(static_cast<GLuint>((in.size() + 63) / 64), 1, 1));
  GF_GL(glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT));
  std::vector<char> out(static_cast<size_t>(out_bytes));
  GF_GL(glGetNamedBufferSubData(buffers[1], 0, out_bytes, out.data()));
  glDeleteBuffers(2, buffers);
  glDeleteProgram(program);
  std::vector<double> r(in.size() * kStride);
  for (size_t k = 0; k < r.size(); ++k) {
    r[k] = dbl ? reinterpret_cast<const double*>(out.data())[k]
               : static_cast<double>(reinterpret_cast<const float*>(out.data())[k]);
  }
  return r;
}

// Distance on the sphere between two points given in degrees (NaN-free), in km.
double apart_km(double lat0, double lon0, double lat1, double lon1) {
  return haversine_distance(lat0, lon0, lat1, lon1, kR);
}

void check(bool dbl) {
  std::string why;
  if (field_checks::gl_context(&why) == nullptr) GTEST_SKIP() << "no EGL display: " << why;
  const std::vector<Case> in = cases();
  const std::vector<double> out = run_glsl(in, dbl);
  // Float: its inputs alone are rounded by 6e-8 of 180 degrees (~1 m); the tolerance, 1e-5 R
  // (64 m), leaves room for the ill-conditioned places (the ortho rim, the aeqd antipode).
  const double tol = (dbl ? 1e-9 : 1e-5) * kR;
  // Where the header's answer is this near an edge of validity, float may fall either side.
  const double edge = dbl ? 1e-12 : 1e-5;
  double worst = 0;
  int compared = 0;
  for (size_t k = 0; k < in.size(); ++k) {
    const Case& c = in[k];
    const double* g = &out[k * kStride];
    const ProjectionCentre<double> centre = make_projection_centre(c.centre_lat, c.centre_lon);
    const std::string what = "centre " + std::to_string(c.centre_lat) + "," +
                             std::to_string(c.centre_lon) + " point " + std::to_string(c.lat) +
                             "," + std::to_string(c.lon) + " map " + std::to_string(c.x) + "," +
                             std::to_string(c.y) + (dbl ? " (double)" : " (float)");
    const LocalDirection<double> d = local_direction(centre, c.lat, c.lon);
    const double sin_c = std::hypot(d.east, d.north);
    // Forward.
    for (Projection kind : {Projection::aeqd, Projection::ortho}) {
      const MapPoint<double> want = project(kind, centre, c.lat, c.lon, kR);
      const double* got = g + (kind == Projection::aeqd ? 0 : 3);
      const bool near_edge =
          kind == Projection::aeqd ? sin_c < edge && d.cos_c < 0 : std::fabs(d.cos_c) < edge;
      if (near_edge) continue;
      ASSERT_EQ(got[2] != 0, want.valid) << what << " forward " << to_string(kind);
      if (!want.valid) continue;
      // aeqd near its antipode: positions on the circle of radius pi R are ill-conditioned in
      // azimuth (a 1e-7 turn moves them 2 m); compare their radius there.
      const bool antipodal = kind == Projection::aeqd && sin_c < (dbl ? 1e-6 : 0.1) && d.cos_c < 0;
      const double err = antipodal
                             ? std::fabs(std::hypot(got[0], got[1]) - std::hypot(want.x, want.y))
                             : std::hypot(got[0] - want.x, got[1] - want.y);
      EXPECT_LE(err, tol) << what << " forward " << to_string(kind);
      worst = std::max(worst, err / tol);
      ++compared;
    }
    // Inverse.
    for (Projection kind : {Projection::aeqd, Projection::ortho}) {
      const double scale = kind == Projection::aeqd ? 1.0 : 1.0 / kPi;
      const double x = c.x * scale, y = c.y * scale;
      const double rim = (kind == Projection::aeqd ? kPi : 1.0) * kR;
      const double r = std::hypot(x, y);
      if (std::fabs(r - rim) < edge * rim) continue;
      const SpherePoint<double> want = unproject(kind, centre, x, y, kR);
      const double* got = g + (kind == Projection::aeqd ? 6 : 9);
      ASSERT_EQ(got[2] != 0, want.valid) << what << " inverse " << to_string(kind);
      if (!want.valid) {
        EXPECT_TRUE(std::isnan(got[0]) && std::isnan(got[1])) << what;
        continue;
      }
      // ortho near its rim: a rounding of the map point moves the sphere's point by
      // 1/cos c times as much.
      const double cos_c = std::sqrt(std::max(0.0, 1 - (r / kR) * (r / kR)));
      const double t = kind == Projection::ortho ? tol / std::max(cos_c, 1e-3) : tol;
      const double err = apart_km(got[0], got[1], want.lat_deg, want.lon_deg);
      EXPECT_LE(err, t) << what << " inverse " << to_string(kind) << ": " << got[0] << "," << got[1]
                        << " vs " << want.lat_deg << "," << want.lon_deg;
      EXPECT_GE(got[1], -180.0) << what;
      EXPECT_LT(got[1], 180.0) << what;
      worst = std::max(worst, err / t);
      ++compared;
    }
    // Equal Earth about the centre's meridian. Forward: every point has a place; one a rounding
    // from the seam (180 degrees from the central meridian) may land on either edge.
    if (std::fabs(wrap_lon_deg(c.lon - c.centre_lon)) < 180 - 1e-3) {
      const MapPoint<double> want = eqearth_forward(centre, c.lat, c.lon, kR);
      EXPECT_EQ(g[14] != 0, true) << what << " forward eqearth";
      const double err = std::hypot(g[12] - want.x, g[13] - want.y);
      EXPECT_LE(err, tol) << what << " forward eqearth";
      worst = std::max(worst, err / tol);
      ++compared;
    }
    {
      const double x = c.x * kEqEarthScaleX, y = c.y * kEqEarthScaleY;
      const SpherePoint<double> want = eqearth_inverse(centre, x, y, kR);
      // Near the outline (the header's answer changes within a rounding) either side is right.
      const bool near_edge = eqearth_inverse(centre, x * (1 - edge), y * (1 - edge), kR).valid !=
                             eqearth_inverse(centre, x * (1 + edge), y * (1 + edge), kR).valid;
      if (!near_edge) {
        ASSERT_EQ(g[17] != 0, want.valid) << what << " inverse eqearth";
        if (!want.valid) {
          EXPECT_TRUE(std::isnan(g[15]) && std::isnan(g[16])) << what;
        } else {
          const double err = apart_km(g[15], g[16], want.lat_deg, want.lon_deg);
          EXPECT_LE(err, tol) << what << " inverse eqearth: " << g[15] << "," << g[16] << " vs "
                              << want.lat_deg << "," << want.lon_deg;
          EXPECT_GE(g[16], -180.0) << what;
          EXPECT_LT(g[16], 180.0) << what;
          worst = std::max(worst, err / tol);
          ++compared;
        }
      }
    }
  }
  EXPECT_GT(compared, 15000);
  std::printf("projection.glsl %s: %d comparisons, worst error/bound %.3g\n",
              dbl ? "double" : "float", compared, worst);
}

TEST(ProjectionGlsl, DoubleIsTheHeaderToTheLastDigits) { check(true); }
TEST(ProjectionGlsl, FloatIsTheHeaderToWhatFloatHolds) { check(false); }

}  // namespace
}  // namespace geofield
