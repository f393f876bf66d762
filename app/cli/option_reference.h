// The command-line reference, made from the one option table: the guide's page
// (docs/guide/command-line-reference.md) and the man page (geofield.1) are written at build time
// by `geofield --reference markdown|man`, so no option's help is written twice.
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace geofield {

enum class ReferenceFormat { markdown, man };

// A command parsed by its own table before the main one (`mosaic`, `points`): its --help text.
struct CommandHelp {
  std::string name;  // "mosaic"
  std::string text;
};

// `app` is the whole command line (the window's options, its `render` subcommand); the options
// both take are listed once, as view options. `others` follow, each its --help as printed.
std::string option_reference(const CLI::App& app, ReferenceFormat format,
                             const std::vector<CommandHelp>& others);

}  // namespace geofield
