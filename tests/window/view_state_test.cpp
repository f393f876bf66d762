// The saved view: JSON round trip, broken files reported, and the command line that
// reproduces the view parses back to the same view.
#include "view/view_state.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>
#include <variant>

#include "cli/command_line.h"
#include "cli/startup.h"
#include "errors.h"
#include "field_range.h"
#include "gl/line_color.h"
#include "view/reproduce_command.h"
#include "view/view_math.h"

namespace geofield {
namespace {

ViewState unusual_state() {
  ViewState s;
  s.params.lat_min_deg = -12.25;
  s.params.lat_max_deg = 0.1 + 0.2;  // not a short decimal
  s.params.lon_min_deg = 170.5;
  s.params.lon_max_deg = -170.25;
  s.params.nx = 1234;
  s.params.ny = 567;
  s.params.ref_lat_deg = -5.000000001;
  s.params.ref_lon_deg = 179.9;
  s.params.formula = Formula::seed;
  s.params.units = Units::nm;
  s.params.radius_km = 6378.137;
  s.params.precision = Precision::f64;
  s.params.registration = Registration::pixel;  // Copy as command and the session carry it
  s.backend = BackendChoice::cpu;
  s.colormap = Colormap::turbo;
  s.reverse = true;
  s.auto_range = false;
  s.range_min = 10;
  s.range_max = 1e4 / 3;
  s.contours = true;
  s.contour_interval = 25;
  s.coastlines = false;
  s.borders = true;
  s.line_rgb = 0x12abef;
  s.graticule = false;
  s.marker = false;
  s.follow_window = true;
  return s;
}

TEST(ViewState, JsonRoundTripIsExact) {
  const ViewState s = unusual_state();
  EXPECT_EQ(state_from_json(nlohmann::json::parse(to_json(s).dump())), s);
}

// A projected view's projection and extent survive the file and the copied command line.
ViewState projected_state(Projection kind) {
  ViewState s = unusual_state();
  s.params.projection = kind;
  s.params.extent = kind == Projection::aeqd ? 1234.5678 / 3 : 3000.25;  // nm
  return s;
}

TEST(ViewState, ProjectionAndExtentRoundTrip) {
  for (Projection kind : {Projection::aeqd, Projection::ortho}) {
    const ViewState s = projected_state(kind);
    const ViewState back = state_from_json(nlohmann::json::parse(to_json(s).dump()));
    EXPECT_EQ(back, s);
    EXPECT_EQ(back.params.projection, kind);
    EXPECT_EQ(back.params.extent, s.params.extent);
  }
  // A file without them (older) is a latlon view.
  EXPECT_EQ(state_from_json(nlohmann::json::parse("{}")).params.projection, Projection::latlon);
  // A projected view with a bad extent is refused, naming its key and the window's words.
  nlohmann::json bad = to_json(projected_state(Projection::ortho));
  bad["extent"] = 1e9;
  try {
    state_from_json(bad);
    ADD_FAILURE() << "an extent beyond the sphere was taken";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("'extent': extent must be above 0", 0), 0u) << e.what();
  }
  bad["projection"] = "mercator";
  EXPECT_THROW(state_from_json(bad), UsageError);
}

TEST(ViewState, MissingFieldsKeepDefaults) {
  const ViewState s = state_from_json(nlohmann::json::parse(R"({"nx": 64})"));
  ViewState d;
  d.params.nx = 64;
  EXPECT_EQ(s, d);
}

TEST(ViewState, BadValuesAreReported) {
  EXPECT_THROW(state_from_json(nlohmann::json::parse(R"({"lat_min_deg": 50, "lat_max_deg": 10})")),
               UsageError);
  EXPECT_THROW(state_from_json(nlohmann::json::parse(R"({"units": "furlong"})")), UsageError);
  EXPECT_THROW(state_from_json(nlohmann::json::parse(R"({"nx": "many"})")), UsageError);
  EXPECT_THROW(state_from_json(nlohmann::json::parse(R"([1, 2])")), UsageError);
}

TEST(ViewState, FileRoundTripAndBrokenFile) {
  const std::filesystem::path dir = std::filesystem::path(testing::TempDir()) / "geofield_state";
  std::filesystem::create_directories(dir);
  const ViewState s = unusual_state();
  save_state(dir / "view.json", s);
  EXPECT_EQ(load_state(dir / "view.json"), s);
  std::ofstream(dir / "broken.json") << "{ not json";
  EXPECT_THROW(load_state(dir / "broken.json"), UsageError);
  EXPECT_THROW(load_state(dir / "missing.json"), UsageError);
}

TEST(ViewState, BrokenSessionGivesDefaultsAndAMessage) {
  const std::filesystem::path dir = std::filesystem::path(testing::TempDir()) / "geofield_xdg";
  std::filesystem::create_directories(dir / "geofield");
  std::ofstream(dir / "geofield" / "session.json") << "{\"lat_min_deg\": ";
  ::setenv("XDG_CONFIG_HOME", dir.c_str(), 1);
  EXPECT_EQ(session_path(), dir / "geofield" / "session.json");
  const WindowRequest r = make_window_request(WindowOptionText{}, ViewOptionText{});
  EXPECT_EQ(r.state, first_view());
  ASSERT_EQ(r.startup_messages.size(), 1u);
  EXPECT_NE(r.startup_messages[0].find("not restored"), std::string::npos);
  // A good session is restored, and typed options win over it.
  save_state(dir / "geofield" / "session.json", unusual_state());
  ViewOptionText typed;
  typed.units = "mi";
  const WindowRequest r2 = make_window_request(WindowOptionText{}, typed);
  ViewState want = unusual_state();
  want.params.units = Units::mi;
  EXPECT_EQ(r2.state, want);
  EXPECT_TRUE(r2.startup_messages.empty());
  ::unsetenv("XDG_CONFIG_HOME");
}

// The render command's line overlays, as parse_back() reads them.
struct LinesParsed {
  bool coastlines = false, borders = false;
  std::string line_color;
};

// Splits the command on spaces (it has no quoting) and parses it as the program would.
ViewOptions parse_back(const std::string& command, LinesParsed* lines = nullptr) {
  std::istringstream in(command);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  EXPECT_GE(words.size(), 2u);
  EXPECT_EQ(words[0], "geofield");
  EXPECT_EQ(words[1], "render");
  const CommandLine parsed = parse_command_line(words);
  const RenderRequest& r = std::get<RenderRequest>(parsed);
  if (lines) {
    lines->coastlines = r.coastlines;
    lines->borders = r.borders;
    lines->line_color = rgb_hex(r.line_rgb);
  }
  return r.view;
}

TEST(ReproduceCommand, ParsesBackToTheSameView) {
  ViewState s = unusual_state();
  const ViewOptions o = parse_back(render_command_line(s));
  EXPECT_EQ(o.params, s.params);
  EXPECT_EQ(o.colormap, s.colormap);
  EXPECT_EQ(o.reverse, s.reverse);
  ASSERT_TRUE(o.fixed_range.has_value());
  EXPECT_EQ(o.fixed_range->first, s.range_min);
  EXPECT_EQ(o.fixed_range->second, s.range_max);

  const ViewState d;
  LinesParsed lines;
  const ViewOptions od = parse_back(render_command_line(d), &lines);
  EXPECT_EQ(od.params, d.params);
  EXPECT_FALSE(od.fixed_range.has_value());
  EXPECT_TRUE(lines.coastlines);  // on by default in the window
  EXPECT_FALSE(lines.borders);
  EXPECT_EQ(lines.line_color, "ffffff");
}

// Copy as command writes the figure the Export panel makes: its file, width and style parse
// back as render reads them, beside the raw map.
TEST(ReproduceCommand, CarriesTheWindowsFigure) {
  const ViewState s = unusual_state();
  const std::string line =
      render_command_line(s, "m.png", "c.csv", FigureCommand{"f.png", 2400, "dark"});
  std::istringstream in(line);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  const RenderRequest r = std::get<RenderRequest>(parse_command_line(words));
  EXPECT_EQ(r.view.params, s.params);
  EXPECT_EQ(r.figure_width, 2400);
  EXPECT_EQ(r.figure_style.preset, FigurePreset::dark);
  EXPECT_EQ(r.figure_dpi, 96);  // the dark preset's, as the window's figure takes it
  EXPECT_TRUE(r.outputs[OutputId::figure]);
  EXPECT_TRUE(r.outputs[OutputId::png]);
  EXPECT_EQ(render_command_line(s).find("--figure"), std::string::npos);
}

TEST(ReproduceCommand, CarriesCoastlinesBordersAndTheirColour) {
  LinesParsed lines;
  parse_back(render_command_line(unusual_state()), &lines);
  EXPECT_FALSE(lines.coastlines);
  EXPECT_TRUE(lines.borders);
  EXPECT_EQ(lines.line_color, "12abef");
  ViewState off;
  off.coastlines = off.borders = false;
  EXPECT_EQ(render_command_line(off).find("--line-color"), std::string::npos);
}

TEST(ReproduceCommand, CarriesTheProjection) {
  for (Projection kind : {Projection::aeqd, Projection::ortho}) {
    const ViewState s = projected_state(kind);
    EXPECT_EQ(parse_back(render_command_line(s)).params, s.params);
  }
  EXPECT_EQ(render_command_line(ViewState{}).find("--projection"), std::string::npos);
}

TEST(ViewState, ThemeRoundTripsAndIsChecked) {
  ViewState s;
  s.theme = Theme::light;
  EXPECT_EQ(state_from_json(to_json(s)).theme, Theme::light);
  EXPECT_EQ(to_json(s)["theme"], "light");
  EXPECT_EQ(state_from_json(nlohmann::json::object()).theme, Theme::dark);  // older files
  EXPECT_THROW(state_from_json(nlohmann::json{{"theme", "sepia"}}), UsageError);
}

// Issue 30: the panel's width and "fill the window" are saved; a width outside 240..900 is
// refused with its range; older files get the defaults (340, filling).
TEST(ViewState, PanelWidthAndFillRoundTripAndAreChecked) {
  ViewState s;
  s.panel_width = 420;
  s.fill_window = false;
  const ViewState back = state_from_json(to_json(s));
  EXPECT_EQ(back.panel_width, 420);
  EXPECT_FALSE(back.fill_window);
  const ViewState old = state_from_json(nlohmann::json::object());
  EXPECT_EQ(old.panel_width, 340);
  EXPECT_TRUE(old.fill_window);
  try {
    state_from_json(nlohmann::json{{"panel_width", 100}});
    FAIL() << "a 100-pixel panel was taken";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("panel_width"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("240"), std::string::npos) << e.what();
  }
  EXPECT_THROW(state_from_json(nlohmann::json{{"panel_width", 400.5}}), UsageError);
  EXPECT_THROW(state_from_json(nlohmann::json{{"fill_window", 1}}), UsageError);
}

// The first view reads as a distance field: the reference well inside the map, rings on.
TEST(ViewState, FirstViewHasTheReferenceInsideAndRings) {
  const ViewState s = first_view();
  const FieldParams& p = s.params;
  EXPECT_NO_THROW(validate(p));
  EXPECT_TRUE(s.contours);
  EXPECT_TRUE(s.marker);
  const double lat_t = (p.ref_lat_deg - p.lat_min_deg) / (p.lat_max_deg - p.lat_min_deg);
  const double lon_t = (p.ref_lon_deg - p.lon_min_deg) / (p.lon_max_deg - p.lon_min_deg);
  EXPECT_GT(lat_t, 0.25);
  EXPECT_LT(lat_t, 0.75);
  EXPECT_GT(lon_t, 0.25);
  EXPECT_LT(lon_t, 0.75);
}

// Typed options override the saved session, overlays included, and --numba-case is the
// original answer's grid.
TEST(StartupOptions, OverlaysAndTheNumbaCaseOverrideTheSession) {
  ViewState s = first_view();
  ViewOptionText t;
  t.contours = "100";
  t.no_graticule = true;
  t.borders = true;
  t.line_color = "ff0000";
  t.colormap = "magma";
  apply_typed_options(t, resolve(t), &s);
  EXPECT_TRUE(s.contours);
  EXPECT_EQ(s.contour_interval, 100);
  EXPECT_FALSE(s.graticule);
  EXPECT_TRUE(s.borders);
  EXPECT_TRUE(s.coastlines);  // not typed: as it was
  EXPECT_EQ(s.line_rgb, 0xff0000u);
  EXPECT_EQ(s.colormap, Colormap::magma);
  ViewOptionText n;
  n.numba_case = true;
  n.size = "500x400";
  ViewState s2 = first_view();
  apply_typed_options(n, resolve(n), &s2);
  FieldParams want = numba_case();
  want.nx = 500, want.ny = 400;
  EXPECT_EQ(s2.params, want);
  EXPECT_EQ(want.formula, Formula::seed);
  EXPECT_EQ(want.lat_min_deg, 29.0);
  EXPECT_EQ(want.lon_max_deg, 101.0);
}

TEST(ViewState, BadLineColourIsRefused) {
  EXPECT_THROW(state_from_json(nlohmann::json::parse(R"({"line_color": "red"})")), UsageError);
  EXPECT_EQ(state_from_json(nlohmann::json::parse(R"({"line_color": "#00FF80"})")).line_rgb,
            0x00ff80u);
}

TEST(ReproduceCommand, ExactNumbers) {
  EXPECT_EQ(exact_number(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(exact_number(-170.25), "-170.25");
  EXPECT_EQ(std::strtod(exact_number(1e4 / 3).c_str(), nullptr), 1e4 / 3);
}

}  // namespace
}  // namespace geofield

namespace geofield {
namespace {

// "Lock range": with the range automatic the fixed range follows the field shown; once locked
// (automatic off), panning and zooming change the field's range but not the colour scale, and
// the lock is saved and restored as a fixed range.
TEST(LockRange, KeepsTheRangeShownWhilePanningAndZooming) {
  ViewState s;  // 29:31, 99:101 around the reference (30, 101)
  const MapRect r{0, 0, 800, 600};
  const ValueRange before = field_range(s.params);
  follow_shown_range(&s, before.min, before.max);
  EXPECT_EQ(s.range_min, before.min);
  EXPECT_EQ(s.range_max, before.max);
  EXPECT_LT(before.min, 1.0);  // the reference is in the view, next to a node
  const double far = std::max(haversine_distance(30, 101, 29, 99, kDefaultRadiusKm),
                              haversine_distance(30, 101, 31, 99, kDefaultRadiusKm));
  EXPECT_NEAR(before.max, far, 1e-6);  // the far corner

  ASSERT_TRUE(lock_range(&s, s.range_min, s.range_max));
  EXPECT_FALSE(s.auto_range);
  pan(&s.params, r, 300, -200);
  zoom_about(&s.params, r, 0.5, 400, 300);
  const ValueRange after = field_range(s.params);
  ASSERT_GT(std::fabs(after.min - before.min), 10.0);  // the view moved: another range
  follow_shown_range(&s, after.min, after.max);        // as every frame does
  EXPECT_EQ(s.range_min, before.min);
  EXPECT_EQ(s.range_max, before.max);

  const ViewState back = state_from_json(to_json(s));
  EXPECT_FALSE(back.auto_range);
  EXPECT_EQ(back.range_min, before.min);
  EXPECT_EQ(back.range_max, before.max);

  s.auto_range = true;  // unlocked: the scale follows the view again
  follow_shown_range(&s, after.min, after.max);
  EXPECT_EQ(s.range_min, after.min);
  EXPECT_EQ(s.range_max, after.max);
}

TEST(LockRange, ARangeThatCannotBeAScaleIsNotTaken) {
  ViewState s;
  s.range_min = 12;
  s.range_max = 345;
  follow_shown_range(&s, 7, 7);  // a constant field
  follow_shown_range(&s, std::nan(""), 10);
  follow_shown_range(&s, 0, std::numeric_limits<double>::infinity());
  EXPECT_EQ(s.range_min, 12);
  EXPECT_EQ(s.range_max, 345);
  EXPECT_NO_THROW(state_from_json(to_json(s)));  // the session stays loadable
  EXPECT_FALSE(lock_range(&s, 7, 7));
  EXPECT_FALSE(lock_range(&s, 9, 8));
  EXPECT_TRUE(s.auto_range);
  EXPECT_EQ(s.range_min, 12);
}

}  // namespace
}  // namespace geofield
