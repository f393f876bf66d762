#include "figure/site_names.h"

#include <algorithm>
#include <cmath>

#include "view/centre_set.h"
#include "view/view_math.h"

namespace geofield {
namespace {

struct Box {
  double x0, y0, x1, y1;
};

bool touch(const Box& a, const Box& b) {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

bool on_disc(const Box& b, const MapDisc& d) {
  for (double x : {b.x0, b.x1}) {
    for (double y : {b.y0, b.y1}) {
      if (std::hypot(x - d.x, y - d.y) > d.r) return false;
    }
  }
  return true;
}

}  // namespace

std::vector<SiteMark> site_marks(const FieldParams& view, const PixelRect& map,
                                 std::span<const Centre> sites,
                                 std::span<const std::uint32_t> rgb) {
  std::vector<SiteMark> out;
  if (!draws_centre_markers(sites.size())) return out;
  const MapRect r{double(map.x), double(map.y), double(map.w), double(map.h)};
  for (std::size_t k = 0; k < sites.size(); ++k) {
    double x = 0, y = 0;
    if (!screen_of(view, r, {sites[k].lat_deg, sites[k].lon_deg}, &x, &y)) continue;
    if (!(x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h)) continue;
    out.push_back({x, y, k < rgb.size() ? rgb[k] : 0xffffffu, k});
  }
  return out;
}

std::string site_name(std::span<const Centre> sites, std::size_t k) {
  if (k < sites.size() && !sites[k].name.empty()) return sites[k].name;
  return "centre #" + std::to_string(k + 1);
}

std::vector<PlacedText> place_site_names(std::span<const SiteMark> marks,
                                         std::span<const Centre> sites, const PixelRect& map,
                                         std::span<const PlacedText> taken,
                                         const SiteNameLook& look) {
  std::vector<PlacedText> out;
  if (sites.size() > kNamedCentres) return out;
  const double p = look.pad_px, r = look.marker_radius_px, h = look.text_height_px;
  std::vector<Box> busy;  // what a name's box may not touch: markers, taken boxes, names
  for (const SiteMark& m : marks) busy.push_back({m.x - r, m.y - r, m.x + r, m.y + r});
  for (const PlacedText& t : taken) busy.push_back({t.x, t.y, t.x + t.w, t.y + t.h});
  const Box inside{double(map.x), double(map.y), double(map.x + map.w), double(map.y + map.h)};
  for (const SiteMark& m : marks) {
    const std::string text = site_name(sites, m.site);
    const double w = look.text_width_px(text);
    const double gap = r + p + std::max(1.0, 0.25 * r);  // from the marker's centre to the text
    // The text's top-left at each candidate: right (as the window), left, above, below, then
    // the four diagonals (a marker in a corner of the map).
    const double places[][2] = {{m.x + gap, m.y - h / 2},       {m.x - gap - w, m.y - h / 2},
                                {m.x - w / 2, m.y - gap - h},   {m.x - w / 2, m.y + gap},
                                {m.x + gap, m.y - gap - h},     {m.x + gap, m.y + gap},
                                {m.x - gap - w, m.y - gap - h}, {m.x - gap - w, m.y + gap}};
    for (const auto& at : places) {
      const Box b{at[0] - p, at[1] - p, at[0] + w + p, at[1] + h + p};
      if (b.x0 < inside.x0 || b.y0 < inside.y0 || b.x1 > inside.x1 || b.y1 > inside.y1) continue;
      if (look.disc && !on_disc(b, *look.disc)) continue;
      bool free = true;
      for (const Box& o : busy) free = free && !touch(b, o);
      if (!free) continue;
      out.push_back({text, at[0], at[1], w, h});
      busy.push_back(b);
      break;
    }
  }
  return out;
}

}  // namespace geofield
