#include "field_checks.h"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory>

#include "backends/cpu_backend.h"
#include "gl/gl_check.h"
#include "projection.h"

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
    const double bound = tol.of_max * max_abs + tol.relative * std::fabs(ref[k]) + tol.absolute;
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

namespace {

// The map's edge (pi R aeqd, R ortho) and node (i, j)'s radius, both in the output unit.
double edge_of(const FieldParams& p) {
  return (p.projection == Projection::ortho ? 1.0 : kPi) * radius_in_units(p);
}
double node_radius(const FieldParams& p, int i, int j) {
  const double step = 2 * p.extent / (p.nx - 1);  // the grid contract, written out
  return std::hypot(-p.extent + j * step, p.extent * (p.ny - 1) / (p.nx - 1) - i * step);
}

// Where node (i, j) lies against the map's edge: above 1 outside, below 1 inside. Discs: its
// radius over the edge's. eqearth: |y| over the pole lines' above and below them, else |x| over
// the outline's x on its row (the forward projection of the row's latitude at +-180 from the
// central meridian; the forward is PROJ's to 1e-9 R, tests/unit/eqearth_test.cpp).
double edge_ratio(const FieldParams& p, int i, int j) {
  if (p.projection != Projection::eqearth) return node_radius(p, i, j) / edge_of(p);
  const double step = 2 * p.extent / (p.nx - 1), radius = radius_in_units(p);
  const double x = -p.extent + j * step, y = p.extent * (p.ny - 1) / (p.nx - 1) - i * step;
  const double top = kEqEarthMaxY * radius;
  if (std::fabs(y) >= top) return std::fabs(y) / top;
  const ProjectionCentre<double> c = make_projection_centre(0.0, 0.0);
  const double lat = eqearth_inverse(c, 0.0, y, radius).lat_deg;
  return std::fabs(x) / std::fabs(eqearth_forward(c, lat, 180.0, radius).x);
}

// Counts and reports what the projected checks share: NaN where there must be one (beyond the
// edge band), a value where there must be one (inside it), and the worst error / bound.
template <typename T, typename Want, typename Bound>
double check_projected(const std::vector<T>& values, const FieldParams& p, const std::string& what,
                       double edge_band, Want want, Bound bound) {
  EXPECT_EQ(values.size(), static_cast<size_t>(node_count(p))) << what;
  if (values.size() != static_cast<size_t>(node_count(p))) return INFINITY;
  size_t bad = 0, missing = 0, extra = 0, worst_at = 0;
  double worst = 0;
  for (int i = 0; i < p.ny; ++i) {
    for (int j = 0; j < p.nx; ++j) {
      const size_t k = static_cast<size_t>(i) * p.nx + j;
      const double r = node_radius(p, i, j), v = static_cast<double>(values[k]);
      const double at = edge_ratio(p, i, j);
      if (at > 1 + edge_band) {
        if (!std::isnan(v)) ++extra;
        continue;
      }
      if (at >= 1 - edge_band) continue;  // on the edge: either side
      if (std::isnan(v)) {
        ++missing;
        continue;
      }
      if (p.projection == Projection::ortho && edge_band >= kFloatEdgeBand && at > kOrthoFloatRim) {
        continue;  // has a value, as it must; its accuracy: see kOrthoFloatRim
      }
      if (p.projection == Projection::eqearth && edge_band >= kFloatEdgeBand &&
          std::fabs(p.extent * (p.ny - 1) / (p.nx - 1) - i * 2 * p.extent / (p.nx - 1)) >
              kEqEarthFloatPole * kEqEarthMaxY * radius_in_units(p)) {
        continue;  // has a value, as it must; its accuracy: see kEqEarthFloatPole
      }
      const double ratio = std::fabs(v - want(k, r)) / bound(k, r);
      if (!(ratio <= 1)) ++bad;
      if (!(ratio <= worst)) {
        worst = ratio;
        worst_at = k;
      }
    }
  }
  EXPECT_EQ(extra, 0u) << what << ": " << extra << " nodes beyond the map's edge have a value";
  EXPECT_EQ(missing, 0u) << what << ": " << missing << " nodes inside the edge are NaN";
  EXPECT_EQ(bad, 0u) << what << ": " << bad << " nodes outside the tolerance; worst at row "
                     << worst_at / p.nx << " column " << worst_at % p.nx << ": "
                     << static_cast<double>(values[worst_at]) << " vs "
                     << want(worst_at, node_radius(p, static_cast<int>(worst_at / p.nx),
                                                   static_cast<int>(worst_at % p.nx)))
                     << " (error/bound " << worst << ")";
  return worst;
}

}  // namespace

template <typename T>
double expect_projected_close(const std::vector<T>& values, const std::vector<double>& ref,
                              const FieldParams& p, const std::string& what, Tolerance tol,
                              double edge_band) {
  double max_abs = 0;
  for (double r : ref) {
    if (!std::isnan(r)) max_abs = std::max(max_abs, std::fabs(r));
  }
  // The reference's own NaN must agree with the edge (it is the shared math's): checked here too.
  for (int i = 0; i < p.ny; ++i) {
    for (int j = 0; j < p.nx; ++j) {
      const double at = edge_ratio(p, i, j);
      const double v = ref[static_cast<size_t>(i) * p.nx + j];
      if (at > 1 + edge_band || at < 1 - edge_band) {
        EXPECT_EQ(std::isnan(v), at > 1) << what << ": the CPU reference at " << i << "," << j;
      }
    }
  }
  return check_projected(
      values, p, what, edge_band, [&](size_t k, double) { return ref[k]; },
      [&](size_t k, double) {
        return tol.of_max * max_abs + tol.relative * std::fabs(ref[k]) + tol.absolute;
      });
}

template <typename T>
double expect_aeqd_radius(const std::vector<T>& values, const FieldParams& p,
                          const std::string& what, Tolerance tol, double edge_band) {
  EXPECT_EQ(p.projection, Projection::aeqd) << what;
  const double edge = edge_of(p);
  double max_r = 0;
  for (int i = 0; i < p.ny; ++i) {
    for (int j = 0; j < p.nx; ++j) {
      const double r = node_radius(p, i, j);
      if (r <= edge) max_r = std::max(max_r, r);
    }
  }
  return check_projected(
      values, p, what, edge_band, [](size_t, double r) { return r; },
      [&](size_t, double r) { return tol.of_max * max_r + tol.relative * r; });
}

template double expect_projected_close<float>(const std::vector<float>&, const std::vector<double>&,
                                              const FieldParams&, const std::string&, Tolerance,
                                              double);
template double expect_projected_close<double>(const std::vector<double>&,
                                               const std::vector<double>&, const FieldParams&,
                                               const std::string&, Tolerance, double);
template double expect_aeqd_radius<float>(const std::vector<float>&, const FieldParams&,
                                          const std::string&, Tolerance, double);
template double expect_aeqd_radius<double>(const std::vector<double>&, const FieldParams&,
                                           const std::string&, Tolerance, double);

Tolerance tolerance_for(Precision computed, Precision stored) {
  if (computed == Precision::f32) return kFloatPath;
  return stored == Precision::f32 ? kDoubleAsFloat : kDoublePath;
}

Tolerance geodesic_tolerance(Precision stored, Units units) {
  Tolerance t = stored == Precision::f32 ? kDoubleAsFloat : kDoublePath;
  t.absolute = kGeodesicAbsoluteM / metres_per_unit(units);
  return t;
}

namespace {
std::vector<Case> with_wgs84(const std::vector<NamedGrid>& grids) {
  // The whole discs' extents are pi R and R of the haversine's sphere, a little above the
  // ellipsoid's mean radius (6371.00877 km for WGS84): they take the largest the view allows.
  const auto fit = [](NamedGrid g) {
    if (g.params.projection != Projection::latlon) {
      g.params.extent = std::min(g.params.extent, max_extent(g.params));
    }
    return g;
  };
  std::vector<Case> cases;
  for (NamedGrid g : grids) {
    g.params.formula = Formula::wgs84;
    cases.push_back({fit(g), Formula::wgs84});
    g.name += "_grs80";
    g.params.ellipsoid_inv_f = 298.257222101;  // GRS80: WGS84's a, its own f
    cases.push_back({fit(g), Formula::wgs84});
  }
  return cases;
}
}  // namespace

std::vector<Case> wgs84_cases() { return with_wgs84(test::backend_test_grids()); }
std::vector<Case> projected_wgs84_cases() { return with_wgs84(test::projected_test_grids()); }

void PrintTo(const Case& c, std::ostream* os) { *os << c.grid.name << " " << to_string(c.formula); }

std::vector<Case> all_cases() {
  std::vector<Case> cases;
  for (const NamedGrid& g : test::backend_test_grids()) {
    for (Formula f : {Formula::haversine, Formula::seed}) cases.push_back({g, f});
  }
  return cases;
}

std::vector<Case> projected_cases() {
  std::vector<Case> cases;
  for (const NamedGrid& g : test::projected_test_grids()) {
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
