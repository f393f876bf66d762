#include "figure/disc_labels.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "figure/degree_labels.h"
#include "figure/map_pixels.h"

namespace geofield {
namespace {

constexpr int kMaxLines = 400;  // lines of one kind labelled at most (a fine step's guard)

// Whether the box around t (pad wider) lies on the disc.
bool on_disc(const PlacedText& t, const MapDisc& d, double pad) {
  for (double x : {t.x - pad, t.x + t.w + pad}) {
    for (double y : {t.y - pad, t.y + t.h + pad}) {
      if (std::hypot(x - d.x, y - d.y) > d.r) return false;
    }
  }
  return true;
}

}  // namespace

std::vector<PlacedText> disc_graticule_labels(const ViewStyle& style, const PixelRect& map,
                                              const MapDisc& d, std::span<const PlacedText> taken,
                                              const DiscLabelLook& look) {
  std::vector<PlacedText> out;
  const double lat_step = style.graticule_lat_step_deg, lon_step = style.graticule_lon_step_deg;
  if (!(lat_step > 0) || !(lon_step > 0) || !style.map.projected()) return out;
  const MapPixels pixels(style, map.w, map.h);
  const double pad = look.pad_px;
  // Beside its crossing at the first corner (below right, above right, below left, above
  // left) where its box stays on the disc clear of the others: the line stays visible.
  auto place = [&](const std::string& text, GeoPoint p) {
    const std::optional<PointPx> at = pixels.at(p);
    if (!at) return false;
    const double w = look.text_width_px(text), h = look.text_height_px;
    const double x = map.x + at->x, y = map.y + at->y;
    for (const auto& [right, below] :
         {std::pair{true, true}, {true, false}, {false, true}, {false, false}}) {
      const PlacedText t{text, right ? x + 2 * pad : x - 2 * pad - w,
                         below ? y + 2 * pad : y - 2 * pad - h, w, h};
      if (!on_disc(t, d, pad)) continue;
      auto clear = [&](const PlacedText& o) { return !boxes_touch(t, o, 2 * pad); };
      if (std::all_of(taken.begin(), taken.end(), clear) &&
          std::all_of(out.begin(), out.end(), clear)) {
        out.push_back(t);
        return true;
      }
    }
    return false;
  };
  // Latitudes along the central meridian (the poles left out: every meridian meets there).
  const double centre_lon = style.map.centre_lon_deg;
  const int lat_dec = degree_decimals(lat_step);
  for (int k = -kMaxLines; k <= kMaxLines; ++k) {
    const double lat = k * lat_step;
    // The equator's crossing is its central meridian's longitude label's place.
    if (std::fabs(lat) >= 90 - 1e-9 || k == 0) continue;
    // On the central meridian, else on its other half beyond the pole.
    if (!place(lat_label(lat, lat_dec), {lat, centre_lon})) {
      place(lat_label(lat, lat_dec), {lat, centre_lon + 180});
    }
  }
  // Longitudes along the equator, from the central meridian round.
  const int lon_dec = degree_decimals(lon_step);
  const double first = std::ceil(centre_lon / lon_step - 1e-9) * lon_step;
  for (int k = 0; k < kMaxLines && k * lon_step < 360 - 1e-9; ++k) {
    const double lon = first + k * lon_step;
    place(lon_label(lon, lon_dec), {0, lon});
  }
  return out;
}

}  // namespace geofield
