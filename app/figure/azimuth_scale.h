// The bearing scale around a whole-world azimuthal disc (what radio amateurs read beam headings
// from): ticks every 5° (longer every 10°) outward from just beyond the rim, labels every 30°
// beyond them, 0° at the top (north at the reference point) and clockwise. Figure pixels, no GL, no
// cairo.
#pragma once

#include <functional>
#include <string_view>
#include <vector>

#include "figure/map_disc.h"
#include "figure/map_polyline.h"

namespace geofield {

struct PlacedText;

struct AzimuthLook {
  std::function<double(std::string_view)> text_width_px;
  double text_height_px = 0;
  double rim_gap_px = 0;  // from the rim to the ticks: the rim stays the map's, unmarked
  double tick_px = 0;     // a 10° tick's length; a 5° tick is half of it
  double gap_px = 0;      // between a long tick's end and its label
};

struct AzimuthScale {
  std::vector<Polyline> ticks;     // each a segment from the rim outward
  std::vector<PlacedText> labels;  // "0°", "30°", … "330°"
};

// The scale about disc d.
AzimuthScale azimuth_scale(const MapDisc& d, const AzimuthLook& look);

// How far beyond the rim the scale reaches: across (the widest label beside the disc) and
// along (a label's height above and below it), pixels.
double azimuth_scale_reach_x(const AzimuthLook& look);
double azimuth_scale_reach_y(const AzimuthLook& look);

}  // namespace geofield
