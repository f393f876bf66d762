// Reading small text files safely: a view file (--state FILE, the session, Load view), a
// centres or sites file (sites/centres_file.h, sites_file.h): what is read and how its text
// becomes JSON. Only a regular file of at most kMaxStateFileBytes is read, so a folder, a pipe
// or a device at the name is refused without ever blocking; the JSON parser's exceptions never
// leave here. Every problem is one UsageError line that quotes nothing unbounded.
#pragma once

#include <cstddef>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace geofield {

// A saved view is about 1 KB; anything much larger is not one.
constexpr std::size_t kMaxStateFileBytes = std::size_t{1} << 20;
// Objects and arrays nested deeper than this are refused (a view has one level).
constexpr int kMaxStateJsonDepth = 32;

// A path as messages show it: quoted and escaped (quoted_excerpt), bounded.
std::string shown_path(const std::filesystem::path& path);

// The whole content of the regular file at path (a symbolic link is followed, as the writer
// writes through one), of at most max_bytes. Throws UsageError, the problem only ("is a
// folder, not a file"), without the path: the caller names the file. The file is opened
// non-blocking and checked again after opening, so a pipe swapped in never blocks. `what` names
// the kind of file in the message of one too large ("a view file is at most N bytes").
std::string read_regular_file(const std::filesystem::path& path, std::size_t max_bytes,
                              const char* what = "a view file");

// JSON text (strict: one value, nothing after it) as a value. Throws UsageError for anything
// that is not such text: the line and column, the top-level key whose value was being read
// when there is one, and the parser's reason, bounded.
nlohmann::json parse_json_text(std::string_view text);

}  // namespace geofield
