// The field of lines and polygons on the GL backend (issue 28: gl_backend_shapes.cpp,
// shaders/shape_field.comp and arc_tree.glsl): the trees' walk equals the same shader's brute
// force over every arc bit for bit (texture, float64 export, index); and the CPU's field
// (compute/shape_field.*: the same search in double) and the CPU's brute force within 1e-12
// relative in double (the float64 export), the float's rounding in the texture, indices equal
// but at near-ties; on latlon, aeqd and ortho grids, float and double, signed or not, with the
// hard shapes (lines across the antimeridian and over a pole, an arc of 120 degrees, a repeated
// vertex, a polygon with a hole and one about the south pole, grid nodes on vertices and edges,
// two equal lines); and Natural Earth's land, signed, on a global grid. On llvmpipe here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "backends/gl_backend.h"
#include "compute/shape_field.h"
#include "errors.h"
#include "field_checks.h"
#include "same_bits.h"
#include "shape_sets.h"
#include "sites/builtin_sites.h"
#include "test_grids.h"

namespace geofield {
namespace {

using namespace field_checks;
using test::same_bits;

struct GlField {
  std::vector<float> texture;
  std::vector<double> f64;  // the float64 export (double requests only)
  std::vector<std::int32_t> index;
};

GlField on_gl(GlBackend& gl, const FieldRequest& r, bool brute) {
  FieldTexture texture;
  texture.ensure_size(r.params.nx, r.params.ny);
  poison(texture);
  gl.set_brute_force(brute);
  gl.compute(r, texture);
  EXPECT_NE(gl.index_texture(), 0u);
  GlField f;
  f.texture = texture_values(texture);
  if (r.params.precision == Precision::f64) f.f64 = gl.read_field(texture, Precision::f64).f64;
  f.index = gl.read_index();
  return f;
}

struct CpuField {
  std::vector<double> values;
  std::vector<std::int32_t> index;
};

CpuField on_cpu(const FieldRequest& r, bool brute) {
  const FieldParams& p = r.params;
  const std::size_t n = static_cast<std::size_t>(p.nx) * p.ny;
  CpuField f{std::vector<double>(n), std::vector<std::int32_t>(n)};
  const ShapeFieldOptions o{r.signed_inside};
  const Subgrid w = whole_grid(p.nx, p.ny);
  if (brute) {
    shape_field_brute_force<double>(p, *r.sites.shapes(), o, w, f.values.data(), f.index.data(),
                                    nullptr);
  } else {
    shape_field_on_cpu<double>(p, *r.sites.shapes(), o, w, f.values.data(), f.index.data(),
                               nullptr);
  }
  return f;
}

// The worst error seen against its bound, over the checks of one comparison.
struct Worst {
  double texture = 0, f64 = 0;
  long index_differs = 0;
  long rounding_differs = 0;  // texture values other than the CPU's double rounded to float
};

// GL against a CPU field: the texture within the float's rounding of the CPU's double value
// (6e-8 relative) plus the double paths' 1e-12; the export within 1e-12 relative (1e-9 of the
// unit absolute, for nodes on a site); NaN where the CPU has NaN, index -1 there only. Returns
// the worst error as a fraction of its bound.
Worst expect_near_cpu(const GlField& g, const CpuField& c, const std::string& what) {
  Worst w;
  const std::size_t n = c.values.size();
  EXPECT_EQ(g.texture.size(), n);
  EXPECT_EQ(g.index.size(), n);
  long failures = 0;
  for (std::size_t at = 0; at < n && failures < 5; ++at) {
    const double want = c.values[at];
    if (std::isnan(want)) {
      if (!std::isnan(g.texture[at]) || g.index[at] != -1 ||
          (!g.f64.empty() && !std::isnan(g.f64[at]))) {
        ++failures;
        ADD_FAILURE() << what << ": node " << at << " is off the map on the CPU, GL has "
                      << g.texture[at] << " (feature " << g.index[at] << ")";
      }
      continue;
    }
    const double tex_bound = 6e-8 * std::fabs(want) + 1e-12 * std::fabs(want) + 1e-9;
    const double tex_err = std::fabs(g.texture[at] - want);
    w.texture = std::max(w.texture, tex_err / tex_bound);
    if (!(tex_err <= tex_bound)) {
      ++failures;
      ADD_FAILURE() << what << ": node " << at << " texture " << g.texture[at] << ", CPU " << want;
    }
    if (!g.f64.empty()) {
      const double bound = 1e-12 * std::fabs(want) + 1e-9;
      const double err = std::fabs(g.f64[at] - want);
      w.f64 = std::max(w.f64, err / bound);
      if (!(err <= bound)) {
        ++failures;
        ADD_FAILURE() << what << ": node " << at << " export " << g.f64[at] << ", CPU " << want;
      }
    }
    if (g.index[at] != c.index[at]) ++w.index_differs;
    if (g.texture[at] != static_cast<float>(want)) ++w.rounding_differs;
    if (g.index[at] < 0) {
      ++failures;
      ADD_FAILURE() << what << ": node " << at << " has no feature on GL";
    }
  }
  // Near-ties only: the last bits of the two maths may pick the other of two equal features
  // (the values agree, checked above).
  EXPECT_LE(w.index_differs, static_cast<long>(n / 1000)) << what;
  // The two doubles agree to ~1e-14 relative: they round to another float only within that of
  // a float's rounding boundary, which almost no node is.
  EXPECT_LE(w.rounding_differs, static_cast<long>(n / 1000)) << what;
  return w;
}

void expect_same_bits(const GlField& a, const GlField& b, const std::string& what) {
  std::size_t differ = 0;
  for (std::size_t at = 0; at < a.texture.size(); ++at) {
    const bool same = same_bits(a.texture[at], b.texture[at]) && a.index[at] == b.index[at] &&
                      (a.f64.empty() || same_bits(a.f64[at], b.f64[at]));
    if (!same && differ++ < 5) {
      ADD_FAILURE() << what << ": node " << at << " walk " << a.texture[at] << " (feature "
                    << a.index[at] << "), brute force " << b.texture[at] << " (feature "
                    << b.index[at] << ")";
    }
  }
  EXPECT_EQ(differ, 0u) << what;
}

using Case = test::ShapeCase;

FieldParams view_of(const Case& c) {
  // 2-degree nodes: the hard shapes' vertices (0, 0), (40, 30), (10, 10), ... are nodes, and so
  // are points of their edges along the equator and meridians.
  FieldParams p = test::make_params(-90, 90, -180, 180, 181, 91, 20, 10);
  if (c.projection != Projection::latlon) {
    p = test::make_params(-60, 60, -100, 100, 121, 121, 20, 10);
    p.projection = c.projection;
    p.extent = c.projection == Projection::aeqd ? 20015 : 6371;  // the whole disc and beyond
    if (c.projection == Projection::eqearth) {  // the world, rows beyond the pole lines
      p.extent = max_extent(p);
      p.nx = 181;
    }
  }
  p.precision = c.f64 ? Precision::f64 : Precision::f32;
  return p;
}

class GlShapeField : public ::testing::TestWithParam<Case> {};

TEST_P(GlShapeField, WalkIsBruteForceAndEqualsTheCpu) {
  GF_REQUIRE_GL();
  const Case& c = GetParam();
  const auto shapes = std::make_shared<const SiteShapes>(test::hard_shapes(200, 11));
  FieldRequest r{view_of(c), SiteSet::shapes(shapes)};
  r.signed_inside = c.signed_inside;
  ASSERT_TRUE(r.sites.has_shapes());
  GlBackend gl;
  const GlField brute = on_gl(gl, r, true);
  const GlField walk = on_gl(gl, r, false);
  expect_same_bits(walk, brute, c.name);
  const Worst tree = expect_near_cpu(walk, on_cpu(r, false), std::string(c.name) + " vs CPU");
  const Worst oracle =
      expect_near_cpu(walk, on_cpu(r, true), std::string(c.name) + " vs CPU brute force");
  std::printf(
      "%s: worst/bound texture %.3g, export %.3g; texture not the CPU's rounded at %ld; index "
      "differs at %ld (CPU) and %ld (brute force) of %zu nodes\n",
      c.name, std::max(tree.texture, oracle.texture), std::max(tree.f64, oracle.f64),
      tree.rounding_differs, tree.index_differs, oracle.index_differs, walk.texture.size());
  // Signed: negative inside the polygons; not: never negative.
  const long negative =
      std::count_if(walk.texture.begin(), walk.texture.end(), [](float v) { return v < 0; });
  if (c.signed_inside) {
    EXPECT_GT(negative, 0) << c.name;
  } else {
    EXPECT_EQ(negative, 0) << c.name;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Views, GlShapeField,
    ::testing::Values(Case{"latlon_f32", Projection::latlon, false, false},
                      Case{"latlon_f32_signed", Projection::latlon, false, true},
                      Case{"latlon_f64", Projection::latlon, true, false},
                      Case{"latlon_f64_signed", Projection::latlon, true, true},
                      Case{"aeqd_f32_signed", Projection::aeqd, false, true},
                      Case{"aeqd_f64", Projection::aeqd, true, false},
                      Case{"ortho_f32", Projection::ortho, false, false},
                      Case{"ortho_f64_signed", Projection::ortho, true, true},
                      Case{"eqearth_f32_signed", Projection::eqearth, false, true},
                      Case{"eqearth_f64", Projection::eqearth, true, false}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

TEST(GlShapeField, NaturalEarthLandSignedEqualsTheCpu) {
  GF_REQUIRE_GL();
  const auto land = std::make_shared<const SiteShapes>(builtin_sites("@land:110m"));
  for (const Precision pr : kBothPrecisions) {
    FieldParams p = test::make_params(-90, 90, -180, 180, 361, 181, 0, 0);
    p.precision = pr;
    FieldRequest r{p, SiteSet::shapes(land)};
    r.signed_inside = true;
    GlBackend gl;
    const GlField g = on_gl(gl, r, false);
    const std::string what = "@land:110m " + std::string(to_string(pr));
    const Worst w = expect_near_cpu(g, on_cpu(r, false), what);
    std::printf(
        "%s: worst/bound texture %.3g, export %.3g; texture not the CPU's rounded at %ld; index "
        "differs at %ld of %zu nodes\n",
        what.c_str(), w.texture, w.f64, w.rounding_differs, w.index_differs, g.texture.size());
    // Land is negative, sea positive: the node at 0 N 20 E (Gabon/Congo) and at 0 N 160 W
    // (the Pacific).
    EXPECT_LT(g.texture[90 * 361 + 200], 0.0f) << what;
    EXPECT_GT(g.texture[90 * 361 + 20], 0.0f) << what;
  }
}

// A second request with the same set keeps the trees uploaded; a new set (another pointer,
// other shapes) replaces them, and a set of points after shapes takes the nearest-site passes.
TEST(GlShapeField, ChangingSetsComputesEachOnesField) {
  GF_REQUIRE_GL();
  FieldParams p = test::make_params(-60, 60, -90, 90, 91, 61, 0, 0);
  const auto a = std::make_shared<const SiteShapes>(test::hard_shapes(10, 1));
  const auto b = std::make_shared<const SiteShapes>(test::hard_shapes(10, 2));
  GlBackend gl;
  for (const auto& s : {a, b, a}) {
    const FieldRequest r{p, SiteSet::shapes(s)};
    expect_near_cpu(on_gl(gl, r, false), on_cpu(r, false), "set change");
  }
  const FieldRequest points{p, SiteSet::points({Centre{0, 0, {}}, Centre{10, 10, {}}})};
  const GlField g = on_gl(gl, points, false);
  EXPECT_EQ(g.index[30 * 91 + 45], 0);  // the node at (0, 0) is nearest the first
}

}  // namespace
}  // namespace geofield
