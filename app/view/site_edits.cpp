#include "view/site_edits.h"

#include <memory>
#include <utility>
#include <vector>

#include "compute/shape_field.h"
#include "errors.h"
#include "sites/builtin_sites.h"
#include "sites/centres_file.h"
#include "sites/sites_file.h"
#include "view/centre_edits.h"

namespace geofield {

ShapesPtr read_view_sites(std::string_view text, const std::filesystem::path& folder,
                          SitesSource* source) {
  if (text.empty()) throw UsageError("sites: no file or built-in name given");
  if (names_builtin_sites(text)) {
    ShapesPtr shapes = std::make_shared<const SiteShapes>(builtin_sites(text));
    *source = SitesSource{std::string(text), 0, 0, shapes->features.size()};
    return shapes;
  }
  std::filesystem::path path(text);
  if (path.is_relative()) path = folder / path;
  // The file as it is before the read: a change during the read shows at the next restore.
  const std::optional<CentresFileRef> ref = centres_file_ref(path, 0);
  ShapesPtr shapes = std::make_shared<const SiteShapes>(read_sites_file(path));
  *source = SitesSource{ref ? ref->path : path.string(), ref ? ref->bytes : 0,
                        ref ? ref->mtime_ns : 0, shapes->features.size()};
  return shapes;
}

std::optional<std::string> sites_view_problem(const FieldParams& p) {
  try {
    check_shapes_formula(p);
  } catch (const UsageError& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

bool open_sites(ViewState* s, ShapesPtr shapes, const SitesSource& source, Opened* opened,
                std::string* why) {
  const SiteSet set = SiteSet::shapes(shapes);
  if (set.empty()) {
    *why = "sites: " + source.name + " has no features";
    return false;
  }
  if (!set.has_shapes()) {  // single points: centres, which the Centres panel edits
    ViewState next = *s;
    next.sites = ViewSites();
    next.signed_inside = false;
    if (!replace_centres(&next, *set.points(), why)) return false;
    if (!source.builtin()) {
      next.centres = next.centres.with_file(
          CentresFileRef{source.name, next.centres.size(), source.bytes, source.mtime_ns});
    }
    *s = std::move(next);
    *opened = Opened::centres;
    return true;
  }
  if (const std::optional<std::string> no = sites_view_problem(s->params)) {
    *why = *no;
    return false;
  }
  s->centres = CentreSet();
  s->sites = ViewSites(std::move(shapes), source);
  if (!s->sites.has_polygons()) s->signed_inside = false;
  *opened = Opened::sites;
  return true;
}

void clear_sites(ViewState* s) {
  s->sites = ViewSites();
  s->signed_inside = false;
}

std::string sites_summary(const SiteShapes& shapes) {
  std::size_t n[3] = {0, 0, 0};
  for (const SiteFeature& f : shapes.features) ++n[static_cast<int>(f.kind)];
  const char* words[3][2] = {{"point", "points"}, {"line", "lines"}, {"polygon", "polygons"}};
  std::string out = std::to_string(shapes.features.size()) +
                    (shapes.features.size() == 1 ? " feature" : " features");
  const char* sep = ": ";
  for (int k : {1, 2, 0}) {
    if (n[k] == 0) continue;
    out += sep + std::to_string(n[k]) + " " + words[k][n[k] == 1 ? 0 : 1];
    sep = ", ";
  }
  return out;
}

}  // namespace geofield
