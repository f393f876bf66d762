// The command line's words checked against the option tables before CLI11 binds them, so that
// no word is silently taken or dropped: an option that takes a value never takes the next
// option as it, an empty value is refused, nothing after '--' or out of place is ignored.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace geofield {

// `args` as typed (args[0] the program) against the window's table (`root`) and render's
// (`render`, root's subcommand "render"). Returns the words for CLI11 with every value joined
// to its option ("--lat=-10:10"), or {program, "--help"} style words when help or the version
// is asked for. Throws UsageError, one line naming the option and quoting what was typed:
// - an option that takes a value followed by nothing, by an option (a word that begins with
//   '-' and is not a negative number: "--png --formula=seed"), or by an empty value;
// - '--' and anything after it, a word that belongs to no option, a value given to a switch;
// - an unknown option, an option given twice, a view option before "render" (it goes after),
//   a window option given to render or a render option given to the window.
std::vector<std::string> scan_arguments(const std::vector<std::string>& args, const CLI::App& root,
                                        const CLI::App& render);

// Whether a word reads as a number below zero ("-10:10", "-.5", "-30,-60"): a value, not an
// option, after an option that takes one.
bool is_negative_value(const std::string& word);

}  // namespace geofield
