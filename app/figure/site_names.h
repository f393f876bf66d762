// A figure's sites on its map: where each marker goes (by the view's projection) and where
// each name goes beside its marker without covering another name, a marker or a ring label, and
// without leaving the map. Pure geometry (no GL, no text raster): tested on its own.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "centres.h"
#include "figure/figure_layout.h"
#include "view/centre_set.h"  // kMaxCentreMarkers, kNamedCentres: the window's rules

namespace geofield {

// The markers of sites on the map drawn in `map` (figure pixels): those the projection has a
// place for (not ortho's far side, not aeqd's antipode) inside the map. None when there are
// more than kMaxCentreMarkers sites. rgb: site k's colour at k (white where missing).
std::vector<SiteMark> site_marks(const FieldParams& view, const PixelRect& map,
                                 std::span<const Centre> sites, std::span<const std::uint32_t> rgb);

struct SiteNameLook {
  std::function<double(std::string_view)> text_width_px;
  double text_height_px = 13;
  double pad_px = 2;            // around the text: its box
  double marker_radius_px = 6;  // every marker's outer radius
  std::optional<MapDisc> disc;  // a whole-world disc's map: the names stay on it too
};

// A site's name: its own, or "centre #k" (1-based) as the window calls an unnamed one.
std::string site_name(std::span<const Centre> sites, std::size_t k);

// Names beside their markers (the text's top-left and size, as PlacedText; its box is pad_px
// larger every way), in the order of marks: each at the first of a few places around its
// marker (right, left, above, below, the diagonals) whose box stays inside the map (and on
// look.disc when given) and touches no
// name placed already, no marker and nothing of `taken` (boxes, e.g. ring labels with their
// padding); a name with no such place is left out. None when there are more than kNamedCentres
// sites.
std::vector<PlacedText> place_site_names(std::span<const SiteMark> marks,
                                         std::span<const Centre> sites, const PixelRect& map,
                                         std::span<const PlacedText> taken,
                                         const SiteNameLook& look);

}  // namespace geofield
