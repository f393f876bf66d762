// The wgs84 formula in the window's model: the hover readout's value and bearing and the measure
// tool's distance against GeographicLib (and equal to the field at a node); the backend a view
// asks for; the session start-up (a saved gl backend gives way to auto, a projected map keeps its
// angle when its sphere changes); the reproducing command line parses back to the same view.
#include <gtest/gtest.h>
#include <unistd.h>

#include <GeographicLib/Geodesic.hpp>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <sstream>
#include <variant>
#include <vector>

#include "backends/cpu_backend.h"
#include "cli/command_line.h"
#include "cli/startup.h"
#include "startup_fixture.h"
#include "view/field_measures.h"
#include "view/great_circle.h"
#include "view/reproduce_command.h"
#include "view/view_state.h"

namespace geofield {
namespace {

double angle_diff_deg(double a, double b) { return std::fabs(std::remainder(a - b, 360.0)); }

FieldParams wgs84_view() {
  FieldParams p;
  p.formula = Formula::wgs84;
  return p;
}

TEST(FieldMeasures, Wgs84IsGeographicLibsGeodesic) {
  const GeographicLib::Geodesic& oracle = GeographicLib::Geodesic::WGS84();
  std::mt19937_64 rng(15);
  std::uniform_real_distribution<double> lat(-90, 90), lon(-180, 180);
  FieldParams p = wgs84_view();
  for (Units u : {Units::km, Units::m, Units::nm, Units::mi}) {
    p.units = u;
    for (int n = 0; n < 2000; ++n) {
      const GeoPoint a{lat(rng), lon(rng)}, b{lat(rng), lon(rng)};
      double s = 0, azi1 = 0, azi2 = 0;
      oracle.Inverse(a.lat_deg, a.lon_deg, b.lat_deg, b.lon_deg, s, azi1, azi2);
      ASSERT_NEAR(distance_between(p, a, b) * metres_per_unit(u), s, 1e-7);
      const double bearing = bearing_between(p, a, b);
      ASSERT_GE(bearing, 0.0);
      ASSERT_LT(bearing, 360.0);
      ASSERT_LT(angle_diff_deg(bearing, azi1), 1e-9) << a.lat_deg << "," << a.lon_deg;
      p.ref_lat_deg = a.lat_deg, p.ref_lon_deg = a.lon_deg;
      ASSERT_EQ(field_value_at(p, b), distance_between(p, a, b));
    }
  }
  EXPECT_EQ(bearing_between(p, {10, 20}, {10, 20}), 0.0);  // coincident: defined as 0
  EXPECT_NEAR(bearing_between(p, {0, 0}, {0, 1}), 90, 1e-12);
  EXPECT_NEAR(bearing_between(p, {0, 0}, {-1, 0}), 180, 1e-12);
}

TEST(FieldMeasures, OtherFormulasKeepTheSphere) {
  FieldParams p;
  p.radius_km = 1737.4;
  const GeoPoint a{30, 101}, b{-12, 40};
  EXPECT_EQ(distance_between(p, a, b), great_circle_distance(a, b, 1737.4));
  EXPECT_EQ(bearing_between(p, a, b), initial_bearing_deg(a, b));
  p.formula = Formula::seed;  // the measure tool's distance is the great circle's; the value seed's
  EXPECT_EQ(distance_between(p, a, b), great_circle_distance(a, b, 1737.4));
  p.ref_lat_deg = a.lat_deg, p.ref_lon_deg = a.lon_deg;
  EXPECT_EQ(field_value_at(p, b), seed_value(a.lat_deg, a.lon_deg, b.lat_deg, b.lon_deg, 1737.4));
}

// The hover readout at a node reads what the field holds there.
TEST(FieldMeasures, HoverAtANodeIsTheFieldThere) {
  FieldParams p = wgs84_view();
  p.lat_min_deg = -60, p.lat_max_deg = 70, p.lon_min_deg = 170, p.lon_max_deg = -100;
  p.nx = 41, p.ny = 27;
  p.ellipsoid_a_km = 3396.19, p.ellipsoid_inv_f = 169.894;
  p.units = Units::m;
  std::vector<double> field(static_cast<size_t>(node_count(p)));
  compute_field_on_cpu<double>(p, field.data());
  const GridGeometry g = grid_geometry(p);
  for (int i = 0; i < p.ny; i += 3) {
    for (int j = 0; j < p.nx; j += 4) {
      const double v = field_value_at(p, {node_lat_deg(g, i), node_lon_deg(g, j)});
      EXPECT_NEAR(v, field[static_cast<size_t>(i) * p.nx + j], 1e-7) << i << "," << j;
    }
  }
}

TEST(BackendView, FollowsTheProjectionAndWhetherTheFormulaIsWgs84) {
  FieldParams p;
  const BackendView haversine = backend_view_of(p);
  p.formula = Formula::seed;
  EXPECT_EQ(backend_view_of(p), haversine);
  p.formula = Formula::wgs84;
  EXPECT_NE(backend_view_of(p), haversine);
  p.formula = Formula::haversine;
  p.projection = Projection::aeqd;
  EXPECT_NE(backend_view_of(p), haversine);
}

class Wgs84Startup : public test::StartupTest {
 protected:
  void save(const ViewState& s) { save_state(dir_ / "geofield" / "session.json", s); }
};

TEST_F(Wgs84Startup, ASavedGlBackendGivesWayToAutoWithAMessage) {
  ViewState s;
  s.params = wgs84_view();
  s.backend = BackendChoice::gl;
  save(s);
  const WindowRequest r = make_window_request(WindowOptionText{}, ViewOptionText{});
  EXPECT_EQ(r.state.backend, BackendChoice::automatic);
  ASSERT_EQ(r.startup_messages.size(), 1u);
  EXPECT_NE(r.startup_messages[0].find("wgs84"), std::string::npos) << r.startup_messages[0];
  // Typed, gl stays: the window then says why it cannot draw the view.
  ViewOptionText typed;
  typed.backend = "gl";
  EXPECT_EQ(make_window_request(WindowOptionText{}, typed).state.backend, BackendChoice::gl);
  // Typed with the formula: the same.
  s.params.formula = Formula::haversine;
  save(s);
  ViewOptionText formula;
  formula.formula = "wgs84";
  const WindowRequest r2 = make_window_request(WindowOptionText{}, formula);
  EXPECT_EQ(r2.state.params.formula, Formula::wgs84);
  EXPECT_EQ(r2.state.backend, BackendChoice::automatic);
}

TEST_F(Wgs84Startup, AProjectedMapKeepsItsAngleWhenItsSphereChanges) {
  ViewState s;
  s.params.projection = Projection::aeqd;
  s.params.extent = max_extent(s.params);  // pi x 6371.0088 km: beyond wgs84's pi x 6371.00877
  save(s);
  ViewOptionText typed;
  typed.formula = "wgs84";
  WindowRequest r = make_window_request(WindowOptionText{}, typed);
  EXPECT_NO_THROW(validate(r.state.params));
  EXPECT_DOUBLE_EQ(r.state.params.extent, max_extent(r.state.params));
  typed.ellipsoid = "3396.19,169.894";  // Mars: the whole disc still
  r = make_window_request(WindowOptionText{}, typed);
  EXPECT_DOUBLE_EQ(r.state.params.extent, max_extent(r.state.params));
  typed.projection = "aeqd";  // typed: the projection's own default extent
  r = make_window_request(WindowOptionText{}, typed);
  EXPECT_DOUBLE_EQ(r.state.params.extent, default_extent(r.state.params));
}

TEST(Wgs84ReproduceCommand, ParsesBackToTheSameView) {
  ViewState s;
  s.params = wgs84_view();
  s.params.ellipsoid_a_km = 1738.1;
  s.params.ellipsoid_inv_f = 827.667;
  s.params.projection = Projection::ortho;
  s.params.extent = 500;  // nm, within the Moon's radius (938 nm)
  s.params.units = Units::nm;
  std::istringstream in(render_command_line(s, "a.png"));
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  const CommandLine parsed = parse_command_line(words);
  EXPECT_EQ(std::get<RenderRequest>(parsed).view.params, s.params);
}

}  // namespace
}  // namespace geofield
