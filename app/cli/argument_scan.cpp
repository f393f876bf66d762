#include "cli/argument_scan.h"

#include <cctype>
#include <map>
#include <optional>
#include <set>

#include "cli/view_options.h"
#include "errors.h"

namespace geofield {
namespace {

struct OptionInfo {
  bool takes_value = false;
  std::string form;  // the value's form, as --help shows it (FILE, MIN:MAX)
  bool window = false, render = false;
};

void add_table(const CLI::App& app, bool is_render, std::map<std::string, OptionInfo>* table) {
  for (const CLI::Option* o : app.get_options()) {
    auto add = [&](const std::string& name) {
      OptionInfo& info = (*table)[name];
      info.takes_value = o->get_items_expected_max() > 0;
      info.form = o->get_type_name();
      (is_render ? info.render : info.window) = true;
    };
    for (const std::string& l : o->get_lnames()) add("--" + l);
    for (const std::string& s : o->get_snames()) add("-" + s);
  }
}

bool is_option_word(const std::string& word) {
  return word.size() > 1 && word[0] == '-' && !is_negative_value(word);
}

std::string see_help(bool in_render) {
  return in_render ? " (see 'geofield render --help')" : " (see 'geofield --help')";
}

UsageError window_option_for_render(const std::string& name) {
  return UsageError(name + ": a window option; 'render' does not take it (the window opens with: " +
                    "geofield " + name + " ...)");
}

}  // namespace

bool is_negative_value(const std::string& word) {
  return word.size() > 1 && word[0] == '-' &&
         (std::isdigit(static_cast<unsigned char>(word[1])) || word[1] == '.');
}

std::vector<std::string> scan_arguments(const std::vector<std::string>& args, const CLI::App& root,
                                        const CLI::App& render) {
  std::map<std::string, OptionInfo> table;
  add_table(root, false, &table);
  add_table(render, true, &table);

  std::vector<std::string> out = {args.empty() ? std::string("geofield") : args[0]};
  bool in_render = false;
  // The first option typed before "render" (with its value): it belongs after "render".
  std::optional<std::string> first_option, first_value;
  bool first_is_view = false;
  std::string last_switch;  // the switch just before, for a stray word after it
  std::set<std::string> given;
  for (std::size_t k = 1; k < args.size(); ++k) {
    const std::string& word = args[k];
    if (word == "--") {
      if (k + 1 < args.size()) {
        throw UsageError("--: geofield takes no arguments after '--' (got " +
                         quoted_excerpt(args[k + 1]) + "); give each value after its option");
      }
      throw UsageError("--: geofield takes no arguments after '--'; leave it out");
    }
    if (!is_option_word(word)) {
      if (word == "render" && !in_render) {
        if (first_option) {
          if (!first_is_view) throw window_option_for_render(*first_option);
          throw UsageError(*first_option + ": view options go after 'render': geofield render " +
                           *first_option + (first_value ? " " + quoted_excerpt(*first_value) : "") +
                           " ...");
        }
        in_render = true;
        out.push_back(word);
        continue;
      }
      std::string message = "unexpected argument " + quoted_excerpt(word);
      if (!last_switch.empty()) {
        message += " after " + last_switch + ", which takes no value";
      } else {
        message += ": every value goes after its option (--size 4x2)";
      }
      throw UsageError(message + see_help(in_render));
    }
    last_switch.clear();

    const bool long_form = word.rfind("--", 0) == 0;
    const std::size_t eq = long_form ? word.find('=') : std::string::npos;
    const std::string name = word.substr(0, eq);
    if (name == "--help" || name == "-h") {  // help for the command named so far
      out.push_back(name);
      return out;
    }
    if (name == "--version") return {out[0], name};
    const auto found = table.find(name);
    if (found == table.end()) {
      throw UsageError(quoted_excerpt(name) + ": unknown option" +
                       (in_render ? " for 'render'" : "") + see_help(in_render));
    }
    const OptionInfo& info = found->second;
    if (in_render && !info.render) throw window_option_for_render(name);
    if (!in_render && !info.window) {
      throw UsageError(name + ": a 'render' option; it goes after 'render': geofield render " +
                       name + (info.takes_value ? " " + info.form : "") + " ...");
    }

    std::optional<std::string> value;
    if (info.takes_value) {
      if (eq != std::string::npos) {
        value = word.substr(eq + 1);
      } else if (k + 1 >= args.size()) {
        throw UsageError(name + ": needs " + info.form + ", got nothing (the line ends)");
      } else if (is_option_word(args[k + 1])) {
        throw UsageError(name + ": needs " + info.form + ", got " + quoted_excerpt(args[k + 1]) +
                         ", which reads as an option; a value that begins with '-' is given "
                         "with '=': " +
                         name + "=-VALUE");
      } else {
        value = args[++k];
      }
      if (value->empty()) throw empty_value_error(name, info.form);
      if (!given.insert(name).second) {
        throw UsageError(name + ": given twice (the second time " + quoted_excerpt(*value) +
                         "); give each option once");
      }
      out.push_back(name + "=" + *value);
    } else {
      if (eq != std::string::npos) {
        throw UsageError(name + ": a switch, it takes no value (got " +
                         quoted_excerpt(word.substr(eq)) + ")");
      }
      if (!given.insert(name).second) {
        throw UsageError(name + ": given twice; give each option once");
      }
      last_switch = name;
      out.push_back(name);
    }
    if (!in_render && !first_option) {
      first_option = name;
      first_value = value;
      first_is_view = info.render;
    }
  }
  return out;
}

}  // namespace geofield
