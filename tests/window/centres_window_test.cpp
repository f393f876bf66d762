// Issue 16 in the window's model, without a display: the view's centres (adding, editing,
// deleting, clearing, importing, each refused with one line when it cannot be taken), undo and
// redo of each, the saved view's inline centres, `geofield --centres FILE`, the CSV export's
// round trip, the hover's nearest centre against brute force, the palette's neighbours, and
// the CPU worker's field and index against the brute-force oracle.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "cli/command_line.h"
#include "cli/render_command.h"
#include "cli/startup.h"
#include "compute/centre_index.h"
#include "compute/nearest_centre.h"
#include "errors.h"
#include "sites/centres_file.h"
#include "startup_fixture.h"
#include "view/centre_edits.h"
#include "view/centre_lookup.h"
#include "view/centre_palette.h"
#include "view/cpu_field_worker.h"
#include "view/field_measures.h"
#include "view/reproduce_command.h"
#include "view/view_history.h"
#include "view/view_state.h"

namespace geofield {
namespace {

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

using test::temp_path;

ViewState latlon_view() {
  ViewState s = first_view();
  s.params.nx = 64;
  s.params.ny = 48;
  return s;
}

// --- edits ---

TEST(CentreEdits, AddAppendsAndTrimsTheName) {
  ViewState s = latlon_view();
  std::string why;
  ASSERT_TRUE(add_centre(&s, {30, 101, "  Chengdu "}, &why)) << why;
  ASSERT_TRUE(add_centre(&s, {-33.5, 151.25, ""}, &why)) << why;
  ASSERT_EQ(s.centres.size(), 2u);
  EXPECT_EQ(s.centres[0], (Centre{30, 101, "Chengdu"}));
  EXPECT_EQ(s.centres[1], (Centre{-33.5, 151.25, ""}));
  EXPECT_EQ(centre_label(s.centres, 0), "Chengdu");
  EXPECT_EQ(centre_label(s.centres, 1), "centre #2");
}

TEST(CentreEdits, BadCentresAreRefusedWithTheRangeAndChangeNothing) {
  ViewState s = latlon_view();
  std::string why;
  EXPECT_FALSE(add_centre(&s, {91, 0, ""}, &why));
  EXPECT_TRUE(has(why, "latitude 91 is outside [-90, 90]")) << why;
  EXPECT_FALSE(add_centre(&s, {0, 400, ""}, &why));
  EXPECT_TRUE(has(why, "longitude 400 is outside [-360, 360]")) << why;
  EXPECT_FALSE(add_centre(&s, {0, 0, std::string(kMaxCentreNameBytes + 1, 'x')}, &why));
  EXPECT_TRUE(has(why, "longer than 256 bytes")) << why;
  EXPECT_FALSE(add_centre(&s, {0, std::nan(""), ""}, &why));
  EXPECT_TRUE(s.centres.empty());
  ASSERT_TRUE(add_centre(&s, {1, 2, "a"}, &why));
  EXPECT_FALSE(set_centre(&s, 0, {-90.5, 2, "a"}, &why));
  EXPECT_FALSE(set_centre(&s, 1, {1, 2, "a"}, &why));
  EXPECT_TRUE(has(why, "centre #2: there are 1 centres")) << why;
  EXPECT_FALSE(remove_centre(&s, 5, &why));
  EXPECT_EQ(s.centres.list(), (std::vector<Centre>{{1, 2, "a"}}));
}

TEST(CentreEdits, AViewThatCannotTakeCentresRefusesThemInCheckCentresViewsWords) {
  ViewState s = latlon_view();
  std::string why;
  // A projected view takes centres (issue 27: the CPU computes them there).
  s.params.projection = Projection::aeqd;
  s.params.extent = default_extent(s.params);
  EXPECT_TRUE(add_centre(&s, {30, 101, ""}, &why)) << why;
  s = latlon_view();
  s.params.formula = Formula::seed;
  EXPECT_FALSE(add_centre(&s, {30, 101, ""}, &why));
  EXPECT_TRUE(has(why, "seed formula is not a distance")) << why;
  EXPECT_TRUE(s.centres.empty());
  s.params.formula = Formula::wgs84;
  EXPECT_TRUE(add_centre(&s, {30, 101, ""}, &why)) << why;
}

TEST(CentreEdits, TheCapIsKeptByAddAndImport) {
  // The window holds as many as render --centres (ten million): the cap in words.
  const FieldParams p = latlon_view().params;
  EXPECT_FALSE(centres_view_problem(p, kMaxViewCentres));
  const std::optional<std::string> over = centres_view_problem(p, kMaxViewCentres + 1);
  ASSERT_TRUE(over);
  EXPECT_TRUE(has(*over, "at most 10000000 centres")) << *over;
  EXPECT_TRUE(has(*over, "got 10000001")) << *over;
  // Beyond the thousand a saved view holds inline, edits are taken.
  ViewState s = latlon_view();
  std::vector<Centre> many(kMaxInlineCentres + 1);
  for (std::size_t k = 0; k < many.size(); ++k)
    many[k] = {double(k % 180) - 89.5, double(k % 360), ""};
  std::string why;
  ASSERT_TRUE(replace_centres(&s, many, &why)) << why;
  EXPECT_TRUE(add_centre(&s, {0, 0, ""}, &why)) << why;
  EXPECT_EQ(s.centres.size(), kMaxInlineCentres + 2);
  ViewState t = latlon_view();
  // One bad centre refuses the whole import, naming it.
  std::vector<Centre> bad{{0, 0, ""}, {0, 0, ""}, {95, 0, ""}};
  EXPECT_FALSE(replace_centres(&t, bad, &why));
  EXPECT_TRUE(has(why, "centre #3: latitude 95")) << why;
  EXPECT_TRUE(t.centres.empty());
}

TEST(CentreEdits, EveryEditIsOneUndoStep) {
  ViewState s = latlon_view();
  ViewHistory h(s);
  std::string why;
  ASSERT_TRUE(add_centre(&s, {30, 101, ""}, &why));
  h.observe(s, false);
  ASSERT_TRUE(add_centre(&s, {31, 102, "b"}, &why));
  h.observe(s, false);
  ASSERT_TRUE(set_centre(&s, 0, {29.5, 100.5, "a"}, &why));
  h.observe(s, false);
  ASSERT_TRUE(remove_centre(&s, 1, &why));
  h.observe(s, false);
  clear_centres(&s);
  h.observe(s, false);
  EXPECT_EQ(h.undo_steps(), 5u);

  ASSERT_TRUE(h.undo(&s));  // clear undone
  EXPECT_EQ(s.centres.list(), (std::vector<Centre>{{29.5, 100.5, "a"}}));
  ASSERT_TRUE(h.undo(&s));  // the delete undone
  EXPECT_EQ(s.centres.list(), (std::vector<Centre>{{29.5, 100.5, "a"}, {31, 102, "b"}}));
  ASSERT_TRUE(h.undo(&s));  // the edit undone
  EXPECT_EQ(s.centres[0], (Centre{30, 101, ""}));
  ASSERT_TRUE(h.undo(&s));
  ASSERT_TRUE(h.undo(&s));
  EXPECT_TRUE(s.centres.empty());
  ASSERT_TRUE(h.redo(&s));  // the first add again
  EXPECT_EQ(s.centres.list(), (std::vector<Centre>{{30, 101, ""}}));
}

// Every edit of a large list is a list of its own: the history keeps at most max_centres of
// them (the oldest steps go first), and steps that did not change the centres share theirs.
TEST(CentreEdits, TheHistoryHoldsABoundedNumberOfCentres) {
  ViewState s = latlon_view();
  std::vector<Centre> list(1000);
  for (std::size_t k = 0; k < list.size(); ++k) list[k] = {double(k % 90), double(k % 180), ""};
  std::string why;
  ASSERT_TRUE(replace_centres(&s, list, &why)) << why;
  ViewHistory h(s, 200, 3500);
  for (int k = 0; k < 6; ++k) {
    ASSERT_TRUE(add_centre(&s, {1, double(k), ""}, &why)) << why;
    h.observe(s, false);
  }
  EXPECT_EQ(h.undo_steps(), 3u);  // 1003 + 1004 + 1005 centres; a fourth list would pass 3500
  // Steps that keep the list share it: the first (1006) takes the oldest's place, the other
  // four are not counted again.
  for (int k = 0; k < 5; ++k) {
    s.contours = !s.contours;
    h.observe(s, false);
  }
  EXPECT_EQ(h.undo_steps(), 7u);
  while (h.undo(&s)) {
  }
  EXPECT_EQ(s.centres.size(), 1004u);
}

TEST(CentreSet, CopiesShareTheListAndEqualListsAreEqual) {
  CentreSet a(std::vector<Centre>{{1, 2, "x"}});
  const CentreSet b = a;
  EXPECT_EQ(a.shared(), b.shared());
  const CentreSet c(std::vector<Centre>{{1, 2, "x"}});
  EXPECT_NE(a.shared(), c.shared());
  EXPECT_EQ(a, c);
  EXPECT_FALSE(a == CentreSet());
  EXPECT_TRUE(CentreSet(std::vector<Centre>{}).empty());
}

// --- the saved view ---

TEST(CentresSavedView, TheCentresAndTheColouringRoundTrip) {
  ViewState s = latlon_view();
  std::string why;
  ASSERT_TRUE(replace_centres(&s,
                              {{30.123456789012345, 101, "Chéngdū, \"the\" city"},
                               {-0.1, -179.99999999999997, ""},
                               {90, 360, "pole"}},
                              &why))
      << why;
  s.colour_by_centre = true;
  const std::string text = state_to_text(s);
  const ViewState back = state_from_text(text, "the view");
  EXPECT_EQ(back.centres.list(), s.centres.list());
  EXPECT_TRUE(back.colour_by_centre);
  EXPECT_EQ(back, s);
  // No centres: no key written, and a file without one has none.
  ViewState none = latlon_view();
  EXPECT_FALSE(has(state_to_text(none), "\"centres\""));
  EXPECT_TRUE(state_from_text(state_to_text(none), "v").centres.empty());
}

// The cap is what a saved view can hold: a thousand centres with the longest names, saved and
// loaded back whole, well inside kMaxStateFileBytes.
TEST(CentresSavedView, AThousandCentresWithTheLongestNamesFitTheViewFile) {
  ViewState s = latlon_view();
  std::vector<Centre> list(kMaxInlineCentres);
  for (std::size_t k = 0; k < list.size(); ++k) {
    list[k] = {-89.123456789012345 + double(k % 179), -179.98765432109876 + double(k % 359),
               std::string(kMaxCentreNameBytes - 4, 'n') + std::to_string(1000 + k)};
  }
  std::string why;
  ASSERT_TRUE(replace_centres(&s, list, &why)) << why;
  const std::string text = state_to_text(s);
  EXPECT_LT(text.size(), kMaxStateFileBytes / 2);
  const std::filesystem::path p = temp_path("centres_view") += ".json";
  save_state(p, s);
  EXPECT_EQ(load_state(p).centres.list(), list);
  std::filesystem::remove(p);
}

TEST(CentresSavedView, BadCentresAreRefusedNamingTheKey) {
  nlohmann::json j = to_json(latlon_view());
  auto refusal = [&](const nlohmann::json& centres) {
    j["centres"] = centres;
    try {
      state_from_json(j);
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_TRUE(has(refusal(42), "'centres' must be an array of at most 1000")) << refusal(42);
  EXPECT_TRUE(has(refusal(nlohmann::json::array({{{"lat", 91}, {"lon", 0}}})),
                  "'centres' entry 1: latitude 91 is outside [-90, 90]"));
  EXPECT_TRUE(has(refusal(nlohmann::json::array({{{"lat", "1"}, {"lon", 0}}})),
                  "'lat' and 'lon' must be numbers"));
  EXPECT_TRUE(has(refusal(nlohmann::json::array({{{"lat", 1}, {"lon", 0}, {"name", 7}}})),
                  "'name' must be a string (got 7)"));
  nlohmann::json many = nlohmann::json::array();
  for (std::size_t k = 0; k <= kMaxInlineCentres; ++k) many.push_back({{"lat", 0}, {"lon", 0}});
  EXPECT_TRUE(has(refusal(many), "(got 1001 centres)")) << refusal(many);
  // Centres on a projected view: taken (issue 27).
  j["centres"] = nlohmann::json::array({{{"lat", 1}, {"lon", 2}}});
  j["projection"] = "ortho";
  j["extent"] = 1000;
  EXPECT_EQ(state_from_json(j).centres.size(), 1u);
}

// --- geofield --centres FILE ---

class CentresStartup : public test::StartupTest {};

TEST_F(CentresStartup, TheFilesCentresAreTheViewsAndTheSessionKeepsThem) {
  WindowOptionText w;
  w.centres = write("c.csv", "lat,lon,name\n30,101,A\n31.5,102.5,\n").string();
  const WindowRequest r = make_window_request(w, ViewOptionText{});
  EXPECT_EQ(r.state.centres.list(), (std::vector<Centre>{{30, 101, "A"}, {31.5, 102.5, ""}}));
  // Saved as the session, restored without --centres; a typed --ref is the one-centre field.
  save_state(dir_ / "geofield" / "session.json", r.state);
  EXPECT_EQ(make_window_request(WindowOptionText{}, ViewOptionText{}).state.centres,
            r.state.centres);
  ViewOptionText ref;
  ref.ref = "10,20";
  EXPECT_TRUE(make_window_request(WindowOptionText{}, ref).state.centres.empty());
}

// --ref beside --centres is the aeqd map's centre: taken on aeqd (typed, or the restored view's
// projection), refused in one line elsewhere.
TEST_F(CentresStartup, RefBesideCentresIsTheAeqdMapsCentre) {
  WindowOptionText w;
  w.centres = write("c.csv", "30,101\n31,102\n").string();
  ViewOptionText v;
  v.ref = "10,20";
  v.projection = "aeqd";
  const WindowRequest r = make_window_request(w, v);
  EXPECT_EQ(r.state.centres.size(), 2u);
  EXPECT_EQ(r.state.params.ref_lat_deg, 10);
  EXPECT_EQ(r.state.params.ref_lon_deg, 20);
  // Restored as the session: the centres and the map's centre come back; its projection is the
  // view's when none is typed.
  save_state(dir_ / "geofield" / "session.json", r.state);
  const WindowRequest restored = make_window_request(WindowOptionText{}, ViewOptionText{});
  EXPECT_EQ(restored.state.centres, r.state.centres);
  EXPECT_EQ(restored.state.params, r.state.params);
  ViewOptionText again;
  again.ref = "-5,7";
  const WindowRequest back = make_window_request(w, again);
  EXPECT_EQ(back.state.params.projection, Projection::aeqd);
  EXPECT_EQ(back.state.params.ref_lat_deg, -5);
  EXPECT_EQ(back.state.centres.size(), 2u);
  v.projection = "ortho";
  EXPECT_TRUE(has(refusal(w, v), "this ortho view's centre is the middle of --lat/--lon"))
      << refusal(w, v);
  v.projection = "latlon";
  EXPECT_TRUE(has(refusal(w, v), "this latlon view is placed by --lat/--lon")) << refusal(w, v);
}

TEST_F(CentresStartup, RefusalsNameTheOption) {
  WindowOptionText w;
  w.centres = write("c.csv", "30,101\n").string();
  ViewOptionText ref;
  ref.ref = "10,20";
  EXPECT_TRUE(has(refusal(w, ref), "--ref and --centres")) << refusal(w, ref);
  ViewOptionText seed;
  seed.formula = "seed";
  EXPECT_TRUE(has(refusal(w, seed), "seed formula")) << refusal(w, seed);
  w.centres = write("bad.csv", "30,101\n95,0\n").string();
  EXPECT_TRUE(has(refusal(w, ViewOptionText{}), "line 2: latitude 95"))
      << refusal(w, ViewOptionText{});
  w.centres = "";
  EXPECT_TRUE(has(refusal(w, ViewOptionText{}), "--centres")) << refusal(w, ViewOptionText{});
}

// More than kMaxInlineCentres: the saved view refers to the file they came from.
std::string many_centres_csv(std::size_t n) {
  std::string text = "lat,lon,name\n";
  for (std::size_t k = 0; k < n; ++k) {
    text += std::to_string(double(k % 179) - 89) + "," + std::to_string(double(k % 359) - 179) +
            ",c" + std::to_string(k) + "\n";
  }
  return text;
}

TEST_F(CentresStartup, MoreThanAThousandAreSavedAsTheirFileAndRestoredFromIt) {
  WindowOptionText w;
  const std::filesystem::path file = write("many.csv", many_centres_csv(5000));
  w.centres = file.string();
  const WindowRequest r = make_window_request(w, ViewOptionText{});
  ASSERT_EQ(r.state.centres.size(), 5000u);
  ASSERT_NE(r.state.centres.file(), nullptr);
  EXPECT_EQ(r.state.centres.file()->path, std::filesystem::absolute(file).lexically_normal());
  EXPECT_EQ(r.state.centres.file()->count, 5000u);
  EXPECT_TRUE(centres_kept(r.state.centres));
  const std::string text = state_to_text(r.state);
  EXPECT_TRUE(has(text, "\"centres_file\"")) << text.substr(0, 2000);
  EXPECT_FALSE(has(text, "\"centres\":"));
  EXPECT_LT(text.size(), 4096u);
  save_state(dir_ / "geofield" / "session.json", r.state);
  const WindowRequest back = make_window_request(WindowOptionText{}, ViewOptionText{});
  EXPECT_TRUE(back.startup_messages.empty());
  EXPECT_EQ(back.state.centres, r.state.centres);
  ASSERT_NE(back.state.centres.file(), nullptr);
  EXPECT_EQ(*back.state.centres.file(), *r.state.centres.file());
  // The saved view's own check does not read the file; a restore does.
  EXPECT_TRUE(state_from_text(text, "t").centres.empty());
}

TEST_F(CentresStartup, AChangedOrMissingFileIsOneLineAndTheViewStartsWithoutCentres) {
  WindowOptionText w;
  const std::filesystem::path file = write("many.csv", many_centres_csv(2000));
  w.centres = file.string();
  WindowRequest r = make_window_request(w, ViewOptionText{});
  r.state.params.nx = 123;  // the rest of the view is restored
  save_state(dir_ / "geofield" / "session.json", r.state);
  std::ofstream(file, std::ios::app) << "1,2,extra\n";  // another size
  WindowRequest back = make_window_request(WindowOptionText{}, ViewOptionText{});
  EXPECT_TRUE(back.state.centres.empty());
  EXPECT_EQ(back.state.params.nx, 123);
  // A note, not an error (issue 33): the window goes on, so it is never told as "error: ".
  EXPECT_TRUE(back.startup_messages.empty());
  ASSERT_EQ(back.startup_notes.size(), 1u);
  const std::string& changed = back.startup_notes[0];
  EXPECT_TRUE(has(changed, "the view's 2000 centres not restored")) << changed;
  EXPECT_TRUE(has(changed, "has changed since the view was saved")) << changed;
  EXPECT_EQ(changed.find('\n'), std::string::npos);
  // The session file is no error: it is not set aside.
  EXPECT_TRUE(std::filesystem::exists(dir_ / "geofield" / "session.json"));
  // Missing.
  std::filesystem::remove(file);
  back = make_window_request(WindowOptionText{}, ViewOptionText{});
  EXPECT_TRUE(back.state.centres.empty());
  ASSERT_EQ(back.startup_notes.size(), 1u);
  EXPECT_TRUE(has(back.startup_notes[0], "is missing")) << back.startup_notes[0];
  // --state gives the note as well.
  WindowOptionText st;
  st.state_file = (dir_ / "geofield" / "session.json").string();
  back = make_window_request(st, ViewOptionText{});
  EXPECT_TRUE(back.startup_messages.empty());
  ASSERT_EQ(back.startup_notes.size(), 1u);
  EXPECT_TRUE(has(back.startup_notes[0], "--state: the view's 2000 centres not restored"))
      << back.startup_notes[0];
}

TEST(CentresSavedView, AnEditedLargeSetIsNotAFilesAndIsNotSaved) {
  ViewState s = latlon_view();
  std::vector<Centre> list(1500);
  for (std::size_t k = 0; k < list.size(); ++k) list[k] = {double(k % 90), double(k % 180), ""};
  const std::filesystem::path p = temp_path("large") += ".csv";
  write_centres_csv(p, list);
  std::string why;
  ASSERT_TRUE(replace_centres(&s, list, &why)) << why;
  EXPECT_EQ(s.centres.file(), nullptr);  // an edit's list is no file's
  EXPECT_FALSE(centres_kept(s.centres));
  EXPECT_FALSE(has(state_to_text(s), "centres"));
  // Export CSV makes it the file's (as the App does): then it is saved as a reference.
  const std::optional<CentresFileRef> ref = centres_file_ref(p, s.centres.size());
  ASSERT_TRUE(ref);
  s.centres = s.centres.with_file(*ref);
  EXPECT_TRUE(centres_kept(s.centres));
  const ViewState copy = s;  // copies keep the list and the reference
  EXPECT_EQ(copy.centres.shared(), s.centres.shared());
  ASSERT_NE(copy.centres.file(), nullptr);
  std::string note;
  const ViewState back = state_from_text(state_to_text(s), "t", &note);
  EXPECT_EQ(note, "");
  EXPECT_EQ(back.centres.list(), list);
  // Shift+click on it: the list is no longer the file's, and the saved view says nothing of it.
  ASSERT_TRUE(add_centre(&s, {1, 2, ""}, &why)) << why;
  EXPECT_EQ(s.centres.file(), nullptr);
  EXPECT_FALSE(centres_kept(s.centres));
  EXPECT_FALSE(has(state_to_text(s), "centres_file"));
  // Up to a thousand stay inline whatever their file.
  ViewState few = latlon_view();
  ASSERT_TRUE(replace_centres(&few, {{1, 2, "a"}}, &why));
  EXPECT_TRUE(centres_kept(few.centres));
  std::filesystem::remove(p);
}

TEST(CentresSavedView, ABadFileReferenceIsRefusedNamingTheKey) {
  nlohmann::json j = to_json(latlon_view());
  auto refusal = [&](const nlohmann::json& ref) {
    j["centres_file"] = ref;
    try {
      state_from_json(j);
    } catch (const UsageError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  const nlohmann::json good = {
      {"path", "/no/such/file.csv"}, {"count", 5000}, {"bytes", 10}, {"mtime_ns", 1}};
  EXPECT_EQ(refusal(good), "accepted");
  nlohmann::json bad = good;
  bad["path"] = "relative.csv";
  EXPECT_TRUE(has(refusal(bad), "'centres_file' must be")) << refusal(bad);
  bad = good;
  bad["count"] = 1000;  // a thousand are saved inline
  EXPECT_TRUE(has(refusal(bad), "'centres_file' must be")) << refusal(bad);
  bad = good;
  bad["count"] = kMaxViewCentres + 1;
  EXPECT_TRUE(has(refusal(bad), "'centres_file' must be")) << refusal(bad);
  EXPECT_TRUE(has(refusal(42), "'centres_file' must be")) << refusal(42);
  j["centres"] = nlohmann::json::array({{{"lat", 1}, {"lon", 2}}});
  EXPECT_TRUE(has(refusal(good), "a view has one of them")) << refusal(good);
}

TEST(CentreMarkers, NoneBeyondTheLimit) {
  EXPECT_FALSE(draws_centre_markers(0));
  EXPECT_TRUE(draws_centre_markers(1));
  EXPECT_TRUE(draws_centre_markers(kMaxCentreMarkers));
  EXPECT_FALSE(draws_centre_markers(kMaxCentreMarkers + 1));
  EXPECT_FALSE(draws_centre_markers(1'000'000));
}

// --- "Copy as command" ---

TEST(CentresReproduceCommand, ReadsTheCentresFileInsteadOfTheReference) {
  ViewState s = latlon_view();
  s.marker = true;
  std::string why;
  ASSERT_TRUE(add_centre(&s, {30, 101, ""}, &why));
  const std::string c = render_command_line(s, "a.png", "/tmp/x/centres.csv");
  EXPECT_TRUE(has(c, " --centres=/tmp/x/centres.csv")) << c;
  EXPECT_FALSE(has(c, "--ref")) << c;
  EXPECT_FALSE(has(c, "--marker")) << c;  // render --centres refuses the reference's marker
  std::istringstream in(c);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  const CommandLine parsed = parse_command_line(words);
  const RenderRequest& r = std::get<RenderRequest>(parsed);
  ASSERT_TRUE(r.sites);
  EXPECT_EQ(r.sites->text, "/tmp/x/centres.csv");
  EXPECT_STREQ(r.sites->option, "--centres");
  EXPECT_EQ(r.view.params.nx, s.params.nx);
  EXPECT_EQ(r.view.params.lat_min_deg, s.params.lat_min_deg);
  clear_centres(&s);
  EXPECT_TRUE(has(render_command_line(s), "--ref=51.5074,-0.1278")) << render_command_line(s);
}

// On aeqd the reference is the map's centre beside the centres: the line keeps it, and render
// reads it back.
TEST(CentresReproduceCommand, KeepsTheAeqdMapsCentre) {
  ViewState s = latlon_view();
  s.params.projection = Projection::aeqd;
  s.params.extent = 3000;
  s.params.ref_lat_deg = -12.25;
  s.params.ref_lon_deg = 47.125;
  std::string why;
  ASSERT_TRUE(add_centre(&s, {30, 101, ""}, &why)) << why;
  ASSERT_TRUE(add_centre(&s, {-10, 40, ""}, &why)) << why;
  const std::string c = render_command_line(s, "a.png", "c.csv");
  EXPECT_TRUE(has(c, " --ref=-12.25,47.125")) << c;
  std::istringstream in(c);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  const CommandLine parsed = parse_command_line(words);
  const RenderRequest& r = std::get<RenderRequest>(parsed);
  ASSERT_TRUE(r.sites);
  EXPECT_EQ(r.view.params, s.params);
}

// --- CSV export ---

TEST(CentresCsvExport, RoundTripsThroughTheReader) {
  const std::vector<Centre> centres{
      {30.123456789012345, 101.00000000000001, "plain"},
      {-0.1, -179.99999999999997, "comma, inside"},
      {89.999999, 359.5, "a \"quoted\" word"},
      {-90, -360, "two\nlines"},
      {1e-300, 0, "#hash first"},
      {0, 0, ""},
      {12.5, 7.25, "Zürich 東京"},
  };
  const std::filesystem::path p = temp_path("centres_round_trip") += ".csv";
  write_centres_csv(p, centres);
  EXPECT_EQ(read_centres_file(p), centres);
  EXPECT_EQ(centres_csv_text(std::vector<Centre>{{1.5, -2, "a,b"}, {3, 4, "x\"y"}}),
            "lat,lon,name\n1.5,-2,\"a,b\"\n3,4,\"x\"\"y\"\n");
  std::filesystem::remove(p);
}

TEST(CentresCsvExport, NothingIsWrittenWhereItCannotBe) {
  const std::filesystem::path dir = temp_path("centres_not_a_file");
  std::filesystem::create_directories(dir);
  EXPECT_ANY_THROW(write_centres_csv(dir, std::vector<Centre>{{1, 2, ""}}));
  EXPECT_TRUE(std::filesystem::is_directory(dir));
  EXPECT_ANY_THROW(write_centres_csv(dir / "missing" / "c.csv", std::vector<Centre>{{1, 2, ""}}));
  std::filesystem::remove_all(dir);
}

// --- the hover's nearest centre ---

TEST(CentreLookup, IsTheBruteForceNearestLowestIndexOnATie) {
  std::mt19937_64 rng(16);
  std::uniform_real_distribution<double> lat(-89, 89), lon(-180, 180);
  for (const Formula f : {Formula::haversine, Formula::wgs84}) {
    FieldParams p;
    p.formula = f;
    std::vector<Centre> list(300);
    for (Centre& c : list) c = {lat(rng), lon(rng), ""};
    list.push_back(list[17]);  // a duplicate: the lower index wins
    const CentreSet centres(list);
    CentreLookup lookup;
    for (int t = 0; t < 400; ++t) {
      const GeoPoint g{lat(rng), lon(rng)};
      std::size_t best = 0;
      double best_d = 0;
      for (std::size_t k = 0; k < list.size(); ++k) {
        const double d = distance_between(p, {list[k].lat_deg, list[k].lon_deg}, g);
        if (k == 0 || d < best_d) best = k, best_d = d;
      }
      const std::optional<NearestCentre> got = lookup.nearest(p, centres, g);
      ASSERT_TRUE(got);
      EXPECT_EQ(got->index, best) << "formula " << to_string(f) << " at " << g.lat_deg << ","
                                  << g.lon_deg;
      EXPECT_EQ(got->distance, best_d);
    }
    const std::optional<NearestCentre> on =
        lookup.nearest(p, centres, {list[17].lat_deg, list[17].lon_deg});
    ASSERT_TRUE(on);
    EXPECT_EQ(on->index, 17u);
    EXPECT_EQ(on->distance, 0.0);
  }
  CentreLookup lookup;
  EXPECT_FALSE(lookup.nearest(FieldParams{}, CentreSet(), {0, 0}));
}

// --- the palette ---

TEST(CentrePalette, NeighboursDifferAndTheColoursAreThePalettes) {
  std::vector<Centre> grid;
  for (int i = 0; i < 10; ++i) {
    for (int j = 0; j < 10; ++j) grid.push_back({i * 1.0, j * 1.0, ""});
  }
  const std::vector<std::uint32_t> colours = centre_colours(grid);
  ASSERT_EQ(colours.size(), grid.size());
  const std::span<const std::uint32_t> palette = centre_palette();
  for (std::size_t k = 0; k < grid.size(); ++k) {
    EXPECT_NE(std::find(palette.begin(), palette.end(), colours[k]), palette.end());
    // The four grid neighbours (the cells that share an edge) have other colours.
    const int i = int(k) / 10, j = int(k) % 10;
    if (i + 1 < 10) {
      EXPECT_NE(colours[k], colours[k + 10]) << k;
    }
    if (j + 1 < 10) {
      EXPECT_NE(colours[k], colours[k + 1]) << k;
    }
  }
  EXPECT_EQ(centre_colours(grid), colours);
  EXPECT_EQ(centre_colours(std::vector<Centre>{{0, 0, ""}}).size(), 1u);
}

// The colours as the all-pairs version gave them (each centre's six nearest by squared chord
// and index, both ways, greedy): the tree's neighbours must be the same.
std::vector<std::uint32_t> brute_force_colours(const std::vector<Centre>& centres) {
  const std::size_t n = centres.size();
  const std::span<const std::uint32_t> palette = centre_palette();
  std::vector<UnitVector> at(n);
  for (std::size_t k = 0; k < n; ++k) at[k] = unit_vector(centres[k].lat_deg, centres[k].lon_deg);
  std::vector<std::vector<std::size_t>> near(n);
  for (std::size_t k = 0; k < n; ++k) {
    std::vector<std::pair<double, std::size_t>> by;
    for (std::size_t j = 0; j < n; ++j) {
      if (j == k) continue;
      const double dx = at[k][0] - at[j][0], dy = at[k][1] - at[j][1], dz = at[k][2] - at[j][2];
      by.emplace_back(dx * dx + dy * dy + dz * dz, j);
    }
    const std::size_t m = std::min<std::size_t>(kPaletteNeighbours, by.size());
    std::partial_sort(by.begin(), by.begin() + std::ptrdiff_t(m), by.end());
    for (std::size_t i = 0; i < m; ++i) {
      near[k].push_back(by[i].second);
      near[by[i].second].push_back(k);
    }
  }
  std::vector<std::uint32_t> out(n);
  std::vector<int> colour(n, -1);
  for (std::size_t k = 0; k < n; ++k) {
    std::vector<int> used(palette.size());
    for (const std::size_t j : near[k]) {
      if (colour[j] >= 0) ++used[std::size_t(colour[j])];
    }
    int best = -1;
    for (std::size_t i = 0; i < palette.size(); ++i) {
      const std::size_t c = (k + i) % palette.size();
      if (best < 0 || used[c] < used[std::size_t(best)]) best = int(c);
      if (used[c] == 0) break;
    }
    colour[k] = best;
    out[k] = palette[std::size_t(best)];
  }
  return out;
}

std::vector<Centre> random_centres(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> z(-1, 1), lon(-180, 180);
  std::vector<Centre> out(n);
  for (Centre& c : out) c = {std::asin(z(rng)) * 180 / M_PI, lon(rng), ""};
  return out;
}

TEST(CentrePalette, TheTreesNeighboursAreTheAllPairsOnes) {
  std::vector<Centre> list = random_centres(700, 7);
  for (int k = 0; k < 50; ++k) list.push_back(list[std::size_t(k)]);  // duplicates: ties
  for (int i = 0; i < 8; ++i) {
    for (int j = 0; j < 8; ++j) list.push_back({i * 0.5, j * 0.5, ""});  // equal distances
  }
  EXPECT_EQ(centre_colours(list), brute_force_colours(list));
}

TEST(CentrePalette, TwoHundredThousandCentresAreQuickAndNeighboursDiffer) {
  const std::vector<Centre> list = random_centres(200'000, 16);
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<std::uint32_t> colours = centre_colours(list);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_LT(s, 10.0);  // about 0.2 s here; all pairs would be 4e10
  ASSERT_EQ(colours.size(), list.size());
  // Each sampled centre against its six nearest by brute force: none shares its colour.
  std::vector<UnitVector> at(list.size());
  for (std::size_t k = 0; k < list.size(); ++k)
    at[k] = unit_vector(list[k].lat_deg, list[k].lon_deg);
  int same = 0;
  for (std::size_t k = 0; k < list.size(); k += 1000) {
    std::vector<std::pair<double, std::size_t>> by;
    for (std::size_t j = 0; j < list.size(); ++j) {
      if (j == k) continue;
      const double dx = at[k][0] - at[j][0], dy = at[k][1] - at[j][1], dz = at[k][2] - at[j][2];
      by.emplace_back(dx * dx + dy * dy + dz * dz, j);
    }
    std::partial_sort(by.begin(), by.begin() + kPaletteNeighbours, by.end());
    for (int i = 0; i < kPaletteNeighbours; ++i)
      same += colours[by[std::size_t(i)].second] == colours[k];
  }
  EXPECT_EQ(same, 0);
}

// The number in docs/centres.md: run with --gtest_also_run_disabled_tests.
TEST(CentrePalette, DISABLED_AMillionCentresTime) {
  const std::vector<Centre> list = random_centres(1'000'000, 1);
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<std::uint32_t> colours = centre_colours(list);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("centre_colours, 1,000,000 centres: %.3f s\n", s);
  EXPECT_EQ(colours.size(), list.size());
}

}  // namespace
}  // namespace geofield
