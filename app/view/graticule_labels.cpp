#include "view/graticule_labels.h"

#include <algorithm>
#include <cmath>

namespace geofield {
namespace {

constexpr int kMostLines = 200;  // more lines than this along an edge are not labelled

bool overlaps(const GraticuleLabel& a, const GraticuleLabel& b) {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

bool inside(const GraticuleLabel& l, const MapRect& m) {
  return l.x >= m.x && l.y >= m.y && l.x + l.w <= m.x + m.w && l.y + l.h <= m.y + m.h;
}

}  // namespace

std::vector<GraticuleCrossing> graticule_edge_crossings(const FieldParams& p, const MapRect& r,
                                                        double lat_step_deg, double lon_step_deg,
                                                        double min_apart_px) {
  if (!(lat_step_deg > 0) || !(lon_step_deg > 0)) return {};
  if (p.projection != Projection::latlon) {
    return graticule_crossings(p, r, lat_step_deg, lon_step_deg, min_apart_px);
  }
  std::vector<GraticuleCrossing> out;
  const double k0 = std::ceil(p.lat_min_deg / lat_step_deg),
               k1 = std::floor(p.lat_max_deg / lat_step_deg);
  for (double k = k0; k <= k1 && k - k0 < kMostLines; ++k) {
    const double lat = k * lat_step_deg;
    out.push_back(
        {lat, true, r.x, r.y + (p.lat_max_deg - lat) / (p.lat_max_deg - p.lat_min_deg) * r.h});
  }
  const double span = lon_span_of(p);
  const double j0 = std::ceil(p.lon_min_deg / lon_step_deg),
               j1 = std::floor((p.lon_min_deg + span) / lon_step_deg);
  for (double j = j0; j <= j1 && j - j0 < kMostLines; ++j) {
    const double lon = j * lon_step_deg;  // written in [-180, 180] by the label
    out.push_back({lon, false, r.x + (lon - p.lon_min_deg) / span * r.w, r.y + r.h});
  }
  return out;
}

std::vector<GraticuleLabel> place_graticule_labels(
    const std::vector<GraticuleCrossing>& crossings, const MapRect& r,
    const std::function<std::string(const GraticuleCrossing&)>& text_of,
    const GraticuleLabelLook& look) {
  std::vector<GraticuleLabel> out;
  if (!look.text_width_px || !text_of) return out;
  const double gap = look.inset_px;
  for (const bool latitude : {false, true}) {  // meridians first: they own the south-west corner
    for (const GraticuleCrossing& c : crossings) {
      if (c.latitude != latitude) continue;
      GraticuleLabel l;
      l.text = text_of(c);
      l.latitude = latitude;
      l.w = look.text_width_px(l.text) + 2 * look.pad_x_px;
      l.h = look.text_height_px + 2 * look.pad_y_px;
      if (latitude) {
        l.line_px = c.y;
        l.x = r.x + gap;
        l.y = c.y - gap - l.h;           // above its parallel
        if (l.y < r.y) l.y = c.y + gap;  // the top edge's: below it
      } else {
        l.line_px = c.x;
        l.y = r.y + r.h - gap - l.h;
        l.x = c.x + gap;                                   // right of its meridian
        if (l.x + l.w > r.x + r.w) l.x = c.x - gap - l.w;  // the east edge's: left of it
      }
      if (!inside(l, r)) continue;
      if (std::any_of(out.begin(), out.end(),
                      [&](const GraticuleLabel& o) { return overlaps(l, o); })) {
        continue;
      }
      out.push_back(std::move(l));
    }
  }
  return out;
}

}  // namespace geofield
