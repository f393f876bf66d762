#include "figure/maidenhead_grid.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "figure/graticule_polylines.h"
#include "figure/map_label_boxes.h"
#include "figure/map_pixels.h"
#include "figure/text_raster.h"
#include "maidenhead.h"

namespace geofield {
namespace {

constexpr double kFieldLatDeg = 10, kFieldLonDeg = 20;
constexpr int kFields = 18;  // a side

}  // namespace

void add_maidenhead_grid(FigureLayout* L) {
  ViewStyle fields = L->style;
  fields.graticule_lat_step_deg = kFieldLatDeg;
  fields.graticule_lon_step_deg = kFieldLonDeg;
  const MapPixels pixels(fields, L->map.w, L->map.h);
  L->maidenhead_lines = graticule_polylines(pixels, fields);

  const double pad = L->ring_pad_px;
  const std::vector<PlacedText> taken = map_label_boxes(*L, nullptr);
  const TextRaster text(L->ring_font_px);
  for (int i = 0; i < kFields; ++i) {
    for (int j = 0; j < kFields; ++j) {
      const double lat = -90 + (j + 0.5) * kFieldLatDeg, lon = -180 + (i + 0.5) * kFieldLonDeg;
      std::optional<PointPx> at;
      for (double copy : pixels.world_copies_deg()) {
        if (at) break;
        at = pixels.at({lat, lon + copy});
        if (at && (at->x < 0 || at->x > L->map.w)) at.reset();
      }
      if (!at) continue;
      PlacedText t{maidenhead_locator(lat, lon, 1), 0, 0, 0, text.height()};
      t.w = text.width(t.text);
      t.x = L->map.x + at->x - t.w / 2;
      t.y = L->map.y + at->y - t.h / 2;
      auto clear = [&](const PlacedText& o) { return !boxes_touch(t, o, 2 * pad); };
      const bool free =
          box_on_map(t, pad, *L) && std::all_of(taken.begin(), taken.end(), clear) &&
          std::all_of(L->maidenhead_labels.begin(), L->maidenhead_labels.end(), clear);
      if (free) L->maidenhead_labels.push_back(t);
    }
  }
}

}  // namespace geofield
