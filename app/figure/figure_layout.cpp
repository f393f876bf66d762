#include "figure/figure_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "errors.h"
#include "figure/azimuth_scale.h"
#include "figure/contour_labels.h"
#include "figure/degree_labels.h"
#include "figure/disc_labels.h"
#include "figure/figure_title.h"
#include "figure/site_names.h"
#include "figure/text_raster.h"
#include "gl/map_frame.h"
#include "projection.h"
#include "view/graticule_crossings.h"
#include "view/ring_labels.h"
#include "view/view_math.h"

namespace geofield {
namespace {

// Sizes as fractions of the figure's width, so a figure reads the same at any width.
constexpr double kFontPerWidth = 0.0105;  // 16.8 px at 1600
constexpr double kMinFontPx = 9;
constexpr double kTitleScale = 1.25;
constexpr double kRingFontScale = 0.9;
constexpr double kBarWidthOfMap = 0.6;
constexpr double kRingLabelsApartFonts = 40;  // labels of one ring: two or three across a map
constexpr long kMaxMapSidePx = 1L << 30;

// The graticule's lines that cross the map, as (label text, position along the edge in px).
struct Line {
  std::string text;
  double at = 0;
};

// The graticule's lines as they cross the west edge (parallels) and the south edge (meridians).
struct GraticuleLines {
  std::vector<Line> lat, lon;
};

// Equal Earth's parallels are the map's rows: each labelled at the west edge at its row, where
// it meets the frame or (on a world map, whose outline curves away from the frame) where it
// would, as world maps label them. North (top) first.
std::vector<Line> eqearth_parallels(const FieldParams& v, double step, const PixelRect& map) {
  std::vector<Line> out;
  const MapFrame f = map_frame_of(v);
  const ProjectionCentre<double> c = make_projection_centre(0.0, f.centre_lon_deg);
  const int dec = degree_decimals(step);
  for (double k = std::floor(90 / step + 1e-9); k * step >= -90 - 1e-9; --k) {
    const double y = eqearth_forward(c, k * step, f.centre_lon_deg, f.radius).y;
    if (std::fabs(y) > f.half_height || std::fabs(k * step) >= 90 - 1e-9) continue;
    out.push_back(
        {lat_label(k * step, dec), map.y + (f.half_height - y) / (2 * f.half_height) * map.h});
  }
  return out;
}

// Equal Earth's outline in the map's pixels: the west edge (lambda = -180) from the south pole
// up, the north pole line, the east edge (lambda = +180) down, the south pole line; every
// half degree of latitude on the curved edges (under 0.1 px from the curve on a 4000 px map).
std::vector<Polyline> eqearth_outline(const FieldParams& v, const PixelRect& map) {
  if (v.projection != Projection::eqearth) return {};
  const MapFrame f = map_frame_of(v);
  const ProjectionCentre<double> c = make_projection_centre(0.0, 0.0);
  const auto px = [&](double lat, double side) {
    const MapPoint<double> m = eqearth_forward(c, lat, -180.0, f.radius);
    return PointPx{(side * std::fabs(m.x) / f.half_width + 1) / 2 * map.w,
                   (1 - m.y / f.half_height) / 2 * map.h};
  };
  Polyline line;
  for (int k = -180; k <= 180; ++k) line.push_back(px(k / 2.0, -1));
  for (int k = 180; k >= -180; --k) line.push_back(px(k / 2.0, 1));
  line.push_back(line.front());
  return {line};
}

// A projected map's lines cross its edges where the inverse projection says
// (view/graticule_crossings, as the window labels them), wherever the map shows the sphere
// there: one walk along the edges gives both kinds.
GraticuleLines projected_lines(const FieldParams& v, const ViewStyle& s, const PixelRect& map) {
  GraticuleLines out;
  if (!(s.graticule_lat_step_deg > 0) || !(s.graticule_lon_step_deg > 0)) return out;
  const MapRect m{double(map.x), double(map.y), double(map.w), double(map.h)};
  const int lat_dec = degree_decimals(s.graticule_lat_step_deg);
  const int lon_dec = degree_decimals(s.graticule_lon_step_deg);
  const bool rows = v.projection == Projection::eqearth;
  for (const GraticuleCrossing& c :
       graticule_crossings(v, m, s.graticule_lat_step_deg, s.graticule_lon_step_deg, 0)) {
    if (c.latitude && !rows) {
      out.lat.push_back({lat_label(c.value_deg, lat_dec), c.y});
    } else if (!c.latitude) {
      out.lon.push_back({lon_label(c.value_deg, lon_dec), c.x});
    }
  }
  if (rows) out.lat = eqearth_parallels(v, s.graticule_lat_step_deg, map);
  return out;
}

std::vector<Line> lat_lines(const FieldParams& v, const ViewStyle& s, const PixelRect& map) {
  std::vector<Line> out;
  const double step = s.graticule_lat_step_deg;
  if (!(step > 0)) return out;
  const int dec = degree_decimals(step);
  const double span = v.lat_max_deg - v.lat_min_deg;
  const double k0 = std::ceil(v.lat_min_deg / step - 1e-9),
               k1 = std::floor(v.lat_max_deg / step + 1e-9);
  for (double k = k1; k >= k0 && k1 - k < 400; --k) {  // north (top) first
    out.push_back({lat_label(k * step, dec), map.y + (v.lat_max_deg - k * step) / span * map.h});
  }
  return out;
}

std::vector<Line> lon_lines(const FieldParams& v, const ViewStyle& s, const PixelRect& map) {
  std::vector<Line> out;
  const double step = s.graticule_lon_step_deg;
  if (!(step > 0)) return out;
  const int dec = degree_decimals(step);
  const double span = lon_span_of(v);
  const double j0 = std::ceil(v.lon_min_deg / step - 1e-9),
               j1 = std::floor((v.lon_min_deg + span) / step + 1e-9);
  for (double j = j0; j <= j1 && j - j0 < 400; ++j) {  // west (left) first
    out.push_back({lon_label(j * step, dec), map.x + (j * step - v.lon_min_deg) / span * map.w});
  }
  return out;
}

GraticuleLines graticule_lines(const FieldParams& v, const ViewStyle& s, const PixelRect& map) {
  if (v.projection != Projection::latlon) return projected_lines(v, s, map);
  return {lat_lines(v, s, map), lon_lines(v, s, map)};
}

double font_px_for(int width_px) {
  return std::max(kMinFontPx, std::round(width_px * kFontPerWidth));
}

}  // namespace

bool boxes_touch(const PlacedText& a, const PlacedText& b, double gap) {
  return a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap &&
         b.y < a.y + a.h + gap;
}

double figure_scale(int width_px) {
  return font_px_for(width_px) / font_px_for(kDefaultFigureWidthPx);
}

double figure_scale_for_font(double font_px) {
  return font_px / font_px_for(kDefaultFigureWidthPx);
}

double figure_map_aspect(const FieldParams& v) {
  if (v.projection != Projection::latlon) {  // x and y nodes equally spaced
    return double(std::max(1, v.nx - 1)) / std::max(1, v.ny - 1);
  }
  return true_shape_aspect(v);
}

FigureLayout layout_figure(const FieldParams& view, int width_px, const std::string& title,
                           const StyleForSize& style_for, const FigureSites& sites,
                           const FigureLook& figure_look) {
  if (width_px < kMinFigureWidthPx || width_px > kMaxFigureWidthPx) {
    throw UsageError("figure width " + std::to_string(width_px) + " is outside " +
                     std::to_string(kMinFigureWidthPx) + " to " +
                     std::to_string(kMaxFigureWidthPx) + " pixels");
  }
  FigureLayout L;
  L.width = width_px;
  L.look = figure_look;
  L.font_px =
      figure_look.font_px > 0 ? std::max(kMinFontPx, figure_look.font_px) : font_px_for(width_px);
  L.title_px = std::round(L.font_px * kTitleScale);
  const double least_px = std::max(kMinFontPx, std::ceil(figure_look.min_label_px));
  L.ring_font_px =
      std::max(std::round(L.font_px * kRingFontScale), std::ceil(figure_look.min_label_px));
  const TextRaster text(L.font_px), ring_text(L.ring_font_px);
  const double pad = std::round(L.font_px * 0.7);
  L.tick_len = static_cast<int>(std::round(L.font_px * 0.35));
  const double label_gap = std::round(L.font_px * 0.25);  // between a tick and its label

  // Title: shrunk until it fits the width.
  L.title.text =
      title.empty() ? default_figure_title(view, sites.size(), sites.title_words) : title;
  for (;; L.title_px = std::max(least_px, std::floor(L.title_px * 0.92))) {
    L.title.w = TextRaster(L.title_px).width(L.title.text);
    if (L.title.w <= width_px - 2 * pad || L.title_px <= least_px) break;
  }
  const TextRaster title_text(L.title_px);
  L.title.h = title_text.height();
  L.title.x = std::max(pad, (width_px - L.title.w) / 2);
  L.title.y = pad;

  // The margins hold the graticule labels, whose lines depend on the map's size: settle them
  // in a few rounds (the widest label of a step does not change once the size is near).
  const double aspect = figure_map_aspect(view);
  const double half_h = text.height() / 2;
  // A whole disc's margins hold its bearing scale (when it has one), not edge labels.
  AzimuthLook az;
  az.text_width_px = [&](std::string_view s) { return text.width(s); };
  az.text_height_px = text.height();
  az.rim_gap_px = std::max(1.0, std::round(L.font_px / 14)) + 2;  // a tick's width, 2 pixels
  az.tick_px = 2 * L.tick_len;
  az.gap_px = 2 * label_gap;  // the text's box is its advance: room for the tick's antialiasing
  const std::optional<MapDisc> disc_shape = whole_disc(view, {0, 0, 4000, 4000});
  const bool bearings = disc_shape && disc_shape->bearings;
  // A disc without a scale keeps a pad more than a frame's margin off the page's edges.
  const double reach_x = bearings ? std::ceil(azimuth_scale_reach_x(az)) : pad;
  const double reach_y = bearings ? std::ceil(azimuth_scale_reach_y(az)) : pad;
  double left = 4 * pad, right = 2 * pad;
  GraticuleLines lines;
  for (int round = 0; round < 3; ++round) {
    L.map.x = static_cast<int>(left);
    L.map.w = std::max(16, static_cast<int>(width_px - left - right));
    // A thin strip's height can pass an int (178° by a millionth of a degree: 6e10 pixels):
    // held at kMaxMapSidePx, beyond any GL's limit, so FigureJob refuses it by its size.
    L.map.h = static_cast<int>(std::clamp(std::lround(L.map.w / aspect), 16L, kMaxMapSidePx));
    L.map.y =
        static_cast<int>(std::ceil(L.title.y + L.title.h + pad + (disc_shape ? reach_y : half_h)));
    L.style = style_for(L.map.w, L.map.h);
    if (disc_shape) {  // its graticule meets no edge: labelled on the disc, after the rings
      left = right = std::max(pad, std::ceil(pad + reach_x));
      if (round > 0) break;
      continue;
    }
    lines = graticule_lines(view, L.style, L.map);  // the map's last size keeps its lines
    double lat_w = 0, lon_half = 0;
    for (const Line& l : lines.lat) lat_w = std::max(lat_w, text.width(l.text));
    for (const Line& l : lines.lon) lon_half = std::max(lon_half, text.width(l.text) / 2);
    const double need_left =
        std::ceil(std::max(pad + lat_w + label_gap + L.tick_len, pad + lon_half));
    const double need_right = std::ceil(std::max(pad, pad + lon_half));
    if (need_left <= left && need_right <= right && round > 0) break;
    left = std::max(need_left, pad);
    right = need_right;
  }

  // Graticule labels: west and south of the frame, each skipped when it would touch one
  // already placed.
  for (const Line& l : lines.lat) {
    L.lat_tick_y.push_back(static_cast<int>(std::lround(l.at)));
    PlacedText t{l.text, 0, l.at - half_h, text.width(l.text), text.height()};
    t.x = L.map.x - L.tick_len - label_gap - t.w;
    bool free = t.x >= 0;
    for (const PlacedText& o : L.graticule_labels) free = free && !boxes_touch(t, o, label_gap);
    if (free) L.graticule_labels.push_back(t);
  }
  for (const Line& l : lines.lon) {
    L.lon_tick_x.push_back(static_cast<int>(std::lround(l.at)));
    PlacedText t{l.text, 0, double(L.map.y + L.map.h + L.tick_len) + label_gap, text.width(l.text),
                 text.height()};
    t.x = l.at - t.w / 2;
    bool free = t.x >= 0 && t.x + t.w <= width_px;
    for (const PlacedText& o : L.graticule_labels) free = free && !boxes_touch(t, o, 2 * label_gap);
    if (free) L.graticule_labels.push_back(t);
  }
  L.disc = whole_disc(view, L.map);
  L.outline = eqearth_outline(view, L.map);
  if (L.disc && L.disc->bearings) {
    AzimuthScale scale = azimuth_scale(*L.disc, az);
    L.azimuth_ticks = std::move(scale.ticks);
    L.azimuth_labels = std::move(scale.labels);
  }
  double y = L.disc ? L.map.y + L.map.h + reach_y + pad
                    : L.map.y + L.map.h + L.tick_len + label_gap + text.height() + pad;

  // Ring labels, placed by the window's rule (view/ring_labels) inside the map, about the field's
  // one site. With several the rings are the nearest site's: their lines stay, unlabelled (as
  // in the window). One site of a file is labelled about it, except on an aeqd map centred
  // elsewhere (its rings are not the map's circles).
  FieldParams ring_view = view;
  bool ring_labelled = sites.size() <= 1 && sites.features == 0;
  if (sites.size() == 1 && sites.features == 0) {
    const Centre& c = sites.list->front();
    ring_labelled = view.projection != Projection::aeqd ||
                    (c.lat_deg == view.ref_lat_deg && c.lon_deg == view.ref_lon_deg);
    ring_view.ref_lat_deg = c.lat_deg;
    ring_view.ref_lon_deg = c.lon_deg;
  }
  L.ring_pad_px = std::round(L.ring_font_px * 0.2);
  if (L.style.contour_interval > 0 && ring_labelled) {
    RingLabelLook look;
    look.text_width_px = [&](std::string_view s) { return ring_text.width(s); };
    look.text_height_px = ring_text.height();
    look.pad_px = L.ring_pad_px;
    look.same_ring_apart_px = kRingLabelsApartFonts * L.ring_font_px;
    const MapRect m{double(L.map.x), double(L.map.y), double(L.map.w), double(L.map.h)};
    // Only the major rings are labelled (OverlayLook::major_every).
    const double labelled = L.style.contour_interval * std::max(1, L.style.overlay.major_every);
    for (const RingLabel& r : ring_labels(ring_view, m, labelled, look)) {
      const PlacedText t{r.text, r.x + look.pad_px, r.y + look.pad_px, r.w - 2 * look.pad_px,
                         r.h - 2 * look.pad_px};
      // Rings closer than their labels are tall (large text): a label that would touch one
      // placed already is left out, not drawn over it.
      bool free = true;
      for (const PlacedText& o : L.ring_labels)
        free = free && !boxes_touch(t, o, 2 * L.ring_pad_px);
      if (free) L.ring_labels.push_back(t);
    }
  }

  // The sites' markers (as the window's: 6 of its 13-pixel font's pixels), then their names
  // around them, clear of the ring labels' boxes.
  if (sites.marked && sites.list) {
    L.site_radius_px = 6.0 * L.font_px / 13.0;
    L.site_marks = site_marks(view, L.map, *sites.list, sites.rgb);
    std::vector<PlacedText> taken;
    for (const PlacedText& t : L.ring_labels) {
      taken.push_back({t.text, t.x - L.ring_pad_px, t.y - L.ring_pad_px, t.w + 2 * L.ring_pad_px,
                       t.h + 2 * L.ring_pad_px});
    }
    SiteNameLook names;
    names.text_width_px = [&](std::string_view s) { return ring_text.width(s); };
    names.text_height_px = ring_text.height();
    names.pad_px = L.ring_pad_px;
    names.marker_radius_px = L.site_radius_px;
    L.site_labels = place_site_names(L.site_marks, *sites.list, L.map, taken, names);
  }

  // Rings that are no one point's (several sites, lines, shapes) labelled where the field's
  // contours run, clear of the sites' names and markers.
  const RingField rings = L.style.contour_interval > 0 && !ring_labelled && sites.ring_field &&
                                  view.formula != Formula::seed
                              ? sites.ring_field(L.map.w, L.map.h)
                              : RingField{};
  if (rings.nx >= 2 && rings.ny >= 2 &&
      rings.values.size() == static_cast<std::size_t>(rings.nx) * rings.ny) {
    const ContourGrid grid = contour_grid_over(rings.values, rings.nx, rings.ny, L.map.w, L.map.h,
                                               view.registration == Registration::pixel);
    std::vector<PlacedText> taken = L.site_labels;
    for (const SiteMark& m : L.site_marks) {
      const double r = L.site_radius_px;
      taken.push_back({"", m.x - r, m.y - r, 2 * r, 2 * r});
    }
    ContourLabelLook look;
    look.text_width_px = [&](std::string_view s) { return ring_text.width(s); };
    look.text_height_px = ring_text.height();
    look.pad_px = L.ring_pad_px;
    look.same_ring_apart_px = kRingLabelsApartFonts * L.ring_font_px;
    L.ring_labels = contour_labels(grid, L.style.contour_interval, view.units, L.map, taken, look);
  }

  // A disc's graticule labels on it, clear of the ring labels, site names and markers.
  if (L.disc) {
    std::vector<PlacedText> taken;
    for (const auto* labels : {&L.ring_labels, &L.site_labels}) {
      for (const PlacedText& t : *labels) {
        taken.push_back({t.text, t.x - L.ring_pad_px, t.y - L.ring_pad_px, t.w + 2 * L.ring_pad_px,
                         t.h + 2 * L.ring_pad_px});
      }
    }
    for (const SiteMark& m : L.site_marks) {
      const double r = L.site_radius_px;
      taken.push_back({"", m.x - r, m.y - r, 2 * r, 2 * r});
    }
    if (view.projection == Projection::aeqd) {  // the reference's marker at the centre
      const double r = 2 * L.style.marker_radius_px;
      taken.push_back({"", L.disc->x - r, L.disc->y - r, 2 * r, 2 * r});
    }
    DiscLabelLook look;
    look.text_width_px = [&](std::string_view s) { return ring_text.width(s); };
    look.text_height_px = ring_text.height();
    look.pad_px = L.ring_pad_px;
    L.disc_labels = disc_graticule_labels(L.style, L.map, *L.disc, taken, look);
  }

  // Coloured by nearest centre the colours are the sites' (their markers' colours): no
  // colorbar, the caption says what the colours are.
  if (sites.colour_by_centre) {
    L.colorbar = false;
    L.caption.text = sites.marked && !L.site_marks.empty()
                         ? "colour: the nearest site (as its marker)"
                         : "colour: the nearest site";
    L.caption.w = text.width(L.caption.text);
    L.caption.h = text.height();
    L.caption.x = L.map.x + (L.map.w - L.caption.w) / 2;
    L.caption.y = std::ceil(y);
    L.height = static_cast<int>(std::ceil(L.caption.y + L.caption.h + pad));
    return L;
  }

  // The colorbar: centred under the map, ticks and labels below it, then the caption.
  L.bar.w = static_cast<int>(std::lround(L.map.w * kBarWidthOfMap));
  // Text large for the width (a narrow print figure): a bar wide enough for three tick labels.
  L.bar.w = std::min(L.map.w, std::max(L.bar.w, static_cast<int>(std::lround(16 * L.font_px))));
  L.bar.h = static_cast<int>(std::lround(L.font_px));
  L.bar.x = L.map.x + (L.map.w - L.bar.w) / 2;
  L.bar.y = static_cast<int>(std::ceil(y));
  L.bar_ticks = colorbar_ticks(
                    L.style.value_min, L.style.value_max, L.bar.w,
                    [&](std::string_view s) { return text.width(s); }, 1.5 * L.font_px)
                    .ticks;
  L.bar_label_y = L.bar.y + L.bar.h + L.tick_len + label_gap;
  L.caption.text = figure_caption(view);
  L.caption.w = text.width(L.caption.text);
  L.caption.h = text.height();
  L.caption.x = std::max(pad, L.bar.x + (L.bar.w - L.caption.w) / 2);
  L.caption.y = L.bar_label_y + text.height() + label_gap;
  // Too wide for the page (large text on a narrow figure): broken at its " · " into lines that
  // fit, each centred under the bar.
  const std::string sep = " \u00b7 ";
  const double room = width_px - 2 * pad;
  std::string rest = L.caption.text;
  std::vector<PlacedText> caption_lines;
  while (!rest.empty()) {
    std::string line = rest;
    for (std::size_t cut = rest.rfind(sep);
         text.width(line) > room && cut != std::string::npos && cut > 0;
         cut = rest.rfind(sep, cut - 1)) {
      line = rest.substr(0, cut);
    }
    rest = line.size() < rest.size() ? rest.substr(line.size() + sep.size()) : "";
    PlacedText t{line, 0, L.caption.y + caption_lines.size() * text.height(), text.width(line),
                 text.height()};
    t.x = std::max(pad, L.bar.x + (L.bar.w - t.w) / 2);
    caption_lines.push_back(t);
  }
  L.caption = caption_lines.front();
  L.caption_more.assign(caption_lines.begin() + 1, caption_lines.end());
  const PlacedText& last = caption_lines.back();
  L.height = static_cast<int>(std::ceil(last.y + last.h + pad));
  return L;
}

namespace {

bool map_fits(const FigureLayout& L, int max_side_px) {
  return L.map.w <= max_side_px && L.map.h <= max_side_px;
}

}  // namespace

int largest_figure_width(const FieldParams& view, int below_px, const std::string& title,
                         const StyleForSize& style_for, int max_side_px, const FigureLook& look) {
  const int top = std::min(below_px - 1, kMaxFigureWidthPx);
  if (top < kMinFigureWidthPx) return 0;
  auto fits = [&](int w) {
    return map_fits(layout_figure(view, w, title, style_for, {}, look), max_side_px);
  };
  // A width that fits: the top one scaled by the map's overshoot, then lower while it does not
  // (each step by the overshoot again, at least a pixel), down to the least width.
  int lo = top;
  for (;;) {
    const FigureLayout L = layout_figure(view, lo, title, style_for, {}, look);
    if (map_fits(L, max_side_px)) break;
    if (lo == kMinFigureWidthPx) return 0;
    const double over = double(std::max(L.map.w, L.map.h)) / max_side_px;
    lo = std::max(kMinFigureWidthPx, std::min(lo - 1, static_cast<int>(std::floor(lo / over))));
  }
  // Then up: the first width that does not fit, by doubling steps, then halving between.
  int hi = top + 1;  // known not to fit (or beyond the range)
  for (int step = 1; lo + step < hi; step *= 2) {
    if (!fits(lo + step)) {
      hi = lo + step;
      break;
    }
    lo += step;
  }
  while (hi - lo > 1) {
    const int mid = lo + (hi - lo) / 2;
    (fits(mid) ? lo : hi) = mid;
  }
  return lo;
}

std::optional<std::string> figure_size_problem(const FigureLayout& L, const FieldParams& view,
                                               const std::string& title,
                                               const StyleForSize& style_for, int max_side_px,
                                               const std::string& width_option) {
  if (map_fits(L, max_side_px)) return std::nullopt;
  const std::string side = std::to_string(max_side_px);
  std::string m = width_option + " " + std::to_string(L.width) + ": its map (" +
                  std::to_string(L.map.w) + "x" + std::to_string(L.map.h) +
                  " pixels) is larger than this OpenGL's " + side + " pixels a side";
  if (const int w = largest_figure_width(view, L.width, title, style_for, max_side_px, L.look)) {
    return m + "; the largest " + width_option + " for this view is " + std::to_string(w);
  }
  // None fits: the map's height follows the width through the view's shape.
  const FigureLayout least = layout_figure(view, kMinFigureWidthPx, title, style_for, {}, L.look);
  char tall[32];
  std::snprintf(tall, sizeof tall, "%.3g", 1.0 / figure_map_aspect(view));
  m += " at every width: the map is " + std::string(tall) +
       " times as tall as wide, so even at the least width, " + std::to_string(kMinFigureWidthPx) +
       ", it is " + std::to_string(least.map.h) + " pixels tall; ";
  if (view.projection == Projection::latlon) {
    m += "give a wider --lon or a narrower --lat";
  } else {
    m += "give a --size less tall for its width";
  }
  return m;
}

}  // namespace geofield
