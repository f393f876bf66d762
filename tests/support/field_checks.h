// What the tests of a GPU backend share, CUDA or GL: the CPU double field as the reference, the
// tolerances of each path, the node-by-node check, NaN poisoning and read-back of the texture,
// and the cases made of the foundation issue's grids (test_grids.h).
#pragma once

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "field_params.h"
#include "gl/field_texture.h"
#include "gl/headless_gl_context.h"
#include "test_grids.h"

namespace geofield::field_checks {

// Fills the texture with NaN so that a texel a compute misses shows.
void poison(const FieldTexture& t);

// What the GL texture holds, read back by GL itself (row 0 first, nx per row).
std::vector<float> texture_values(const FieldTexture& t);

// The CPU double field, the reference: compute_field_on_cpu<double>.
std::vector<double> cpu_reference(const FieldParams& p);

// How close a GPU field must be to the CPU double field: |value - ref| <= relative |ref| +
// of_max max|ref| + absolute at every node (absolute in the output unit).
struct Tolerance {
  double relative, of_max;
  double absolute = 0;
};
// The float path (the foundation's bound, some 16 float ulp).
inline constexpr Tolerance kFloatPath{2e-6, 2e-6};
// The double path stored as float (texture, pixel buffer): the double value correctly rounded,
// half a float ulp (2^-24 = 5.96e-8 relative) plus the double paths' own difference.
inline constexpr Tolerance kDoubleAsFloat{6e-8, 1e-12};
// The double path kept in double (the f64 export): GPU and CPU double differ by a few ulp of
// their sin/cos; far below anything a float could show.
inline constexpr Tolerance kDoublePath{1e-11, 1e-12};
// The double path's values for a float destination before their rounding
// (haversine_combine_for_float: 1.4e-12 relative in its own test) plus the GPU/CPU double
// difference.
inline constexpr Tolerance kDoubleForFloat{3e-12, 1e-12};

// The tolerance of a field computed in `computed` and stored in `stored` precision.
Tolerance tolerance_for(Precision computed, Precision stored);

// The wgs84 formula (always computed in double): GPU and CPU run geodesic.h's code, each within
// 1.5e-8 m of GeographicLib (tests/unit/wgs84_field_test.cpp), but nvcc fuses multiply-adds the
// host compiler does not, and a node near a branch of the algorithm (the short-line or the
// astroid's window, Newton's stop) may take the other one: the double path's tolerance plus
// kGeodesicAbsoluteM; stored as float, the double value's rounding (kDoubleAsFloat) on top.
inline constexpr double kGeodesicAbsoluteM = 5e-8;
Tolerance geodesic_tolerance(Precision stored, Units units);

// Checks the tolerance at every node, that no value is NaN (every texel written), and reports
// the worst node. Returns the worst error / bound.
template <typename T>
double expect_close_to_reference(const std::vector<T>& values, const std::vector<double>& ref,
                                 int nx, const std::string& what, Tolerance tol);

// A projected view's field (aeqd, ortho) against the CPU double field: NaN exactly where the
// reference is NaN, except for nodes within `edge_band` (relative) of the map's edge (pi R for
// aeqd, R for ortho), where rounding may put a node on either side; elsewhere `tol`, as
// expect_close_to_reference (float checks, edge_band >= kFloatEdgeBand: not in ortho's rim,
// kOrthoFloatRim). Returns the worst error / bound.
inline constexpr double kFloatEdgeBand = 1e-6;    // float's node radius, a few ulp
inline constexpr double kDoubleEdgeBand = 1e-12;  // double's
// Near the ortho disc's rim a float node's own rounding (6e-8 of its x, y) moves its point on
// the sphere 1/cos c times as far: beyond the float bound where cos c < ~0.05, the outer 0.125 %
// of the disc's radius (seen on NVIDIA's GL: 1.13 of the bound at cos c = 0.014). The float
// checks hold those nodes to having a value, not to the bound; every other node to both.
inline constexpr double kOrthoFloatRim = 0.99875;
// Equal Earth's pole lines likewise: there a float node's rounding (and the float Newton
// iteration's, 1e-7 of theta) moves its latitude as 1/cos(lat): beyond the float bound within
// about 1.5 degrees of a pole (seen on llvmpipe: 1.14 of the bound at 89.3 degrees, the world
// grid's top row). Float nodes with |y| beyond this fraction of the pole lines' (88.5 degrees)
// are held to having a value, not to the bound. The CPU's float field takes the node's double
// point and meets the bound there too.
inline constexpr double kEqEarthFloatPole = 0.9995;
template <typename T>
double expect_projected_close(const std::vector<T>& values, const std::vector<double>& ref,
                              const FieldParams& p, const std::string& what, Tolerance tol,
                              double edge_band);

// aeqd's defining property on a backend's field: the value at a node is its radius hypot(x, y)
// (x, y of the grid contract, written out here in double) within |value - r| <= tol.relative r
// + tol.of_max max r, and NaN beyond pi R (outside `edge_band`). Returns the worst error / bound.
template <typename T>
double expect_aeqd_radius(const std::vector<T>& values, const FieldParams& p,
                          const std::string& what, Tolerance tol, double edge_band);

// The radius identity's tolerances: float as the float path's; double 1e-9 relative (the
// inverse projection and the haversine agree with hypot to that on the CPU).
inline constexpr Tolerance kAeqdRadiusFloat{2e-6, 2e-6};
inline constexpr Tolerance kAeqdRadiusDouble{1e-9, 1e-15};

using test::NamedGrid;  // the catalogue's (test_grids.h), as the backends' tests name it

// A grid of backend_test_grids() x formula, the parameter of the backends' field tests; each
// test loops over the units and the precisions.
struct Case {
  NamedGrid grid;
  Formula formula;
};
void PrintTo(const Case& c, std::ostream* os);  // readable names in gtest's messages
std::vector<Case> all_cases();
std::vector<Case> projected_cases();  // projected_test_grids() x both formulas
// backend_test_grids() and projected_test_grids() with the wgs84 formula, each on WGS84 and on
// GRS80 (the grid's name then ends in _grs80).
std::vector<Case> wgs84_cases();
std::vector<Case> projected_wgs84_cases();
std::string case_name(const testing::TestParamInfo<Case>& info);

inline constexpr Units kAllUnits[] = {Units::km, Units::nm, Units::mi, Units::m};
inline constexpr Precision kBothPrecisions[] = {Precision::f32, Precision::f64};

// "grid formula units precision", for failure messages.
std::string label(const NamedGrid& g, const FieldParams& p);

// The process's headless GL context, made on first use; nullptr when none can be made, with
// *why saying why.
HeadlessGlContext* gl_context(std::string* why);

// Skips the test, saying why, where no GL context can be made (in a namespace that sees
// gl_context: field_checks' users have `using namespace field_checks`).
#define GF_REQUIRE_GL()                                                                 \
  do {                                                                                  \
    std::string gf_why_;                                                                \
    if (gl_context(&gf_why_) == nullptr) GTEST_SKIP() << "no EGL display: " << gf_why_; \
  } while (0)

}  // namespace geofield::field_checks
