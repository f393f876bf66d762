#include "view/marked_sites.h"

#include <filesystem>
#include <memory>

#include "view/centre_palette.h"

namespace geofield {

MarkedPoints marked_points(const SiteSet& sites) {
  MarkedPoints m;
  if (!sites.has_shapes()) {
    m.list = sites.points() ? sites.points() : std::make_shared<const std::vector<Centre>>();
    for (std::size_t k = 0; k < m.list->size(); ++k) m.site.push_back(k);
    return m;
  }
  const SiteShapes& s = *sites.shapes();
  std::vector<Centre> list;
  for (std::size_t k = 0; k < s.features.size(); ++k) {
    const SiteFeature& f = s.features[k];
    if (f.kind != FeatureKind::point) continue;
    for (std::uint32_t p = f.first_part; p < f.first_part + f.part_count; ++p) {
      const SiteVertex& v = s.vertices[s.parts[p].first];
      list.push_back({v.lat_deg, v.lon_deg, f.name});
      m.site.push_back(k);
    }
  }
  m.list = std::make_shared<const std::vector<Centre>>(std::move(list));
  return m;
}

std::vector<std::uint32_t> site_colours(const SiteSet& sites) {
  if (sites.has_shapes()) return feature_colours(*sites.shapes());
  return sites.points() ? centre_colours(*sites.points()) : std::vector<std::uint32_t>{};
}

std::vector<std::uint32_t> marked_points_rgb(const MarkedPoints& points,
                                             std::span<const std::uint32_t> site_rgb) {
  std::vector<std::uint32_t> rgb;
  if (site_rgb.empty()) return rgb;
  for (std::size_t site : points.site) rgb.push_back(site_rgb[site]);
  return rgb;
}

std::string sites_title_words(const SiteSet& sites, std::string_view source, bool signed_inside) {
  if (!sites.has_shapes()) return "";
  const std::size_t n = sites.size();
  std::string words;
  if (!source.empty() && source[0] == '@') {
    words = source.substr(1, source.find(':') - 1);  // "@coastline:50m": "coastline"
  } else if (n == 1 && !sites.shapes()->features[0].name.empty()) {
    words = sites.shapes()->features[0].name;
  } else if (n == 1 && !source.empty()) {
    words = std::filesystem::path(source).stem().string();
  } else if (n == 1) {
    words = "the site";
  } else {
    words = "the nearest of " + std::to_string(n) + " sites";
  }
  return words + (signed_inside ? ", negative inside" : "");
}

}  // namespace geofield
