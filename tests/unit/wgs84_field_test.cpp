// The wgs84 formula through the program's CPU side: the CPU backend's field (double, and float as
// the double value rounded) against GeographicLib's Geodesic::Inverse node by node on the test
// grid catalogue and on projected grids, for WGS84 and other ellipsoids and every unit; the
// value range; the parameters' checks and the options --formula wgs84, --ellipsoid and --radius;
// the reproduce command and the saved view.
#include <gtest/gtest.h>

#include <GeographicLib/Geodesic.hpp>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <mutex>
#include <string>
#include <vector>

#include "backends/cpu_backend.h"
#include "backends/field_backend.h"
#include "cli/view_options.h"
#include "field_range.h"
#include "geodesic_field.h"
#include "test_grids.h"
#include "usage_error_matchers.h"
#include "view/reproduce_command.h"
#include "view/view_state.h"

namespace geofield {
namespace {

using test::throws_usage_error_naming;

// The bound asked of the double field, metres (docs/geodesic.md measures 1.5e-8 m).
constexpr double kMaxErrorM = 1e-7;

// GeographicLib's distance to every node of p, in metres (NaN where the node has no point): the
// same latitude and the same longitude difference as the field's (the columns' and the
// projected nodes' offsets from the reference, in double).
std::vector<double> oracle_metres(const FieldParams& p) {
  const GeographicLib::Geodesic oracle(p.ellipsoid_a_km * 1000.0, flattening_of(p.ellipsoid_inv_f));
  std::vector<double> out(static_cast<size_t>(node_count(p)));
  if (p.projection == Projection::latlon) {
    const GridGeometry g = grid_geometry(p);
    for (int i = 0; i < p.ny; ++i) {
      const double lat = geodesic_row_lat_deg(g, i);
      for (int j = 0; j < p.nx; ++j) {
        double s = 0;
        oracle.Inverse(p.ref_lat_deg, 0.0, lat, g.dlon0_deg + j * g.lon_step_deg, s);
        out[static_cast<size_t>(i) * p.nx + j] = s;
      }
    }
    return out;
  }
  const ProjectedGrid g = projected_grid(p);
  for (int i = 0; i < p.ny; ++i) {
    for (int j = 0; j < p.nx; ++j) {
      const SpherePoint<double> q = projected_node_point<double>(g, i, j);
      double s = std::numeric_limits<double>::quiet_NaN();
      if (q.valid) {
        const double lat = std::clamp(q.lat_deg, -90.0, 90.0);
        oracle.Inverse(p.ref_lat_deg, 0.0, lat, g.dlon_centre_deg + q.dlon_deg, s);
      }
      out[static_cast<size_t>(i) * p.nx + j] = s;
    }
  }
  return out;
}

// The CPU field of p in double against GeographicLib, and in float as that double rounded.
// Returns the largest error in metres.
double expect_cpu_field_matches_geographiclib(FieldParams p, const std::string& name) {
  const std::vector<double> expected = oracle_metres(p);
  const size_t n = expected.size();
  p.precision = Precision::f64;
  std::vector<double> f64(n);
  compute_field_on_cpu<double>(p, f64.data());
  p.precision = Precision::f32;
  std::vector<float> f32(n);
  compute_field_on_cpu<float>(p, f32.data());
  const double m_per_unit = metres_per_unit(p.units);
  double worst = 0;
  size_t nan = 0, bad = 0;
  for (size_t k = 0; k < n; ++k) {
    if (std::isnan(expected[k])) {
      ++nan;
      if (!std::isnan(f64[k]) || !std::isnan(f32[k])) ++bad;
      continue;
    }
    const double err = std::fabs(f64[k] * m_per_unit - expected[k]);
    worst = std::max(worst, err);
    if (!(err <= kMaxErrorM)) {
      if (++bad <= 5) {
        ADD_FAILURE() << name << " node " << k / p.nx << "," << k % p.nx << ": " << f64[k]
                      << " against GeographicLib " << expected[k] / m_per_unit;
      }
    }
    if (f32[k] != static_cast<float>(f64[k])) {
      if (++bad <= 5) ADD_FAILURE() << name << " node " << k << ": float is not the double rounded";
    }
  }
  EXPECT_EQ(bad, 0u) << name;
  std::printf("%-40s %9zu nodes (%zu NaN), max |error| %.2e m\n", name.c_str(), n, nan, worst);
  return worst;
}

TEST(Wgs84Field, CpuFieldIsGeographicLibOnTheTestGrids) {
  double worst = 0;
  for (const test::NamedGrid& t : test::precision_test_grids(Formula::wgs84)) {
    worst = std::max(worst, expect_cpu_field_matches_geographiclib(t.params, t.name));
  }
  std::printf("wgs84 latlon grids: max |error| %.2e m\n", worst);
}

TEST(Wgs84Field, CpuFieldIsGeographicLibOnProjectedGrids) {
  double worst = 0;
  for (test::NamedGrid t : test::projected_test_grids()) {
    t.params.formula = Formula::wgs84;
    t.params.extent = std::min(t.params.extent, max_extent(t.params));
    worst = std::max(worst, expect_cpu_field_matches_geographiclib(t.params, t.name + "_wgs84"));
  }
  // Whole-sphere aeqd about the poles and the equator: nodes near the antipode's circle.
  for (const auto& [lat, lon] : {std::pair{90.0, 0.0}, {-90.0, 45.0}, {0.0, 180.0}}) {
    FieldParams p = test::make_projected(Projection::aeqd, lat, lon, 0, 161, 161);
    p.formula = Formula::wgs84;
    p.extent = max_extent(p);
    worst = std::max(worst, expect_cpu_field_matches_geographiclib(
                                p, "aeqd_whole_" + std::to_string(static_cast<int>(lat))));
  }
  std::printf("wgs84 projected grids: max |error| %.2e m\n", worst);
}

TEST(Wgs84Field, OtherEllipsoidsAndUnits) {
  struct Body {
    const char* name;
    double a_km, inv_f;
  };
  const Body bodies[] = {{"GRS80", 6378.137, 298.257222101},
                         {"Mars", 3396.19, 169.894},
                         {"Moon", 1738.1, 827.667},
                         {"sphere", 6371.0088, 0},
                         {"flattest", 6378.137, 50}};
  for (const Body& b : bodies) {
    for (const test::NamedGrid& t : {test::precision_test_grids(Formula::wgs84)[8],
                                     test::precision_test_grids(Formula::wgs84)[12]}) {
      FieldParams p = t.params;
      p.ellipsoid_a_km = b.a_km;
      p.ellipsoid_inv_f = b.inv_f;
      validate(p);
      expect_cpu_field_matches_geographiclib(p, t.name + "_" + b.name);
    }
  }
  FieldParams p = test::make_params(-60, 70, 120, -100, 121, 97, 12, 170);
  p.formula = Formula::wgs84;
  p.precision = Precision::f64;
  std::vector<double> metres(node_count(p)), other(node_count(p));
  p.units = Units::m;
  compute_field_on_cpu<double>(p, metres.data());
  for (Units u : {Units::km, Units::nm, Units::mi}) {
    p.units = u;
    compute_field_on_cpu<double>(p, other.data());
    for (size_t k = 0; k < metres.size(); ++k) {
      ASSERT_NEAR(other[k], metres[k] / metres_per_unit(u), 1e-15 * metres[k]) << to_string(u);
    }
  }
}

TEST(Wgs84Field, BlocksMakeTheWholeField) {
  FieldParams p = test::make_params(-90, 90, -180, 180, 301, 151, 30, 101);
  p.formula = Formula::wgs84;
  std::vector<double> whole(node_count(p)), tiled(node_count(p), -1);
  compute_field_on_cpu<double>(p, whole.data());
  std::mutex m;
  compute_field_blocks_on_cpu<double>(p, [&](int first, std::span<const double> v) {
    std::lock_guard lock(m);
    std::copy(v.begin(), v.end(), tiled.begin() + static_cast<ptrdiff_t>(first) * p.nx);
  });
  EXPECT_EQ(whole, tiled);
}

// The range: exact on latlon grids (the distance grows along a parallel with the longitude
// difference), within the lattice on projected ones.
TEST(Wgs84Field, RangeOfLatlonGridsIsExact) {
  for (const test::NamedGrid& t : test::precision_test_grids(Formula::wgs84)) {
    FieldParams p = t.params;
    std::vector<double> v(node_count(p));
    compute_field_on_cpu<double>(p, v.data());
    const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
    const ValueRange r = field_range(p);
    EXPECT_EQ(r.min, *lo) << t.name;
    EXPECT_EQ(r.max, *hi) << t.name;
  }
}

TEST(Wgs84Field, RangeOfProjectedGridsIsWithinTheField) {
  for (test::NamedGrid t : test::projected_test_grids()) {
    FieldParams p = t.params;
    p.formula = Formula::wgs84;
    std::vector<double> v(node_count(p));
    compute_field_on_cpu<double>(p, v.data());
    double lo = INFINITY, hi = -INFINITY;
    for (double x : v) {
      if (!std::isnan(x)) lo = std::min(lo, x), hi = std::max(hi, x);
    }
    const ValueRange r = field_range(p);
    EXPECT_GE(r.min, lo) << t.name;
    EXPECT_LE(r.max, hi) << t.name;
    // Within a hundredth of the span here (exact where the extremes are at the reference, its
    // antipode or the edge of the values).
    EXPECT_LE(r.min - lo, 0.01 * (hi - lo)) << t.name;
    EXPECT_LE(hi - r.max, 0.01 * (hi - lo)) << t.name;
    std::printf("%-24s range %.9g:%.9g, every node %.9g:%.9g\n", t.name.c_str(), r.min, r.max, lo,
                hi);
  }
}

TEST(Wgs84Field, TheSphereOfTheProjectionsIsTheMeanRadius) {
  FieldParams p;
  p.formula = Formula::wgs84;
  EXPECT_NEAR(sphere_radius_km(p), 6371.0088, 1e-4);  // IUGG's R1 of WGS84, rounded
  p.ellipsoid_a_km = 3396.19;
  p.ellipsoid_inv_f = 169.894;
  EXPECT_DOUBLE_EQ(sphere_radius_km(p), 3396.19 * (1 - 1 / (3 * 169.894)));
  p.ellipsoid_inv_f = 0;
  EXPECT_EQ(sphere_radius_km(p), 3396.19);
  p.projection = Projection::aeqd;
  EXPECT_DOUBLE_EQ(max_extent(p), kPi * 3396.19);
  p.formula = Formula::haversine;
  EXPECT_EQ(sphere_radius_km(p), kDefaultRadiusKm);
}

// --- parameters and options ---

template <typename Edit>
::testing::AssertionResult rejected(Edit edit, const char* option) {
  FieldParams p;
  p.formula = Formula::wgs84;
  edit(p);
  return throws_usage_error_naming([&] { validate(p); }, option);
}

TEST(Wgs84Params, TheEllipsoidIsChecked) {
  FieldParams p;
  p.formula = Formula::wgs84;
  EXPECT_NO_THROW(validate(p));
  for (const EllipsoidPreset& e : ellipsoid_presets()) {
    p.ellipsoid_a_km = e.a_km;
    p.ellipsoid_inv_f = e.inv_f;
    EXPECT_NO_THROW(validate(p)) << e.name;
  }
  p.ellipsoid_inv_f = 0;  // a sphere
  EXPECT_NO_THROW(validate(p));
  p.ellipsoid_inv_f = 50;  // the flattest supported
  EXPECT_NO_THROW(validate(p));
  constexpr double nan = std::numeric_limits<double>::quiet_NaN();
  constexpr double inf = std::numeric_limits<double>::infinity();
  for (double a : {0.0, -6378.137, 2e9, nan, inf}) {
    EXPECT_TRUE(rejected([a](FieldParams& q) { q.ellipsoid_a_km = a; }, "--ellipsoid")) << a;
  }
  for (double inv_f : {49.99, 1.0, -298.0, nan, inf, 1e-300}) {
    EXPECT_TRUE(rejected([inv_f](FieldParams& q) { q.ellipsoid_inv_f = inv_f; }, "--ellipsoid"))
        << inv_f;
  }
  const std::optional<ParamProblem> pr = [] {
    FieldParams q;
    q.formula = Formula::wgs84;
    q.ellipsoid_inv_f = 20;
    return check(q);
  }();
  ASSERT_TRUE(pr.has_value());
  EXPECT_EQ(pr->field, ParamField::ellipsoid_inv_f);
  EXPECT_NE(pr->cli.find("[50, inf)"), std::string::npos) << pr->cli;
  EXPECT_NE(pr->ui.find("1/f"), std::string::npos) << pr->ui;
  // The other formulas do not use the ellipsoid: whatever it holds is no problem of theirs.
  FieldParams h;
  h.ellipsoid_inv_f = 20;
  EXPECT_NO_THROW(validate(h));
}

TEST(Wgs84Options, FormulaAndEllipsoidAreRead) {
  ViewOptionText t;
  t.formula = "wgs84";
  ViewOptions v = resolve(t);
  EXPECT_EQ(v.params.formula, Formula::wgs84);
  EXPECT_EQ(v.params.ellipsoid_a_km, 6378.137);
  EXPECT_EQ(v.params.ellipsoid_inv_f, 298.257223563);
  t.ellipsoid = "3396.19,169.894";
  v = resolve(t);
  EXPECT_EQ(v.params.ellipsoid_a_km, 3396.19);
  EXPECT_EQ(v.params.ellipsoid_inv_f, 169.894);
  t.ellipsoid = "6371,0";
  EXPECT_EQ(resolve(t).params.ellipsoid_inv_f, 0.0);
  t.projection = "aeqd";
  t.ellipsoid.reset();
  v = resolve(t);
  EXPECT_DOUBLE_EQ(v.params.extent, kPi / 2 * sphere_radius_km(v.params));
}

TEST(Wgs84Options, BadEllipsoidsAndMisplacedOptionsAreRefused) {
  const auto refused = [](ViewOptionText t, const char* option) {
    return throws_usage_error_naming([&] { resolve(t); }, option);
  };
  ViewOptionText t;
  t.formula = "wgs84";
  for (const char* bad : {"6378.137", "6378.137,298,1", "a,298", "0,298", "-1,298", "6378,49",
                          "6378,-298", "6378,inf", ",298", "6378,"}) {
    t.ellipsoid = bad;
    EXPECT_TRUE(refused(t, "--ellipsoid")) << bad;
  }
  t.ellipsoid = "";
  EXPECT_TRUE(refused(t, "--ellipsoid"));
  ViewOptionText h;  // haversine: --ellipsoid does not apply
  h.ellipsoid = "6378.137,298.257223563";
  EXPECT_TRUE(refused(h, "--ellipsoid"));
  h.formula = "seed";
  EXPECT_TRUE(refused(h, "--ellipsoid"));
  ViewOptionText r;  // wgs84: --radius does not apply
  r.formula = "wgs84";
  r.radius = "6371";
  EXPECT_TRUE(refused(r, "--radius"));
  ViewOptionText f;
  f.formula = "WGS84";
  EXPECT_TRUE(refused(f, "--formula"));
}

TEST(Wgs84Options, GlIsRefusedAndAutoTakesCudaOrTheCpu) {
  FieldParams p;
  p.formula = Formula::wgs84;
  std::string reason;
  EXPECT_TRUE(throws_usage_error_naming([&] { make_backend_for(BackendChoice::gl, p, &reason); },
                                        "--backend gl"));
  // Here (no CUDA device) auto is the CPU; on the GPU machine, CUDA. Never gl.
  const std::string_view name = make_backend_for(BackendChoice::automatic, p, &reason)->name();
  EXPECT_TRUE(name == "cpu" || name == "cuda") << reason;
  EXPECT_EQ(make_backend_for(BackendChoice::cpu, p, &reason)->name(), "cpu");
}

TEST(Wgs84Options, ReproduceCommandAndSavedViewKeepTheEllipsoid) {
  ViewState s;
  s.params.formula = Formula::wgs84;
  s.params.ellipsoid_a_km = 3396.19;
  s.params.ellipsoid_inv_f = 169.894;
  const std::string c = render_command_line(s, "a.png");
  EXPECT_NE(c.find(" --formula=wgs84"), std::string::npos) << c;
  EXPECT_NE(c.find(" --ellipsoid=3396.19,169.894"), std::string::npos) << c;
  EXPECT_EQ(c.find("--radius"), std::string::npos) << c;
  const ViewState back = state_from_json(to_json(s));
  EXPECT_EQ(back.params, s.params);
  s.params.formula = Formula::haversine;
  EXPECT_NE(render_command_line(s, "a.png").find(" --radius="), std::string::npos);
  EXPECT_EQ(render_command_line(s, "a.png").find("--ellipsoid"), std::string::npos);
}

}  // namespace
}  // namespace geofield
