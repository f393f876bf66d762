// Graticule labels on a whole-world disc, whose parallels and meridians never meet the square
// map's edges: latitudes along the meridian through the disc's centre, longitudes along the
// equator, each on a box beside its crossing, kept only where the box stays on the disc and
// touches no box already there. Pure geometry (no GL, no text raster).
#pragma once

#include <functional>
#include <span>
#include <string_view>
#include <vector>

#include "figure/figure_layout.h"
#include "figure/map_disc.h"

namespace geofield {

struct DiscLabelLook {
  std::function<double(std::string_view)> text_width_px;
  double text_height_px = 13;
  double pad_px = 2;  // around the text: its box
};

// Labels (the text's top-left and size; the box pad_px larger every way) for style's graticule
// on disc d drawn in map; taken: boxes already on the map (ring labels, site names and
// markers), which the labels keep clear of.
std::vector<PlacedText> disc_graticule_labels(const ViewStyle& style, const PixelRect& map,
                                              const MapDisc& d, std::span<const PlacedText> taken,
                                              const DiscLabelLook& look);

}  // namespace geofield
