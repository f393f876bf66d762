#include "cli/command_line.h"

#include <CLI/CLI.hpp>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>
#include <utility>

#include "backends/cuda_backend_factory.h"
#include "cli/argument_scan.h"
#include "cli/figure_defaults.h"
#include "cli/mosaic_command.h"
#include "cli/option_reference.h"
#include "cli/points_command.h"
#include "cli/ref_point.h"
#include "cli/render_command.h"
#include "cli/render_tiles.h"
#include "cli/startup.h"
#include "cli/style_options.h"
#include "cli/value_parsers.h"
#include "cli/view_options.h"
#include "compute/bearing_field.h"
#include "errors.h"
#include "export/output_kinds.h"
#include "figure/figure_layout.h"
#include "window/window_request.h"

namespace geofield {
namespace {

// A whole number in [lo, hi], or a message naming the option and the range.
int parse_whole_number(const std::string& text, const char* option, int lo, int hi,
                       const char* what) {
  const std::string why = std::string(option) + ": " + quoted_excerpt(text) + " is not " + what +
                          " from " + std::to_string(lo) + " to " + std::to_string(hi);
  double v = 0;
  try {
    v = parse_number(text, option);
  } catch (const UsageError&) {
    throw UsageError(why);
  }
  if (!(v >= lo && v <= hi) || v != std::floor(v)) throw UsageError(why);
  return static_cast<int>(v);
}

// A typed file name, refused when empty.
std::optional<std::filesystem::path> file_option(const std::optional<std::string>& text,
                                                 const char* option) {
  if (!text) return std::nullopt;
  if (text->empty()) throw empty_value_error(option, "FILE");
  return std::filesystem::path(*text);
}

// CLI11's own message, should one still come (the scan before it refuses what it would):
// one line and bounded like ours.
std::string bounded(const std::string& message) {
  return "command line not understood: " + quoted_excerpt(message, 96);
}

// The words as a shell would take them back: a word of only safe characters as is, any other
// in single quotes (a quote inside as '\''). For the NetCDF file's history.
std::string shell_line(const std::vector<std::string>& words) {
  std::string line;
  for (const std::string& w : words) {
    if (!line.empty()) line += ' ';
    const bool plain = !w.empty() && w.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                         "0123456789-_./:,=+@%") == std::string::npos;
    if (plain) {
      line += w;
      continue;
    }
    line += '\'';
    for (char c : w) line += c == '\'' ? std::string("'\\''") : std::string(1, c);
    line += '\'';
  }
  return line;
}

// An output's help: what it writes (its line in output_kinds.h), what it needs, and what a
// tiled run makes of its option.
std::string output_help(const OutputKind& k) {
  std::string help =
      std::string(k.source == OutputSource::index ? "with --sites: " : "") + "write " + k.writes;
  if (k.tiled()) {
    help += std::string("; with --tile all/N a folder") + (k.mosaic ? " of its own" : "") +
            " for tile-K-of-N" + k.tile_suffix;
  }
  return help;
}

// A picture's file must name a format written (a figure's: PNG, PDF or SVG): a picture.jpg of
// PNG bytes would be a lie that only a reader of that format finds.
void check_picture_format(const OutputKind& k, const std::filesystem::path& file) {
  const std::string ext = lowercase_extension(file);
  for (const std::string& e : k.extensions) {
    if (ext == e) return;
  }
  std::string ends;
  for (std::size_t e = 0; e < k.extensions.size(); ++e) {
    ends += (e == 0 ? "" : e + 1 == k.extensions.size() ? " or " : ", ") + k.extensions[e];
  }
  const std::string why = k.id == OutputId::figure
                              ? "a figure is written as PNG, PDF or SVG, by the FILE's extension"
                              : "it writes PNG";
  throw UsageError(std::string(k.option) + " " + quoted_excerpt(file.string()) + ": " + why +
                   "; give a FILE ending in " + ends);
}

// The outputs `pick` accepts as "[--npy FILE]" words, the index outputs inside --sites'.
std::vector<std::string> output_words(const std::function<bool(const OutputKind&)>& pick,
                                      const char* value) {
  std::vector<std::string> words;
  std::string index;
  for (const OutputKind& k : output_kinds()) {
    if (!pick(k)) continue;
    const std::string word = "[" + std::string(k.option) + " " + value + "]";
    if (k.source == OutputSource::index) {
      index += " " + word;
    } else {
      words.push_back(word);
    }
  }
  words.push_back("[--f64]");
  if (!index.empty()) words.push_back("[--sites FILE|@name [--signed]" + index + "]");
  return words;
}

// A command's lines in the footer: its words wrapped under its start, then what it does.
std::string synopsis(const std::string& start, const std::vector<std::string>& words,
                     const char* does) {
  constexpr std::size_t kWidth = 98;
  std::string text = "  geofield render " + start, line_start = std::string(18, ' ');
  std::size_t line_at = 0;
  for (const std::string& w : words) {
    if (text.size() - line_at + 1 + w.size() > kWidth) {
      line_at = text.size() + 1;
      text += "\n" + line_start + w;
    } else {
      text += " " + w;
    }
  }
  return text + "\n" + std::string(35, ' ') + does + "\n";
}

// `geofield points FILE.csv [options]`: its option table is the view's (the formula,
// unit, radius, ellipsoid, precision, --ref, --backend) with the sites and the output; the
// grid's and the picture's options are refused, naming them. FILE comes first.
CommandLine parse_points_command(const std::vector<std::string>& args) {
  CLI::App app{
      "geofield points: the field at the points of a CSV table instead of a grid: "
      "every column carried through, then distance_UNIT and, with --sites or "
      "--centres, the nearest one's index and name (docs/sites.md).",
      "geofield points FILE.csv"};
  ViewOptionText text;
  add_view_options(app, &text);
  // The grid's and the picture's options stay parsed (to be refused below, naming them) but
  // leave the help; two say what they mean for a table.
  for (const char* grid_only :
       {"--lat",        "--lon",       "--size",        "--step",          "--registration",
        "--projection", "--extent",    "--colormap",    "--reverse",       "--range",
        "--numba-case", "--contours",  "--no-contours", "--graticule",     "--no-graticule",
        "--marker",     "--no-marker", "--coastlines",  "--no-coastlines", "--borders",
        "--no-borders", "--line-color"}) {
    app.get_option(grid_only)->group("");
  }
  app.get_option("--precision")
      ->description(
          "float: computed and stored in float32; double: in float64 [double: a "
          "table's numbers are read]");
  app.get_option("--backend")
      ->description(
          "auto: CUDA where a CUDA device is usable, else all CPU cores (gl is "
          "refused: its compute shaders fill grids) [auto]");
  std::optional<std::string> output, sites, centres;
  bool signed_inside = false;
  add_text_option(app, "--output", &output,
                  "(or -o) write the table to this CSV file (all or nothing) [standard output]",
                  "OUT.csv");
  add_text_option(app, "--sites", &sites,
                  "measure to the nearest of these sites, as render's --sites (GeoJSON of every "
                  "geometry, CSV lat,lon[,name], @coastline, @borders, @land)",
                  "FILE|@name");
  add_text_option(app, "--centres", &centres, "the same as --sites FILE", "FILE");
  app.add_flag("--signed", signed_inside,
               "with --sites of polygons: inside them minus the distance to their boundary");
  std::vector<std::string> rest = {"geofield points"};
  std::optional<std::string> file;
  for (std::size_t k = 2; k < args.size(); ++k) {
    if (!file && k == 2 && !args[k].empty() && args[k][0] != '-') {
      file = args[k];
    } else {
      rest.push_back(args[k] == "-o" ? "--output" : args[k]);  // -o: --output's short form
    }
  }
  const std::vector<std::string> words = scan_arguments(rest, app, app);
  std::vector<const char*> cargs;
  for (const std::string& w : words) cargs.push_back(w.c_str());
  try {
    app.parse(static_cast<int>(cargs.size()), cargs.data());
  } catch (const CLI::CallForHelp&) {
    return PrintText{app.help()};
  } catch (const CLI::ParseError& e) {
    throw UsageError(bounded(e.what()) + " (see 'geofield points --help')");
  }
  if (!file) {
    throw UsageError(
        "points: give the CSV file of points first: geofield points FILE.csv "
        "[options] (see 'geofield points --help')");
  }
  // What a list of points has no use for: the grid and the picture.
  const std::pair<const std::optional<std::string>*, const char*> grid_only[] = {
      {&text.lat, "--lat"},
      {&text.lon, "--lon"},
      {&text.size, "--size"},
      {&text.step, "--step"},
      {&text.registration, "--registration"},
      {&text.projection, "--projection"},
      {&text.extent, "--extent"},
      {&text.colormap, "--colormap"},
      {&text.range, "--range"},
      {&text.contours, "--contours"},
      {&text.line_color, "--line-color"}};
  for (const auto& [typed, option] : grid_only) {
    if (*typed) {
      throw UsageError(std::string(option) +
                       ": applies to grids (render and the window), not to the points of a table");
    }
  }
  const std::pair<bool, const char*> picture_only[] = {{text.reverse, "--reverse"},
                                                       {text.numba_case, "--numba-case"},
                                                       {text.no_contours, "--no-contours"},
                                                       {text.graticule, "--graticule"},
                                                       {text.no_graticule, "--no-graticule"},
                                                       {text.marker, "--marker"},
                                                       {text.no_marker, "--no-marker"},
                                                       {text.coastlines, "--coastlines"},
                                                       {text.no_coastlines, "--no-coastlines"},
                                                       {text.borders, "--borders"},
                                                       {text.no_borders, "--no-borders"}};
  for (const auto& [typed, option] : picture_only) {
    if (typed) {
      throw UsageError(std::string(option) +
                       ": applies to grids (render and the window), not to the points of a table");
    }
  }
  PointsRequest q;
  q.input = *file;
  q.output = file_option(output, "--output");
  q.view = resolve(text);
  // A table's distances are written in full: double unless --precision float is typed.
  if (!text.precision) q.view.params.precision = Precision::f64;
  if (centres && sites) {
    throw UsageError("--centres: the same as --sites, which is given too: give one of them");
  }
  if (sites) {
    if (sites->empty()) throw empty_value_error("--sites", "FILE|@name");
    q.sites = SitesChoice{*sites, "--sites"};
  } else if (centres) {
    q.sites = SitesChoice{file_option(centres, "--centres")->string(), "--centres"};
  }
  q.signed_inside = signed_inside;
  if (signed_inside && !q.sites) {
    throw UsageError("--signed: negative inside polygons; give --sites FILE|@name of polygons too");
  }
  if (q.sites && text.ref) {
    throw UsageError("--ref: the distance is measured to " + std::string(q.sites->option) +
                     "; give one of them");
  }
  return q;
}

}  // namespace

CommandLine parse_command_line(const std::vector<std::string>& args) {
  if (args.size() >= 2 && args[1] == "mosaic") {  // its own small grammar: a folder, --output
    MosaicRequest mosaic;
    std::string help;
    if (!parse_mosaic_command(std::vector<std::string>(args.begin() + 2, args.end()), &mosaic,
                              &help)) {
      return PrintText{help};
    }
    return mosaic;
  }
  if (args.size() >= 2 && args[1] == "points") return parse_points_command(args);
  CLI::App app{
      "geofield: the great-circle distance from a reference point to every node of a "
      "latitude/longitude grid, computed on the GPU (or all CPU cores) and drawn live.",
      "geofield"};
  app.set_version_flag("--version", "geofield 0.1.0");
  app.footer(
      std::string("Commands:\n"
                  "  geofield [view options] [window options]\n"
                  "                                   open the window (the last session, then "
                  "the options)\n") +
      synopsis("[view options]", output_words([](const OutputKind&) { return true; }, "FILE"),
               "draw one view without a window") +
      synopsis("[view options] --tile K/N", output_words(&OutputKind::tiled, "FILE"),
               "tile K of N of the grid (raw field; see docs/guide/tiles.md)") +
      synopsis("[view options] --tile all/N [--devices all|0,1,...] [--workers N]",
               output_words(&OutputKind::tiled, "DIR"),
               "every tile in one process, over the CUDA devices") +
      "  geofield mosaic DIR [--output FILE.vrt]\n"
      "                                   a GDAL VRT over the tiles in DIR, read as one raster\n"
      "  geofield points FILE.csv [--ref LAT,LON | --sites FILE|@name | --centres FILE]\n"
      "                  [--formula F] [--units U] [--backend B] [-o OUT.csv]\n"
      "                                   the distance at each row's lat, lon (see points --help)\n"
      "Run 'geofield render --help' for every option. View options go after 'render'; a value "
      "that begins with '-' (other than a negative number) is given with '=': --png=-x.png.");

  ViewOptionText app_text;
  add_view_options(app, &app_text);
  WindowOptionText window_text;
  add_text_option(app, "--state", &window_text.state_file, "start from a view saved as JSON",
                  "FILE");
  app.add_flag("--no-session", window_text.no_session,
               "neither restore nor save the last session ($XDG_CONFIG_HOME/geofield)");
  add_text_option(app, "--window", &window_text.window, "window size in screen units [1280x800]",
                  "WxH");
  add_text_option(app, "--frames", &window_text.frames,
                  "automation: draw N frames (and until the field is shown), then exit", "N");
  add_text_option(app, "--screenshot", &window_text.screenshot,
                  "automation: save the window as PNG after --frames (default 1), then exit",
                  "FILE");
  add_text_option(app, "--save-state", &window_text.save_state, "write the view as JSON on exit",
                  "FILE");
  add_text_option(app, "--centres", &window_text.centres,
                  "many reference points: the field is the distance to the nearest of them; CSV "
                  "lat,lon[,name] or GeoJSON Point features, at most " +
                      std::to_string(kMaxViewCentres) + " (the saved view keeps up to " +
                      std::to_string(kMaxInlineCentres) +
                      " inline, more as a reference to FILE); latlon views, haversine or wgs84",
                  "FILE");
  add_text_option(app, "--sites", &window_text.sites,
                  "sites of every kind: the distance to the nearest line, polygon or "
                  "point of a GeoJSON or CSV file, or of Natural Earth's @coastline, @land or "
                  "@borders [:10m|50m|110m]; haversine views; not beside --centres",
                  "FILE|@NAME");
  app.add_flag("--signed", window_text.signed_inside,
               "with --sites: inside polygons, minus the distance to the boundary instead of 0");

  RenderRequest render;
  ViewOptionText render_text;
  std::array<std::optional<std::string>, kOutputCount> output_text;  // by OutputId
  std::optional<std::string> figure_width, figure_dpi, figure_title, centres, sites, tile, devices,
      workers, path;
  CLI::App* render_cmd = app.add_subcommand(
      "render", "compute and draw one view with no window (headless EGL) and write it out");
  // Listed for --help only: `geofield mosaic` is parsed by its own grammar before CLI11 sees
  // the line (parse_mosaic_command).
  app.add_subcommand("mosaic",
                     "a GDAL VRT over the tiles of --tile in DIR: geofield mosaic DIR "
                     "[--output FILE.vrt]");
  app.add_subcommand("points",
                     "the field at the points of a CSV table: geofield points FILE.csv "
                     "[options] (see 'geofield points --help')");
  add_view_options(*render_cmd, &render_text);
  for (const OutputKind& k : output_kinds()) {
    add_text_option(*render_cmd, k.option, &output_text[static_cast<std::size_t>(k.id)],
                    output_help(k), "FILE");
  }
  auto field_outputs = [](const OutputKind& k) { return k.source == OutputSource::field; };
  render_cmd->add_flag("--f64", render.f64,
                       "compute in double and write the raw field (" +
                           output_options_text(field_outputs, "") + ") as float64");
  add_text_option(*render_cmd, "--tile", &tile,
                  "compute tile K (0-based, row-major from the north-west) of N tiles of the "
                  "grid, the most nearly square TX x TY = N, or of TXxTY tiles; prints its "
                  "nodes; raw outputs only (" +
                      output_options_text(&OutputKind::tiled, "") +
                      "; a GeoTIFF tile is Cloud-Optimised, a NetCDF tile on the whole grid's "
                      "coordinates); all/N: every tile, the outputs naming folders",
                  "K/N|K/TXxTY");
  add_text_option(*render_cmd, "--devices", &devices,
                  "with --tile all/N: the CUDA devices to spread the tiles over: all, or a "
                  "list like 0,1 [device 0 where CUDA is usable]",
                  "all|0,1,...");
  add_text_option(*render_cmd, "--workers", &workers,
                  "with --tile all/N: tiles in flight on each device (each its own stream and "
                  "read-back buffers), or on the CPU, from 1 to " +
                      std::to_string(kMaxTileWorkers) + " [" +
                      std::to_string(kDefaultDeviceWorkers) + " a CUDA device, 1 on the CPU]",
                  "N");
  render_cmd->add_flag("--cog", render.cog,
                       "write --geotiff as a Cloud-Optimised GeoTIFF: 512x512 tiles, DEFLATE with "
                       "the floating-point predictor, 2x overviews (always so with --tile)");
  add_text_option(*render_cmd, "--figure-width", &figure_width,
                  "the figure's width in pixels, " + std::to_string(kMinFigureWidthPx) + " to " +
                      std::to_string(kMaxFigureWidthPx) + " [" +
                      std::to_string(kDefaultFigureWidthPx) + "]",
                  "PX");
  add_text_option(*render_cmd, "--dpi", &figure_dpi,
                  "the figure's pixels per inch: a PNG records them, a PDF's or SVG's page is "
                  "its width over them, " +
                      std::to_string(kMinFigureDpi) + " to " + std::to_string(kMaxFigureDpi) +
                      " [" + std::to_string(kDefaultFigureDpi) + "; --style screen or dark: 96]",
                  "N");
  add_text_option(*render_cmd, "--title", &figure_title,
                  "the figure's title line [Distance from the reference point (by the name "
                  "--ref gave), or to the sites; the formula, radius and projection are said "
                  "under the colorbar]",
                  "TEXT");
  add_text_option(*render_cmd, "--sites", &sites,
                  "the field is the distance to the nearest of these sites (docs/sites.md): "
                  "GeoJSON of every geometry (points, lines as great-circle arcs, polygons: 0 "
                  "inside), CSV lat,lon[,name] of points, or built in: @coastline, @borders, "
                  "@land (each :10m, :50m or :110m); lines and polygons on the sphere "
                  "(haversine), points also wgs84; a figure marks and names the points "
                  "(--no-marker: not), --png marks them with --marker",
                  "FILE|@name");
  add_text_option(*render_cmd, "--centres", &centres,
                  "the same as --sites FILE (many reference points: CSV lat,lon[,name], a header "
                  "line may name the columns, or GeoJSON)",
                  "FILE");
  render_cmd->add_flag("--signed", render.signed_inside,
                       "with --sites of polygons: inside them minus the distance to their "
                       "boundary instead of 0 (@land: negative on land, positive at sea)");
  render_cmd->add_flag("--maidenhead", render.maidenhead,
                       "with --figure: the Maidenhead locator's fields (20° by 10°) as lines, "
                       "each named (AA to RR) where its name fits");
  render_cmd->add_flag(
      "--places", render.places,
      "with --figure: name the larger places of the built-in gazetteer (GeoNames), "
      "a dot and a name, the most populous first, about one per 13 text heights "
      "square of map, clear of the other labels");
  add_text_option(
      *render_cmd, "--path", &path,
      "with --figure: the great circle from the reference point to this point (read as "
      "--ref), the short path solid and on maps of the world round the long path dashed, "
      "labelled with both distances and initial bearings by --formula and --units",
      "LAT,LON|PLACE|LOCATOR");
  // The figure's style (docs/figure-styles.md): a preset, and options over it.
  StyleOptionText style_text;
  add_text_option(*render_cmd, "--style", &style_text.style,
                  "with --figure: the figure's look: print (a 300-dpi page: 8 pt labels, thin "
                  "lines), screen (96 dpi, a pixel a screen pixel: 11 pt labels, the window's "
                  "lines) or dark (screen's sizes on a dark page, light text and lines); the "
                  "options below override it [print]",
                  "print|screen|dark");
  add_text_option(*render_cmd, "--font-size", &style_text.font_size,
                  "with --figure: the labels' text in points at --dpi (the title 1.25 times it, "
                  "ring labels 0.9 times, never under 8 pt), 8 to 36 [print 8, screen and dark 11]",
                  "PT");
  add_text_option(*render_cmd, "--ring-color", &style_text.ring_color,
                  "with --figure: the range rings' colour [000000; dark: ffffff]", "RRGGBB");
  add_text_option(*render_cmd, "--ring-width", &style_text.ring_width,
                  "with --figure: the (major) rings' width in points, 0.1 to 4; minor rings half "
                  "of it [print 0.6, screen and dark 1.5]",
                  "PT");
  add_text_option(*render_cmd, "--major-rings", &style_text.major_rings,
                  "with --figure: every K-th ring major: drawn at --ring-width and labelled; the "
                  "others half as wide and unlabelled; K from 1 to 20 [1: every ring]",
                  "K");
  add_text_option(*render_cmd, "--graticule-color", &style_text.graticule_color,
                  "with --figure: the latitude/longitude lines' colour (--line-color is the "
                  "coastlines' and borders') [ffffff]",
                  "RRGGBB");
  add_text_option(*render_cmd, "--graticule-width", &style_text.graticule_width,
                  "with --figure: the latitude/longitude lines' width in points, 0.1 to 4 "
                  "[print 0.35, screen and dark 1.5]",
                  "PT");
  add_text_option(*render_cmd, "--land-fill", &style_text.land_fill,
                  "with --figure: tint the land (Natural Earth's, @land) under the rings and "
                  "lines: RRGGBB at alpha 0.2, or RRGGBBAA with AA at most 99 (0.6) so the field "
                  "stays readable; none: no tint [none]",
                  "RRGGBB[AA]|none");
  add_text_option(*render_cmd, "--ocean-tint", &style_text.ocean_tint,
                  "with --figure: tint the sea the same way (RRGGBB[AA]|none) [none]",
                  "RRGGBB[AA]|none");
  add_text_option(*render_cmd, "--marker-shape", &style_text.marker_shape,
                  "with --figure: the reference marker's shape (--marker, --no-marker: whether "
                  "it is drawn) [ring]",
                  "dot|ring|star|cross");
  add_text_option(*render_cmd, "--marker-size", &style_text.marker_size,
                  "with --figure: the marker's outer size in points, 2 to 36 [print 8, screen "
                  "and dark 10]",
                  "PT");
  render_cmd->add_flag("--colour-by-centre", render.colour_by_centre,
                       "with --centres: colour the picture and the figure by each node's nearest "
                       "centre (the window's \"colour by nearest centre\"; the figure's colorbar "
                       "gives way to a caption; every projection)");

  // The reference made at build time from this table (docs/guide/command-line-reference.md,
  // geofield.1); not in --help: it is for the build, not for a user.
  if (args.size() == 3 && args[1] == "--reference") {
    if (args[2] != "markdown" && args[2] != "man") {
      throw UsageError("--reference: " + quoted_excerpt(args[2]) + " is not markdown or man");
    }
    std::string mosaic_help;
    MosaicRequest unused;
    parse_mosaic_command({"--help"}, &unused, &mosaic_help);
    const std::vector<CommandHelp> others = {
        {"points",
         std::get<PrintText>(parse_points_command({"geofield", "points", "--help"})).text},
        {"mosaic", mosaic_help}};
    return PrintText{option_reference(
        app, args[2] == "man" ? ReferenceFormat::man : ReferenceFormat::markdown, others)};
  }
  const std::vector<std::string> words = scan_arguments(args, app, *render_cmd);
  std::vector<const char*> cargs;
  for (const std::string& w : words) cargs.push_back(w.c_str());
  try {
    app.parse(static_cast<int>(cargs.size()), cargs.data());
  } catch (const CLI::CallForHelp&) {
    return PrintText{app.help()};  // the help of the command named (render's after "render")
  } catch (const CLI::CallForVersion& e) {
    return PrintText{std::string(e.what()) + "\n"};
  } catch (const CLI::ParseError& e) {
    throw UsageError(bounded(e.what()) + " (see 'geofield --help')");
  }

  if (!render_cmd->parsed()) return make_window_command(window_text, app_text);
  // A tiled render's whole grid is never in memory at once: it may be larger.
  render.view = resolve(render_text, tile ? kMaxTiledGridSide : kMaxGridSide);
  render.command = shell_line(args);
  if (centres && sites) {
    throw UsageError("--centres: the same as --sites, which is given too: give one of them");
  }
  if (sites) {
    if (sites->empty()) throw empty_value_error("--sites", "FILE|@name");
    render.sites = SitesChoice{*sites, "--sites"};
  } else if (centres) {
    render.sites = SitesChoice{file_option(centres, "--centres")->string(), "--centres"};
  }
  if (render.signed_inside && !render.sites) {
    throw UsageError("--signed: negative inside polygons; give --sites FILE|@name of polygons too");
  }
  for (const OutputKind& k : output_kinds()) {
    render.outputs[k.id] = file_option(output_text[static_cast<std::size_t>(k.id)], k.option);
    if (render.outputs[k.id] && k.source == OutputSource::picture) {
      check_picture_format(k, *render.outputs[k.id]);
    }
    if (render.outputs[k.id] && k.source == OutputSource::index && !render.sites) {
      throw UsageError(std::string(k.option) + ": give --sites FILE|@name (or --centres FILE) too");
    }
  }
  if (render.outputs[OutputId::bearing]) check_bearing_view(render.view.params);
  if (tile) {
    // all/N: every tile, one process; the layout as tile 0's would have it.
    render.all_tiles = tile->rfind("all/", 0) == 0;
    render.tile = parse_tile(*tile, "--tile", render.view.params.nx, render.view.params.ny);
  }
  if (render.f64 && render_text.precision && render.view.params.precision == Precision::f32) {
    throw UsageError(
        "--f64: computes in double and writes float64; --precision float asks for float: give "
        "one of them");
  }
  render.devices = devices;
  if (devices && !render.all_tiles) {
    throw UsageError(
        "--devices: spreads the tiles of --tile all/N over CUDA devices; give "
        "--tile all/N too");
  }
  if (workers) {
    if (workers->empty()) throw empty_value_error("--workers", "N");
    if (!render.all_tiles)
      throw UsageError("--workers: the tiles in flight of --tile all/N; give --tile all/N too");
    render.workers =
        parse_whole_number(*workers, "--workers", 1, kMaxTileWorkers, "a count of workers");
  }
  if (render.cog && !render.outputs[OutputId::geotiff])
    throw UsageError("--cog: give --geotiff FILE too");
  for (const OutputKind& k : output_kinds()) {
    if (!render.outputs[k.id]) continue;
    if (auto why = projection_refusal(k.id, render.view.params)) throw UsageError(*why);
  }
  if (render.sites && render_text.ref) check_ref_beside_centres(render.view.params);
  set_render_look(render_text, &render);
  if (render.colour_by_centre && !render.sites) {
    throw UsageError("--colour-by-centre: give --sites FILE|@name (or --centres FILE) too");
  }
  if (render.tile) {
    // An option of pictures beside --tile, whose tiles are raw: refused as such, rather than by
    // asking for the picture that --tile refuses in turn.
    const std::pair<bool, const char*> drawn[] = {
        {render.colour_by_centre, "--colour-by-centre"},
        {render.maidenhead, "--maidenhead"},
        {render.places, "--places"},
        {path.has_value(), "--path"},
        {figure_title.has_value(), "--title"},
        {figure_width.has_value(), "--figure-width"},
        {figure_dpi.has_value(), "--dpi"},
        {first_style_option(style_text) != nullptr, first_style_option(style_text)}};
    for (const auto& [given, option] : drawn) {
      if (given) {
        throw UsageError(std::string(option) + ": draws on a picture, and --tile writes raw " +
                         "tiles only (no --png or --figure): leave " + option + " out");
      }
    }
  }
  if (render.colour_by_centre && !render.outputs[OutputId::png] &&
      !render.outputs[OutputId::figure]) {
    throw UsageError("--colour-by-centre: colours a picture; give --png FILE or --figure FILE");
  }
  if (render.maidenhead && !render.outputs[OutputId::figure]) {
    throw UsageError("--maidenhead: give --figure FILE too");
  }
  if (render.places && !render.outputs[OutputId::figure]) {
    throw UsageError("--places: give --figure FILE too");
  }
  if (path) {
    if (path->empty()) throw empty_value_error("--path", "LAT,LON|PLACE|LOCATOR");
    if (!render.outputs[OutputId::figure]) throw UsageError("--path: give --figure FILE too");
    if (render.sites) {
      throw UsageError("--path: the great circle from the reference point; not beside " +
                       std::string(render.sites->option));
    }
    render.path = parse_path_end(*path, "--path", render.view.params);
  }
  if (figure_title) {
    if (figure_title->empty()) throw empty_value_error("--title", "TEXT");
    if (!render.outputs[OutputId::figure]) throw UsageError("--title: give --figure FILE too");
    render.figure_title = *figure_title;
  }
  if (figure_width) {
    if (figure_width->empty()) throw empty_value_error("--figure-width", "PX");
    if (!render.outputs[OutputId::figure])
      throw UsageError("--figure-width: give --figure FILE too");
    render.figure_width = parse_whole_number(*figure_width, "--figure-width", kMinFigureWidthPx,
                                             kMaxFigureWidthPx, "a width in pixels");
  }
  if (figure_dpi) {
    if (figure_dpi->empty()) throw empty_value_error("--dpi", "N");
    if (!render.outputs[OutputId::figure]) throw UsageError("--dpi: give --figure FILE too");
    render.figure_dpi =
        parse_whole_number(*figure_dpi, "--dpi", kMinFigureDpi, kMaxFigureDpi, "pixels per inch");
  }
  render.figure_style = resolve_style_options(style_text, render.view.overlays.line_rgb,
                                              render.outputs[OutputId::figure].has_value());
  if (!figure_dpi) render.figure_dpi = render.figure_style.dpi;  // the style's, unless typed
  check_outputs_given(render);
  return render;
}

int run_command_line(int argc, char** argv) {
  const CommandLine command = parse_command_line(std::vector<std::string>(argv, argv + argc));
  if (const PrintText* print = std::get_if<PrintText>(&command)) {
    std::cout << print->text << std::flush;
    return 0;
  }
  if (const RenderRequest* render = std::get_if<RenderRequest>(&command)) {
    return run_render(*render);
  }
  if (const MosaicRequest* mosaic = std::get_if<MosaicRequest>(&command)) {
    return run_mosaic(*mosaic);
  }
  if (const PointsRequest* points = std::get_if<PointsRequest>(&command)) {
    return run_points(*points);
  }
  WindowRequest request = make_window_request(std::get<WindowCommand>(command));
  request.make_backend = [](BackendChoice c, const FieldRequest& r, std::string* reason) {
    return make_backend_for(c, r, reason);
  };
  request.cuda_usable = cuda_device_usable;
  // A typed --backend cuda that cannot work is refused before any window opens.
  std::string no_cuda;
  if (request.backend_typed && request.state.backend == BackendChoice::cuda &&
      !cuda_device_usable(&no_cuda)) {
    throw UsageError("--backend cuda: " + no_cuda);
  }
  return run_window(request);
}

}  // namespace geofield
