// The command line: `geofield [view options]` opens the window; `geofield render` draws
// without one. Returns the process exit status.
#pragma once

namespace geofield {

int run_command_line(int argc, char** argv);

}  // namespace geofield
