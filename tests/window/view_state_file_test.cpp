// The saved view's loader contract (issue 14, class 8): only a regular file of bounded size is
// read, and never blocks; no library exception leaves the loader; every key is checked for its
// type and range with the command line's and the window's limits and words; messages are one
// bounded line; whatever the window can hold saves and loads back equal; a bad session never
// stops the window and is kept, a bad --state stops the program with one line.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "cli/startup.h"
#include "cli/view_options.h"
#include "errors.h"
#include "sites/text_file.h"
#include "view/look_checks.h"
#include "view/projected_view.h"
#include "view/view_commands.h"
#include "view/view_math.h"
#include "view/view_state.h"

namespace geofield {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr std::size_t kMaxMessageBytes = 1200;  // a quoted path of 512 and three excerpts

fs::path scratch(const std::string& name) {
  const fs::path dir = fs::path(testing::TempDir()) / ("geofield_state_file_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void write_text(const fs::path& p, const std::string& text) {
  std::ofstream f(p, std::ios::binary);
  f << text;
}

std::string read_text(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

// The message of the UsageError `load` throws; fails the test when it throws nothing or
// anything else. Every message is one printable line of bounded length.
template <typename F>
std::string refusal(F&& load, const std::string& what) {
  try {
    load();
  } catch (const UsageError& e) {
    const std::string m = e.what();
    EXPECT_LE(m.size(), kMaxMessageBytes) << what;
    for (unsigned char c : m) {
      EXPECT_TRUE(c >= 0x20 && c != 0x7F) << what << ": control character in " << m;
    }
    return m;
  } catch (const std::exception& e) {
    ADD_FAILURE() << what << ": escaped as " << typeid(e).name() << ": " << e.what();
    return "";
  }
  ADD_FAILURE() << what << ": was taken";
  return "";
}

std::string text_refusal(const std::string& text) {
  return refusal([&] { state_from_text(text, "'t.json'"); }, text.substr(0, 80));
}

std::string json_refusal(const json& j) {
  return refusal([&] { state_from_json(j); }, j.dump().substr(0, 80));
}

bool has(const std::string& m, const std::string& part) {
  return m.find(part) != std::string::npos;
}

// ---- numbers too large for JSON's double (the campaign's exit 1) ----

TEST(StateFile, NumbersBeyondADoubleAreOneMessageNamingTheKey) {
  const std::string zeros(400, '0');
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"({"nx": 1e400})", "'nx'"},
      {R"({"lat_min_deg": -1e400})", "'lat_min_deg'"},
      {R"({"range_min": 1e309, "auto_range": false})", "'range_min'"},
      {R"({"contour_interval": 1)" + zeros + "}", "'contour_interval'"},
      {R"({"extent": 2e308})", "'extent'"},
      {R"({"unknown": [1, 2, 1e400]})", "'unknown'"},
      {"1e400", ""},
      {"[1e400]", ""},
  };
  for (const auto& [text, key] : cases) {
    const std::string m = text_refusal(text);
    EXPECT_TRUE(has(m, "'t.json': ")) << m;
    EXPECT_TRUE(has(m, "beyond a double's range")) << m;
    EXPECT_TRUE(has(m, "line 1, column")) << m;
    if (!key.empty()) {
      EXPECT_TRUE(has(m, key + ": the number")) << m;
    }
  }
  // The long number is quoted bounded, not whole.
  EXPECT_LT(text_refusal(R"({"nx": 1)" + std::string(100000, '0') + "}").size(), 400u);
}

TEST(StateFile, BrokenJsonIsOneBoundedLineWithItsPlace) {
  const std::string big(1000000, 'x');  // a 1 MB string, within the file cap
  for (const std::string& text :
       {std::string("{ not json"), std::string(""), std::string("{\"nx\": 64"),
        std::string("{\"nx\": 64} trailing"), std::string("{\"nx\": 64,}"),
        std::string("{\"a\": \"") + big + "", std::string("{\"a\": \"\x01\"}"),
        std::string("{\"a\": \"\xff\xfe\"}"), std::string("\x00\x01\x02", 3), std::string("NaN"),
        std::string("{\"nx\": 0x10}"), std::string("// comment\n{}"),
        std::string("{\"nx\": 64}\n\n  ]")}) {
    const std::string m = text_refusal(text);
    EXPECT_TRUE(has(m, "'t.json': ")) << m;
    EXPECT_TRUE(has(m, "not valid JSON")) << m;
  }
  const std::string m = text_refusal("{\"nx\": 64}\n\n  ]");
  EXPECT_TRUE(has(m, "(line 3, column 3)")) << m;
}

TEST(StateFile, DeepNestingDuplicateKeysAndNonObjectsAreRefused) {
  EXPECT_TRUE(has(text_refusal(std::string(100000, '[')), "nested deeper than 32"));
  EXPECT_TRUE(has(text_refusal(R"({"x": )" + std::string(40, '[') + std::string(40, ']') + "}"),
                  "'x': nested deeper"));
  EXPECT_TRUE(has(text_refusal(R"({"nx": 64, "nx": 65})"), "'nx' is given twice"));
  EXPECT_TRUE(has(text_refusal(R"({"a": {"b": 1, "b": 2}})"), "'a': 'b' is given twice"));
  for (const char* text : {"[1, 2]", "\"view\"", "5", "null", "true"}) {
    EXPECT_TRUE(has(text_refusal(text), "is a JSON object")) << text;
  }
  // A text over the file cap is refused before parsing.
  EXPECT_TRUE(has(text_refusal("{}" + std::string(kMaxStateFileBytes, ' ')), "at most 1048576"));
}

// ---- whole numbers: integer JSON values in range, never converted ----

TEST(StateFile, WholeNumbersAreIntegersInRangeNeverConverted) {
  for (const char* key : {"nx", "ny"}) {
    for (const char* bad :
         {"3.9", "4294967298", "1e300", "-1", "true", "\"12\"", "4.0", "1", "0", "1048577", "null",
          "[]", "{}", "-9223372036854775808", "18446744073709551615", "2147483650", "1e3"}) {
      const std::string text = std::string("{\"") + key + "\": " + bad + "}";
      const std::string m = text_refusal(text);
      EXPECT_TRUE(has(m, std::string("'") + key + "' must be a whole number from 2 to 1048576"))
          << m;
      EXPECT_TRUE(has(m, "(got ")) << m;
    }
  }
  EXPECT_EQ(state_from_text(R"({"nx": 2, "ny": 1048576})", "t").params.nx, 2);
  EXPECT_EQ(state_from_text(R"({"nx": 2, "ny": 1048576})", "t").params.ny, 1048576);
  // The campaign's case: was 2 x 3.
  EXPECT_TRUE(has(text_refusal(R"({"nx": 4294967298, "ny": 3.9})"), "(got 4294967298)"));
  EXPECT_TRUE(has(text_refusal(R"({"ny": 3.9})"), "(got 3.9)"));
  EXPECT_TRUE(has(text_refusal(R"({"version": 2})"), "'version' must be 1"));
  EXPECT_TRUE(has(text_refusal(R"({"version": 1.0})"), "'version' must be 1"));
  EXPECT_TRUE(has(text_refusal(R"({"version": "1"})"), "'version' must be 1"));
  EXPECT_NO_THROW(state_from_text(R"({"version": 1})", "t"));
}

// ---- every key ViewState has is checked for its type ----

TEST(StateFile, EveryKeyRefusesValuesOfTheWrongType) {
  const json saved = to_json(first_view());
  ASSERT_GE(saved.size(), 30u);  // every key of ViewState (version included)
  const std::vector<json> not_numbers = {true, "12", nullptr, json::array({1}), json::object()};
  const std::vector<json> not_bools = {1, 0, "true", nullptr, json::array()};
  const std::vector<json> not_names = {12, true, nullptr, "no-such-name", json::array({"km"})};
  for (const auto& [key, value] : saved.items()) {
    const std::vector<json>& bad = value.is_boolean()  ? not_bools
                                   : value.is_number() ? not_numbers
                                                       : not_names;
    for (const json& b : bad) {
      json j = saved;
      j[key] = b;
      const std::string m = json_refusal(j);
      EXPECT_EQ(m.rfind("'" + key + "' must be ", 0), 0u) << key << " = " << b << ": " << m;
    }
  }
}

TEST(StateFile, TypeErrorsOfFieldNumbersGiveTheRangeInTheWindowsWords) {
  // The same words as the window's typed boxes (field_params check(), ui wording).
  EXPECT_TRUE(has(text_refusal(R"({"lat_min_deg": true})"),
                  "'lat_min_deg' must be a number: lat min must be from -90 to 90 degrees "
                  "(got true)"));
  EXPECT_TRUE(has(text_refusal(R"({"ref_lon_deg": "12"})"),
                  "ref lon must be from -360 to 360 degrees (got '12')"));
  EXPECT_TRUE(
      has(text_refusal(R"({"radius_km": null})"), "radius must be from 0.001 to 1000000000 km"));
  EXPECT_TRUE(has(text_refusal(R"({"projection": "aeqd", "units": "nm", "extent": false})"),
                  "extent must be above 0 and at most"));
  EXPECT_TRUE(has(text_refusal(R"({"units": "furlong"})"), "one of km, nm, mi, m"));
  EXPECT_TRUE(has(text_refusal(R"({"colormap": 2})"), "one of viridis, magma, cividis, turbo"));
  EXPECT_TRUE(has(text_refusal(R"({"theme": "sepia"})"), "'theme' must be one of dark, light"));
  EXPECT_TRUE(has(text_refusal(R"({"backend": "opencl"})"), "one of auto, cpu, cuda, gl"));
  EXPECT_TRUE(has(text_refusal(R"({"line_color": "red"})"), "six hex digits"));
}

// ---- values: the command line's and the window's ranges and words ----

TEST(StateFile, ValuesAreCheckedByTheSharedChecksInTheWindowsWords) {
  // Exactly the message the window shows for a typed 95 (window_typed_error).
  EXPECT_TRUE(has(text_refusal(R"({"lat_min_deg": 95})"),
                  "'lat_min_deg': lat min must be from -90 to 90 degrees (got 95)"));
  EXPECT_TRUE(has(text_refusal(R"({"lat_min_deg": 50, "lat_max_deg": 10})"),
                  "'lat_min_deg': lat min must be below lat max"));
  EXPECT_TRUE(has(text_refusal(R"({"lon_min_deg": 5, "lon_max_deg": 5})"), "'lon_min_deg'"));
  EXPECT_TRUE(has(text_refusal(R"({"radius_km": 0})"),
                  "'radius_km': radius must be from 0.001 to 1000000000 km (got 0)"));
  EXPECT_TRUE(has(text_refusal(R"({"projection": "ortho", "extent": 1e9})"),
                  "'extent': extent must be above 0 and at most 6371.0088 km"));
  EXPECT_TRUE(has(text_refusal(R"({"ref_lat_deg": -90.5})"), "'ref_lat_deg': ref lat"));
  // And the same limits as check(): what it takes loads.
  for (const char* ok : {R"({"lat_min_deg": -90, "lat_max_deg": 90})",
                         R"({"lon_min_deg": -360, "lon_max_deg": 360})", R"({"radius_km": 1e9})",
                         R"({"lon_min_deg": 170, "lon_max_deg": -170})"}) {
    EXPECT_NO_THROW(state_from_text(ok, "t")) << ok;
  }
  // Numbers are finite even where a json value was built by a program.
  json j = to_json(ViewState{});
  j["lat_min_deg"] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(has(json_refusal(j), "'lat_min_deg' must be a number"));
  j = to_json(ViewState{});
  j["contour_interval"] = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(has(json_refusal(j), "'contour_interval' must be a number"));
}

TEST(StateFile, ColourRangeAndContourIntervalAsTheCommandLineChecksThem) {
  for (const char* bad : {R"({"auto_range": false, "range_min": 5, "range_max": 5})",
                          R"({"auto_range": false, "range_min": 9, "range_max": 1})",
                          R"({"auto_range": false, "range_min": 0, "range_max": 0})"}) {
    const std::string m = text_refusal(bad);
    EXPECT_TRUE(has(m, "'range_min', 'range_max': range min must be below range max")) << m;
  }
  for (const char* bad : {R"({"contour_interval": 0})", R"({"contour_interval": -5})"}) {
    EXPECT_TRUE(has(text_refusal(bad), "'contour_interval': contour interval must be above 0 km"));
  }
  EXPECT_TRUE(has(text_refusal(R"({"units": "mi", "contour_interval": -1})"), "above 0 mi"));
  // The command line refuses the same with the same check (look_checks.h).
  ViewOptionText t;
  t.range = "5:5";
  try {
    resolve(t);
    ADD_FAILURE() << "--range 5:5 taken";
  } catch (const UsageError& e) {
    EXPECT_TRUE(has(e.what(), "--range: MIN must be below MAX")) << e.what();
  }
  ViewOptionText c;
  c.contours = "0";
  EXPECT_THROW(resolve(c), UsageError);
}

// ---- the view saved before its automatic range was known ----

TEST(StateFile, AnAutomaticRangeIsNeverWhatStopsAViewFromLoading) {
  // Old files: automatic, with a range that cannot be a colour scale. They load; the fixed
  // range, unused while automatic, takes its default.
  for (const char* old : {R"({"auto_range": true, "range_min": 0, "range_max": 0})",
                          R"({"auto_range": true, "range_min": 7, "range_max": 3})",
                          R"({"range_min": 0, "range_max": 0})"}) {
    const ViewState s = state_from_text(old, "t");
    EXPECT_TRUE(s.auto_range);
    EXPECT_EQ(s.range_min, ViewState{}.range_min) << old;
    EXPECT_EQ(s.range_max, ViewState{}.range_max) << old;
  }
  // Saving one writes it as automatic, without the stale numbers, and it loads.
  ViewState s = first_view();
  s.range_min = s.range_max = 0;
  const json j = json::parse(state_to_text(s));
  EXPECT_EQ(j["auto_range"], true);
  EXPECT_FALSE(j.contains("range_min"));
  EXPECT_FALSE(j.contains("range_max"));
  const fs::path dir = scratch("auto");
  save_state(dir / "v.json", s);
  const ViewState back = load_state(dir / "v.json");
  EXPECT_TRUE(back.auto_range);
  EXPECT_EQ(back.params, s.params);
  // A usable range while automatic is kept (it is what unchecking "automatic" locks).
  s.range_min = 3, s.range_max = 4;
  EXPECT_EQ(state_from_text(state_to_text(s), "t"), s);
}

TEST(StateFile, SavingNeverWritesAViewThatCannotBeLoaded) {
  const fs::path dir = scratch("unsaveable");
  save_state(dir / "v.json", first_view());
  const std::string before = read_text(dir / "v.json");
  for (int k = 0; k < 4; ++k) {
    ViewState s = first_view();
    if (k == 0) s.params.lat_min_deg = std::numeric_limits<double>::quiet_NaN();
    if (k == 1) s.auto_range = false, s.range_min = 1, s.range_max = 1;
    if (k == 2) s.contour_interval = 0;
    if (k == 3) s.params.nx = 1;
    const std::string m = refusal([&] { save_state(dir / "v.json", s); }, std::to_string(k));
    EXPECT_TRUE(has(m, "not saved, it would not load back")) << m;
    EXPECT_EQ(read_text(dir / "v.json"), before) << k;
  }
}

// Issue 33, item 5: a centre name that was not UTF-8 made nlohmann's dump throw (type_error
// 316), so the window could not save its view and the session stopped being saved on quit.
// The readers refuse such names now; should one reach the view anyway, the view still saves,
// each bad byte as U+FFFD, and loads back.
TEST(StateFile, ANameOrPathThatIsNotUtf8NeverStopsTheViewBeingSaved) {
  const fs::path dir = scratch("not_utf8");
  ViewState s = first_view();
  s.centres = CentreSet({{30, 101, "Caf\xE9"}, {31, 102, "ok"}});
  EXPECT_NO_THROW(save_state(dir / "v.json", s));
  const ViewState back = load_state(dir / "v.json");
  ASSERT_EQ(back.centres.size(), 2u);
  EXPECT_EQ(back.centres.list()[0].name, "Caf\xEF\xBF\xBD");
  EXPECT_EQ(back.centres.list()[1].name, "ok");
  // A list read from a file whose name is not UTF-8: saved; on loading it is not found, a note.
  std::vector<Centre> many(kMaxInlineCentres + 1, Centre{1, 2, ""});
  CentresFileRef ref;
  ref.path = (dir / "caf\xE9.csv").string();
  ref.count = many.size();
  s.centres = CentreSet(std::move(many)).with_file(ref);
  EXPECT_NO_THROW(save_state(dir / "w.json", s));
  std::string note;
  EXPECT_TRUE(load_state(dir / "w.json", &note).centres.empty());
  EXPECT_TRUE(has(note, "centres not restored")) << note;
}

// ---- every view the window can hold saves and loads back equal ----

// A view as the window makes them: the panels' values within check(), then mouse and keys
// (pan, zoom, arrows, +/-, Home, R, units, follow the window), each step kept only when
// check() takes it (as App::apply_edits does); the Look panel's values as its controls set them.
ViewState window_view(std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(0, 1);
  ViewState s = rng() % 4 == 0 ? first_view() : ViewState{};
  FieldParams& p = s.params;
  p.formula = rng() % 2 ? Formula::seed : Formula::haversine;
  p.units = static_cast<Units>(rng() % 4);
  p.precision = rng() % 2 ? Precision::f64 : Precision::f32;
  p.radius_km = rng() % 3 == 0 ? std::pow(10.0, -3 + 12 * u(rng)) : kDefaultRadiusKm;
  p.ref_lat_deg = -90 + 180 * u(rng);
  p.ref_lon_deg = -360 + 720 * u(rng);
  p.nx = kMinGridSide + static_cast<int>(rng() % 5000);
  p.ny = rng() % 50 == 0 ? kMaxGridSide : kMinGridSide + static_cast<int>(rng() % 5000);
  const int kind = static_cast<int>(rng() % 3);
  p.projection = kind == 0 ? Projection::latlon : kind == 1 ? Projection::aeqd : Projection::ortho;
  if (p.projection != Projection::latlon) p.extent = default_extent(p) * (0.001 + u(rng));
  if (rng() % 10 == 0 && p.projection != Projection::latlon) p.extent = max_extent(p);
  if (!(check(p) == std::nullopt)) p = first_view().params;
  const FieldParams home = p;
  const MapRect r{400, 0, 880, 767};
  for (int step = 0; step < 12; ++step) {
    FieldParams next = p;
    switch (rng() % 10) {
      case 0: pan(&next, r, 800 * u(rng) - 400, 800 * u(rng) - 400); break;
      case 1:
        zoom_about(&next, r, std::pow(2.0, 8 * u(rng) - 4), 400 + 880 * u(rng), 767 * u(rng));
        break;
      case 2: pan_step(&next, r, int(rng() % 3) - 1, int(rng() % 3) - 1); break;
      case 3: zoom_centre(&next, r, rng() % 2 ? kKeyZoomFactor : 1 / kKeyZoomFactor); break;
      case 4: reset_view(&next, home); break;
      case 5: centre_on_reference(&next); break;
      case 6: change_units(&next, static_cast<Units>(rng() % 4)); break;
      case 7:  // follow the window: the map's pixels
        next.nx = std::max(kMinGridSide, int(r.w * u(rng)));
        next.ny = std::max(kMinGridSide, int(r.h * u(rng)));
        s.follow_window = true;
        break;
      case 8: next.ref_lat_deg = -90 + 180 * u(rng), next.ref_lon_deg = -180 + 360 * u(rng); break;
      default: zoom_about(&next, r, 1e-3, 400 + 880 * u(rng), 767 * u(rng)); break;  // deep
    }
    if (!check(next)) p = next;
  }
  s.backend = static_cast<BackendChoice>(rng() % 4);
  s.colormap = static_cast<Colormap>(rng() % kColormapCount);
  s.reverse = rng() % 2;
  s.theme = rng() % 2 ? Theme::light : Theme::dark;
  s.graticule = rng() % 2, s.marker = rng() % 2, s.contours = rng() % 2;
  s.coastlines = rng() % 2, s.borders = rng() % 2;
  s.line_rgb = static_cast<std::uint32_t>(rng() & 0xffffff);
  // The colour range: followed while automatic (a constant or unknown range is not taken),
  // locked, or typed (the Look panel takes what check_colour_range takes).
  const double a = std::pow(10.0, 12 * u(rng) - 4) * (rng() % 5 == 0 ? -1 : 1);
  const double b = rng() % 6 == 0 ? a : a + std::pow(10.0, 10 * u(rng) - 5);
  switch (rng() % 4) {
    case 0: follow_shown_range(&s, a, b); break;
    case 1: lock_range(&s, a, b); break;
    case 2:
      if (rng() % 2) follow_shown_range(&s, 0, 0);  // not yet known: not taken
      break;
    default:
      s.auto_range = false;
      if (a < b) s.range_min = a, s.range_max = b;
  }
  // The contour interval: typed (any value the map's floats carry) or automatic.
  s.contour_interval = rng() % 2 ? nice_interval(std::min(a, b), std::max(a, b) + 1, 10)
                                 : std::pow(10.0, 75 * u(rng) - 37);
  if (rng() % 50 == 0) s.contour_interval = rng() % 2 ? kMinContourInterval : kMaxContourInterval;
  // Typed (kept) or automatic (follows the view).
  s.contour_interval_typed = rng() % 2;
  return s;
}

TEST(StateFile, EveryViewTheWindowCanHoldSavesAndLoadsBackEqual) {
  std::mt19937_64 rng(20261202);
  const fs::path dir = scratch("round_trip");
  int checked = 0, projected = 0, fixed = 0;
  for (int k = 0; k < 20000; ++k) {
    const ViewState s = window_view(rng);
    ASSERT_EQ(check(s.params), std::nullopt);  // the window holds only what check() takes
    const std::string text = state_to_text(s);
    ViewState back;
    try {
      back = state_from_text(text, "t");
    } catch (const UsageError& e) {
      FAIL() << "view " << k << " does not load back: " << e.what() << "\n" << text;
    }
    ASSERT_EQ(back, s) << "view " << k << "\n" << text;
    if (k % 500 == 0) {  // and through the file
      save_state(dir / "v.json", s);
      ASSERT_EQ(load_state(dir / "v.json"), s) << text;
    }
    ++checked;
    projected += s.params.projection != Projection::latlon;
    fixed += !s.auto_range;
  }
  EXPECT_EQ(checked, 20000);
  EXPECT_GT(projected, 5000);
  EXPECT_GT(fixed, 5000);
}

// ---- files: only a regular file, bounded, never blocking ----

// Runs `load`, failing the test (not hanging it) when it takes over 5 s.
template <typename F>
void within_seconds(F&& load, const char* what) {
  alarm(20);  // a blocked open or read ends the test process (a failure), not the run
  const auto t0 = std::chrono::steady_clock::now();
  load();
  alarm(0);
  EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(5)) << what;
}

TEST(StateFile, OnlyARegularFileIsReadAndNothingBlocks) {
  const fs::path dir = scratch("kinds");
  fs::create_directories(dir / "folder.json");
  ASSERT_EQ(::mkfifo((dir / "fifo.json").c_str(), 0600), 0);
  fs::create_symlink(dir / "fifo.json", dir / "link-to-fifo.json");
  fs::create_symlink(dir / "nothing.json", dir / "dangling.json");
  const std::vector<std::pair<fs::path, std::string>> cases = {
      {dir / "folder.json", "is a folder, not a file"},
      {dir / "fifo.json", "is a named pipe (FIFO), not a file"},
      {dir / "link-to-fifo.json", "is a named pipe (FIFO), not a file"},
      {"/dev/null", "is a character device, not a file"},
      {"/dev/zero", "is a character device, not a file"},
      {dir / "dangling.json", "cannot be read: No such file or directory"},
      {dir / "missing.json", "cannot be read: No such file or directory"},
  };
  for (const auto& c : cases) {
    const fs::path& path = c.first;  // not a structured binding: clang 14's lambdas cannot take one
    const std::string& problem = c.second;
    within_seconds(
        [&] {
          const std::string m = refusal([&] { load_state(path); }, path.string());
          EXPECT_EQ(m, shown_path(path) + ": " + problem);
        },
        path.c_str());
  }
  // A link to a regular file is read through, as the writer writes through it.
  save_state(dir / "real.json", first_view());
  fs::create_symlink(dir / "real.json", dir / "link.json");
  EXPECT_EQ(load_state(dir / "link.json"), first_view());
}

TEST(StateFile, AFileOverTheCapIsRefusedWithItsSize) {
  const fs::path dir = scratch("size");
  std::string at_cap = state_to_text(first_view());
  at_cap.resize(kMaxStateFileBytes, ' ');  // whitespace after the value: still one view
  write_text(dir / "at-cap.json", at_cap);
  EXPECT_EQ(load_state(dir / "at-cap.json"), first_view());
  write_text(dir / "over.json", at_cap + " ");
  EXPECT_TRUE(has(refusal([&] { load_state(dir / "over.json"); }, "over"),
                  "is 1048577 bytes; a view file is at most 1048576 bytes"));
  write_text(dir / "empty.json", "");
  EXPECT_TRUE(has(refusal([&] { load_state(dir / "empty.json"); }, "empty"), "not valid JSON"));
  if (::geteuid() != 0) {  // root reads anything
    write_text(dir / "locked.json", "{}");
    fs::permissions(dir / "locked.json", fs::perms::none);
    EXPECT_TRUE(has(refusal([&] { load_state(dir / "locked.json"); }, "locked"),
                    "cannot be read: Permission denied"));
  }
}

// ---- messages quote what they were given, bounded ----

TEST(StateFile, MessagesNeverEchoMoreThanAnExcerpt) {
  const std::string mb(500000, 'A');  // twice in a text within the file cap
  for (const std::string& text :
       {R"({"colormap": ")" + mb + "\"}", R"({"units": ")" + mb + "\"}",
        R"({"line_color": ")" + mb + "\"}", R"({")" + mb + R"(": 1, ")" + mb + R"(": 2})",
        R"({"nx": ")" + mb + "\"}", R"({"colormap": ")" + mb + "\\n\\t\\u0000'\"}",
        "{\"" + mb + "\": 1e400}"}) {
    const std::string m = text_refusal(text);
    EXPECT_LT(m.size(), 500u) << m.substr(0, 200);
    EXPECT_TRUE(has(m, "... (500000 bytes)") || has(m, "... (500004 bytes)")) << m.substr(0, 200);
  }
  EXPECT_LT(text_refusal("{\"x\": \"" + mb + "\" \"y\"}").size(), 500u);  // after a long value
  // A key nobody knows is ignored, however long: a newer program's file still loads.
  EXPECT_EQ(state_from_text("{\"" + mb + "\": 1}", "t"), ViewState{});
  // Control characters in a value are escaped, on one line.
  const std::string m = text_refusal("{\"theme\": \"a\\nb\\u001b[31m\"}");
  EXPECT_TRUE(has(m, R"((got 'a\nb\x1B[31m'))")) << m;
  // A long path is cut too.
  const std::string long_path = "/" + std::string(3000, 'd') + "/v.json";
  EXPECT_LT(refusal([&] { load_state(long_path); }, "long path").size(), 700u);
}

// ---- the session and --state FILE ----

struct Xdg {
  fs::path dir;
  explicit Xdg(const std::string& name) : dir(scratch(name)) {
    fs::create_directories(dir / "geofield");
    ::setenv("XDG_CONFIG_HOME", dir.c_str(), 1);
  }
  ~Xdg() { ::unsetenv("XDG_CONFIG_HOME"); }
  fs::path session() const { return dir / "geofield" / "session.json"; }
  std::vector<fs::path> kept() const {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(dir / "geofield")) {
      if (e.path().filename().string().rfind("session.json.unreadable-", 0) == 0) {
        out.push_back(e.path());
      }
    }
    return out;
  }
};

TEST(Session, ABadSessionStartsTheDefaultViewWithOneMessageAndIsKept) {
  const std::string zeros(100, '9');
  struct Case {
    const char* name;
    std::function<void(const fs::path&)> make;
    const char* problem;
  };
  const std::vector<Case> cases = {
      {"folder", [](const fs::path& p) { fs::create_directories(p / "inside"); },
       "is a folder, not a file"},
      {"fifo", [](const fs::path& p) { ASSERT_EQ(::mkfifo(p.c_str(), 0600), 0); },
       "is a named pipe (FIFO), not a file"},
      {"overflow", [](const fs::path& p) { write_text(p, R"({"nx": 1e400})"); },
       "'nx': the number '1e400' is beyond a double's range"},
      {"garbage",
       [](const fs::path& p) {
         write_text(p, std::string("\x7f"
                                   "ELF\x02\x01",
                                   6));
       },
       "not valid JSON"},
      {"range", [](const fs::path& p) { write_text(p, R"({"lat_max_deg": 91})"); },
       "'lat_max_deg': lat max must be from -90 to 90 degrees (got 91)"},
      {"converted", [](const fs::path& p) { write_text(p, R"({"nx": 4294967298, "ny": 3.9})"); },
       "'nx' must be a whole number from 2 to 1048576 (got 4294967298)"},
      {"fixed range",
       [](const fs::path& p) {
         write_text(p, R"({"auto_range": false, "range_min": 0, "range_max": 0})");
       },
       "'range_min', 'range_max': range min must be below range max"},
  };
  for (const Case& c : cases) {
    const Xdg xdg(std::string("session_") + c.name);
    c.make(xdg.session());
    const auto kind = fs::symlink_status(xdg.session()).type();
    WindowRequest r;
    within_seconds([&] { r = make_window_request(WindowOptionText{}, ViewOptionText{}); }, c.name);
    EXPECT_EQ(r.state, first_view()) << c.name;
    EXPECT_TRUE(r.save_session) << c.name;
    ASSERT_EQ(r.startup_messages.size(), 1u) << c.name;
    const std::string& m = r.startup_messages[0];
    EXPECT_EQ(m.rfind("last session not restored: " + shown_path(xdg.session()) + ": ", 0), 0u)
        << m;
    EXPECT_TRUE(has(m, c.problem)) << m;
    EXPECT_TRUE(has(m, "; started with the default view; the file is kept as ")) << m;
    EXPECT_EQ(m.find('\n'), std::string::npos);
    // Kept aside, as it was (a folder with its contents, a pipe), under the name the message
    // gives; the session's own name is free for this session's save.
    const std::vector<fs::path> kept = xdg.kept();
    ASSERT_EQ(kept.size(), 1u) << c.name;
    EXPECT_TRUE(has(m, shown_path(kept[0]))) << m;
    EXPECT_EQ(fs::symlink_status(kept[0]).type(), kind) << c.name;
    EXPECT_FALSE(fs::exists(fs::symlink_status(xdg.session()))) << c.name;
    save_state(xdg.session(), r.state);  // what the window does on exit
    EXPECT_EQ(load_state(xdg.session()), first_view());
    // The next start restores it, with no message.
    const WindowRequest again = make_window_request(WindowOptionText{}, ViewOptionText{});
    EXPECT_TRUE(again.startup_messages.empty()) << c.name;
  }
}

TEST(Session, ASecondBadSessionTheSameSecondGetsItsOwnName) {
  const Xdg xdg("session_twice");
  write_text(xdg.session(), "{");
  make_window_request(WindowOptionText{}, ViewOptionText{});
  write_text(xdg.session(), "[");
  make_window_request(WindowOptionText{}, ViewOptionText{});
  std::vector<std::string> texts;
  for (const fs::path& p : xdg.kept()) texts.push_back(read_text(p));
  std::sort(texts.begin(), texts.end());
  EXPECT_EQ(texts, (std::vector<std::string>{"[", "{"}));  // neither replaced the other
}

// Makes a folder where nothing can be renamed, even by root (immutable, where the file system
// has the attribute); false when that cannot be done here.
bool lock_folder(const fs::path& dir, bool locked) {
  if (::geteuid() != 0) {
    fs::permissions(dir,
                    locked ? fs::perms::owner_read | fs::perms::owner_exec : fs::perms::owner_all);
    return true;
  }
  const std::string cmd =
      std::string("chattr ") + (locked ? "+i" : "-i") + " '" + dir.string() + "' 2>/dev/null";
  return std::system(cmd.c_str()) == 0;
}

TEST(Session, ASessionThatCannotBeMovedIsLeftAndNotSavedOver) {
  const Xdg xdg("session_stuck");
  write_text(xdg.session(), "{ broken");
  if (!lock_folder(xdg.dir / "geofield", true)) GTEST_SKIP() << "no read-only folder for root";
  const WindowRequest r = make_window_request(WindowOptionText{}, ViewOptionText{});
  lock_folder(xdg.dir / "geofield", false);
  EXPECT_EQ(r.state, first_view());
  EXPECT_FALSE(r.save_session);  // this session is not saved over it
  ASSERT_EQ(r.startup_messages.size(), 1u);
  EXPECT_TRUE(has(r.startup_messages[0], "the file is left as it is")) << r.startup_messages[0];
  EXPECT_EQ(read_text(xdg.session()), "{ broken");
}

TEST(Session, NoSessionAndALinkToNothingAreAFirstRun) {
  const Xdg xdg("session_none");
  WindowRequest r = make_window_request(WindowOptionText{}, ViewOptionText{});
  EXPECT_TRUE(r.startup_messages.empty());
  fs::create_symlink(xdg.dir / "elsewhere.json", xdg.session());
  r = make_window_request(WindowOptionText{}, ViewOptionText{});
  EXPECT_TRUE(r.startup_messages.empty());
  EXPECT_EQ(r.state, first_view());
  EXPECT_TRUE(fs::is_symlink(xdg.session()));  // left for the exit's save to write through
}

TEST(StateOption, ABadStateFileIsOneLineNamingTheOption) {
  const Xdg xdg("state_option");  // and a session that must not be touched
  save_state(xdg.session(), first_view());
  const fs::path dir = scratch("state_option_files");
  fs::create_directories(dir / "folder.json");
  ASSERT_EQ(::mkfifo((dir / "fifo.json").c_str(), 0600), 0);
  write_text(dir / "big.json", R"({"nx": 1e400})");
  write_text(dir / "float.json", R"({"nx": 3.9})");
  for (const char* name : {"folder.json", "fifo.json", "big.json", "float.json", "missing.json"}) {
    WindowOptionText w;
    w.state_file = (dir / name).string();
    within_seconds(
        [&] {
          const std::string m = refusal([&] { make_window_request(w, ViewOptionText{}); }, name);
          EXPECT_EQ(m.rfind("--state: " + shown_path(dir / name) + ": ", 0), 0u) << m;
        },
        name);
  }
  EXPECT_TRUE(xdg.kept().empty());
  EXPECT_EQ(load_state(xdg.session()), first_view());
}

}  // namespace
}  // namespace geofield

namespace geofield {
namespace {

// The Look panel's range boxes word the shared check for the end typed, with the other end as
// the bound (window_range_typed_error waits for the second message).
TEST(StateFile, TheColourRangeCheckIsWordedForTheBoxTyped) {
  EXPECT_EQ(check_colour_range(0, -5, Units::km, RangeEnd::max)->ui,
            "range max must be above range min, 0 km (got -5)");
  EXPECT_EQ(check_colour_range(2000, 1000, Units::nm, RangeEnd::min)->ui,
            "range min must be below range max, 1000 nm (got 2000)");
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(check_colour_range(0, inf, Units::km, RangeEnd::max)->ui,
            "range max must be a finite number (got inf)");
  EXPECT_EQ(check_colour_range(-inf, 5, Units::km, RangeEnd::min)->ui,
            "range min must be a finite number (got -inf)");
  EXPECT_EQ(check_colour_range(1, inf, Units::km, RangeEnd::min)->ui,
            "range max must be a finite number (got inf)");
  EXPECT_EQ(check_colour_range(5, 5, Units::km)->cli,
            "--range: MIN must be below MAX, both finite numbers (got 5:5)");
  // The map is drawn with the range in 32-bit floats: -1e300:1e300 overflowed there and drew it
  // all in the bottom colour, so ends beyond 1e38 are refused.
  EXPECT_FALSE(check_colour_range(-1e38, 1e38, Units::m));
  EXPECT_EQ(check_colour_range(-1e300, 1e300, Units::m)->cli,
            "--range: MIN and MAX must be from -1e+38 to 1e+38, what the map's 32-bit floats carry "
            "(got -1e+300:1e+300)");
  EXPECT_EQ(check_colour_range(0, 2e38, Units::km, RangeEnd::max)->ui,
            "range max must be from -1e+38 to 1e+38 km (got 2e+38)");
  EXPECT_EQ(check_colour_range(-2e38, 5, Units::km, RangeEnd::max)->ui,
            "range min must be from -1e+38 to 1e+38 km (got -2e+38)");
  EXPECT_EQ(check_colour_range(-2e38, 5, Units::km, RangeEnd::min)->ui,
            "range min must be from -1e+38 to 1e+38 km (got -2e+38)");
  EXPECT_EQ(check_contour_interval(-5, Units::mi)->ui,
            "contour interval must be above 0 mi (got -5)");
  // Issue 33: a subnormal interval hung the figure's ring labels and the window at every start.
  EXPECT_EQ(check_contour_interval(1e-320, Units::km)->cli,
            "--contours: INTERVAL must be from 1.175494351e-38 to 1e+38, what the map's 32-bit "
            "floats carry (got 9.999888672e-321)");
  EXPECT_EQ(check_contour_interval(std::numeric_limits<double>::denorm_min(), Units::nm)->ui,
            "contour interval must be from 1.175494351e-38 to 1e+38 nm (got 4.940656458e-324)");
  EXPECT_TRUE(check_contour_interval(2e38, Units::km));
  EXPECT_FALSE(check_contour_interval(kMinContourInterval, Units::km));
  EXPECT_FALSE(check_contour_interval(kMaxContourInterval, Units::km));
}

// Issue 33: a session file holding a subnormal interval hung the window at every start; it is
// refused like any value out of range, naming the key.
TEST(StateFile, ASubnormalContourIntervalIsRefusedNamingTheKey) {
  const std::string m = text_refusal(R"({"contour_interval": 1e-320})");
  EXPECT_TRUE(
      has(m, "'contour_interval': contour interval must be from 1.175494351e-38 to 1e+38 km"))
      << m;
}

}  // namespace
}  // namespace geofield
