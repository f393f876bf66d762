// The coastline/border colour as people write it ("RRGGBB", as in --line-color and the saved
// view) and as the line layer takes it (RGBA floats).
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

namespace geofield {

inline constexpr std::uint32_t kDefaultLineRgb = 0xffffff;  // white reads on most of each colormap
inline constexpr float kBorderAlpha = 0.6f;  // borders fainter than coasts, in the same colour

// "RRGGBB" or "#RRGGBB", hex digits of either case; false for anything else.
inline bool parse_rgb_hex(std::string_view s, std::uint32_t* out) {
  if (!s.empty() && s[0] == '#') s.remove_prefix(1);
  if (s.size() != 6) return false;
  std::uint32_t v = 0;
  for (char c : s) {
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : -1;
    if (d < 0) return false;
    v = v * 16 + static_cast<std::uint32_t>(d);
  }
  *out = v;
  return true;
}

inline std::string rgb_hex(std::uint32_t rgb) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "%06x", rgb & 0xffffffu);
  return buf;
}

inline std::array<float, 4> rgba_of(std::uint32_t rgb, float alpha) {
  return {((rgb >> 16) & 0xff) / 255.0f, ((rgb >> 8) & 0xff) / 255.0f, (rgb & 0xff) / 255.0f,
          alpha};
}

// The window's lines' contrasting edge (LineOverlay::halo_px, ViewStyle::line_halo_px): this
// many pixels each side at scale 1, black under a light line and white under a dark one.
inline constexpr float kLineHaloPx = 1.0f;
inline constexpr float kLineHaloAlpha = 0.45f;
inline std::array<float, 4> halo_rgba_of(std::uint32_t rgb) {
  const double luminance = 0.2126 * ((rgb >> 16) & 0xff) + 0.7152 * ((rgb >> 8) & 0xff) +
                           0.0722 * (rgb & 0xff);  // of 255
  const float edge = luminance > 127.5 ? 0.0f : 1.0f;
  return {edge, edge, edge, kLineHaloAlpha};
}

}  // namespace geofield
