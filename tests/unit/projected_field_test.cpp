// Projected views on the CPU backend: in aeqd the distance field is each node's radius
// hypot(x, y) (the projection's defining property) to the float path's tolerance and to 1e-9
// relative in double, NaN beyond the antipode's circle; ortho's field is the great-circle
// distance (GeographicLib) from the reference to the node's point, NaN off the globe; the
// backend's values are the shared math's, the blocks the same field; field_range finds the
// extremes; the parameters' and options' checks name --extent and --projection; and no backend
// refuses a projected view.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "backends/cpu_backend.h"
#include "cli/view_options.h"
#include "field_range.h"
#include "proj_oracle.h"
#include "projected_chord.h"
#include "spherical_reference.h"
#include "usage_error_matchers.h"

namespace geofield {
namespace {

using test::throws_usage_error_naming;

FieldParams projected(Projection kind, double ref_lat, double ref_lon, double extent, int nx,
                      int ny, Units units = Units::km) {
  FieldParams p;
  p.projection = kind;
  p.ref_lat_deg = ref_lat;
  p.ref_lon_deg = ref_lon;
  p.units = units;
  p.extent = extent;
  p.nx = nx;
  p.ny = ny;
  return p;
}

double node_radius(const FieldParams& p, int i, int j) {
  const double step = 2 * p.extent / (p.nx - 1);  // the grid contract, written out
  const double x = -p.extent + j * step;
  const double y = p.extent * (p.ny - 1) / (p.nx - 1) - i * step;
  return std::hypot(x, y);
}

std::vector<FieldParams> aeqd_cases() {
  const double r_km = kDefaultRadiusKm, half = kPi * r_km;
  return {
      projected(Projection::aeqd, 30, 101, half, 301, 301),              // the whole sphere
      projected(Projection::aeqd, 30, 101, half * 1.2 / 1.2, 200, 150),  // even: no centre node
      projected(Projection::aeqd, 90, 0, half, 257, 199),                // north pole
      projected(Projection::aeqd, -90, 45, half / 2, 180, 181),          // south pole
      projected(Projection::aeqd, 0, 180, half, 151, 201),               // on the antimeridian
      projected(Projection::aeqd, -33.9, 18.4, 50, 101, 101),            // a city, 50 km
      projected(Projection::aeqd, 47.3, 8.5, 0.01, 64, 48),              // 10 m
      projected(Projection::aeqd, 30, 101, half * 1000, 121, 121, Units::m),
      projected(Projection::aeqd, 60, -150, half / 1.852, 99, 120, Units::nm),
  };
}

template <typename T>
std::vector<T> cpu_field(const FieldParams& p) {
  std::vector<T> out(static_cast<size_t>(node_count(p)), T(-1));
  compute_field_on_cpu<T>(p, out.data());
  return out;
}

TEST(ProjectedField, AeqdDistanceIsTheNodeRadius) {
  for (const FieldParams& p : aeqd_cases()) {
    SCOPED_TRACE("ref " + std::to_string(p.ref_lat_deg) + "," + std::to_string(p.ref_lon_deg) +
                 " extent " + std::to_string(p.extent) + " " + std::to_string(p.nx) + "x" +
                 std::to_string(p.ny));
    const double edge = kPi * radius_in_units(p);
    const std::vector<float> f = cpu_field<float>(p);
    const std::vector<double> d = cpu_field<double>(p);
    double max_r = 0;
    for (int i = 0; i < p.ny; ++i) {
      for (int j = 0; j < p.nx; ++j) {
        const double r = node_radius(p, i, j);
        if (r <= edge) max_r = std::max(max_r, r);
      }
    }
    double worst_f = 0, worst_d = 0;
    int nan = 0;
    for (int i = 0; i < p.ny; ++i) {
      for (int j = 0; j < p.nx; ++j) {
        const size_t k = static_cast<size_t>(i) * p.nx + j;
        const double r = node_radius(p, i, j);
        if (r > edge * (1 + 1e-6)) {  // beyond the antipode's circle: no value, either path
          ASSERT_TRUE(std::isnan(f[k]) && std::isnan(d[k])) << i << "," << j;
          ++nan;
          continue;
        }
        if (r >= edge * (1 - 1e-6)) continue;  // the circle itself: float may fall either side
        ASSERT_FALSE(std::isnan(d[k]) || std::isnan(f[k])) << i << "," << j;
        const double tol_f = 2e-6 * max_r + 2e-6 * r;
        EXPECT_LE(std::abs(f[k] - r), tol_f) << i << "," << j;
        EXPECT_LE(std::abs(d[k] - r), 1e-9 * r + 1e-15 * max_r) << i << "," << j;
        worst_f = std::max(worst_f, std::abs(f[k] - r) / tol_f);
        if (r > 0) worst_d = std::max(worst_d, std::abs(d[k] - r) / r);
      }
    }
    if (p.extent * std::sqrt(2.0) > edge * 1.01) {  // corners beyond the circle
      EXPECT_GT(nan, 0);
    }
    RecordProperty("worst", std::to_string(worst_d));
    std::printf(
        "aeqd %gx%g extent %g: float worst %.2f of its tolerance, double worst %.2e "
        "relative, %d nodes NaN\n",
        double(p.nx), double(p.ny), p.extent, worst_f, worst_d, nan);
  }
}

TEST(ProjectedField, BackendValuesAreTheSharedMathAndBlocksTheSameField) {
  for (FieldParams p : aeqd_cases()) {
    const ProjectedGrid g = projected_grid(p);
    const std::vector<float> f = cpu_field<float>(p);
    std::vector<float> blocks(f.size(), -1.0f);
    std::mutex m;
    compute_field_blocks_on_cpu<float>(p, [&](int first, std::span<const float> v) {
      const std::lock_guard<std::mutex> lock(m);
      std::copy(v.begin(), v.end(), blocks.begin() + static_cast<ptrdiff_t>(first) * p.nx);
    });
    // The float haversine field by the row and column terms (as the CUDA kernel), the seed
    // formula node by node.
    const ChordConstants<float> terms =
        chord_constants<float>(g, std::numeric_limits<float>::quiet_NaN());
    for (int i = 0; i < p.ny; ++i) {
      for (int j = 0; j < p.nx; ++j) {
        const size_t k = static_cast<size_t>(i) * p.nx + j;
        const float want = p.formula == Formula::haversine
                               ? chord_field_value<float>(g, terms, i, j)
                               : projected_field_value<float>(g, i, j);
        ASSERT_TRUE(f[k] == want || (std::isnan(f[k]) && std::isnan(want))) << i << "," << j;
        ASSERT_TRUE(blocks[k] == want || (std::isnan(blocks[k]) && std::isnan(want)));
      }
    }
  }
}

TEST(ProjectedField, OrthoIsTheDistanceToTheNodesPointAndNothingOffTheGlobe) {
  FieldParams p = projected(Projection::ortho, 30, 101, kDefaultRadiusKm, 161, 121);
  p.lat_min_deg = 20, p.lat_max_deg = 60, p.lon_min_deg = 170, p.lon_max_deg = -150;
  EXPECT_EQ(view_centre_lat_deg(p), 40);
  EXPECT_EQ(view_centre_lon_deg(p), -170);  // the middle of 170:-150, across the antimeridian
  const ProjectionCentre<double> c = make_projection_centre(40.0, -170.0);
  const std::vector<float> f = cpu_field<float>(p);
  const std::vector<double> d = cpu_field<double>(p);
  const double r = kDefaultRadiusKm;
  int on = 0, off = 0;
  for (int i = 0; i < p.ny; ++i) {
    for (int j = 0; j < p.nx; ++j) {
      const size_t k = static_cast<size_t>(i) * p.nx + j;
      const double x = -p.extent + j * 2 * p.extent / (p.nx - 1);
      const double y = p.extent * (p.ny - 1) / (p.nx - 1) - i * 2 * p.extent / (p.nx - 1);
      if (std::hypot(x, y) > r * (1 + 1e-6)) {
        ASSERT_TRUE(std::isnan(f[k]) && std::isnan(d[k])) << i << "," << j;
        ++off;
        continue;
      }
      if (std::hypot(x, y) >= r * (1 - 1e-6)) continue;
      const SpherePoint<double> q = ortho_inverse(c, x, y, r);
      const double want =
          test::geographiclib_sphere_distance(30, 101, q.lat_deg, q.lon_deg, kDefaultRadiusKm);
      EXPECT_NEAR(d[k], want, 1e-9 * want + 1e-9) << i << "," << j;
      EXPECT_NEAR(f[k], want, 2e-6 * kPi * r + 2e-6 * want) << i << "," << j;
      ++on;
    }
  }
  EXPECT_GT(on, 10000);
  EXPECT_GT(off, 2000);  // the corners of a 2R x 1.5R map
}

// Equal Earth's field: each node's point by PROJ's inverse (not ours), the distance to it by
// GeographicLib: double to 1e-9 relative, float to float's bound; NaN outside the outline (a
// node is outside where PROJ's point comes back elsewhere through PROJ's forward). Three maps:
// the world about 101 E, a square grid of the world's width (rows beyond the pole lines) about
// the antimeridian, a zoomed map across it.
TEST(ProjectedField, EqEarthIsTheDistanceToTheNodesPointAndNothingOutsideTheOutline) {
  const double r = kDefaultRadiusKm;
  std::vector<FieldParams> cases = {
      projected(Projection::eqearth, 30, 101, kEqEarthMaxX * r, 301, eqearth_world_ny(301)),
      projected(Projection::eqearth, -60, 179.9, kEqEarthMaxX * r, 200, 200),
      projected(Projection::eqearth, 12, -175, 1500, 161, 121)};
  for (const FieldParams& p : cases) {
    const test::ProjOracle proj("eqearth", 0, p.ref_lon_deg, r * 1000);
    const std::vector<float> f = cpu_field<float>(p);
    const std::vector<double> d = cpu_field<double>(p);
    int on = 0, off = 0;
    double worst_d = 0, worst_f = 0;
    for (int i = 0; i < p.ny; ++i) {
      for (int j = 0; j < p.nx; ++j) {
        const size_t k = static_cast<size_t>(i) * p.nx + j;
        const double x = -p.extent + j * 2 * p.extent / (p.nx - 1);
        const double y = p.extent * (p.ny - 1) / (p.nx - 1) - i * 2 * p.extent / (p.nx - 1);
        const std::optional<test::ProjLatLon> q = proj.inverse(x * 1000, y * 1000);
        // PROJ's inverse answers outside the outline too (wrapping the longitude, or past a
        // pole): there its point's forward is another place.
        const std::optional<test::ProjXY> back =
            q ? proj.forward(q->lat_deg, q->lon_deg) : std::nullopt;
        // |x|: a node on the seam (180 degrees from the central meridian) comes back on either
        // edge.
        const double miss =
            back ? std::hypot(std::fabs(back->x / 1000) - std::fabs(x), back->y / 1000 - y)
                 : INFINITY;
        if (miss > 1e-3) {
          // 10 m inside the outline a node must have a value; beyond it none.
          if (std::fabs(y) > kEqEarthMaxY * r * (1 + 1e-6) || miss > 10) {
            ASSERT_TRUE(std::isnan(f[k]) && std::isnan(d[k])) << i << "," << j;
            ++off;
          }
          continue;
        }
        if (std::fabs(std::fabs(x) - kEqEarthMaxX * r) < 1e-6 * r) continue;  // the edge itself
        ASSERT_FALSE(std::isnan(d[k]) || std::isnan(f[k])) << i << "," << j;
        const double want = test::geographiclib_sphere_distance(p.ref_lat_deg, p.ref_lon_deg,
                                                                q->lat_deg, q->lon_deg, r);
        EXPECT_NEAR(d[k], want, 1e-9 * want + 1e-9) << i << "," << j;
        EXPECT_NEAR(f[k], want, 2e-6 * kPi * r + 2e-6 * want) << i << "," << j;
        worst_d = std::max(worst_d, std::fabs(d[k] - want) / (want + 1e-9));
        worst_f = std::max(worst_f, std::fabs(f[k] - want));
        ++on;
      }
    }
    EXPECT_GT(on, p.nx * p.ny / 3);
    std::printf(
        "eqearth %dx%d extent %g: %d nodes vs PROJ + GeographicLib (double worst %.2e relative, "
        "float worst %.3g km), %d outside\n",
        p.nx, p.ny, p.extent, on, worst_d, worst_f, off);
    const ValueRange range = field_range(p);
    double lo = INFINITY, hi = -INFINITY;
    for (double v : d) {
      if (!std::isnan(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    }
    EXPECT_DOUBLE_EQ(range.min, lo);
    EXPECT_DOUBLE_EQ(range.max, hi);
  }
}

// The world's grid: --projection eqearth alone is the whole world, nx by the outline's aspect.
TEST(ProjectedField, EqEarthOptionsMakeTheWorld) {
  ViewOptionText t;
  t.projection = "eqearth";
  FieldParams p = resolve(t).params;
  EXPECT_DOUBLE_EQ(p.extent, kEqEarthMaxX * kDefaultRadiusKm);
  EXPECT_EQ(p.nx, 1000);
  EXPECT_EQ(p.ny, 487);  // 1 + round(999 * 1.31736 / 2.70663)
  t.size = "2001";
  EXPECT_EQ(resolve(t).params.ny, 974);
  t.size = "300x300";  // both sides typed: as typed
  EXPECT_EQ(resolve(t).params.ny, 300);
  t.extent = "20000";
  EXPECT_TRUE(throws_usage_error_naming([&] { resolve(t); }, "--extent"));
  t.extent = "5000";
  EXPECT_EQ(resolve(t).params.extent, 5000);
  p.extent = kEqEarthMaxX * kDefaultRadiusKm * 1.0001;
  try {
    validate(p);
    ADD_FAILURE() << "eqearth accepted an extent beyond the world";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("for --projection eqearth (the world's half-width"),
              std::string::npos)
        << e.what();
  }
  // The map's centre: the equator on the reference's meridian.
  p.extent = 1000;
  p.ref_lat_deg = 45, p.ref_lon_deg = 190;
  const ProjectedGrid g = projected_grid(p);
  EXPECT_EQ(g.centre.lat_deg, 0);
  EXPECT_EQ(g.centre.lon_deg, -170);
}

TEST(ProjectedField, RangeIsTheExtremesOfTheNodesWithValues) {
  std::vector<FieldParams> cases = aeqd_cases();
  FieldParams seed = projected(Projection::aeqd, 10, 20, 5000, 90, 70);
  seed.formula = Formula::seed;
  cases.push_back(seed);
  FieldParams ortho = projected(Projection::ortho, -40, 60, 3000, 120, 90);
  ortho.lat_min_deg = -60, ortho.lat_max_deg = 0, ortho.lon_min_deg = 0, ortho.lon_max_deg = 90;
  cases.push_back(ortho);
  for (const FieldParams& p : cases) {
    const std::vector<double> d = cpu_field<double>(p);
    double lo = INFINITY, hi = -INFINITY;
    for (double v : d) {
      if (!std::isnan(v)) lo = std::min(lo, v), hi = std::max(hi, v);
    }
    const ValueRange r = field_range(p);
    EXPECT_DOUBLE_EQ(r.min, lo) << to_string(p.projection) << " " << p.extent;
    EXPECT_DOUBLE_EQ(r.max, hi) << to_string(p.projection) << " " << p.extent;
    EXPECT_LE(r.max, kPi * radius_in_units(p) * (1 + 1e-12));
    if (p.projection == Projection::aeqd && p.nx % 2 == 1 && p.ny % 2 == 1) {  // a centre node
      EXPECT_EQ(r.min, 0);
    }
  }
}

TEST(ProjectedField, ExtentIsCheckedWithItsRange) {
  for (const double bad :
       {0.0, -1.0, double(NAN), double(INFINITY), kPi * kDefaultRadiusKm * 1.0001}) {
    FieldParams p = projected(Projection::aeqd, 30, 101, bad, 10, 10);
    EXPECT_TRUE(throws_usage_error_naming([&] { validate(p); }, "--extent")) << bad;
    p.projection = Projection::ortho;
    EXPECT_TRUE(throws_usage_error_naming([&] { validate(p); }, "--extent")) << bad;
  }
  FieldParams p = projected(Projection::ortho, 30, 101, kDefaultRadiusKm * 1.001, 10, 10);
  try {
    validate(p);
    ADD_FAILURE() << "ortho accepted an extent beyond R";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("(0, 6371.0088] for --projection ortho"),
              std::string::npos)
        << e.what();
  }
  p.extent = kDefaultRadiusKm;
  EXPECT_NO_THROW(validate(p));
  p.projection = Projection::aeqd;
  p.extent = kPi * kDefaultRadiusKm;
  EXPECT_NO_THROW(validate(p));
  p.units = Units::m;  // the range follows the unit
  EXPECT_NO_THROW(validate(p));
  p.projection = Projection::latlon;  // latlon has no extent
  p.extent = -5;
  EXPECT_NO_THROW(validate(p));
}

TEST(ProjectedField, OptionsParseTheProjectionAndDefaultTheExtent) {
  ViewOptionText t;
  EXPECT_EQ(resolve(t).params.projection, Projection::latlon);
  t.projection = "aeqd";
  EXPECT_DOUBLE_EQ(resolve(t).params.extent, kPi / 2 * kDefaultRadiusKm);
  t.units = "m";
  EXPECT_DOUBLE_EQ(resolve(t).params.extent, kPi / 2 * kDefaultRadiusKm * 1000);
  t.units.reset();
  t.projection = "ortho";
  EXPECT_DOUBLE_EQ(resolve(t).params.extent, kDefaultRadiusKm);
  t.extent = "2500";
  EXPECT_EQ(resolve(t).params.extent, 2500);
  t.extent = "9000";
  EXPECT_TRUE(throws_usage_error_naming([&] { resolve(t); }, "--extent"));
  t.extent = "ten";
  EXPECT_TRUE(throws_usage_error_naming([&] { resolve(t); }, "--extent"));
  t.projection = "mercator";
  t.extent.reset();
  EXPECT_TRUE(throws_usage_error_naming([&] { resolve(t); }, "--projection"));
  t.projection.reset();
  t.extent = "100";  // latlon takes no extent
  EXPECT_TRUE(throws_usage_error_naming([&] { resolve(t); }, "--extent"));
}

// Every backend computes projected views since issue 12's GPU paths: a projected view takes
// the backend asked for, saying why without naming the projection (the GL and CUDA backends'
// projected fields: tests/gl, tests/gpu).
TEST(ProjectedField, AProjectedViewTakesTheBackendAskedFor) {
  FieldParams p = projected(Projection::aeqd, 30, 101, 1000, 10, 10);
  std::string reason;
  EXPECT_EQ(make_backend_for(BackendChoice::cpu, p, &reason)->name(), "cpu");
  EXPECT_EQ(reason, "backend cpu (asked for)");
}

}  // namespace
}  // namespace geofield
