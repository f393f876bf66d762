#include "api_sites.h"

#include <optional>
#include <system_error>

#include "errors.h"
#include "sites/builtin_sites.h"
#include "sites/sites_file.h"

namespace geofield::api {
namespace {

constexpr std::string_view kCliPrefix = "--sites: ";

// The readers' messages name the command line's option where they name one (built-in names);
// the C caller set the struct's field.
[[noreturn]] void throw_as_field(const UsageError& e) {
  std::string_view line = e.what();
  if (line.substr(0, kCliPrefix.size()) == kCliPrefix) line.remove_prefix(kCliPrefix.size());
  throw UsageError("sites: " + std::string(line));
}

bool is_geojson_text(std::string_view text) {
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && text[first] == '{';
}

// A path's size and modification time, or nothing where it cannot be had (the reader then
// says why).
std::optional<SitesCache::FileStamp> stamp_of(std::string_view path) {
  std::error_code e;
  const std::filesystem::path p(path);
  const std::uintmax_t size = std::filesystem::file_size(p, e);
  if (e) return std::nullopt;
  const std::filesystem::file_time_type modified = std::filesystem::last_write_time(p, e);
  if (e) return std::nullopt;
  return SitesCache::FileStamp{size, modified};
}

}  // namespace

ShapesPtr read_sites_parameter(std::string_view text) {
  if (text.empty()) {
    throw UsageError(
        "sites: empty; give a GeoJSON or CSV file's path, GeoJSON text (starting with '{') or a "
        "built-in name (@coastline, @borders, @land, each with :10m, :50m or :110m)");
  }
  try {
    if (names_builtin_sites(text)) return std::make_shared<const SiteShapes>(builtin_sites(text));
    if (is_geojson_text(text)) {
      return std::make_shared<const SiteShapes>(parse_sites_geojson(text, "GeoJSON text"));
    }
    return std::make_shared<const SiteShapes>(read_sites_file(std::filesystem::path(text)));
  } catch (const UsageError& e) {
    throw_as_field(e);
  }
}

ShapesPtr SitesCache::get(std::string_view text) {
  // Built-in sets and GeoJSON text are the same sites whenever the text is; a file is the same
  // while its size and modification time are.
  const bool path = !names_builtin_sites(text) && !is_geojson_text(text);
  const std::optional<FileStamp> stamp =
      path ? stamp_of(text) : std::optional<FileStamp>(FileStamp{});
  {
    std::lock_guard lock(mutex_);
    if (shapes_ && stamp && text == text_ && *stamp == stamp_) return shapes_;
  }
  ShapesPtr shapes = read_sites_parameter(text);  // outside the lock: reading may take a while
  std::lock_guard lock(mutex_);
  text_ = text;
  stamp_ = stamp.value_or(FileStamp{});
  shapes_ = stamp ? shapes : nullptr;
  return shapes;
}

}  // namespace geofield::api
