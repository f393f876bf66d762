// What a picture or figure of sites shows of them beyond the field, shared by
// `render` and the window: the point sites that get a marker (a set of points: all; shapes:
// their point features, each point of a MultiPoint), each with its site's colour; the sites'
// colours (centre_palette: a set of points by its points, shapes by each feature's middle);
// and the figure title's words for them ("the nearest of 3 sites", "land, negative inside").
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sites.h"

namespace geofield {

struct MarkedPoints {
  CentreList list;                // never null
  std::vector<std::size_t> site;  // site[k]: the index of list's k-th point in the set
};
MarkedPoints marked_points(const SiteSet& sites);

// Each site's colour, site k's at k.
std::vector<std::uint32_t> site_colours(const SiteSet& sites);

// The marked points' colours, the k-th point's at k: its site's (none when site_rgb is empty).
std::vector<std::uint32_t> marked_points_rgb(const MarkedPoints& points,
                                             std::span<const std::uint32_t> site_rgb);

// The figure title's words after "Distance to " for shapes, from where they came (source: a
// built-in name or a file's path; may be empty): a built-in set's plain name ("coastline",
// "land"), one feature's own name or else its file's ("harbour wall", "route"), else "the
// nearest of N sites" ("the site" for one); ", negative inside" when signed. "" for a set of points
// (the figure's own "the nearest of N sites").
std::string sites_title_words(const SiteSet& sites, std::string_view source, bool signed_inside);

}  // namespace geofield
