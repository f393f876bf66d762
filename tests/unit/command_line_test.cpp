// parse_command_line(): words to what to run, with no side effect. Issue 14's command-line
// classes, each with its variants: (1) a missing value never takes the next option as it,
// (2) an empty value is refused, not taken as "not given", (3) nothing typed is ignored (after
// '--', stray words, options on the wrong side of "render"), (5) a message quotes what was
// typed, escaped, on one line and bounded, never a converted number.
#include "cli/command_line.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <initializer_list>
#include <numbers>
#include <string>
#include <variant>
#include <vector>

#include "cli/figure_defaults.h"
#include "usage_error_matchers.h"
#include "view/view_math.h"

namespace geofield {
namespace {

using test::kMaxUsageMessageBytes;
using test::throws_usage_error_naming;

std::vector<std::string> words(std::initializer_list<std::string> args) {
  std::vector<std::string> w = {"geofield"};
  w.insert(w.end(), args.begin(), args.end());
  return w;
}

CommandLine parse(std::initializer_list<std::string> args) {
  return parse_command_line(words(args));
}

// The message of the UsageError the words give ("" and a failure when there is none).
std::string message_of(const std::vector<std::string>& w) {
  try {
    parse_command_line(w);
  } catch (const UsageError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find_first_of("\n\r"), std::string::npos) << what;
    EXPECT_LE(what.size(), kMaxUsageMessageBytes) << what.substr(0, 200);
    return what;
  }
  ADD_FAILURE() << "accepted";
  return "";
}

std::string message_of(std::initializer_list<std::string> args) { return message_of(words(args)); }

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Every option that takes a value, where it is taken, with a value it accepts.
struct ValueOption {
  const char* name;
  const char* value;
  bool render;  // true: after "render"; false: the window's
};
const ValueOption kValueOptions[] = {
    {"--lat", "10:20", true},         {"--lon", "10:20", true},
    {"--size", "4x2", true},          {"--ref", "15,15", true},
    {"--formula", "seed", true},      {"--units", "nm", true},
    {"--radius", "6000", true},       {"--precision", "double", true},
    {"--backend", "cpu", true},       {"--colormap", "magma", true},
    {"--range", "0:5", true},         {"--contours", "100", true},
    {"--line-color", "ff0000", true}, {"--projection", "aeqd", true},
    {"--png", "a.png", true},         {"--npy", "a.npy", true},
    {"--geotiff", "a.tif", true},     {"--figure", "f.png", true},
    {"--lat", "10:20", false},        {"--size", "4x2", false},
    {"--state", "s.json", false},     {"--window", "800x600", false},
    {"--frames", "3", false},         {"--screenshot", "s.png", false},
    {"--save-state", "s.json", false}};

// The words that give `o` the value `v`, with an output so that render has one.
std::vector<std::string> with_value(const ValueOption& o, const std::string& v, bool joined) {
  std::vector<std::string> w = {"geofield"};
  if (o.render) w.push_back("render");
  if (joined) {
    w.push_back(std::string(o.name) + "=" + v);
  } else {
    w.push_back(o.name);
    w.push_back(v);
  }
  if (o.render && std::string(o.name) != "--npy") w.push_back("--npy=out.npy");
  return w;
}

TEST(CommandLine, EveryValueOptionAcceptsAPlainValue) {
  for (const ValueOption& o : kValueOptions) {
    EXPECT_NO_THROW(parse_command_line(with_value(o, o.value, false))) << o.name;
    EXPECT_NO_THROW(parse_command_line(with_value(o, o.value, true))) << o.name;
  }
}

TEST(CommandLine, RenderGetsWhatWasTyped) {
  const CommandLine c = parse({"render", "--lat", "-10:10", "--lon", "170:-170", "--size", "4x2",
                               "--ref", "-30,-60", "--png", "a.png", "--npy=-x.npy", "--f64",
                               "--figure", "f.png", "--figure-width", "800", "--title=-draft-"});
  ASSERT_TRUE(std::holds_alternative<RenderRequest>(c));
  const RenderRequest& r = std::get<RenderRequest>(c);
  EXPECT_EQ(r.view.params.lat_min_deg, -10);
  EXPECT_EQ(r.view.params.lon_max_deg, -170);
  EXPECT_EQ(r.view.params.nx, 4);
  EXPECT_EQ(r.view.params.ny, 2);
  EXPECT_EQ(r.view.params.ref_lat_deg, -30);
  EXPECT_EQ(r.view.params.ref_lon_deg, -60);
  EXPECT_EQ(r.outputs[OutputId::png], std::filesystem::path("a.png"));
  EXPECT_EQ(r.outputs[OutputId::npy],
            std::filesystem::path("-x.npy"));  // a name that begins with '-', after '='
  EXPECT_TRUE(r.f64);
  EXPECT_EQ(r.figure_width, 800);
  EXPECT_EQ(r.figure_title, "-draft-");
  EXPECT_FALSE(r.outputs[OutputId::geotiff]);
}

// Issue 29: told nothing, a render writing a figure makes a finished one: the view about the
// reference (unless --lat/--lon placed it), suited rings and every overlay, each --no-X taking
// one away; a render with no figure keeps its bare defaults.
TEST(CommandLine, AFigureTakesAFinishedFiguresDefaults) {
  auto render = [](std::initializer_list<std::string> args) {
    return std::get<RenderRequest>(parse(args));
  };
  const RenderRequest f = render({"render", "--figure", "f.png"});
  EXPECT_TRUE(f.suited_rings);
  EXPECT_EQ(f.contour_interval, 0);
  EXPECT_TRUE(f.graticule && f.coastlines && f.borders && f.marker);
  EXPECT_TRUE(f.figure_about_ref);
  EXPECT_EQ(f.view.params, FieldParams{});  // the other outputs' grid is the render's
  FieldParams p;
  centre_view_on(&p, p.ref_lat_deg, p.ref_lon_deg);
  EXPECT_DOUBLE_EQ(p.lat_min_deg, 20);
  EXPECT_DOUBLE_EQ(p.lat_max_deg, 40);
  EXPECT_NEAR((p.lon_min_deg + p.lon_max_deg) / 2, 101, 1e-9);
  EXPECT_NEAR(true_shape_aspect(p), 4.0 / 3.0, 1e-9);

  const RenderRequest bare = render({"render", "--png", "p.png"});
  EXPECT_FALSE(bare.suited_rings || bare.graticule || bare.coastlines || bare.borders ||
               bare.marker || bare.figure_about_ref);
  EXPECT_EQ(bare.view.params, FieldParams{});

  const RenderRequest off =
      render({"render", "--figure", "f.png", "--no-contours", "--no-graticule", "--no-coastlines",
              "--no-borders", "--no-marker"});
  EXPECT_FALSE(off.suited_rings || off.graticule || off.coastlines || off.borders || off.marker);
  EXPECT_EQ(off.contour_interval, 0);
  const RenderRequest typed = render({"render", "--figure", "f.png", "--contours", "75", "--lat",
                                      "29:31", "--lon", "99:101", "--ref", "10,20"});
  EXPECT_FALSE(typed.suited_rings || typed.figure_about_ref);
  EXPECT_EQ(typed.contour_interval, 75);
  EXPECT_DOUBLE_EQ(typed.view.params.lat_min_deg, 29);
  EXPECT_DOUBLE_EQ(typed.view.params.lon_max_deg, 101);
  EXPECT_TRUE(render({"render", "--figure", "f.png", "--ref", "Rome"}).figure_about_ref);
  EXPECT_FALSE(render({"render", "--figure", "f.png", "--lon", "0:20"}).figure_about_ref);
  EXPECT_FALSE(render({"render", "--figure", "f.png", "--numba-case"}).figure_about_ref);
  // Near a pole the view stops at the pole; across 180 it is written MIN > MAX.
  FieldParams north;
  centre_view_on(&north, 85, -170);
  EXPECT_DOUBLE_EQ(north.lat_max_deg, 90);
  EXPECT_DOUBLE_EQ(north.lat_min_deg, 70);
  EXPECT_NEAR(lon_span_of(north), 4.0 / 3 * 20 / std::cos(80 * std::numbers::pi / 180), 1e-9);
  EXPECT_NEAR(north.lon_min_deg + lon_span_of(north) / 2, 190, 1e-9);  // -170, across 180
  FieldParams west;
  centre_view_on(&west, 0, -179);
  EXPECT_DOUBLE_EQ(west.lat_min_deg, -10);
  EXPECT_NEAR(west.lon_min_deg, -179 - 40.0 / 3 + 360, 1e-9);
  EXPECT_TRUE(has(message_of({"render", "--figure", "f.png", "--contours", "5", "--no-contours"}),
                  "--contours and --no-contours: give one of the two"));
}

// Issue 29: a figure records its pixels per inch (--dpi, with --figure only, in range); a
// picture's file names a format written (a figure's PNG, PDF or SVG), whatever the letters'
// case, instead of getting PNG bytes under another format's name.
TEST(CommandLine, FiguresAndPicturesNameTheirFormatAndDpi) {
  const auto dpi_of = [](std::initializer_list<std::string> w) {
    return std::get<RenderRequest>(parse(w)).figure_dpi;
  };
  EXPECT_EQ(dpi_of({"render", "--figure", "f.png"}), 300);
  EXPECT_EQ(dpi_of({"render", "--figure", "F.PNG", "--dpi", "600"}), 600);
  EXPECT_EQ(message_of({"render", "--png", "a.png", "--dpi", "600"}),
            "--dpi: give --figure FILE too");
  EXPECT_TRUE(has(message_of({"render", "--figure", "f.png", "--dpi", "20"}), "50 to 2400"));
  for (const char* file : {"f.eps", "f", "f.png.txt"}) {
    const std::string m = message_of({"render", "--figure", file});
    EXPECT_EQ(m, std::string("--figure '") + file +
                     "': a figure is written as PNG, PDF or SVG, by the FILE's extension; give a "
                     "FILE ending in .png, .pdf or .svg")
        << m;
  }
  for (const char* file : {"f.pdf", "F.SVG", "f.svg"}) {
    EXPECT_TRUE(
        std::get<RenderRequest>(parse({"render", "--figure", file})).outputs[OutputId::figure]);
  }
  EXPECT_EQ(message_of({"render", "--png", "a.jpg"}),
            "--png 'a.jpg': it writes PNG; give a FILE ending in .png");
}

// Issue 28: --sites takes a file or a built-in name, --centres means the same (its messages
// name it), --signed and --bearing come through; each misuse is one line naming the option.
TEST(CommandLine, RenderGetsItsSites) {
  const RenderRequest s = std::get<RenderRequest>(parse(
      {"render", "--sites", "@land:110m", "--signed", "--npy", "d.npy", "--bearing", "b.npy"}));
  ASSERT_TRUE(s.sites);
  EXPECT_EQ(s.sites->text, "@land:110m");
  EXPECT_STREQ(s.sites->option, "--sites");
  EXPECT_TRUE(s.signed_inside);
  EXPECT_EQ(s.outputs[OutputId::bearing], std::filesystem::path("b.npy"));
  const RenderRequest c =
      std::get<RenderRequest>(parse({"render", "--centres", "c.csv", "--index", "i.npy"}));
  ASSERT_TRUE(c.sites);
  EXPECT_EQ(c.sites->text, "c.csv");
  EXPECT_STREQ(c.sites->option, "--centres");
  EXPECT_FALSE(c.signed_inside);
  // The bearing needs no sites: the reference point's.
  EXPECT_FALSE(std::get<RenderRequest>(parse({"render", "--bearing", "b.npy"})).sites);

  EXPECT_TRUE(throws_usage_error_naming(
      [] {
        parse({"render", "--sites", "a.geojson", "--centres", "c.csv", "--npy", "d.npy"});
      },
      "--centres"));
  EXPECT_TRUE(throws_usage_error_naming(
      [] {
        parse({"render", "--signed", "--npy", "d.npy"});
      },
      "--signed"));
  EXPECT_TRUE(throws_usage_error_naming([] { parse({"render", "--index", "i.npy"}); }, "--index"));
  EXPECT_TRUE(throws_usage_error_naming(
      [] {
        parse({"render", "--formula", "wgs84", "--bearing", "b.npy"});
      },
      "--bearing"));
  EXPECT_TRUE(throws_usage_error_naming(
      [] {
        parse({"render", "--sites=", "--npy", "d.npy"});
      },
      "--sites"));
}

TEST(CommandLine, TheWindowGetsWhatWasTyped) {
  const CommandLine c = parse({"--size", "4x2", "--frames", "3", "--screenshot", "shot.png",
                               "--window", "800x600", "--no-session", "--state", "missing.json"});
  ASSERT_TRUE(std::holds_alternative<WindowCommand>(c));
  const WindowCommand& w = std::get<WindowCommand>(c);
  EXPECT_EQ(w.view.params.nx, 4);
  EXPECT_EQ(w.view.params.ny, 2);
  EXPECT_EQ(w.options.frames, 3);
  EXPECT_EQ(w.options.screenshot, std::filesystem::path("shot.png"));
  EXPECT_EQ(w.options.width, 800);
  EXPECT_EQ(w.options.height, 600);
  EXPECT_TRUE(w.options.no_session);
  EXPECT_EQ(w.options.state_file, std::filesystem::path("missing.json"));  // not read yet
  EXPECT_TRUE(std::holds_alternative<WindowCommand>(parse({})));
}

TEST(CommandLine, ParsingTouchesNoFile) {
  const std::filesystem::path dir =
      std::filesystem::path(testing::TempDir()) / "geofield_parse_only";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string png = (dir / "a.png").string(), npy = (dir / "a.npy").string();
  const std::string shot = (dir / "s.png").string(), state = (dir / "s.json").string();
  parse({"render", "--png", png, "--npy", npy});
  parse({"--screenshot", shot, "--save-state", state, "--state", state});
  EXPECT_TRUE(std::filesystem::is_empty(dir));
}

TEST(CommandLine, HelpAndVersionAreTextToPrint) {
  const CommandLine top = parse({"--help"});
  ASSERT_TRUE(std::holds_alternative<PrintText>(top));
  EXPECT_TRUE(has(std::get<PrintText>(top).text, "render"));
  const CommandLine render = parse({"render", "--size", "4x2", "--help"});
  ASSERT_TRUE(std::holds_alternative<PrintText>(render));
  EXPECT_TRUE(has(std::get<PrintText>(render).text, "--png"));
  const CommandLine version = parse({"--version"});
  ASSERT_TRUE(std::holds_alternative<PrintText>(version));
  EXPECT_TRUE(has(std::get<PrintText>(version).text, "geofield 0.1.0"));
  EXPECT_TRUE(std::holds_alternative<PrintText>(parse({"render", "--version"})));
}

// Class 1: `render --png --formula=seed` wrote a file named '--formula=seed' and never applied
// the formula.
TEST(CommandLineClass1, AValueOptionNeverTakesTheNextOptionAsItsValue) {
  const std::string m = message_of({"render", "--png", "--formula=seed"});
  EXPECT_TRUE(has(m, "--png: needs FILE")) << m;
  EXPECT_TRUE(has(m, "'--formula=seed'")) << m;
  EXPECT_TRUE(has(m, "--png=-VALUE")) << m;  // how to give a name that begins with '-'
  for (const ValueOption& o : kValueOptions) {
    for (const char* next :
         {"--formula=seed", "--reverse", "--help", "-x", "--", "-h", "--bogus"}) {
      EXPECT_TRUE(throws_usage_error_naming([&] { parse_command_line(with_value(o, next, false)); },
                                            o.name))
          << o.name << " " << next;
    }
  }
}

TEST(CommandLineClass1, AValueOptionAtTheEndIsRefused) {
  for (const ValueOption& o : kValueOptions) {
    std::vector<std::string> w = {"geofield"};
    if (o.render) w.insert(w.end(), {"render", "--npy=a.npy"});
    w.push_back(o.name);
    const std::string m = message_of(w);
    EXPECT_TRUE(has(m, std::string(o.name) + ": needs ")) << m;
    EXPECT_TRUE(has(m, "got nothing")) << m;
  }
}

TEST(CommandLineClass1, NegativeNumbersAreStillValues) {
  const CommandLine c = parse({"render", "--lat", "-10:10", "--lon", "-170:-160", "--ref",
                               "-5,-165", "--range", "-.5:3", "--npy", "a.npy"});
  const RenderRequest& r = std::get<RenderRequest>(c);
  EXPECT_EQ(r.view.params.lat_min_deg, -10);
  EXPECT_EQ(r.view.params.lon_min_deg, -170);
  EXPECT_EQ(r.view.params.ref_lon_deg, -165);
  EXPECT_EQ(r.view.fixed_range->first, -0.5);
  // A negative value is read, then refused by its own check, naming its option.
  EXPECT_TRUE(throws_usage_error_naming(
      [] {
        parse({"render", "--contours", "-5", "--npy", "a.npy"});
      },
      "--contours"));
  EXPECT_TRUE(throws_usage_error_naming([] { parse({"--radius", "-1"}); }, "--radius"));
}

// Class 2: `--size ''` and `--radius ''` used the defaults; `--geotiff ''` wrote no GeoTIFF.
TEST(CommandLineClass2, AnEmptyValueIsAnErrorNamingWhatTheOptionTakes) {
  EXPECT_EQ(message_of({"render", "--size", "", "--npy", "a.npy"}),
            "--size: empty value; give NXxNY, e.g. 1000x1000");
  EXPECT_EQ(message_of({"render", "--radius=", "--npy", "a.npy"}),
            "--radius: empty value; give KM, e.g. 6371.0088");
  EXPECT_EQ(message_of({"render", "--geotiff", "", "--npy", "a.npy"}),
            "--geotiff: empty value; give a file name");
  EXPECT_EQ(message_of({"render", "--formula", "", "--npy", "a.npy"}),
            "--formula: empty value; give one of haversine, seed, wgs84");
  for (const ValueOption& o : kValueOptions) {
    for (bool joined : {false, true}) {
      const std::string m = message_of(with_value(o, "", joined));
      EXPECT_EQ(m.rfind(std::string(o.name) + ": empty value; give ", 0), 0u) << m;
    }
  }
  for (const char* figure_option : {"--figure-width", "--title", "--dpi"}) {
    const std::string m =
        message_of({"render", "--figure", "f.png", std::string(figure_option) + "="});
    EXPECT_TRUE(has(m, std::string(figure_option) + ": empty value")) << m;
  }
}

// Class 3: anything after '--' and stray words were dropped; view options before "render" were
// the window's, so `geofield --size 4x2 render --npy a.npy` wrote a 1000 x 1000 field.
TEST(CommandLineClass3, NothingAfterDoubleDashIsIgnored) {
  for (const auto& w : {words({"render", "--npy", "a.npy", "--", "--size", "4x2"}),
                        words({"render", "--npy", "a.npy", "--"}), words({"--", "render"}),
                        words({"--size", "4x2", "--"})}) {
    const std::string m = message_of(w);
    EXPECT_EQ(m.rfind("--: geofield takes no arguments after '--'", 0), 0u) << m;
  }
}

TEST(CommandLineClass3, StrayWordsAreRefused) {
  for (const auto& w : {words({"render", "a.npy"}), words({"render", "--npy", "a.npy", "extra"}),
                        words({"render", "--npy", "a.npy", "render"}), words({"rendr"}),
                        words({"render", "--npy", "a.npy", ""}), words({"-5"}),
                        words({"render", "--npy", "a.npy", "-"})}) {
    const std::string m = message_of(w);
    EXPECT_EQ(m.rfind("unexpected argument '", 0), 0u) << m;
  }
  const std::string m = message_of({"render", "--reverse", "yes", "--npy", "a.npy"});
  EXPECT_TRUE(has(m, "'yes' after --reverse, which takes no value")) << m;
  EXPECT_TRUE(throws_usage_error_naming(
      [] {
        parse({"render", "--reverse=yes", "--npy", "a.npy"});
      },
      "--reverse"));
}

TEST(CommandLineClass3, ViewOptionsBeforeRenderAreRefusedSayingWhereTheyGo) {
  EXPECT_EQ(message_of({"--size", "4x2", "render", "--npy", "a.npy"}),
            "--size: view options go after 'render': geofield render --size '4x2' ...");
  EXPECT_EQ(message_of({"--lat", "-10:10", "render", "--npy", "a.npy"}),
            "--lat: view options go after 'render': geofield render --lat '-10:10' ...");
  EXPECT_EQ(message_of({"--reverse", "render", "--npy", "a.npy"}),
            "--reverse: view options go after 'render': geofield render --reverse ...");
  EXPECT_TRUE(throws_usage_error_naming(
      [] {
        parse({"--coastlines", "--size", "4x2", "render"});
      },
      "--coastlines"));
}

TEST(CommandLineClass3, OptionsOfTheOtherCommandAreRefusedByName) {
  for (const char* window_only :
       {"--state=s.json", "--no-session", "--frames=3", "--window=800x600", "--screenshot=s.png",
        "--save-state=s.json"}) {
    const std::string option =
        std::string(window_only).substr(0, std::string(window_only).find('='));
    const std::string in_render = message_of({"render", "--npy", "a.npy", window_only});
    EXPECT_EQ(in_render.rfind(option + ": a window option; 'render' does not take it", 0), 0u)
        << in_render;
    const std::string before = message_of({window_only, "render", "--npy", "a.npy"});
    EXPECT_EQ(before.rfind(option + ": a window option; 'render' does not take it", 0), 0u)
        << before;
  }
  for (const char* render_only : {"--png=a.png", "--npy=a.npy", "--geotiff=a.tif", "--f64",
                                  "--figure=f.png", "--figure-width=800", "--title=T"}) {
    const std::string option =
        std::string(render_only).substr(0, std::string(render_only).find('='));
    const std::string m = message_of({render_only});
    EXPECT_EQ(m.rfind(option + ": a 'render' option; it goes after 'render'", 0), 0u) << m;
  }
}

TEST(CommandLineClass3, UnknownAndRepeatedOptionsAreRefused) {
  for (const char* unknown : {"--bogus", "--bogus=3", "-x", "--siz", "--png2", "---size"}) {
    EXPECT_TRUE(throws_usage_error_naming(
        [&] {
          parse({"render", "--npy", "a.npy", unknown});
        },
        "unknown option"))
        << unknown;
  }
  EXPECT_TRUE(throws_usage_error_naming(
      [] {
        parse({"render", "--size", "4x4", "--npy", "a.npy", "--size=8x8"});
      },
      "--size"));
  EXPECT_TRUE(throws_usage_error_naming(
      [] {
        parse({"render", "--npy", "a.npy", "--npy", "b.npy"});
      },
      "--npy"));
}

// Class 5: a newline in a value split the one-line error; a 1 MB value gave a 1 MB line;
// `--size 99999999999x2` reported a clamped number.
TEST(CommandLineClass5, AMessageQuotesTheValueEscapedAndBounded) {
  const std::string m = message_of({"render", "--formula", "se\ned", "--npy", "a.npy"});
  EXPECT_EQ(m, "--formula: 'se\\ned' is not one of haversine, seed, wgs84");
  const std::string mb(1 << 20, 'x');
  const std::string big = message_of({"render", "--units", mb, "--npy", "a.npy"});
  EXPECT_TRUE(has(big, "... (1048576 bytes)")) << big;
  const std::string unknown = message_of({"render", "--npy", "a.npy", "--" + mb + "\n"});
  EXPECT_TRUE(has(unknown, "unknown option")) << unknown;
  // Every value option and its message, with values that hold what a terminal must not get.
  const std::string hostile[] = {"a\nb", "\x1b[2J", mb, std::string("a\0b", 3), "\r\n"};
  for (const ValueOption& o : kValueOptions) {
    for (const std::string& v : hostile) {
      try {
        parse_command_line(with_value(o, v, false));
        parse_command_line(with_value(o, v, true));
      } catch (const UsageError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.find_first_of(std::string("\n\r\x1b\0", 4)), std::string::npos)
            << o.name << ": " << what.substr(0, 200);
        EXPECT_LE(what.size(), kMaxUsageMessageBytes) << o.name;
      }
    }
  }
}

TEST(CommandLineClass5, AnOutOfRangeValueIsReportedAsTyped) {
  EXPECT_EQ(message_of({"render", "--size", "99999999999x2", "--npy", "a.npy"}),
            "--size: '99999999999x2': each side must be from 2 to 1048576");
  EXPECT_EQ(message_of({"--window", "99999999999x600"}),
            "--window: '99999999999x600': each side must be from 64 to 16384");
  EXPECT_EQ(message_of({"--frames", "99999999999"}),
            "--frames: '99999999999' is not a whole number from 0 to 2147483647");
  const std::string lat = message_of({"render", "--lat", "90.0000001:91", "--npy", "a.npy"});
  EXPECT_TRUE(has(lat, "latitude 90.0000001 is outside [-90, 90]")) << lat;  // not "90"
  EXPECT_TRUE(has(lat, "'90.0000001:91'")) << lat;
  const std::string width =
      message_of({"render", "--figure", "f.png", "--figure-width", "1e9", "--npy", "a.npy"});
  EXPECT_TRUE(has(width, "'1e9'")) << width;
}

}  // namespace
}  // namespace geofield
