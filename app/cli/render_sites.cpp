#include "cli/render_sites.h"

#include <cstring>
#include <memory>
#include <string_view>

#include "compute/cpu_field.h"
#include "errors.h"
#include "sites/builtin_sites.h"
#include "sites/centres_file.h"
#include "sites/sites_file.h"
#include "view/marked_sites.h"

namespace geofield {
namespace {

// The message with the option given in front: the readers and checks name --sites or
// --centres themselves, which the option typed replaces; any other is prefixed.
UsageError named(const char* option, const std::string& message) {
  for (std::string_view own : {"--sites: ", "--centres: "}) {
    if (message.rfind(own, 0) == 0) {
      return UsageError(std::string(option) + ": " + message.substr(own.size()));
    }
  }
  return UsageError(std::string(option) + ": " + message);
}

SiteSet read_sites(const SitesChoice& choice) {
  if (names_builtin_sites(choice.text)) {
    return SiteSet::shapes(std::make_shared<const SiteShapes>(builtin_sites(choice.text)));
  }
  // A file named by --centres is still "a centres file" in its messages.
  const SitesFileText t = read_sites_file_text(
      choice.text,
      std::strcmp(choice.option, "--centres") == 0 ? "a centres file" : "a sites file");
  return SiteSet::shapes(
      std::make_shared<const SiteShapes>(parse_sites_text(t.text, t.source, t.named_geojson)));
}

// "1 point, 2 lines, 1 polygon": the kinds of a set of shapes, none left out.
std::string kinds_text(const SiteShapes& s) {
  std::size_t count[3] = {0, 0, 0};
  for (const SiteFeature& f : s.features) ++count[static_cast<int>(f.kind)];
  const char* names[3] = {"point", "line", "polygon"};
  std::string text;
  for (int k = 0; k < 3; ++k) {
    if (count[k] == 0) continue;
    text += (text.empty() ? "" : ", ") + std::to_string(count[k]) + " " + names[k] +
            (count[k] == 1 ? "" : "s");
  }
  return text;
}

}  // namespace

FieldRequest field_request_of(const RenderRequest& request, const FieldParams& params) {
  FieldRequest r = FieldRequest::of_reference(params);
  if (!request.sites) return r;
  const char* option = request.sites->option;
  try {
    r.sites = read_sites(*request.sites);
    r.signed_inside = request.signed_inside;
    check_sites(r);
  } catch (const UsageError& e) {
    throw named(option, e.what());
  }
  if (r.signed_inside && !r.sites.has_polygons()) {
    throw UsageError(std::string("--signed: negative inside polygons, and ") + option + " " +
                     quoted_excerpt(request.sites->text) + " has none (" +
                     (r.sites.has_shapes() ? kinds_text(*r.sites.shapes())
                                           : std::to_string(r.sites.size()) + " points") +
                     "): give polygons, or leave --signed out");
  }
  return r;
}

std::optional<std::size_t> sites_described(const RenderRequest& request, const FieldRequest& r) {
  return request.sites ? std::optional<std::size_t>(r.sites.size()) : std::nullopt;
}

std::string nearest_text(const RenderRequest& request, const FieldRequest& r) {
  if (!request.sites) return "";
  const std::size_t n = r.sites.size();
  if (!r.sites.has_shapes()) return "; the nearest of " + std::to_string(n) + " centres";
  std::string text = "; the nearest of " + std::to_string(n) + " site" + (n == 1 ? "" : "s") +
                     " (" + kinds_text(*r.sites.shapes()) + ")";
  if (names_builtin_sites(request.sites->text)) text += " of " + request.sites->text;
  return text + (r.signed_inside ? ", signed inside polygons" : "");
}

std::string figure_sites_words(const RenderRequest& request, const FieldRequest& r) {
  if (!request.sites) return "";
  return sites_title_words(r.sites, request.sites->text, r.signed_inside);
}

}  // namespace geofield
