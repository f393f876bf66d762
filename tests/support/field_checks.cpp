#include "field_checks.h"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory>

#include "backends/cpu_backend.h"
#include "gl/gl_check.h"

namespace geofield::field_checks {

void poison(const FieldTexture& t) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  GF_GL(glClearTexImage(t.id(), 0, GL_RED, GL_FLOAT, &nan));
}

std::vector<float> texture_values(const FieldTexture& t) {
  std::vector<float> v(static_cast<std::size_t>(t.nx()) * static_cast<std::size_t>(t.ny()));
  GF_GL(glPixelStorei(GL_PACK_ALIGNMENT, 4));
  GF_GL(glGetTextureImage(t.id(), 0, GL_RED, GL_FLOAT,
                          static_cast<GLsizei>(v.size() * sizeof(float)), v.data()));
  return v;
}

std::vector<double> cpu_reference(const FieldParams& p) {
  std::vector<double> ref(static_cast<size_t>(node_count(p)));
  compute_field_on_cpu<double>(p, ref.data());
  return ref;
}

template <typename T>
double expect_close_to_reference(const std::vector<T>& values, const std::vector<double>& ref,
                                 int nx, const std::string& what, Tolerance tol) {
  EXPECT_EQ(values.size(), ref.size()) << what;
  if (values.size() != ref.size()) return INFINITY;
  double max_abs = 0;
  for (double r : ref) max_abs = std::max(max_abs, std::fabs(r));
  size_t bad = 0, nan = 0, worst_at = 0;
  double worst = 0;  // error / bound
  for (size_t k = 0; k < values.size(); ++k) {
    const double v = static_cast<double>(values[k]);
    if (std::isnan(v)) {
      ++nan;
      continue;
    }
    const double bound = tol.of_max * max_abs + tol.relative * std::fabs(ref[k]);
    const double ratio = std::fabs(v - ref[k]) / bound;
    if (!(ratio <= 1)) ++bad;
    if (!(ratio <= worst)) {
      worst = ratio;
      worst_at = k;
    }
  }
  EXPECT_EQ(nan, 0u) << what << ": " << nan << " texels not written (still NaN)";
  EXPECT_EQ(bad, 0u) << what << ": " << bad << " nodes outside " << tol.of_max << " max|v| + "
                     << tol.relative << " |v|; worst at row "
                     << worst_at / nx << " column " << worst_at % nx << ": "
                     << static_cast<double>(values[worst_at]) << " vs " << ref[worst_at]
                     << " (error/bound " << worst << ")";
  return worst;
}

template double expect_close_to_reference<float>(const std::vector<float>&,
                                                  const std::vector<double>&, int,
                                                  const std::string&, Tolerance);
template double expect_close_to_reference<double>(const std::vector<double>&,
                                                  const std::vector<double>&, int,
                                                  const std::string&, Tolerance);

Tolerance tolerance_for(Precision computed, Precision stored) {
  if (computed == Precision::f32) return kFloatPath;
  return stored == Precision::f32 ? kDoubleAsFloat : kDoublePath;
}

std::vector<NamedGrid> test_grids() {
  std::vector<NamedGrid> grids;
  FieldParams p;  // default view: 29:31, 99:101, ref 30,101, 1000x1000
  grids.push_back({"default_view", p});

  p = FieldParams{};  // crossing the antimeridian, reference on it
  p.lat_min_deg = -10;
  p.lat_max_deg = 10;
  p.lon_min_deg = 170;
  p.lon_max_deg = -170;
  p.nx = 517;
  p.ny = 389;
  p.ref_lat_deg = 0;
  p.ref_lon_deg = 180;
  grids.push_back({"antimeridian", p});

  p = FieldParams{};  // the north pole: top row is the pole, reference on it, whole circle
  p.lat_min_deg = 60;
  p.lat_max_deg = 90;
  p.lon_min_deg = -180;
  p.lon_max_deg = 180;
  p.nx = 721;
  p.ny = 301;
  p.ref_lat_deg = 90;
  p.ref_lon_deg = 0;
  grids.push_back({"pole", p});

  p = FieldParams{};  // 0.0001 x 0.0001 degree grid in metres (about 11 m x 8 m)
  p.lat_min_deg = 45;
  p.lat_max_deg = 45.0001;
  p.lon_min_deg = 7;
  p.lon_max_deg = 7.0001;
  p.nx = 101;
  p.ny = 101;
  p.ref_lat_deg = 45.00005;
  p.ref_lon_deg = 7.00003;
  p.units = Units::m;
  grids.push_back({"tiny_metres", p});

  p = FieldParams{};  // the antipode of (30, 100) is (-30, -80), node (200, 200) of this grid
  p.lat_min_deg = -40;
  p.lat_max_deg = -20;
  p.lon_min_deg = -90;
  p.lon_max_deg = -70;
  p.nx = 401;
  p.ny = 401;
  p.ref_lat_deg = 30;
  p.ref_lon_deg = 100;
  grids.push_back({"antipode", p});
  return grids;
}

void PrintTo(const Case& c, std::ostream* os) { *os << c.grid.name << " " << to_string(c.formula); }

std::vector<Case> all_cases() {
  std::vector<Case> cases;
  for (const NamedGrid& g : test_grids()) {
    for (Formula f : {Formula::haversine, Formula::seed}) cases.push_back({g, f});
  }
  return cases;
}

std::string case_name(const testing::TestParamInfo<Case>& info) {
  return info.param.grid.name + "_" + std::string(to_string(info.param.formula));
}

std::string label(const NamedGrid& g, const FieldParams& p) {
  return g.name + " " + std::string(to_string(p.formula)) + " " + std::string(to_string(p.units)) +
         " " + std::string(to_string(p.precision));
}

HeadlessGlContext* gl_context(std::string* why) {
  static std::string failure;
  static std::unique_ptr<HeadlessGlContext> context = [] {
    try {
      return std::make_unique<HeadlessGlContext>();
    } catch (const std::exception& e) {
      failure = e.what();
      return std::unique_ptr<HeadlessGlContext>();
    }
  }();
  if (!context) *why = failure;
  return context.get();
}

}  // namespace geofield::field_checks
