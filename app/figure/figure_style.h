// A figure's style (`render --figure --style print|screen|dark` and the options that
// override it): the sizes in points at the figure's dpi, the colours, which rings are major,
// the land and sea tints, the marker. One value, resolved from a preset and what was typed,
// turned into the numbers the layout (FigureLook) and the renderer and vector lines
// (ViewStyle's OverlayLook and LineOverlay) draw with, so the PNG, PDF and SVG agree.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "figure/figure_look.h"
#include "gl/overlay_look.h"
#include "gl/renderer.h"

namespace geofield {

enum class FigurePreset { print, screen, dark };

// Accepted ranges of the options, points unless said.
inline constexpr double kMinFontPt = 8, kMaxFontPt = 36;  // 8 pt: the least a print reads
inline constexpr double kMinLineWidthPt = 0.1, kMaxLineWidthPt = 4;
inline constexpr int kMinMajorRings = 1, kMaxMajorRings = 20;
inline constexpr double kMinMarkerSizePt = 2, kMaxMarkerSizePt = 36;
// A tint's least and greatest alpha: more would hide the field the colorbar reads.
inline constexpr double kMaxTintAlpha = 0.6;
inline constexpr double kDefaultTintAlpha = 0.2;

// A colour over the map with alpha (straight, 0..1).
struct Tint {
  std::uint32_t rgb = 0;
  double alpha = 0;
  bool operator==(const Tint&) const = default;
};

struct FigureStyle {
  FigurePreset preset = FigurePreset::print;
  int dpi = 300;       // the preset's dpi, where --dpi is not typed
  double font_pt = 8;  // labels' em (ring labels 0.9 of it, never under kMinFontPt); title 1.25
  std::uint32_t page_rgb = 0xffffff, ink_rgb = 0x141418;
  Rgba label_box = kLabelBox;
  std::uint32_t ring_rgb = 0x000000;
  double ring_alpha = 0.65;
  double ring_width_pt = 0.6;  // major rings; the minor ones half of it
  int major_rings = 1;         // every K-th ring major and labelled
  std::uint32_t graticule_rgb = 0xffffff;
  double graticule_alpha = 0.45;
  double graticule_width_pt = 0.35;
  std::uint32_t line_rgb = 0xffffff;  // coastlines; borders the same at kBorderAlpha
  double line_width_pt = 0.5;
  std::optional<Tint> land, ocean;
  MarkerShape marker = MarkerShape::ring;
  double marker_size_pt = 8;  // the marker's outer diameter
  bool operator==(const FigureStyle&) const = default;
};

// What was typed beside (or instead of) --style: each set one wins over the preset's.
struct FigureStyleOverrides {
  std::optional<double> font_pt, ring_width_pt, graticule_width_pt, marker_size_pt;
  std::optional<std::uint32_t> ring_rgb, graticule_rgb, line_rgb;
  std::optional<int> major_rings;
  std::optional<std::optional<Tint>> land, ocean;  // a tint, or none (to take a preset's away)
  std::optional<MarkerShape> marker;
};

// The preset by name ("print", "screen", "dark"); none for another word.
std::optional<FigurePreset> figure_preset_named(const std::string& name);
const char* figure_preset_name(FigurePreset p);

FigureStyle figure_style_preset(FigurePreset p);
FigureStyle resolve_figure_style(FigurePreset p, const FigureStyleOverrides& typed);

// Points at dpi pixels per inch, in pixels.
inline double pt_to_px(double pt, int dpi) { return pt * dpi / 72.0; }

// The page's look: colours and the text size in pixels at dpi (a line's height, ascender to
// descender, whose em is the size in points).
FigureLook figure_look_of(const FigureStyle& s, int dpi);

// The map's look (OverlayLook, the coastlines' and borders' colour and width, the marker's
// radius, the background round a disc) at dpi, over what the figure's look for its size gave.
void apply_figure_style(const FigureStyle& s, int dpi, ViewStyle* style);

}  // namespace geofield
