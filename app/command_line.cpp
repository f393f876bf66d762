#include "command_line.h"

#include <CLI/CLI.hpp>

#include <cstdio>

#include "render_command.h"
#include "view_options.h"

namespace geofield {

int run_command_line(int argc, char** argv) {
  CLI::App app{
      "geofield: the great-circle distance from a reference point to every node of a "
      "latitude/longitude grid, computed on the GPU (or all CPU cores) and drawn live.",
      "geofield"};
  app.set_version_flag("--version", "geofield 0.1.0");
  app.footer(
      "Commands:\n"
      "  geofield [view options]          open the window (not built yet: use render)\n"
      "  geofield render [view options] --png FILE [--npy FILE [--f64]]\n"
      "                                   draw one view without a window\n"
      "Run 'geofield render --help' for every option.");

  ViewOptionText app_text;
  add_view_options(app, &app_text);

  RenderRequest render;
  ViewOptionText render_text;
  std::string png, npy;
  CLI::App* render_cmd = app.add_subcommand(
      "render", "compute and draw one view with no window (headless EGL) and write it out");
  add_view_options(*render_cmd, &render_text);
  render_cmd->add_option("--png", png, "write the colormapped picture (nx x ny pixels) as PNG")
      ->type_name("FILE");
  render_cmd->add_option("--npy", npy,
                         "write the raw field as NumPy .npy, float32, shape (ny, nx), row 0 north")
      ->type_name("FILE");
  render_cmd->add_flag("--f64", render.npy_f64, "compute in double and write the .npy as float64");

  std::vector<std::string> args = join_negative_values(argc, argv);
  std::vector<const char*> cargs;
  for (const std::string& a : args) cargs.push_back(a.c_str());
  try {
    app.parse(static_cast<int>(cargs.size()), cargs.data());
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }

  if (render_cmd->parsed()) {
    render.view = resolve(render_text);
    if (!png.empty()) render.png = png;
    if (!npy.empty()) render.npy = npy;
    return run_render(render);
  }
  resolve(app_text);  // report bad options even before the window exists
  std::fprintf(stderr,
               "geofield: the window is not built yet; 'geofield render --png FILE' draws a view "
               "without one (see --help)\n");
  return 2;
}

}  // namespace geofield
