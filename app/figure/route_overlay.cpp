#include "figure/route_overlay.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "figure/geodesic_path.h"
#include "figure/map_label_boxes.h"
#include "figure/map_pixels.h"
#include "figure/site_names.h"
#include "figure/text_raster.h"
#include "gl/map_frame.h"

namespace geofield {
namespace {

// The map's geography as the renderer's overlays take it (the figure's style holds it only
// when some overlay is drawn).
ViewStyle with_geography(ViewStyle s, const FieldParams& view) {
  s.view = {view.lat_min_deg, view.lat_max_deg, view.lon_min_deg, lon_span_of(view)};
  s.map = map_frame_of(view);
  return s;
}

}  // namespace

MapPixels route_pixels(const FigureLayout& L, const FieldParams& view) {
  return MapPixels(with_geography(L.style, view), L.map.w, L.map.h);
}

std::vector<Polyline> route_map_lines(const MapPixels& px,
                                      const std::vector<std::vector<RoutePoint>>& runs,
                                      double margin_px) {
  std::vector<Polyline> out;
  PolylineCutter cutter(px.width(), px.height(), margin_px, &out);
  std::vector<GeoPoint> run;
  // A lat/lon map: the path's longitudes run on past +-180, so every copy of the world that
  // may hold a piece of it is drawn (the cutter keeps only what touches the map).
  const std::vector<double> copies =
      px.projected() ? std::vector<double>{0} : std::vector<double>{-720, -360, 0, 360, 720};
  for (const std::vector<RoutePoint>& points : runs) {
    for (const double copy : copies) {
      run.clear();
      for (const RoutePoint& p : points) run.push_back({p.lat_deg, p.lon_deg + copy});
      px.path(run, &cutter);
    }
  }
  cutter.cut();
  return out;
}

double route_width_px(const FigureLayout& L) { return std::max(2.0, std::round(L.font_px / 6)); }

namespace {

// The label at the far end's marker (as a site's name), else in a corner of the map clear of
// everything; else, where nothing is clear, in the map's top-left corner all the same.
// lines: the label's lines (1 or 2), text_str its widest; the box holds them all.
PlacedText place_route_label(const FigureLayout& L, const std::string& text_str,
                             const std::vector<PlacedText>& taken, int lines = 1) {
  const TextRaster text(L.ring_font_px);
  const double pad = L.ring_pad_px;
  const double height = lines * text.height() + (lines - 1) * 2 * pad;
  PlacedText t{text_str, 0, 0, text.width(text_str), height};
  if (!L.route_ends.empty()) {
    SiteNameLook look;
    look.text_width_px = [&](std::string_view s) { return text.width(s); };
    look.text_height_px = height;
    look.pad_px = pad;
    look.marker_radius_px = L.route_end_px;
    look.disc = L.disc;
    const Centre site{0, 0, text_str};
    const std::vector<PlacedText> at =
        place_site_names({&L.route_ends.front(), 1}, {&site, 1}, L.map, taken, look);
    if (!at.empty()) return at.front();
  }
  const double inset = 3 * pad;
  const double x0 = L.map.x + inset, x1 = L.map.x + L.map.w - inset - t.w;
  const double y0 = L.map.y + inset, y1 = L.map.y + L.map.h - inset - t.h;
  // A disc's corners are the page's: clear of the disc and its bearing scale's labels.
  double clear_r = 0;
  if (L.disc) {
    clear_r = L.disc->r + pad;
    for (const PlacedText& a : L.azimuth_labels) {
      for (double x : {a.x, a.x + a.w}) {
        for (double y : {a.y, a.y + a.h}) {
          clear_r = std::max(clear_r, std::hypot(x - L.disc->x, y - L.disc->y) + pad);
        }
      }
    }
  }
  for (const auto& [x, y] :
       {std::pair{x0, y1}, std::pair{x1, y1}, std::pair{x0, y0}, std::pair{x1, y0}}) {
    t.x = x;
    t.y = y;
    const bool free = std::none_of(taken.begin(), taken.end(),
                                   [&](const PlacedText& o) { return boxes_touch(t, o, pad); });
    if (!free) continue;
    if (!L.disc && box_on_map(t, pad, L)) return t;
    if (L.disc) {  // the box's nearest point to the disc's centre
      const double nx = std::clamp(L.disc->x, t.x - pad, t.x + t.w + pad);
      const double ny = std::clamp(L.disc->y, t.y - pad, t.y + t.h + pad);
      if (std::hypot(nx - L.disc->x, ny - L.disc->y) >= clear_r) return t;
    }
  }
  t.x = x0;
  t.y = y0;
  return t;
}

// A label too wide for the map (8 pt on a narrow print page): the short path's line, and under
// it the long path's, placed as one box.
void add_two_line_route_label(FigureLayout* L, const std::string& first, const std::string& rest,
                              const std::vector<PlacedText>& taken) {
  const TextRaster raster(L->ring_font_px);
  const double w1 = raster.width(first), w2 = raster.width(rest);
  const PlacedText box = place_route_label(*L, w1 >= w2 ? first : rest, taken, 2);
  const double h = raster.height();
  L->route_labels.push_back({first, box.x, box.y, w1, h});
  L->route_labels.push_back({rest, box.x, box.y + h + 2 * L->ring_pad_px, w2, h});
}

}  // namespace

bool long_path_shown(const FigureLayout& L, const FieldParams& view) {
  switch (view.projection) {
    case Projection::aeqd: return view.extent >= max_extent(view) / 2;
    case Projection::ortho: return L.disc.has_value();
    case Projection::latlon:
    default: return lon_span_of(view) >= 360;
  }
}

std::vector<Polyline> dashed(const std::vector<Polyline>& lines, double on_px, double off_px) {
  std::vector<Polyline> out;
  for (const Polyline& line : lines) {
    double along = 0;  // into the current period of on + off
    Polyline dash;
    for (std::size_t k = 0; k + 1 < line.size(); ++k) {
      const PointPx a = line[k], b = line[k + 1];
      const double len = std::hypot(b.x - a.x, b.y - a.y);
      double done = 0;
      while (done < len) {
        const bool on = along < on_px;
        const double step = std::min(len - done, (on ? on_px : on_px + off_px) - along);
        const double t0 = done / len, t1 = (done + step) / len;
        if (on) {
          if (dash.empty()) dash.push_back({a.x + (b.x - a.x) * t0, a.y + (b.y - a.y) * t0});
          dash.push_back({a.x + (b.x - a.x) * t1, a.y + (b.y - a.y) * t1});
        }
        done += step;
        along += step;
        if (on && along >= on_px) {
          if (dash.size() >= 2) out.push_back(dash);
          dash.clear();
        }
        if (along >= on_px + off_px) along = 0;
      }
    }
    if (dash.size() >= 2) out.push_back(std::move(dash));
  }
  return out;
}

void add_route(FigureLayout* L, const FieldParams& view, const RouteEnd& end) {
  const MapPixels px = route_pixels(*L, view);
  RoutePoints points =
      route_points({view.ref_lat_deg, view.ref_lon_deg}, {end.lat_deg, end.lon_deg}, kRouteStepDeg);
  const RouteMeasures measures = route_measures(view, end);
  if (view.formula == Formula::wgs84) {  // the short path is the geodesic its numbers are
    points.short_path =
        geodesic_points(view.ellipsoid_a_km, view.ellipsoid_inv_f, view.ref_lat_deg,
                        view.ref_lon_deg, measures.short_bearing_deg,
                        measures.short_distance * metres_per_unit(view.units), kRouteStepDeg);
  }
  const double width = route_width_px(*L);
  L->route_short = route_map_lines(px, {points.short_path}, width);
  if (long_path_shown(*L, view)) {
    L->route_long = dashed(route_map_lines(px, points.long_path, width),
                           kRouteDashFonts * L->font_px, kRouteGapFonts * L->font_px);
  }
  L->route_end_px = 6.0 * L->font_px / 13.0;  // as a site's marker
  std::optional<PointPx> at = px.at({end.lat_deg, end.lon_deg});
  if (at && !px.projected()) {  // the copy of the point on the map, if any
    for (double copy : {-360.0, 360.0}) {
      if (at->x >= 0 && at->x <= L->map.w) break;
      at = px.at({end.lat_deg, end.lon_deg + copy});
    }
  }
  if (at) {
    const double x = L->map.x + at->x, y = L->map.y + at->y;
    const PlacedText dot{"", x - L->route_end_px, y - L->route_end_px, 2 * L->route_end_px,
                         2 * L->route_end_px};
    if (box_on_map(dot, 0, *L)) L->route_ends.push_back({x, y, kRouteEndRgb, 0});
  }
  // Clear of what is on the map, and of the reference's marker at the path's start.
  std::optional<PointPx> start = px.at({view.ref_lat_deg, view.ref_lon_deg});
  if (start) start = PointPx{L->map.x + start->x, L->map.y + start->y};
  const std::vector<PlacedText> taken =
      map_label_boxes(*L, L->style.marker && start ? &*start : nullptr);
  const std::string text = route_text(view, end, measures);
  const std::size_t dot = text.find(" · ");
  const double room = L->map.w - 6 * L->ring_pad_px;  // the corners' insets
  if (TextRaster(L->ring_font_px).width(text) <= room || dot == std::string::npos) {
    L->route_labels.push_back(place_route_label(*L, text, taken));
  } else {
    add_two_line_route_label(L, text.substr(0, dot), text.substr(dot + std::string(" · ").size()),
                             taken);
  }
  // Where no place is clear (a narrow print page), the path's label wins over the rings' labels
  // it covers: each ring has others.
  std::erase_if(L->ring_labels, [&](const PlacedText& r) {
    return std::any_of(L->route_labels.begin(), L->route_labels.end(),
                       [&](const PlacedText& t) { return boxes_touch(r, t, L->ring_pad_px); });
  });
}

std::vector<LineGroup> route_groups(const FigureLayout& L) {
  std::vector<LineGroup> out;
  const double width = route_width_px(L), edge = width + 2;
  auto add = [&](const std::vector<Polyline>& lines, Rgba edge_ink, Rgba ink) {
    if (lines.empty()) return;
    out.push_back({LineGroup::Kind::site_edge, edge_ink, edge, lines});
    out.push_back({LineGroup::Kind::site, ink, width, lines});
  };
  add(L.route_long, {kRouteEdge[0], kRouteEdge[1], kRouteEdge[2], 140},
      {kRouteInk[0], kRouteInk[1], kRouteInk[2], 200});
  add(L.route_short, kRouteEdge, kRouteInk);
  return out;
}

}  // namespace geofield
