#include "cli/command_line.h"

#include <CLI/CLI.hpp>
#include <cmath>
#include <cstdio>

#include "backends/cuda_backend_factory.h"
#include "cli/render_command.h"
#include "cli/startup.h"
#include "cli/value_parsers.h"
#include "cli/view_options.h"
#include "errors.h"
#include "figure/figure_layout.h"
#include "window/window_request.h"

namespace geofield {
namespace {

// A whole number of pixels in the figure's accepted range, or a message naming both.
int parse_figure_width(const std::string& text, const char* option) {
  const std::string why = std::string(option) + ": '" + text + "' is not a width in pixels from " +
                          std::to_string(kMinFigureWidthPx) + " to " +
                          std::to_string(kMaxFigureWidthPx);
  double v = 0;
  try {
    v = parse_number(text, option);
  } catch (const UsageError&) {
    throw UsageError(why);
  }
  if (!(v >= kMinFigureWidthPx && v <= kMaxFigureWidthPx) || v != std::floor(v)) {
    throw UsageError(why);
  }
  return static_cast<int>(v);
}

}  // namespace

int run_command_line(int argc, char** argv) {
  CLI::App app{
      "geofield: the great-circle distance from a reference point to every node of a "
      "latitude/longitude grid, computed on the GPU (or all CPU cores) and drawn live.",
      "geofield"};
  app.set_version_flag("--version", "geofield 0.1.0");
  app.footer(
      "Commands:\n"
      "  geofield [view options] [window options]\n"
      "                                   open the window (the last session, then the options)\n"
      "  geofield render [view options] [--png FILE] [--figure FILE] [--npy FILE] [--geotiff "
      "FILE]\n"
      "                  [--f64]\n"
      "                                   draw one view without a window\n"
      "Run 'geofield render --help' for every option.");

  ViewOptionText app_text;
  add_view_options(app, &app_text);
  WindowOptionText window_text;
  app.add_option("--state", window_text.state_file, "start from a view saved as JSON")
      ->type_name("FILE");
  app.add_flag("--no-session", window_text.no_session,
               "neither restore nor save the last session ($XDG_CONFIG_HOME/geofield)");
  app.add_option("--window", window_text.window, "window size in screen units [1280x800]")
      ->type_name("WxH");
  app.add_option("--frames", window_text.frames,
                 "automation: draw N frames (and until the field is shown), then exit")
      ->type_name("N");
  app.add_option("--screenshot", window_text.screenshot,
                 "automation: save the window as PNG after --frames (default 1), then exit")
      ->type_name("FILE");
  app.add_option("--save-state", window_text.save_state, "write the view as JSON on exit")
      ->type_name("FILE");

  RenderRequest render;
  ViewOptionText render_text;
  std::string png, npy, geotiff;
  CLI::App* render_cmd = app.add_subcommand(
      "render", "compute and draw one view with no window (headless EGL) and write it out");
  add_view_options(*render_cmd, &render_text);
  render_cmd->add_option("--png", png, "write the colormapped picture (nx x ny pixels) as PNG")
      ->type_name("FILE");
  render_cmd
      ->add_option("--npy", npy,
                   "write the raw field as NumPy .npy, float32, shape (ny, nx), row 0 north")
      ->type_name("FILE");
  render_cmd
      ->add_option("--geotiff", geotiff,
                   "write the raw field as a GeoTIFF, float32, nodes as points, EPSG:4326 "
                   "(latlon) or the projection on the field's sphere in metres (aeqd, ortho; "
                   "NaN: no value) (BigTIFF above 4 GB)")
      ->type_name("FILE");
  render_cmd->add_flag("--f64", render.f64,
                       "compute in double and write the .npy and the GeoTIFF as float64");
  std::string figure, figure_width, figure_title;
  render_cmd
      ->add_option("--figure", figure,
                   "write a publication figure as PNG: the map in its true shape with the "
                   "overlays asked for, graticule and ring labels, a colorbar with the unit and "
                   "a title line")
      ->type_name("FILE");
  render_cmd
      ->add_option("--figure-width", figure_width,
                   "the figure's width in pixels, " + std::to_string(kMinFigureWidthPx) + " to " +
                       std::to_string(kMaxFigureWidthPx) + " [" +
                       std::to_string(kDefaultFigureWidthPx) + "]")
      ->type_name("PX");
  render_cmd
      ->add_option("--title", figure_title,
                   "the figure's title line [reference point, formula, radius]")
      ->type_name("TEXT");
  std::vector<std::string> args = join_negative_values(argc, argv);
  std::vector<const char*> cargs;
  for (const std::string& a : args) cargs.push_back(a.c_str());
  try {
    app.parse(static_cast<int>(cargs.size()), cargs.data());
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help, --version
    // Everything else is bad input: one line, exit status 2, like our own checks.
    throw UsageError(std::string(e.what()) + " (see 'geofield --help')");
  }

  if (render_cmd->parsed()) {
    render.view = resolve(render_text);
    if (!png.empty()) render.png = png;
    if (!npy.empty()) render.npy = npy;
    if (!geotiff.empty()) render.geotiff = geotiff;
    const OverlayOptions& o = render.view.overlays;  // off unless typed
    render.contour_interval = o.contour_interval.value_or(0);
    render.graticule = o.graticule.value_or(false);
    render.marker = o.marker.value_or(false);
    render.coastlines = o.coastlines.value_or(false);
    render.borders = o.borders.value_or(false);
    render.line_rgb = o.line_rgb.value_or(kDefaultLineRgb);
    if (!figure.empty()) render.figure = figure;
    render.figure_title = figure_title;
    if (!figure_title.empty() && figure.empty())
      throw UsageError("--title: give --figure FILE too");
    if (!figure_width.empty()) {
      if (figure.empty()) throw UsageError("--figure-width: give --figure FILE too");
      render.figure_width = parse_figure_width(figure_width, "--figure-width");
    }
    return run_render(render);
  }
  WindowRequest request = make_window_request(window_text, app_text);
  request.make_backend = make_backend_for;
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
