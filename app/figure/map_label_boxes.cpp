#include "figure/map_label_boxes.h"

#include <cmath>

namespace geofield {

std::vector<PlacedText> map_label_boxes(const FigureLayout& L, const PointPx* ref_marker) {
  std::vector<PlacedText> taken;
  const double pad = L.ring_pad_px;
  for (const auto* boxed : {&L.ring_labels, &L.site_labels, &L.disc_labels, &L.maidenhead_labels,
                            &L.route_labels, &L.place_labels}) {
    for (const PlacedText& t : *boxed) {
      taken.push_back({t.text, t.x - pad, t.y - pad, t.w + 2 * pad, t.h + 2 * pad});
    }
  }
  for (const SiteMark& m : L.site_marks) {
    const double r = L.site_radius_px;
    taken.push_back({"", m.x - r, m.y - r, 2 * r, 2 * r});
  }
  for (const SiteMark& m : L.route_ends) {
    const double r = L.route_end_px;
    taken.push_back({"", m.x - r, m.y - r, 2 * r, 2 * r});
  }
  for (const PointPx& d : L.place_dots) {
    const double r = L.place_dot_px;
    taken.push_back({"", d.x - r, d.y - r, 2 * r, 2 * r});
  }
  if (ref_marker) {  // the style's ring, its dark edge included
    const double r = L.style.marker_radius_px + 2;
    taken.push_back({"", ref_marker->x - r, ref_marker->y - r, 2 * r, 2 * r});
  }
  return taken;
}

bool box_on_map(const PlacedText& t, double pad, const FigureLayout& L) {
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

}  // namespace geofield
