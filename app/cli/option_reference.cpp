#include "cli/option_reference.h"

#include <CLI/CLI.hpp>
#include <cctype>
#include <map>
#include <set>
#include <vector>

namespace geofield {
namespace {

struct OptionText {
  std::string names;  // "--lat", "-h, --help"
  std::string form;   // "MIN:MAX", "" for a flag
  std::string help;
};

// The command's own options in the table's order (CLI11's hidden ones, group "", left out).
std::vector<OptionText> options_of(const CLI::App& command) {
  std::vector<OptionText> out;
  for (const CLI::Option* o : command.get_options()) {
    std::string names = o->get_name(false, true);
    if (names.empty()) continue;
    for (std::size_t at = names.find(','); at != std::string::npos; at = names.find(',', at + 2)) {
      names.insert(at + 1, " ");
    }
    out.push_back({names, o->get_type_name(), o->get_description()});
  }
  return out;
}

std::string markdown_cell(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

std::string markdown_table(const std::vector<OptionText>& options) {
  std::string out = "| option | meaning |\n| --- | --- |\n";
  for (const OptionText& o : options) {
    const std::string call = o.form.empty() ? o.names : o.names + " " + o.form;
    out += "| `" + markdown_cell(call) + "` | " + markdown_cell(o.help) + " |\n";
  }
  return out;
}

// roff's specials: a backslash is \e, a minus \- (a hyphen otherwise, and not copyable), and a
// line may not begin with a control character ('.' or ').
std::string roff(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else {
      out += c;
    }
  }
  std::string lines;
  std::size_t start = 0;
  while (start <= out.size()) {
    const std::size_t end = out.find('\n', start);
    std::string line =
        out.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (!line.empty() && (line[0] == '.' || line[0] == '\'')) line = "\\&" + line;
    lines += line;
    if (end == std::string::npos) break;
    lines += '\n';
    start = end + 1;
  }
  return lines;
}

std::string man_options(const std::string& title, const std::vector<OptionText>& options) {
  std::string out = ".SH " + title + "\n";
  for (const OptionText& o : options) {
    out += ".TP\n.B " + roff(o.names) + (o.form.empty() ? "" : " \" " + roff(o.form) + "\"") +
           "\n" + roff(o.help) + "\n";
  }
  return out;
}

struct Sections {
  std::vector<OptionText> view, window, render;
};

// View options are those the window and `render` both take with the same help (one table,
// add_view_options); --centres and --sites, which each describes its own way, stay in both.
Sections sections_of(const CLI::App& app) {
  const std::vector<OptionText> render = options_of(*app.get_subcommand("render"));
  std::map<std::string, std::string> render_help;
  for (const OptionText& o : render) render_help[o.names] = o.help;
  Sections s;
  std::set<std::string> in_view;
  for (const OptionText& o : options_of(app)) {
    const auto it = render_help.find(o.names);
    if (it != render_help.end() && it->second == o.help &&
        o.names.find("--help") == std::string::npos) {
      s.view.push_back(o);
      in_view.insert(o.names);
    } else {
      s.window.push_back(o);
    }
  }
  for (const OptionText& o : render) {
    if (in_view.count(o.names) == 0) s.render.push_back(o);
  }
  return s;
}

std::string markdown_others(const std::vector<CommandHelp>& others) {
  std::string out;
  for (const CommandHelp& c : others) {
    out += "\n## `geofield " + c.name + "`\n\n```\n" + c.text + "```\n";
  }
  return out;
}

std::string man_others(const std::vector<CommandHelp>& others) {
  std::string out;
  for (const CommandHelp& c : others) {
    std::string title = c.name;
    for (char& ch : title) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    out += ".SH " + title + "\n.nf\n" + roff(c.text) + ".fi\n";
  }
  return out;
}

std::string markdown(const CLI::App& app, const std::vector<CommandHelp>& others) {
  const Sections s = sections_of(app);
  return "# Command-line reference\n\n"
         "Made from the option table (`app/cli/`) by `geofield --reference markdown` at build "
         "time, as `geofield --help`, `geofield render --help` and the man page `geofield.1` are: "
         "edit the table, not this page (the test `option_reference` fails when they differ). "
         "What the options do together, and what is refused: "
         "[command-line.md](command-line.md).\n\n"
         "```\n" +
         app.get_description() + "\n\n" + app.get_footer() +
         "\n```\n\n"
         "## View options\n\n"
         "The same for the window and `geofield render` (after `render`). A default is in "
         "[brackets].\n\n" +
         markdown_table(s.view) +
         "\n## Window options\n\n"
         "`geofield [view options] [window options]` opens the window.\n\n" +
         markdown_table(s.window) + "\n## `geofield render`\n\n" +
         app.get_subcommand("render")->get_description() + ".\n\n" + markdown_table(s.render) +
         markdown_others(others);
}

std::string man(const CLI::App& app, const std::vector<CommandHelp>& others) {
  const Sections s = sections_of(app);
  return ".\\\" Made from the option table by 'geofield --reference man'; do not edit.\n"
         ".TH GEOFIELD 1 \"\" \"geofield 0.1.0\" \"User Commands\"\n"
         ".SH NAME\n"
         "geofield \\- the distance from a point, or the nearest of many points, lines and "
         "polygons, to every node of a grid: live in a window, or written as figures and data\n"
         ".SH SYNOPSIS\n.nf\n" +
         roff(app.get_footer()) + "\n.fi\n.SH DESCRIPTION\n" + roff(app.get_description()) + "\n" +
         man_options("VIEW OPTIONS", s.view) + man_options("WINDOW OPTIONS", s.window) +
         man_options("RENDER OPTIONS", s.render) + man_others(others) +
         ".SH SEE ALSO\n"
         "The guide, docs/guide/ in geofield's source (the window, figures, many sites, tiles, "
         "Python and C, accuracy).\n";
}

}  // namespace

std::string option_reference(const CLI::App& app, ReferenceFormat format,
                             const std::vector<CommandHelp>& others) {
  return format == ReferenceFormat::markdown ? markdown(app, others) : man(app, others);
}

}  // namespace geofield
