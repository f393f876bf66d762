// `render --figure`'s style options: --style print|screen|dark and the options that
// override it (--font-size, --ring-color, --ring-width, --major-rings, --graticule-color,
// --graticule-width, --land-fill, --ocean-tint, --marker-shape, --marker-size; --line-color,
// a view option, too). Their help is in command_line.cpp's table; here they are read: each
// bad value refused in one line naming the option and the accepted range, each refused
// without --figure.
#pragma once

#include <optional>
#include <string>

#include "figure/figure_style.h"

namespace geofield {

struct StyleOptionText {
  std::optional<std::string> style, font_size, ring_color, ring_width, major_rings, graticule_color,
      graticule_width, land_fill, ocean_tint, marker_shape, marker_size;
};

// The first figure-style option typed, by name ("--ring-color"); null when none was.
const char* first_style_option(const StyleOptionText& typed);

// The style typed: the preset (print unless --style), what was typed over it, line_rgb the
// typed --line-color (or none). figure: whether the render writes a figure; without one, any
// typed style option is refused. Throws UsageError.
FigureStyle resolve_style_options(const StyleOptionText& typed,
                                  const std::optional<std::uint32_t>& line_rgb, bool figure);

// "RRGGBB" or "RRGGBBAA" (alpha at most kMaxTintAlpha; 6 digits: kDefaultTintAlpha), or
// "none"; option names it in the error.
std::optional<Tint> parse_tint(const std::string& text, const char* option);

}  // namespace geofield
