// Pixel registration (--registration pixel) and grids by cell size (--step): the cells' centres
// exactly where the formula puts them (0.25-degree cells to the last bit), node registration
// unchanged, the step's arithmetic and refusals, and values at the centres against GeographicLib.
#include <gtest/gtest.h>

#include <GeographicLib/Geodesic.hpp>
#include <cmath>
#include <string>

#include "cli/view_options.h"
#include "compute/cpu_field.h"
#include "field_math.h"
#include "field_params.h"
#include "usage_error_matchers.h"

namespace geofield {
namespace {

FieldParams global_quarter_degree() {
  FieldParams p;
  p.lat_min_deg = -90, p.lat_max_deg = 90, p.lon_min_deg = -180, p.lon_max_deg = 180;
  p.nx = 1440, p.ny = 720;
  p.registration = Registration::pixel;
  return p;
}

TEST(PixelRegistration, QuarterDegreeCellCentresAreExact) {
  const GridGeometry g = grid_geometry(global_quarter_degree());
  EXPECT_EQ(g.lon_step_deg, 0.25);
  EXPECT_EQ(g.lat_step_deg, 0.25);
  for (int j = 0; j < 1440; ++j) {
    ASSERT_EQ(node_lon_deg(g, j), -180.0 + 0.25 * j + 0.125) << "column " << j;
  }
  for (int i = 0; i < 720; ++i) {
    ASSERT_EQ(node_lat_deg(g, i), 90.0 - 0.25 * i - 0.125) << "row " << i;
  }
  EXPECT_EQ(g.north_polar0_deg, 0.125);  // the first row is half a cell from the pole
  EXPECT_EQ(g.south_polar0_deg, 0.125);
}

TEST(PixelRegistration, CentresOfAnyCellSizeWithinRounding) {
  FieldParams p;
  p.lat_min_deg = 10, p.lat_max_deg = 20, p.lon_min_deg = 170, p.lon_max_deg = -170;  // across 180
  p.nx = 200, p.ny = 100;  // 0.1-degree cells
  p.registration = Registration::pixel;
  const GridGeometry g = grid_geometry(p);
  for (int j : {0, 1, 99, 199}) EXPECT_NEAR(node_lon_deg(g, j), 170 + 0.1 * (j + 0.5), 1e-12);
  for (int i : {0, 50, 99}) EXPECT_NEAR(node_lat_deg(g, i), 20 - 0.1 * (i + 0.5), 1e-12);
}

TEST(PixelRegistration, NodeRegistrationIsUnchanged) {
  FieldParams p;
  p.lat_min_deg = -10, p.lat_max_deg = 10, p.lon_min_deg = 170, p.lon_max_deg = -170;
  p.nx = 41, p.ny = 21;
  const GridGeometry a = grid_geometry(p);
  const GridGeometry b = make_grid_geometry(-10, 10, 170, -170, 41, 21, p.ref_lat_deg,
                                            p.ref_lon_deg, p.formula, p.units, p.radius_km);
  EXPECT_EQ(a.lat_max_deg, 10.0);
  EXPECT_EQ(a.lon_min_deg, 170.0);
  EXPECT_EQ(a.lat_step_deg, 20.0 / 20);
  EXPECT_EQ(a.lon_step_deg, 20.0 / 40);
  EXPECT_EQ(a.lat_step_deg, b.lat_step_deg);
  EXPECT_EQ(a.south_polar0_deg, 80.0);
}

TEST(PixelRegistration, ProjectedCellsAreTwoExtentOverN) {
  FieldParams p;
  p.projection = Projection::aeqd;
  p.extent = 1000;
  p.nx = 100, p.ny = 50;
  EXPECT_DOUBLE_EQ(projected_grid(p).step, 2000.0 / 99);
  EXPECT_DOUBLE_EQ(projected_half_height(p), 49 * 1000.0 / 99);
  p.registration = Registration::pixel;
  const ProjectedGrid g = projected_grid(p);
  EXPECT_EQ(g.step, 20.0);
  EXPECT_EQ(projected_node_x<double>(g, 0), -990.0);  // the first cell's centre
  EXPECT_EQ(projected_node_x<double>(g, 99), 990.0);
  EXPECT_EQ(projected_node_y<double>(g, 0), 490.0);
  EXPECT_EQ(projected_half_height(p), 500.0);
}

// The field at cell centres against GeographicLib's great circle (a sphere: f = 0).
TEST(PixelRegistration, ValuesAtCellCentresMatchGeographicLib) {
  FieldParams p = global_quarter_degree();
  p.nx = 1440 / 8, p.ny = 720 / 8;  // 2-degree cells: the same arithmetic, fewer nodes
  p.ref_lat_deg = 51.4779, p.ref_lon_deg = -0.0015;
  p.precision = Precision::f64;
  CpuField f;
  compute_cpu_field(FieldRequest::of_reference(p), &f);
  const GeographicLib::Geodesic sphere(p.radius_km * 1000.0, 0);
  for (const auto [i, j] : {std::pair{0, 0}, {44, 89}, {45, 90}, {89, 179}, {10, 170}}) {
    const double lat = 90 - 2.0 * (i + 0.5), lon = -180 + 2.0 * (j + 0.5);
    double s12 = 0;
    sphere.Inverse(p.ref_lat_deg, p.ref_lon_deg, lat, lon, s12);
    EXPECT_NEAR(f.f64[std::size_t(i) * p.nx + j], s12 / 1000.0, 1e-7) << i << ", " << j;
  }
}

TEST(GridStep, SidesOfAStep) {
  EXPECT_EQ(side_for_step(360, 0.25, Registration::pixel, kMaxGridSide, "longitude").side, 1440);
  EXPECT_EQ(side_for_step(360, 0.25, Registration::node, kMaxGridSide, "longitude").side, 1441);
  EXPECT_EQ(side_for_step(180, 0.1, Registration::pixel, kMaxGridSide, "latitude").side, 1800);
  EXPECT_EQ(side_for_step(2, 1.0 / 3, Registration::node, kMaxGridSide, "latitude").side, 7);
}

TEST(GridStep, AStepThatDoesNotDivideNamesTheNearestSizes) {
  const StepSide s = side_for_step(360, 0.7, Registration::pixel, kMaxGridSide, "longitude");
  EXPECT_EQ(s.side, 0);
  EXPECT_EQ(s.problem,
            "--step: 0.7 degrees over the longitude span 360 (pixel registration) is not a whole "
            "number of cells (514.2857143); the nearest: 514 (step 0.7003891051), 515 (step "
            "0.6990291262); or give --size");
}

TEST(GridStep, StepsOutsideTheSidesAreRefusedWithTheirRange) {
  const StepSide tiny = side_for_step(360, 1e-4, Registration::pixel, kMaxGridSide, "longitude");
  EXPECT_NE(tiny.problem.find("gives 3600000 nodes a side, outside [2, 1048576]"),
            std::string::npos)
      << tiny.problem;
  const StepSide big = side_for_step(10, 10, Registration::pixel, kMaxGridSide, "latitude");
  EXPECT_NE(big.problem.find("gives 1 nodes a side, outside [2, 1048576]: the step must be from"),
            std::string::npos)
      << big.problem;
  EXPECT_EQ(side_for_step(10, 0, Registration::node, kMaxGridSide, "latitude").problem,
            "--step: must be a number of degrees above 0 (got 0)");
  EXPECT_EQ(side_for_step(10, -1, Registration::node, kMaxGridSide, "latitude").side, 0);
}

TEST(GridStep, ResolveTakesStepAndRegistration) {
  ViewOptionText t;
  t.lat = "-90:90";
  t.lon = "-180:180";
  t.step = "0.25";
  t.registration = "pixel";
  const FieldParams p = resolve(t).params;
  EXPECT_EQ(p.nx, 1440);
  EXPECT_EQ(p.ny, 720);
  EXPECT_EQ(p.registration, Registration::pixel);
  t.step = "0.5x0.25";  // x first, as --size
  EXPECT_EQ(resolve(t).params.nx, 720);
  EXPECT_EQ(resolve(t).params.ny, 720);
  t.registration.reset();
  EXPECT_EQ(resolve(t).params.nx, 721);  // node: one node more than cells
  EXPECT_EQ(resolve(t).params.ny, 721);
}

TEST(GridStep, ResolveRefusals) {
  using test::throws_usage_error_naming;
  ViewOptionText t;
  t.lat = "-90:90";
  t.lon = "-180:180";
  t.step = "0.25";
  t.size = "10x10";
  EXPECT_TRUE(throws_usage_error_naming([&] { resolve(t); }, "--size and --step"));
  t.size.reset();
  t.step = "0.7";
  EXPECT_TRUE(throws_usage_error_naming([&] { resolve(t); }, "--step"));
  t.step = "abc";
  EXPECT_TRUE(throws_usage_error_naming([&] { resolve(t); }, "--step"));
  t.step = "";
  EXPECT_TRUE(throws_usage_error_naming([&] { resolve(t); }, "--step"));
  t.step = "0.25";
  t.registration = "cell";
  EXPECT_TRUE(throws_usage_error_naming([&] { resolve(t); }, "--registration"));
  t.registration = "pixel";
  t.projection = "aeqd";
  EXPECT_TRUE(throws_usage_error_naming([&] { resolve(t); }, "--step"));
}

}  // namespace
}  // namespace geofield
