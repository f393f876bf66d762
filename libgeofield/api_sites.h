// geofield_params.sites: a file's path, GeoJSON text or a built-in name, read into
// the features the field is measured to. Reading is the slow part of a call with sites (the
// 1:10m coastline is some 400,000 vertices of JSON-free binary, a GeoJSON file is parsed whole),
// so a context keeps the last sites it read and gives them again while the text (and a file's
// size and modification time) is the same; the arc trees are cached by the shapes' pointer
// (compute/shape_trees.h), so a repeated call reuses those too.
#pragma once

#include <cstdint>
#include <filesystem>
#include <mutex>
#include <string>
#include <string_view>

#include "sites.h"

namespace geofield::api {

// The sites `text` names: "@..." a built-in set, text starting with '{' GeoJSON, anything else
// a file's path (GeoJSON or CSV). Throws UsageError "sites: " and the reader's one line.
ShapesPtr read_sites_parameter(std::string_view text);

class SitesCache {
 public:
  // read_sites_parameter(text), or the last one's shapes when text (and, for a path, the
  // file's size and modification time) is the same. Thread-safe.
  ShapesPtr get(std::string_view text);

  // What tells a file changed.
  struct FileStamp {
    std::uintmax_t size = 0;
    std::filesystem::file_time_type modified{};
    bool operator==(const FileStamp&) const = default;
  };

 private:
  std::mutex mutex_;
  std::string text_;
  FileStamp stamp_;
  ShapesPtr shapes_;  // null: nothing read yet
};

}  // namespace geofield::api
