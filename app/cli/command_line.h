// The command line: `geofield [view options] [window options]` opens the window;
// `geofield render [view options] [outputs]` draws without one;
// `geofield mosaic DIR` joins the tiles of `render --tile` by a GDAL VRT;
// `geofield points FILE.csv` gives the field at a table's points.
#pragma once

#include <string>
#include <variant>
#include <vector>

#include "cli/mosaic_command.h"
#include "cli/points_command.h"
#include "cli/render_command.h"
#include "cli/startup.h"

namespace geofield {

// Help or the version: the text to print on stdout, exit status 0.
struct PrintText {
  std::string text;
};

// What a command line asks to run, every option checked.
using CommandLine =
    std::variant<WindowCommand, RenderRequest, MosaicRequest, PointsRequest, PrintText>;

// Parses and checks `args` (args[0] the program), with no side effect: no file is opened, no
// GL started, nothing printed. Throws UsageError (one line, naming the option and quoting what
// was typed) for anything it cannot run exactly as typed.
CommandLine parse_command_line(const std::vector<std::string>& args);

// Parses, then runs; returns the process exit status.
int run_command_line(int argc, char** argv);

}  // namespace geofield
