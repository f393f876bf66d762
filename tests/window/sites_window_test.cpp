// Issue 28 in the window's model, without a display: opening sites (a file, a built-in name, a
// file of single points as centres), refused in one line on a view that cannot take them, the
// view's centres and sites never both, every edit one undo step; the saved view's reference to
// the sites (read again on restore, a changed file a note); the hover's nearest feature (a line
// along the equator: 10 degrees north of it is 1111.95 km away, bearing 180); the drawn
// polylines (great-circle pieces, broken at the antimeridian); `geofield --sites/--signed`;
// "Copy as command".
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "cli/command_line.h"
#include "cli/render_command.h"
#include "cli/startup.h"
#include "errors.h"
#include "sites/sites_file.h"
#include "startup_fixture.h"
#include "view/centre_edits.h"
#include "view/centre_palette.h"
#include "view/marked_sites.h"
#include "view/reproduce_command.h"
#include "view/site_edits.h"
#include "view/site_lookup.h"
#include "view/site_polylines.h"
#include "view/view_history.h"
#include "view/view_state.h"

namespace geofield {
namespace {

constexpr double kMeanRadiusKm = 6371.0088;  // FieldParams' default sphere
constexpr double kKmPerDeg = kMeanRadiusKm * 3.14159265358979323846 / 180;

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

using test::temp_path;

// A line along the equator named "Equator" from 10W to 10E, a 2 x 2 degree square about
// (30N, 20E) (unnamed: "feature 1") and a MultiPoint of two points.
constexpr const char* kShapes = R"({"type": "FeatureCollection", "features": [
  {"type": "Feature", "properties": {"name": "Equator"},
   "geometry": {"type": "LineString", "coordinates": [[-10, 0], [10, 0]]}},
  {"type": "Feature", "properties": {},
   "geometry": {"type": "Polygon", "coordinates": [[[19, 29], [21, 29], [21, 31], [19, 31], [19, 29]]]}},
  {"type": "Feature", "properties": {"name": "pair"},
   "geometry": {"type": "MultiPoint", "coordinates": [[-60, -40], [-50, -45]]}}]})";

ShapesPtr test_shapes() {
  return std::make_shared<const SiteShapes>(parse_sites_geojson(kShapes, "test"));
}

ViewState world_view() {
  ViewState s = first_view();
  s.params.lat_min_deg = -80;
  s.params.lat_max_deg = 80;
  s.params.lon_min_deg = -180;
  s.params.lon_max_deg = 180;
  s.params.nx = 72;
  s.params.ny = 32;
  return s;
}

SitesSource file_source(const std::string& path, std::size_t n) {
  return SitesSource{path, 1, 2, n};
}

// --- the hover's nearest feature ---

TEST(SiteLookup, TenDegreesNorthOfAnEquatorLineIs1111KmBearingSouth) {
  SiteLookup lookup;
  const FieldParams p = world_view().params;
  const std::optional<NearestSite> n = lookup.nearest(p, test_shapes(), false, {10, 3});
  ASSERT_TRUE(n);
  EXPECT_EQ(n->index, 0u);
  EXPECT_NEAR(n->distance, 10 * kKmPerDeg, 1e-6);  // 1111.9508 km
  EXPECT_NEAR(n->distance, 1111.95, 0.01);
  EXPECT_NEAR(n->bearing_deg, 180, 1e-4);
  // South of it: north; beyond its east end (12E) the end itself is nearest.
  const std::optional<NearestSite> s = lookup.nearest(p, test_shapes(), false, {-5, 0});
  ASSERT_TRUE(s);
  EXPECT_NEAR(s->distance, 5 * kKmPerDeg, 1e-6);
  EXPECT_NEAR(s->bearing_deg, 0, 1e-4);
  const std::optional<NearestSite> e = lookup.nearest(p, test_shapes(), false, {0, 12});
  ASSERT_TRUE(e);
  EXPECT_NEAR(e->distance, 2 * kKmPerDeg, 1e-6);
  EXPECT_NEAR(e->bearing_deg, 270, 1e-4);
  // In nautical miles: the view's unit.
  FieldParams nm = p;
  nm.units = Units::nm;
  nm.radius_km = kMeanRadiusKm;
  const std::optional<NearestSite> m = lookup.nearest(nm, test_shapes(), false, {10, 3});
  ASSERT_TRUE(m);
  EXPECT_NEAR(m->distance, 10 * kKmPerDeg / 1.852, 1e-6);
}

TEST(SiteLookup, InsideAPolygonIsZeroOrSignedMinusTheBoundary) {
  SiteLookup lookup;
  const FieldParams p = world_view().params;
  const std::optional<NearestSite> in = lookup.nearest(p, test_shapes(), false, {30, 20});
  ASSERT_TRUE(in);
  EXPECT_EQ(in->index, 1u);
  EXPECT_EQ(in->distance, 0);
  EXPECT_TRUE(std::isnan(in->bearing_deg));
  EXPECT_EQ(site_label(*test_shapes(), in->index), "feature 1");
  // Signed: minus the distance to the nearest edge. At (30.5N, 20E) the north edge (31N, the
  // great circle through its corners, which bulges north between them) is nearest; it lies
  // within 0.01 degree of the parallel there.
  const std::optional<NearestSite> sg = lookup.nearest(p, test_shapes(), true, {30.5, 20});
  ASSERT_TRUE(sg);
  EXPECT_EQ(sg->index, 1u);
  EXPECT_LT(sg->distance, -0.5 * kKmPerDeg);
  EXPECT_GT(sg->distance, -0.52 * kKmPerDeg);
  // North, in [0, 360): the float bearing's 360 is taken as 0.
  EXPECT_GE(sg->bearing_deg, 0);
  EXPECT_LT(sg->bearing_deg, 360);
  EXPECT_NEAR(std::remainder(sg->bearing_deg, 360.0), 0, 1e-4);
  // The MultiPoint's nearer point, by its name.
  const std::optional<NearestSite> pt = lookup.nearest(p, test_shapes(), false, {-40, -61});
  ASSERT_TRUE(pt);
  EXPECT_EQ(site_label(*test_shapes(), pt->index), "pair");
  EXPECT_NEAR(pt->bearing_deg, 90, 1);
  // No sites, or a formula that measures no lines: nothing.
  EXPECT_FALSE(lookup.nearest(p, nullptr, false, {0, 0}));
  FieldParams wgs = p;
  wgs.formula = Formula::wgs84;
  EXPECT_FALSE(lookup.nearest(wgs, test_shapes(), false, {10, 3}));
}

TEST(SiteLookup, NearThePolesAndTheAntimeridian) {
  SiteLookup lookup;
  const FieldParams p = world_view().params;
  const std::optional<NearestSite> s =
      lookup.nearest(p, test_shapes(), false, {-89.9995, 179.9995});
  ASSERT_TRUE(s);
  EXPECT_TRUE(std::isfinite(s->distance));
  // The north pole: the square's north edge is nearest, a little less than 59 degrees away
  // (its great circle bulges north of 31N between the corners), bearing along 20E: south.
  const std::optional<NearestSite> n = lookup.nearest(p, test_shapes(), false, {90, -180});
  ASSERT_TRUE(n);
  EXPECT_EQ(n->index, 1u);
  EXPECT_LT(n->distance, 59 * kKmPerDeg);
  EXPECT_GT(n->distance, 58.99 * kKmPerDeg);
}

// --- the drawn lines ---

TEST(SitePolylines, ArcsAreSampledAndBrokenAtTheAntimeridian) {
  // A 20-degree arc across the antimeridian: two polylines, 170E..180 and -180..170W.
  const SiteShapes across =
      parse_sites_geojson(R"({"type": "LineString", "coordinates": [[170, 0], [-170, 0]]})", "t");
  const SitePolylines a = site_polylines(across);
  ASSERT_EQ(a.starts.size(), 3u);
  const LineSet set = a.as_line_set();
  EXPECT_EQ(set.polylines(), 2u);
  EXPECT_EQ(a.lonlat[0], 170.0f);
  EXPECT_EQ(a.lonlat[2 * (a.starts[1] - 1)], 180.0f);
  EXPECT_EQ(a.lonlat[2 * a.starts[1]], -180.0f);
  EXPECT_EQ(a.lonlat[2 * (a.starts[2] - 1)], -170.0f);
  for (std::size_t k = 0; k < a.lonlat.size(); k += 2) {
    EXPECT_LE(std::fabs(a.lonlat[k]), 180.0f);
    EXPECT_NEAR(a.lonlat[k + 1], 0, 1e-5);
  }
  // A 40-degree meridian arc: 40 pieces of a degree; a ring comes back to its start.
  const SitePolylines m = site_polylines(
      parse_sites_geojson(R"({"type": "LineString", "coordinates": [[5, -20], [5, 20]]})", "t"));
  EXPECT_EQ(m.lonlat.size() / 2, 41u);
  const SitePolylines r = site_polylines(*test_shapes());
  // The line (20 pieces), the square's ring (4 edges of 2 degrees, closed), no points.
  ASSERT_EQ(r.starts.size(), 3u);
  EXPECT_EQ(r.starts[1], 21u);
  const std::size_t last = r.starts[2] - 1;
  EXPECT_EQ(r.lonlat[2 * r.starts[1]], r.lonlat[2 * last]);
  EXPECT_EQ(r.lonlat[2 * r.starts[1] + 1], r.lonlat[2 * last + 1]);
}

// --- edits ---

// What a picture or figure of sites shows beyond the field (render's and the window's): each
// point of a point feature marked in its feature's colour, lines and polygons not; the title's
// words; a set of points marks every point.
TEST(MarkedSites, PointFeaturesAreMarkedInTheirFeaturesColour) {
  const SiteSet s = SiteSet::shapes(std::make_shared<const SiteShapes>(parse_sites_geojson(
      R"({"type":"FeatureCollection","features":[)"
      R"({"type":"Feature","properties":{"name":"road"},"geometry":{"type":"LineString","coordinates":[[0,0],[10,0]]}},)"
      R"({"type":"Feature","properties":{"name":"wells"},"geometry":{"type":"MultiPoint","coordinates":[[5,5],[6,6]]}},)"
      R"({"type":"Feature","properties":{"name":"park"},"geometry":{"type":"Polygon","coordinates":[[[20,0],[24,0],[24,4],[20,0]]]}},)"
      R"({"type":"Feature","properties":{"name":"port"},"geometry":{"type":"Point","coordinates":[-3,40]}}]})",
      "marks")));
  ASSERT_TRUE(s.has_shapes());
  const MarkedPoints m = marked_points(s);
  ASSERT_EQ(m.list->size(), 3u);
  EXPECT_EQ((*m.list)[0], (Centre{5, 5, "wells"}));
  EXPECT_EQ((*m.list)[1], (Centre{6, 6, "wells"}));
  EXPECT_EQ((*m.list)[2], (Centre{40, -3, "port"}));
  EXPECT_EQ(m.site, (std::vector<std::size_t>{1, 1, 3}));
  const std::vector<std::uint32_t> colours = site_colours(s);
  ASSERT_EQ(colours.size(), 4u);
  EXPECT_EQ(colours, feature_colours(*s.shapes()));
  EXPECT_EQ(marked_points_rgb(m, colours),
            (std::vector<std::uint32_t>{colours[1], colours[1], colours[3]}));
  EXPECT_TRUE(marked_points_rgb(m, {}).empty());
  EXPECT_EQ(sites_title_words(s, "", false), "the nearest of 4 sites");
  EXPECT_EQ(sites_title_words(s, "/data/wells.geojson", false), "the nearest of 4 sites");
  EXPECT_EQ(sites_title_words(s, "@land:110m", true), "land, negative inside");
  EXPECT_EQ(sites_title_words(s, "@coastline", false), "coastline");
  // One line or polygon is no "nearest of 1 site": its name, else its file's (issue 29).
  auto one = [](const char* properties) {
    return SiteSet::shapes(std::make_shared<const SiteShapes>(parse_sites_geojson(
        std::string(R"({"type":"FeatureCollection","features":[{"type":"Feature","properties":)") +
            properties + R"(,"geometry":{"type":"LineString","coordinates":[[0,0],[10,0]]}}]})",
        "one")));
  };
  EXPECT_EQ(sites_title_words(one(R"({"name":"Hadrian's Wall"})"), "/d/wall.geojson", false),
            "Hadrian's Wall");
  EXPECT_EQ(sites_title_words(one("{}"), "/d/coast line.geojson", false), "coast line");
  EXPECT_EQ(sites_title_words(one("{}"), "", false), "the site");

  const SiteSet points = SiteSet::points({{1, 2, "a"}, {3, 4, "b"}});
  const MarkedPoints all = marked_points(points);
  EXPECT_EQ(all.list, points.points());
  EXPECT_EQ(all.site, (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(site_colours(points), centre_colours(*points.points()));
  EXPECT_EQ(sites_title_words(points, "", false), "");
  EXPECT_TRUE(marked_points(SiteSet::one_point(0, 0)).list->size() == 1);
}

TEST(SiteEdits, OpeningTakesThePlaceOfTheCentresAndEachEditIsOneUndoStep) {
  ViewState s = world_view();
  std::string why;
  ASSERT_TRUE(add_centre(&s, {30, 101, "c"}, &why)) << why;
  ViewHistory h(s);
  Opened opened = Opened::centres;
  ASSERT_TRUE(open_sites(&s, test_shapes(), file_source("/x/a.geojson", 3), &opened, &why)) << why;
  EXPECT_EQ(opened, Opened::sites);
  EXPECT_TRUE(s.centres.empty());
  EXPECT_EQ(s.sites.size(), 3u);
  EXPECT_EQ(s.sites.source().name, "/x/a.geojson");
  h.observe(s, false);
  s.signed_inside = true;
  h.observe(s, false);
  // A centre cannot be added beside them: said, nothing changed.
  EXPECT_FALSE(add_centre(&s, {1, 2, ""}, &why));
  EXPECT_TRUE(has(why, "clear them in the Sites panel")) << why;
  clear_sites(&s);
  EXPECT_TRUE(s.sites.empty());
  EXPECT_FALSE(s.signed_inside);
  h.observe(s, false);
  EXPECT_EQ(h.undo_steps(), 3u);
  ASSERT_TRUE(h.undo(&s));  // the clear undone
  EXPECT_EQ(s.sites.size(), 3u);
  EXPECT_TRUE(s.signed_inside);
  ASSERT_TRUE(h.undo(&s));  // signed off again
  EXPECT_FALSE(s.signed_inside);
  ASSERT_TRUE(h.undo(&s));  // the open undone: the centre is back
  EXPECT_TRUE(s.sites.empty());
  ASSERT_EQ(s.centres.size(), 1u);
  EXPECT_EQ(s.centres[0].name, "c");
  // An import of centres takes the place of the sites.
  ASSERT_TRUE(h.redo(&s));
  ASSERT_TRUE(replace_centres(&s, {{1, 2, "z"}}, &why)) << why;
  EXPECT_TRUE(s.sites.empty());
}

TEST(SiteEdits, SinglePointsOpenAsCentresAndLinesNeedHaversine) {
  ViewState s = world_view();
  std::string why;
  Opened opened = Opened::sites;
  const ShapesPtr points = std::make_shared<const SiteShapes>(parse_sites_geojson(
      R"({"type": "FeatureCollection", "features": [
          {"type": "Feature", "properties": {"name": "A"},
           "geometry": {"type": "Point", "coordinates": [101, 30]}},
          {"type": "Feature", "properties": {},
           "geometry": {"type": "Point", "coordinates": [-3, 51.5]}}]})",
      "p"));
  ASSERT_TRUE(open_sites(&s, points, file_source("/x/p.geojson", 2), &opened, &why)) << why;
  EXPECT_EQ(opened, Opened::centres);
  EXPECT_TRUE(s.sites.empty());
  EXPECT_EQ(s.centres.list(), (std::vector<Centre>{{30, 101, "A"}, {51.5, -3, ""}}));
  ASSERT_TRUE(s.centres.file());
  EXPECT_EQ(s.centres.file()->path, "/x/p.geojson");

  ViewState w = world_view();
  w.params.formula = Formula::wgs84;
  EXPECT_FALSE(open_sites(&w, test_shapes(), file_source("/x/a.geojson", 3), &opened, &why));
  EXPECT_TRUE(has(why, "measured on the sphere (haversine)")) << why;
  EXPECT_TRUE(w.sites.empty());
  // Lines with no polygon: signed goes off.
  ViewState l = world_view();
  l.signed_inside = true;
  const ShapesPtr line = std::make_shared<const SiteShapes>(
      parse_sites_geojson(R"({"type": "LineString", "coordinates": [[0, 0], [1, 1]]})", "l"));
  ASSERT_TRUE(open_sites(&l, line, file_source("/x/l.geojson", 1), &opened, &why)) << why;
  EXPECT_FALSE(l.signed_inside);
  EXPECT_EQ(sites_summary(*line), "1 feature: 1 line");
  EXPECT_EQ(sites_summary(*test_shapes()), "3 features: 1 line, 1 polygon, 1 point");
}

TEST(SiteEdits, ReadsBuiltInNamesAndFilesWithOneLineOnError) {
  SitesSource src;
  const ShapesPtr land = read_view_sites("@land:110m", "/nowhere", &src);
  EXPECT_EQ(src.name, "@land:110m");
  EXPECT_TRUE(src.builtin());
  EXPECT_GT(land->features.size(), 100u);
  EXPECT_TRUE(land->has(FeatureKind::polygon));
  try {
    read_view_sites("@lakes", ".", &src);
    ADD_FAILURE() << "@lakes taken";
  } catch (const UsageError& e) {
    EXPECT_TRUE(has(e.what(), "@coastline")) << e.what();  // the names it knows
  }
  const std::filesystem::path dir = temp_path("sites_read");
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "a.geojson") << kShapes;
  const ShapesPtr a = read_view_sites("a.geojson", dir, &src);  // relative to the folder
  EXPECT_EQ(a->features.size(), 3u);
  EXPECT_EQ(src.name, (dir / "a.geojson").lexically_normal().string());
  EXPECT_EQ(src.features, 3u);
  EXPECT_GT(src.bytes, 0u);
  std::ofstream(dir / "bad.geojson") << R"({"type": "LineString", "coordinates": [[0, 0]]})";
  try {
    read_view_sites("bad.geojson", dir, &src);
    ADD_FAILURE() << "a line of one position taken";
  } catch (const UsageError& e) {
    EXPECT_TRUE(has(e.what(), "bad.geojson")) << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
  }
  std::filesystem::remove_all(dir);
}

// --- the saved view ---

TEST(SitesSavedView, KeepsTheSourceAndReadsItAgain) {
  ViewState s = world_view();
  std::string why;
  Opened opened;
  SitesSource src;
  ASSERT_TRUE(open_sites(&s, read_view_sites("@land:110m", ".", &src), src, &opened, &why));
  s.signed_inside = true;
  s.colour_by_centre = true;
  const std::string text = state_to_text(s);
  EXPECT_TRUE(has(text, R"("sites": {)")) << text;
  EXPECT_TRUE(has(text, R"("source": "@land:110m")")) << text;
  EXPECT_LT(text.size(), 4000u);  // the reference, not the shapes
  std::string note;
  const ViewState back = state_from_text(text, "v", &note);
  EXPECT_EQ(note, "");
  EXPECT_EQ(back, s);
  // Without a note nothing is read (the fuzzer's path): no sites, and signed goes with them.
  EXPECT_TRUE(state_from_text(text, "v").sites.empty());

  // A file: its path and fingerprint; changed since, the view loads with a note.
  const std::filesystem::path dir = temp_path("sites_saved");
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "a.geojson") << kShapes;
  ViewState f = world_view();
  ASSERT_TRUE(
      open_sites(&f, read_view_sites((dir / "a.geojson").string(), ".", &src), src, &opened, &why));
  const std::string ftext = state_to_text(f);
  EXPECT_EQ(state_from_text(ftext, "v", &note), f);
  EXPECT_EQ(note, "");
  std::ofstream(dir / "a.geojson", std::ios::app) << "\n\n";
  const ViewState changed = state_from_text(ftext, "v", &note);
  EXPECT_TRUE(changed.sites.empty());
  EXPECT_TRUE(has(note, "the view's sites not restored")) << note;
  EXPECT_TRUE(has(note, "has changed since the view was saved")) << note;
  std::filesystem::remove(dir / "a.geojson");
  note.clear();
  state_from_text(ftext, "v", &note);
  EXPECT_TRUE(has(note, "is missing")) << note;
  std::filesystem::remove_all(dir);
}

TEST(SitesSavedView, BadValuesAreRefusedInOneLine) {
  auto refusal = [](const nlohmann::json& j) -> std::string {
    try {
      state_from_json(j);
    } catch (const UsageError& e) {
      return e.what();
    }
    return "accepted";
  };
  nlohmann::json j = to_json(world_view());
  j["sites"] = "@land";
  EXPECT_TRUE(has(refusal(j), "'sites' must be an object")) << refusal(j);
  j["sites"] = {
      {"source", "relative/path.geojson"}, {"bytes", 1}, {"mtime_ns", 1}, {"features", 1}};
  EXPECT_TRUE(has(refusal(j), "'sites' must be")) << refusal(j);
  j["sites"] = {{"source", "/abs.geojson"}, {"bytes", -1}, {"mtime_ns", 1}, {"features", 1}};
  EXPECT_TRUE(has(refusal(j), "'sites' must be")) << refusal(j);
  j["sites"] = {{"source", "@land"}};
  EXPECT_EQ(refusal(j), "accepted");
  j["signed_inside"] = 1;
  EXPECT_TRUE(has(refusal(j), "'signed_inside' must be true or false")) << refusal(j);
  j["signed_inside"] = true;
  j["centres"] = nlohmann::json::array({{{"lat", 1}, {"lon", 2}}});
  EXPECT_TRUE(has(refusal(j), "'sites' and 'centres': a view has one of them")) << refusal(j);
  j.erase("centres");
  j["formula"] = "wgs84";
  EXPECT_TRUE(has(refusal(j), "'sites': --sites: lines and polygons are measured on the sphere"))
      << refusal(j);
}

// --- Copy as command ---

TEST(SitesReproduceCommand, NamesTheSitesAndSigned) {
  ViewState s = world_view();
  s.marker = true;
  std::string why;
  Opened opened;
  ASSERT_TRUE(open_sites(&s, test_shapes(), file_source("/data/a b.geojson", 3), &opened, &why));
  std::string c = render_command_line(s, "a.png");
  EXPECT_TRUE(has(c, " --sites=/data/a b.geojson")) << c;
  EXPECT_FALSE(has(c, "--signed")) << c;
  EXPECT_FALSE(has(c, "--ref")) << c;     // the reference is not the field's
  EXPECT_FALSE(has(c, "--marker")) << c;  // nor its marker
  s.signed_inside = true;
  c = render_command_line(s, "a.png");
  EXPECT_TRUE(has(c, " --sites=/data/a b.geojson --signed")) << c;
  // render reads a built-in name's line back: the same sites, signed, and view.
  SitesSource src;
  ASSERT_TRUE(open_sites(&s, read_view_sites("@land:110m", ".", &src), src, &opened, &why));
  s.signed_inside = true;
  std::istringstream in(render_command_line(s, "a.png"));
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  const CommandLine parsed = parse_command_line(words);
  const RenderRequest& r = std::get<RenderRequest>(parsed);
  ASSERT_TRUE(r.sites);
  EXPECT_EQ(r.sites->text, "@land:110m");
  EXPECT_TRUE(r.signed_inside);
  EXPECT_EQ(r.view.params.nx, s.params.nx);
  EXPECT_EQ(r.view.params.lat_min_deg, s.params.lat_min_deg);
}

// --- geofield --sites FILE|@NAME [--signed] ---

class SitesStartup : public test::StartupTest {};

TEST_F(SitesStartup, TheFilesSitesAreTheViewsAndTheSessionKeepsThem) {
  WindowOptionText w;
  w.sites = write("a.geojson", kShapes).string();
  w.signed_inside = true;
  const WindowRequest r = make_window_request(w, ViewOptionText{});
  EXPECT_EQ(r.state.sites.size(), 3u);
  EXPECT_TRUE(r.state.signed_inside);
  save_state(dir_ / "geofield" / "session.json", r.state);
  const WindowRequest again = make_window_request(WindowOptionText{}, ViewOptionText{});
  EXPECT_EQ(again.state.sites, r.state.sites);
  EXPECT_TRUE(again.state.signed_inside);
  EXPECT_TRUE(again.startup_notes.empty());
  // --centres, or a typed --ref, takes their place.
  WindowOptionText c;
  c.centres = write("c.csv", "30,101\n").string();
  const WindowRequest with_centres = make_window_request(c, ViewOptionText{});
  EXPECT_TRUE(with_centres.state.sites.empty());
  EXPECT_EQ(with_centres.state.centres.size(), 1u);
}

TEST_F(SitesStartup, GlKeepsItsBackendAndRefusalsNameTheOption) {
  // Every backend computes lines and polygons: a saved gl backend stays gl.
  WindowOptionText w;
  w.sites = "@coastline:110m";
  const std::filesystem::path saved = write("gl.json", R"({"backend": "gl"})");
  w.state_file = saved.string();
  const WindowRequest r = make_window_request(w, ViewOptionText{});
  EXPECT_EQ(r.state.backend, BackendChoice::gl);
  EXPECT_TRUE(r.startup_messages.empty());

  WindowOptionText s;
  s.signed_inside = true;
  EXPECT_EQ(refusal(s), "--signed: give --sites too");
  s.sites = "@coastline:110m";
  EXPECT_TRUE(has(refusal(s), "--signed: '@coastline:110m' has no polygons")) << refusal(s);
  WindowOptionText both;
  both.sites = "@land:110m";
  both.centres = "c.csv";
  EXPECT_EQ(refusal(both), "--sites and --centres: give one of them");
  WindowOptionText empty;
  empty.sites = "";
  EXPECT_TRUE(has(refusal(empty), "--sites")) << refusal(empty);
  WindowOptionText missing;
  missing.sites = (dir_ / "none.geojson").string();
  const std::string m = refusal(missing);
  EXPECT_TRUE(has(m, "--sites: ") && has(m, "none.geojson")) << m;
  WindowOptionText wgs;
  wgs.sites = "@land:110m";
  ViewOptionText formula;
  formula.formula = "wgs84";
  EXPECT_TRUE(has(refusal(wgs, formula), "--sites: lines and polygons are measured on the sphere"))
      << refusal(wgs, formula);
  // The command line itself takes them as window options.
  const CommandLine parsed =
      parse_command_line({"geofield", "--sites", "@land:110m", "--signed", "--no-session"});
  const WindowCommand& wc = std::get<WindowCommand>(parsed);
  EXPECT_EQ(*wc.options.sites, "@land:110m");
  EXPECT_TRUE(wc.options.signed_inside);
}

TEST(FeatureColours, NeighboursDiffer) {
  const ShapesPtr shapes = test_shapes();
  const std::vector<std::uint32_t> c = feature_colours(*shapes);
  ASSERT_EQ(c.size(), 3u);
  EXPECT_NE(c[0], c[1]);
  EXPECT_NE(c[1], c[2]);
  EXPECT_EQ(feature_colours(*shapes), c);  // deterministic
}

}  // namespace
}  // namespace geofield
