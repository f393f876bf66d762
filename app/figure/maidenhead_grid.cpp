#include "figure/maidenhead_grid.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

#include "figure/graticule_polylines.h"
#include "figure/map_pixels.h"
#include "figure/text_raster.h"
#include "maidenhead.h"

namespace geofield {
namespace {

constexpr double kFieldLatDeg = 10, kFieldLonDeg = 20;
constexpr int kFields = 18;  // a side

// The box around t (pad wider) on the map: inside its rectangle, and on its disc if it is one.
bool on_map(const PlacedText& t, double pad, const FigureLayout& L) {
  for (double x : {t.x - pad, t.x + t.w + pad}) {
    for (double y : {t.y - pad, t.y + t.h + pad}) {
      if (x < L.map.x || x > L.map.x + L.map.w || y < L.map.y || y > L.map.y + L.map.h) {
        return false;
      }
      if (L.disc && std::hypot(x - L.disc->x, y - L.disc->y) > L.disc->r) return false;
    }
  }
  return true;
}

}  // namespace

void add_maidenhead_grid(FigureLayout* L) {
  ViewStyle fields = L->style;
  fields.graticule_lat_step_deg = kFieldLatDeg;
  fields.graticule_lon_step_deg = kFieldLonDeg;
  const MapPixels pixels(fields, L->map.w, L->map.h);
  L->maidenhead_lines = graticule_polylines(pixels, fields);

  const double pad = L->ring_pad_px;
  std::vector<PlacedText> taken;
  for (const auto* boxed : {&L->ring_labels, &L->site_labels, &L->disc_labels}) {
    for (const PlacedText& t : *boxed) {
      taken.push_back({t.text, t.x - pad, t.y - pad, t.w + 2 * pad, t.h + 2 * pad});
    }
  }
  for (const SiteMark& m : L->site_marks) {
    const double r = L->site_radius_px;
    taken.push_back({"", m.x - r, m.y - r, 2 * r, 2 * r});
  }
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
          on_map(t, pad, *L) && std::all_of(taken.begin(), taken.end(), clear) &&
          std::all_of(L->maidenhead_labels.begin(), L->maidenhead_labels.end(), clear);
      if (free) L->maidenhead_labels.push_back(t);
    }
  }
}

}  // namespace geofield
