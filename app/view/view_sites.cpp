#include "view/view_sites.h"

#include <cstdint>
#include <memory>

#include "errors.h"
#include "sites/builtin_sites.h"
#include "sites/centres_file.h"
#include "sites/sites_file.h"
#include "sites/text_file.h"

namespace geofield {
namespace {

using json = nlohmann::json;

constexpr std::size_t kMaxSourceBytes = 4096;  // a path (PATH_MAX) or a built-in name

const json* find(const json& j, const char* key) {
  const auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

bool whole_at_least_0(const json* v) {
  return v && v->is_number_integer() &&
         (v->is_number_unsigned() ? v->get<std::uint64_t>() <= std::uint64_t(INT64_MAX)
                                  : v->get<std::int64_t>() >= 0);
}

}  // namespace

std::string site_label(const SiteShapes& shapes, std::size_t k) {
  if (k < shapes.features.size() && !shapes.features[k].name.empty()) {
    return shapes.features[k].name;
  }
  return "feature " + std::to_string(k);
}

json sites_json(const SitesSource& s) {
  json j = {{"source", s.name}};
  if (!s.builtin()) {
    j["bytes"] = s.bytes;
    j["mtime_ns"] = s.mtime_ns;
    j["features"] = s.features;
  }
  return j;
}

std::optional<SitesSource> read_sites_source(const json& j) {
  const json* v = find(j, "sites");
  if (!v) return std::nullopt;
  const std::string accepted =
      "an object {\"source\": a built-in name such as \"@land\"} or {\"source\": an absolute "
      "path, \"bytes\": , \"mtime_ns\": , \"features\": }";
  auto refuse = [&] {
    const std::string was = v->is_object() ? "an object" : v->is_array() ? "an array" : v->dump();
    throw UsageError("'sites' must be " + accepted + " (got " + quoted_excerpt(was) + ")");
  };
  if (!v->is_object()) refuse();
  const json* source = find(*v, "source");
  if (!source || !source->is_string()) refuse();
  SitesSource s;
  s.name = source->get<std::string>();
  if (s.name.empty() || s.name.size() > kMaxSourceBytes) refuse();
  if (s.builtin()) return s;
  const json* bytes = find(*v, "bytes");
  const json* mtime = find(*v, "mtime_ns");
  const json* features = find(*v, "features");
  const bool mtime_ok =
      mtime && mtime->is_number_integer() &&
      !(mtime->is_number_unsigned() && mtime->get<std::uint64_t>() > std::uint64_t(INT64_MAX));
  if (s.name.front() != '/' || !whole_at_least_0(bytes) || !mtime_ok ||
      !whole_at_least_0(features) || features->get<std::uint64_t>() == 0) {
    refuse();
  }
  s.bytes = bytes->get<std::uint64_t>();
  s.mtime_ns = mtime->get<std::int64_t>();
  s.features = static_cast<std::size_t>(features->get<std::uint64_t>());
  return s;
}

std::optional<ViewSites> restore_sites(const SitesSource& s, std::string* why) {
  const std::string lead = "the view's sites not restored: ";
  const std::string end = "; started without them";
  if (s.builtin()) {
    try {
      ShapesPtr shapes = std::make_shared<const SiteShapes>(builtin_sites(s.name));
      SitesSource read = s;  // the count is the data's, not saved for a built-in name
      read.features = shapes->features.size();
      return ViewSites(std::move(shapes), read);
    } catch (const std::exception& e) {
      *why = lead + e.what() + end;
      return std::nullopt;
    }
  }
  const std::optional<CentresFileRef> now = centres_file_ref(s.name, s.features);
  if (!now) {
    *why = lead + shown_path(s.name) + " is missing (or not a regular file)" + end;
    return std::nullopt;
  }
  const std::string changed = lead + shown_path(s.name) + " has changed since the view was saved";
  if (now->bytes != s.bytes || now->mtime_ns != s.mtime_ns) {
    *why = changed + " (open it again in the Sites panel)" + end;
    return std::nullopt;
  }
  std::shared_ptr<const SiteShapes> shapes;
  try {
    shapes = std::make_shared<const SiteShapes>(read_sites_file(s.name));
  } catch (const std::exception& e) {
    *why = lead + shown_path(s.name) + " cannot be read (" + e.what() + ")" + end;
    return std::nullopt;
  }
  if (shapes->features.size() != s.features) {
    *why = changed + " (it has " + std::to_string(shapes->features.size()) + " features)" + end;
    return std::nullopt;
  }
  return ViewSites(std::move(shapes), s);
}

}  // namespace geofield
