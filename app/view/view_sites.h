// The window's sites of every kind as a value of the view state: lines, polygons and
// points of several parts from a GeoJSON file or a built-in name (@coastline, @land, @borders),
// shared and never changed in place, so the copies the frame loop and the undo history make of
// the view cost a pointer (as CentreSet's). Beside the shapes, where they came from: a saved
// view keeps that reference (the name, or the file's path and fingerprint), never the shapes,
// which for @coastline are some 410,000 vertices. A file of single points is no ViewSites: the
// window opens it as centres (site_edits.h), which the Centres panel edits.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>

#include "sites.h"

namespace geofield {

// Where a view's sites came from: a built-in name ("@land", "@coastline:50m"), or a file's
// absolute path with its size and modification time when read and its feature count, so a
// restore can tell the file is still the one the sites were read from.
struct SitesSource {
  std::string name;
  std::uint64_t bytes = 0;  // a file's; 0 for a built-in name
  std::int64_t mtime_ns = 0;
  std::size_t features = 0;
  bool builtin() const { return !name.empty() && name[0] == '@'; }
  bool operator==(const SitesSource&) const = default;
};

class ViewSites {
 public:
  ViewSites() = default;
  // Null or featureless shapes: no sites.
  ViewSites(ShapesPtr shapes, SitesSource source)
      : shapes_(shapes && !shapes->features.empty() ? std::move(shapes) : nullptr),
        source_(shapes_ ? std::move(source) : SitesSource{}) {}

  bool empty() const { return !shapes_; }
  std::size_t size() const { return shapes_ ? shapes_->features.size() : 0; }
  const ShapesPtr& shapes() const { return shapes_; }
  const SitesSource& source() const { return source_; }
  bool has_polygons() const { return shapes_ && shapes_->has(FeatureKind::polygon); }

  // Equal: the same source and shapes (the same list, or equal ones: compared element by
  // element only when the pointers differ, which is once an open).
  bool operator==(const ViewSites& o) const {
    return source_ == o.source_ &&
           (shapes_ == o.shapes_ || (shapes_ && o.shapes_ && *shapes_ == *o.shapes_));
  }

 private:
  ShapesPtr shapes_;
  SitesSource source_;
};

// How the window names feature k (0 first, as --index numbers them): its name, or "feature K".
std::string site_label(const SiteShapes& shapes, std::size_t k);

// The saved view's "sites": {"source": NAME} for a built-in name, with "bytes", "mtime_ns" and
// "features" for a file.
nlohmann::json sites_json(const SitesSource& s);
// "sites" checked for its shape (UsageError naming the key, the accepted form and what was
// there); nothing when the key is absent.
std::optional<SitesSource> read_sites_source(const nlohmann::json& j);
// The sites a source names, read again: a built-in name's, or the file's when it is still the
// one it was (size, time, feature count); otherwise nothing and *why says in one line what
// changed ("the view's sites not restored: ...").
std::optional<ViewSites> restore_sites(const SitesSource& s, std::string* why);

}  // namespace geofield
