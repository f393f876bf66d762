// The GL backend (app/gl_backend.*): the field by compute shaders in the GL context, checked
// node by node against the CPU double field with the CUDA backend's tolerances
// (tests/support/field_checks.h) on the foundation's grids, both formulas, every unit, float and
// double, in the texture and as a float64 export; and the projected views (aeqd, ortho) on
// test_grids.h's projected grids likewise, with aeqd's radius identity. On whatever GL the machine
// has: Mesa's llvmpipe here and in CI, NVIDIA's on the GPU machine. Every texel is poisoned with
// NaN first.
#include "backends/gl_backend.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "backends/field_backend.h"
#include "errors.h"
#include "field_checks.h"
#include "gl/gl_check.h"

namespace geofield {
namespace {

using namespace field_checks;

class FieldOnGl : public testing::TestWithParam<Case> {};

TEST_P(FieldOnGl, TextureAndExportsMatchCpuDouble) {
  GF_REQUIRE_GL();
  // Small export blocks, so that the float64 export takes several, the last one short.
  GlBackend backend(GLsizeiptr{8} * 7 * 1021);
  FieldTexture texture;
  FieldParams p = GetParam().grid.params;
  p.formula = GetParam().formula;
  texture.ensure_size(p.nx, p.ny);
  double worst = 0;
  for (Units u : kAllUnits) {
    for (Precision pr : kBothPrecisions) {
      p.units = u;
      p.precision = pr;
      poison(texture);
      backend.compute(p, texture);
      const std::vector<double> ref = cpu_reference(p);
      const std::string what = label(GetParam().grid, p);
      const std::vector<float> texels = texture_values(texture);
      worst = std::max(worst, expect_close_to_reference(texels, ref, p.nx, what + " texture",
                                                        tolerance_for(pr, Precision::f32)));
      const HostField f32 = backend.read_field(texture, Precision::f32);
      EXPECT_EQ(f32.f32, texels) << what << ": the float32 export is the texture";
      const HostField f64 = backend.read_field(texture, Precision::f64);
      ASSERT_EQ(f64.f64.size(), ref.size()) << what;
      if (pr == Precision::f64) {
        worst = std::max(worst, expect_close_to_reference(f64.f64, ref, p.nx, what + " f64 export",
                                                          kDoublePath));
      } else {  // computed in float: the export widens the texture's values
        EXPECT_TRUE(std::equal(f64.f64.begin(), f64.f64.end(), texels.begin())) << what;
      }
    }
  }
  std::printf("worst error/bound: gl %s %s: %.3f\n", GetParam().grid.name.c_str(),
              std::string(to_string(GetParam().formula)).c_str(), worst);
}

INSTANTIATE_TEST_SUITE_P(Grids, FieldOnGl, testing::ValuesIn(all_cases()), case_name);

// Projected views (field_projected.comp, projection.glsl): the texture and the float64 export
// against the CPU double field, NaN exactly beyond the map's edge, and in aeqd each node's value
// its radius hypot(x, y).
class ProjectedOnGl : public testing::TestWithParam<Case> {};

TEST_P(ProjectedOnGl, TextureAndExportsMatchCpuDouble) {
  GF_REQUIRE_GL();
  GlBackend backend(GLsizeiptr{8} * 5 * 1021);  // several export blocks, the last one short
  FieldTexture texture;
  FieldParams p = GetParam().grid.params;
  p.formula = GetParam().formula;
  texture.ensure_size(p.nx, p.ny);
  const bool radius = p.projection == Projection::aeqd && p.formula == Formula::haversine;
  double worst = 0;
  for (Precision pr : kBothPrecisions) {
    p.precision = pr;
    poison(texture);
    backend.compute(p, texture);
    const std::vector<double> ref = cpu_reference(p);
    const std::string what = label(GetParam().grid, p);
    const std::vector<float> texels = texture_values(texture);
    const double band = pr == Precision::f64 ? kDoubleEdgeBand : kFloatEdgeBand;
    worst = std::max(worst, expect_projected_close(texels, ref, p, what + " texture",
                                                   tolerance_for(pr, Precision::f32), band));
    if (radius) {
      expect_aeqd_radius(texels, p, what + " texture radius", kAeqdRadiusFloat, band);
    }
    const HostField f64 = backend.read_field(texture, Precision::f64);
    if (pr == Precision::f64) {
      worst = std::max(worst, expect_projected_close(f64.f64, ref, p, what + " f64 export",
                                                     kDoublePath, kDoubleEdgeBand));
      if (radius) {
        expect_aeqd_radius(f64.f64, p, what + " f64 export radius", kAeqdRadiusDouble,
                           kDoubleEdgeBand);
      }
    } else {  // computed in float: the export widens the texture's values (NaN included)
      ASSERT_EQ(f64.f64.size(), texels.size()) << what;
      for (size_t k = 0; k < texels.size(); ++k) {
        ASSERT_TRUE(f64.f64[k] == texels[k] || (std::isnan(f64.f64[k]) && std::isnan(texels[k])))
            << what << " node " << k;
      }
    }
  }
  std::printf("worst error/bound: gl %s %s: %.3f\n", GetParam().grid.name.c_str(),
              std::string(to_string(GetParam().formula)).c_str(), worst);
}

INSTANTIATE_TEST_SUITE_P(Views, ProjectedOnGl, testing::ValuesIn(projected_cases()), case_name);

// One backend going from latlon to projected views and back: each program keeps its own
// uniforms, the texture is whole each time.
TEST(GlBackend, AlternatesLatlonAndProjectedViews) {
  GF_REQUIRE_GL();
  GlBackend backend;
  FieldTexture texture;
  for (const NamedGrid& g : {test::backend_test_grids()[1], test::projected_test_grids()[4],
                             test::backend_test_grids()[2], test::projected_test_grids()[0]}) {
    FieldParams p = g.params;
    texture.ensure_size(p.nx, p.ny);
    poison(texture);
    backend.compute(p, texture);
    if (p.projection == Projection::latlon) {
      expect_close_to_reference(texture_values(texture), cpu_reference(p), p.nx, g.name,
                                kFloatPath);
    } else {
      expect_projected_close(texture_values(texture), cpu_reference(p), p, g.name, kFloatPath,
                             kFloatEdgeBand);
    }
  }
}

// Sizes up and down (the factor buffers grow, the texture is a new object each time) and the
// precisions in turn, on one backend.
TEST(GlBackend, FollowsSizesAndPrecisions) {
  GF_REQUIRE_GL();
  GlBackend backend;
  FieldTexture texture;
  FieldParams p;
  for (auto [nx, ny, pr] :
       {std::tuple{300, 200, Precision::f32}, std::tuple{640, 480, Precision::f64},
        std::tuple{77, 1031, Precision::f32}, std::tuple{2, 2, Precision::f64},
        std::tuple{1000, 3, Precision::f32}}) {
    p.nx = nx;
    p.ny = ny;
    p.precision = pr;
    p.ref_lat_deg += 0.25;
    texture.ensure_size(nx, ny);
    poison(texture);
    backend.compute(p, texture);
    expect_close_to_reference(texture_values(texture), cpu_reference(p), p.nx,
                              std::to_string(nx) + "x" + std::to_string(ny),
                              tolerance_for(pr, Precision::f32));
  }
}

// The device time of a compute, from GL timestamp queries, once the GL has done it.
TEST(GlBackend, ReportsTheDeviceTimeOfACompute) {
  GF_REQUIRE_GL();
  GlBackend backend;
  EXPECT_TRUE(backend.measures_device_time());
  EXPECT_FALSE(backend.last_compute_device_ms().has_value()) << "nothing computed yet";
  FieldTexture texture;
  FieldParams p;
  p.nx = p.ny = 512;
  texture.ensure_size(p.nx, p.ny);
  backend.compute(p, texture);
  GF_GL(glFinish());
  const std::optional<double> ms = backend.last_compute_device_ms();
  ASSERT_TRUE(ms.has_value()) << "known after glFinish";
  EXPECT_GT(*ms, 0.0);
  EXPECT_LT(*ms, 10000.0);
}

TEST(GlBackend, ExportBeforeAnyFieldIsAnError) {
  GF_REQUIRE_GL();
  GlBackend backend;
  FieldTexture texture;
  EXPECT_THROW(backend.read_field(texture, Precision::f32), RuntimeFailure);
}

TEST(GlBackend, MadeByTheBackendChoice) {
  GF_REQUIRE_GL();
  BackendChoice choice = BackendChoice::automatic;
  ASSERT_TRUE(parse_backend("gl", &choice));
  EXPECT_EQ(choice, BackendChoice::gl);
  std::string reason;
  std::unique_ptr<FieldBackend> b = make_backend(BackendChoice::gl, &reason);
  EXPECT_EQ(b->name(), "gl");
  EXPECT_NE(reason.find("compute shaders"), std::string::npos) << reason;
}

// The GL backend has no port of the geodesic: asking for it with wgs84 is refused with the
// reason, a compute of wgs84 handed to it anyway throws (never a haversine field in its place),
// and auto never takes gl.
TEST(GlBackend, RefusesWgs84WithTheReason) {
  GF_REQUIRE_GL();
  FieldParams p;
  p.formula = Formula::wgs84;
  p.nx = p.ny = 64;
  std::string reason;
  try {
    make_backend_for(BackendChoice::gl, p, &reason);
    ADD_FAILURE() << "gl was made for wgs84";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--backend gl: the gl backend does not compute the wgs84"),
              std::string::npos)
        << e.what();
  }
  GlBackend backend;
  FieldTexture texture;
  texture.ensure_size(p.nx, p.ny);
  EXPECT_THROW(backend.compute(p, texture), RuntimeFailure);
  EXPECT_NE(make_backend_for(BackendChoice::automatic, p, &reason)->name(), "gl");
}

// The GPU tests' wgs84 cases (field_checks.h), checked here where they can run: each is a valid
// view, and the CPU double field passes each check those tests make of a GPU field (as float,
// as double, NaN where the edge says), so a GPU failure is the GPU's, not the harness's.
TEST(GpuWgs84Cases, TheCpuFieldPassesTheirOwnChecks) {
  for (const Case& c : wgs84_cases()) {
    FieldParams p = c.grid.params;
    ASSERT_NO_THROW(validate(p)) << c.grid.name;
    const std::vector<double> ref = cpu_reference(p);
    const std::vector<float> as_float(ref.begin(), ref.end());
    EXPECT_LE(expect_close_to_reference(as_float, ref, p.nx, c.grid.name,
                                        geodesic_tolerance(Precision::f32, p.units)),
              1.0);
  }
  for (const Case& c : projected_wgs84_cases()) {
    FieldParams p = c.grid.params;
    ASSERT_NO_THROW(validate(p)) << c.grid.name;
    const std::vector<double> ref = cpu_reference(p);
    const std::vector<float> as_float(ref.begin(), ref.end());
    EXPECT_LE(expect_projected_close(as_float, ref, p, c.grid.name,
                                     geodesic_tolerance(Precision::f32, p.units), kDoubleEdgeBand),
              1.0);
    EXPECT_LE(expect_projected_close(ref, ref, p, c.grid.name,
                                     geodesic_tolerance(Precision::f64, p.units), kDoubleEdgeBand),
              1.0);
  }
}

}  // namespace
}  // namespace geofield
