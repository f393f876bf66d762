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
                     << tol.relative << " |v|; worst at row " << worst_at / nx << " column "
                     << worst_at % nx << ": " << static_cast<double>(values[worst_at]) << " vs "
                     << ref[worst_at] << " (error/bound " << worst << ")";
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

void PrintTo(const Case& c, std::ostream* os) { *os << c.grid.name << " " << to_string(c.formula); }

std::vector<Case> all_cases() {
  std::vector<Case> cases;
  for (const NamedGrid& g : test::backend_test_grids()) {
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
