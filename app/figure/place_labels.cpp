#include "figure/place_labels.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "figure/map_label_boxes.h"
#include "figure/site_names.h"
#include "figure/text_raster.h"
#include "view/view_math.h"

namespace geofield {

std::size_t place_label_count(const FigureLayout& L) {
  const double cell = kPlaceCellFonts * L.font_px;
  const double area = L.disc ? std::numbers::pi * L.disc->r * L.disc->r : double(L.map.w) * L.map.h;
  return std::max<std::size_t>(1, static_cast<std::size_t>(std::lround(area / (cell * cell))));
}

void add_place_labels(FigureLayout* L, const FieldParams& view, std::span<const Place> places) {
  const std::size_t want = place_label_count(*L);
  const TextRaster text(L->ring_font_px);
  const double dot = std::max(2.0, std::round(L->font_px * kPlaceDotFonts * 2) / 2);
  L->place_dot_px = dot;
  const MapRect r{double(L->map.x), double(L->map.y), double(L->map.w), double(L->map.h)};
  PointPx ref;
  const bool ref_marked =
      L->style.marker && screen_of(view, r, {view.ref_lat_deg, view.ref_lon_deg}, &ref.x, &ref.y);
  std::vector<PlacedText> taken = map_label_boxes(*L, ref_marked ? &ref : nullptr);
  SiteNameLook look;
  look.text_width_px = [&](std::string_view s) { return text.width(s); };
  look.text_height_px = text.height();
  look.pad_px = L->ring_pad_px;
  look.marker_radius_px = dot;
  look.disc = L->disc;
  // Names a pad apart from each other as well as from what was there: a crowded map reads.
  const double apart = L->ring_pad_px;
  const double ref_r = L->style.marker_radius_px + 2;  // as map_label_boxes takes the marker
  std::size_t named = 0;
  bool ref_named = false;
  auto add_name = [&](const PlacedText& t) {
    L->place_labels.push_back(t);
    const double grow = L->ring_pad_px + apart;
    taken.push_back({t.text, t.x - grow, t.y - grow, t.w + 2 * grow, t.h + 2 * grow});
    ++named;
  };
  for (const Place& p : places) {
    if (named >= want) break;
    double x = 0, y = 0;
    if (!screen_of(view, r, {p.lat_deg, p.lon_deg}, &x, &y)) continue;
    const Centre site{p.lat_deg, p.lon_deg, std::string(p.name)};
    // A place under the reference's marker (the reference given by its name) is named beside
    // the marker, which is its dot.
    if (ref_marked && std::hypot(x - ref.x, y - ref.y) <= ref_r) {
      if (ref_named) continue;  // one name for the marker
      ref_named = true;
      SiteNameLook by_marker = look;
      by_marker.marker_radius_px = ref_r;
      const SiteMark mark{ref.x, ref.y, 0, 0};
      const std::vector<PlacedText> name =
          place_site_names({&mark, 1}, {&site, 1}, L->map, taken, by_marker);
      if (name.empty()) continue;
      add_name(name.front());
      continue;
    }
    const PlacedText at{"", x - dot, y - dot, 2 * dot, 2 * dot};
    if (!box_on_map(at, 0, *L)) continue;
    auto touches = [&](const PlacedText& o) { return boxes_touch(at, o, 0); };
    if (std::any_of(taken.begin(), taken.end(), touches)) continue;
    const SiteMark mark{x, y, 0, 0};
    const std::vector<PlacedText> name =
        place_site_names({&mark, 1}, {&site, 1}, L->map, taken, look);
    if (name.empty()) continue;
    L->place_dots.push_back({x, y});
    taken.push_back(at);
    add_name(name.front());
  }
}

}  // namespace geofield
