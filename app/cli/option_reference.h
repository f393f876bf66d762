// The command-line reference, made from the one option table: the guide's page
// (docs/guide/command-line-reference.md) and the man page (geofield.1) are written at build time
// by `geofield --reference markdown|man`, so no option's help is written twice.
#pragma once

#include <string>

namespace CLI {
class App;
}

namespace geofield {

enum class ReferenceFormat { markdown, man };

// `app` is the whole command line (the window's options, its `render` subcommand); the options
// both take are listed once, as view options. `mosaic_help` is `geofield mosaic --help`'s text
// (its own grammar, not CLI11's).
std::string option_reference(const CLI::App& app, ReferenceFormat format,
                             const std::string& mosaic_help);

}  // namespace geofield
