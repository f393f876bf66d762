#include "figure/figure_style.h"

#include <algorithm>

#include "figure/text_raster.h"
#include "gl/line_color.h"

namespace geofield {
namespace {

// The marker's strokes, points: a dark one under a light one (the window's 4 and 1.7 pixels at
// 96 dpi, near enough).
constexpr double kMarkerDarkPt = 1.0, kMarkerLightPt = 0.4;
// The minor rings: this fraction of the major rings' width.
constexpr double kMinorRingShare = 0.5;

// A line of text (ascender to descender, as TextRaster and the layout size text) whose em is
// em_px: a font's size in points is its em.
double text_height_for_em(double em_px) {
  static const double ratio = [] {
    const TextRaster probe(1000);
    return probe.height() / probe.em_px();
  }();
  return em_px * ratio;
}

std::array<float, 4> rgba(std::uint32_t rgb, double alpha) {
  return rgba_of(rgb, static_cast<float>(alpha));
}

}  // namespace

std::optional<FigurePreset> figure_preset_named(const std::string& name) {
  if (name == "print") return FigurePreset::print;
  if (name == "screen") return FigurePreset::screen;
  if (name == "dark") return FigurePreset::dark;
  return std::nullopt;
}

const char* figure_preset_name(FigurePreset p) {
  return p == FigurePreset::screen ? "screen" : p == FigurePreset::dark ? "dark" : "print";
}

// The numbers, and why, are in docs/figure-styles.md.
FigureStyle figure_style_preset(FigurePreset p) {
  FigureStyle s;  // print: a 300-dpi page, the defaults above
  s.preset = p;
  if (p == FigurePreset::print) return s;
  // On a screen, one figure pixel a screen pixel (96 dpi): the window's line widths.
  s.dpi = 96;
  s.font_pt = 11;              // 14.7 px
  s.ring_width_pt = 1.5;       // 2 px
  s.graticule_width_pt = 1.5;  // 2 px
  s.line_width_pt = 1;         // 1.3 px
  s.marker_size_pt = 10;       // 13 px
  if (p == FigurePreset::dark) {
    s.page_rgb = 0x1b1d22;
    s.ink_rgb = 0xe6e6e6;
    s.label_box = {27, 29, 34, 200};
    s.ring_rgb = 0xffffff;
    s.ring_alpha = 0.75;
    s.graticule_alpha = 0.35;
    s.line_rgb = 0xe6e6e6;
  }
  return s;
}

FigureStyle resolve_figure_style(FigurePreset p, const FigureStyleOverrides& t) {
  FigureStyle s = figure_style_preset(p);
  s.font_pt = t.font_pt.value_or(s.font_pt);
  s.ring_width_pt = t.ring_width_pt.value_or(s.ring_width_pt);
  s.graticule_width_pt = t.graticule_width_pt.value_or(s.graticule_width_pt);
  s.marker_size_pt = t.marker_size_pt.value_or(s.marker_size_pt);
  s.ring_rgb = t.ring_rgb.value_or(s.ring_rgb);
  s.graticule_rgb = t.graticule_rgb.value_or(s.graticule_rgb);
  s.line_rgb = t.line_rgb.value_or(s.line_rgb);
  s.major_rings = t.major_rings.value_or(s.major_rings);
  if (t.land) s.land = *t.land;
  if (t.ocean) s.ocean = *t.ocean;
  s.marker = t.marker.value_or(s.marker);
  return s;
}

FigureLook figure_look_of(const FigureStyle& s, int dpi) {
  FigureLook look;
  look.page_rgb = s.page_rgb;
  look.ink = {std::uint8_t(s.ink_rgb >> 16), std::uint8_t(s.ink_rgb >> 8), std::uint8_t(s.ink_rgb),
              255};
  look.label_box = s.label_box;
  // Text heights of whole pixels, rounded up: an em never under the size asked for.
  look.font_px = std::ceil(text_height_for_em(pt_to_px(s.font_pt, dpi)) - 1e-9);
  look.min_label_px = std::ceil(text_height_for_em(pt_to_px(kMinFontPt, dpi)) - 1e-9);
  return look;
}

void apply_figure_style(const FigureStyle& s, int dpi, ViewStyle* st) {
  OverlayLook& o = st->overlay;
  o.ring_rgba = rgba(s.ring_rgb, s.ring_alpha);
  o.ring_width_px = static_cast<float>(pt_to_px(s.ring_width_pt, dpi));
  o.minor_ring_width_px = static_cast<float>(pt_to_px(s.ring_width_pt * kMinorRingShare, dpi));
  o.major_every = s.major_rings;
  o.graticule_rgba = rgba(s.graticule_rgb, s.graticule_alpha);
  o.graticule_width_px = static_cast<float>(pt_to_px(s.graticule_width_pt, dpi));
  o.marker_shape = s.marker;
  o.marker_dark_width_px = static_cast<float>(pt_to_px(kMarkerDarkPt, dpi));
  o.marker_light_width_px = static_cast<float>(pt_to_px(kMarkerLightPt, dpi));
  o.land_rgba = s.land ? rgba(s.land->rgb, s.land->alpha) : std::array<float, 4>{0, 0, 0, 0};
  o.ocean_rgba = s.ocean ? rgba(s.ocean->rgb, s.ocean->alpha) : std::array<float, 4>{0, 0, 0, 0};
  st->marker_radius_px = pt_to_px(s.marker_size_pt, dpi) / 2;
  st->lines.coast_rgba = rgba_of(s.line_rgb, 1.0f);
  st->lines.border_rgba = rgba_of(s.line_rgb, kBorderAlpha);
  st->lines.width_px = static_cast<float>(pt_to_px(s.line_width_pt, dpi));
  st->background_rgb = s.page_rgb;  // a globe or disc stands on the page
}

}  // namespace geofield
