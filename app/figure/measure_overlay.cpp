#include "figure/measure_overlay.h"

#include <algorithm>
#include <string>

#include "centres.h"
#include "figure/map_label_boxes.h"
#include "figure/measure_geometry.h"
#include "figure/route_overlay.h"
#include "figure/site_names.h"
#include "figure/text_raster.h"

namespace geofield {

std::string numbered_measurement_label(const FieldParams& view,
                                       const std::vector<Measurement>& list, std::size_t k) {
  return std::to_string(k + 1) + ": " + measurement_label(view, list[k]);
}

void add_measurements(FigureLayout* L, const FieldParams& view,
                      const std::vector<Measurement>& list) {
  if (list.empty()) return;
  const MapPixels px = route_pixels(*L, view);
  const double width = route_width_px(*L);
  L->route_end_px = 6.0 * L->font_px / 13.0;  // as a site's marker
  // The copy of a point on the map, if any (a lat/lon map's world copies).
  auto on_map = [&](GeoPoint g) -> std::optional<PointPx> {
    std::optional<PointPx> at = px.at(g);
    if (at && !px.projected()) {
      for (double copy : {-360.0, 360.0}) {
        if (at->x >= 0 && at->x <= L->map.w) break;
        at = px.at({g.lat_deg, g.lon_deg + copy});
      }
    }
    if (!at) return std::nullopt;
    const PointPx f{L->map.x + at->x, L->map.y + at->y};
    const PlacedText dot{"", f.x - L->route_end_px, f.y - L->route_end_px, 2 * L->route_end_px,
                         2 * L->route_end_px};
    if (!box_on_map(dot, 0, *L)) return std::nullopt;
    return f;
  };
  std::vector<SiteMark> far_ends;
  std::vector<Centre> names;
  for (std::size_t k = 0; k < list.size(); ++k) {
    const std::vector<Polyline> lines =
        route_map_lines(px, {measurement_points(view, list[k])}, width);
    L->route_short.insert(L->route_short.end(), lines.begin(), lines.end());
    if (const std::optional<PointPx> a = on_map(list[k].a)) {
      L->route_ends.push_back({a->x, a->y, kRouteEndRgb, 0});
    }
    if (const std::optional<PointPx> b = on_map(list[k].b)) {
      L->route_ends.push_back({b->x, b->y, kRouteEndRgb, 0});
      far_ends.push_back({b->x, b->y, kRouteEndRgb, names.size()});
      names.push_back(
          {list[k].b.lat_deg, list[k].b.lon_deg, numbered_measurement_label(view, list, k)});
    }
  }
  // Clear of what is on the map (the ends' dots among it), and of the reference's marker.
  std::optional<PointPx> start = px.at({view.ref_lat_deg, view.ref_lon_deg});
  if (start) start = PointPx{L->map.x + start->x, L->map.y + start->y};
  const std::vector<PlacedText> taken =
      map_label_boxes(*L, L->style.marker && start ? &*start : nullptr);
  const TextRaster text(L->ring_font_px);
  SiteNameLook look;
  look.text_width_px = [&](std::string_view s) { return text.width(s); };
  look.text_height_px = text.height();
  look.pad_px = L->ring_pad_px;
  look.marker_radius_px = L->route_end_px;
  look.disc = L->disc;
  const std::vector<PlacedText> placed = place_site_names(far_ends, names, L->map, taken, look);
  L->route_labels.insert(L->route_labels.end(), placed.begin(), placed.end());
}

}  // namespace geofield
