#include "figure/disc_labels.h"

#include <cmath>
#include <optional>

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
  // Placed with its top-left off the crossing by the box's padding (right and below): the
  // line stays visible beside its label.
  auto place = [&](const std::string& text, GeoPoint p) {
    const std::optional<PointPx> at = pixels.at(p);
    if (!at) return;
    PlacedText t{text, map.x + at->x + 2 * pad, map.y + at->y + 2 * pad, look.text_width_px(text),
                 look.text_height_px};
    if (!on_disc(t, d, pad)) return;
    for (const PlacedText& o : taken) {
      if (boxes_touch(t, o, 2 * pad)) return;
    }
    for (const PlacedText& o : out) {
      if (boxes_touch(t, o, 2 * pad)) return;
    }
    out.push_back(t);
  };
  // Latitudes along the central meridian (the poles left out: every meridian meets there).
  const double centre_lon = style.map.centre_lon_deg;
  const int lat_dec = degree_decimals(lat_step);
  for (int k = -kMaxLines; k <= kMaxLines; ++k) {
    const double lat = k * lat_step;
    if (std::fabs(lat) >= 90 - 1e-9) continue;
    place(lat_label(lat, lat_dec), {lat, centre_lon});
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
