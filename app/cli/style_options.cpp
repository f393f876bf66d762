#include "cli/style_options.h"

#include <cmath>
#include <cstdio>

#include "cli/value_parsers.h"
#include "cli/view_options.h"
#include "errors.h"
#include "gl/line_color.h"
#include "view/number_text.h"

namespace geofield {
namespace {

// The value typed, refused when empty.
const std::string* typed(const std::optional<std::string>& text, const char* option,
                         const char* form) {
  if (!text) return nullptr;
  if (text->empty()) throw empty_value_error(option, form);
  return &*text;
}

std::optional<double> points(const std::optional<std::string>& text, const char* option, double lo,
                             double hi) {
  const std::string* s = typed(text, option, "PT");
  if (!s) return std::nullopt;
  const std::string why = std::string(option) + ": " + quoted_excerpt(*s) + " is not a size from " +
                          number_text(lo) + " to " + number_text(hi) + " points";
  double v = 0;
  try {
    v = parse_number(*s, option);
  } catch (const UsageError&) {
    throw UsageError(why);
  }
  if (!(v >= lo && v <= hi)) throw UsageError(why);
  return v;
}

std::optional<std::uint32_t> colour(const std::optional<std::string>& text, const char* option) {
  const std::string* s = typed(text, option, "RRGGBB");
  if (!s) return std::nullopt;
  std::uint32_t rgb = 0;
  if (!parse_rgb_hex(*s, &rgb)) {
    throw UsageError(std::string(option) + ": " + quoted_excerpt(*s) +
                     " is not a colour: give RRGGBB, six hex digits (000000 to ffffff)");
  }
  return rgb;
}

}  // namespace

std::optional<Tint> parse_tint(const std::string& text, const char* option) {
  if (text == "none") return std::nullopt;
  char alpha_max[8];
  std::snprintf(alpha_max, sizeof alpha_max, "%02x", static_cast<int>(kMaxTintAlpha * 255));
  const std::string why = std::string(option) + ": " + quoted_excerpt(text) +
                          " is not a tint: give RRGGBB (alpha " + number_text(kDefaultTintAlpha) +
                          "), RRGGBBAA with AA from 00 to " + alpha_max + " (alpha " +
                          number_text(kMaxTintAlpha) + ": the field stays readable), or none";
  std::string_view s = text;
  if (!s.empty() && s[0] == '#') s.remove_prefix(1);
  Tint t;
  if (s.size() == 6) {
    if (!parse_rgb_hex(s, &t.rgb)) throw UsageError(why);
    t.alpha = kDefaultTintAlpha;
    return t;
  }
  std::uint32_t a = 0, rgb = 0;
  if (s.size() != 8 || !parse_rgb_hex(s.substr(0, 6), &rgb) ||
      !parse_rgb_hex("0000" + std::string(s.substr(6)), &a) || a > kMaxTintAlpha * 255) {
    throw UsageError(why);
  }
  t.rgb = rgb;
  t.alpha = a / 255.0;
  return t;
}

const char* first_style_option(const StyleOptionText& t) {
  const std::pair<const std::optional<std::string>*, const char*> all[] = {
      {&t.style, "--style"},
      {&t.font_size, "--font-size"},
      {&t.ring_color, "--ring-color"},
      {&t.ring_width, "--ring-width"},
      {&t.major_rings, "--major-rings"},
      {&t.graticule_color, "--graticule-color"},
      {&t.graticule_width, "--graticule-width"},
      {&t.land_fill, "--land-fill"},
      {&t.ocean_tint, "--ocean-tint"},
      {&t.marker_shape, "--marker-shape"},
      {&t.marker_size, "--marker-size"}};
  for (const auto& [text, option] : all) {
    if (*text) return option;
  }
  return nullptr;
}

FigureStyle resolve_style_options(const StyleOptionText& t,
                                  const std::optional<std::uint32_t>& line_rgb, bool figure) {
  if (const char* option = first_style_option(t); !figure && option != nullptr) {
    throw UsageError(std::string(option) + ": styles a figure; give --figure FILE too");
  }
  FigurePreset preset = FigurePreset::print;
  if (const std::string* s = typed(t.style, "--style", "print|screen|dark")) {
    const std::optional<FigurePreset> p = figure_preset_named(*s);
    if (!p) {
      throw UsageError("--style: " + quoted_excerpt(*s) +
                       " is not a style: give print, screen or dark");
    }
    preset = *p;
  }
  FigureStyleOverrides o;
  o.font_pt = points(t.font_size, "--font-size", kMinFontPt, kMaxFontPt);
  o.ring_width_pt = points(t.ring_width, "--ring-width", kMinLineWidthPt, kMaxLineWidthPt);
  o.graticule_width_pt =
      points(t.graticule_width, "--graticule-width", kMinLineWidthPt, kMaxLineWidthPt);
  o.marker_size_pt = points(t.marker_size, "--marker-size", kMinMarkerSizePt, kMaxMarkerSizePt);
  o.ring_rgb = colour(t.ring_color, "--ring-color");
  o.graticule_rgb = colour(t.graticule_color, "--graticule-color");
  o.line_rgb = line_rgb;
  if (const std::string* s = typed(t.major_rings, "--major-rings", "K")) {
    o.major_rings = parse_whole(*s, "--major-rings", kMinMajorRings, kMaxMajorRings);
  }
  if (const std::string* s = typed(t.land_fill, "--land-fill", "RRGGBB[AA]|none")) {
    o.land = parse_tint(*s, "--land-fill");
  }
  if (const std::string* s = typed(t.ocean_tint, "--ocean-tint", "RRGGBB[AA]|none")) {
    o.ocean = parse_tint(*s, "--ocean-tint");
  }
  if (const std::string* s = typed(t.marker_shape, "--marker-shape", "dot|ring|star|cross")) {
    const std::string& m = *s;
    o.marker = m == "dot"     ? MarkerShape::dot
               : m == "ring"  ? MarkerShape::ring
               : m == "star"  ? MarkerShape::star
               : m == "cross" ? MarkerShape::cross
                              : throw UsageError("--marker-shape: " + quoted_excerpt(m) +
                                                 " is not a shape: give dot, ring, star or cross");
  }
  return resolve_figure_style(preset, o);
}

}  // namespace geofield
