#include "figure/text_raster.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "errors.h"
#include "utf8.h"

// stb_truetype from Debian's libstb-dev, compiled here; STBTT_STATIC keeps its functions
// private to this file (libstb.so exports the same names).
#define STB_TRUETYPE_IMPLEMENTATION
#define STBTT_STATIC
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include <stb_truetype.h>
#pragma GCC diagnostic pop

extern "C" const unsigned char geofield_font_dejavu_sans[];  // assets/fonts/font.S.in
extern "C" const unsigned char geofield_font_dejavu_sans_end[];

namespace geofield {
namespace {

// The one parsed font, shared by every TextRaster (stbtt_fontinfo only points into the data).
const stbtt_fontinfo& font() {
  static const stbtt_fontinfo info = [] {
    stbtt_fontinfo f{};
    if (!stbtt_InitFont(&f, geofield_font_dejavu_sans, 0)) {
      GF_FAIL("the built-in DejaVu Sans font does not parse");
    }
    return f;
  }();
  return info;
}

// Decodes UTF-8 one code point at a time; a malformed byte reads as U+FFFD.
std::vector<int> code_points(std::string_view s) {
  std::vector<int> out;
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_char_bytes(s, i);
    out.push_back(n == 0 ? 0xfffd : static_cast<int>(utf8_code_point(s.substr(i, n))));
    i += n == 0 ? 1 : n;
  }
  return out;
}

}  // namespace

std::span<const std::uint8_t> builtin_font_bytes() {
  return {geofield_font_dejavu_sans,
          static_cast<std::size_t>(geofield_font_dejavu_sans_end - geofield_font_dejavu_sans)};
}

void blend_pixel(Image* img, int x, int y, Rgba color, int a) {
  if (x < 0 || y < 0 || x >= img->width || y >= img->height || a <= 0) return;
  const int w = a * color[3] / 255;  // 0..255
  std::uint8_t* p = &img->rgba[(static_cast<size_t>(y) * img->width + x) * 4];
  for (int c = 0; c < 3; ++c)
    p[c] = static_cast<std::uint8_t>((color[c] * w + p[c] * (255 - w) + 127) / 255);
  p[3] = 255;
}

void fill_rect(Image* img, int x0, int y0, int x1, int y1, Rgba color) {
  x0 = std::max(x0, 0);
  y0 = std::max(y0, 0);
  x1 = std::min(x1, img->width);
  y1 = std::min(y1, img->height);
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) blend_pixel(img, x, y, color);
  }
}

TextRaster::TextRaster(double pixel_height) {
  if (!(pixel_height > 0)) GF_FAIL("text height must be positive");
  const stbtt_fontinfo& f = font();
  scale_ = stbtt_ScaleForPixelHeight(&f, static_cast<float>(pixel_height));
  int asc = 0, desc = 0, gap = 0;
  stbtt_GetFontVMetrics(&f, &asc, &desc, &gap);
  ascent_ = asc * scale_;
  descent_ = -desc * scale_;
  em_px_ = scale_ / stbtt_ScaleForMappingEmToPixels(&f, 1.0f);
}

double TextRaster::width(std::string_view utf8) const {
  const stbtt_fontinfo& f = font();
  const std::vector<int> cps = code_points(utf8);
  double x = 0;
  for (size_t i = 0; i < cps.size(); ++i) {
    int advance = 0, lsb = 0;
    stbtt_GetCodepointHMetrics(&f, cps[i], &advance, &lsb);
    x += advance * scale_;
    if (i + 1 < cps.size()) x += stbtt_GetCodepointKernAdvance(&f, cps[i], cps[i + 1]) * scale_;
  }
  return x;
}

TextMask TextRaster::render(std::string_view utf8) const {
  const stbtt_fontinfo& f = font();
  TextMask m;
  m.width = static_cast<int>(std::ceil(width(utf8))) + 1;
  m.height = static_cast<int>(std::ceil(height()));
  m.alpha.assign(static_cast<size_t>(m.width) * m.height, 0);
  const std::vector<int> cps = code_points(utf8);
  const float s = static_cast<float>(scale_);
  const int baseline = static_cast<int>(std::lround(ascent_));
  double pen = 0;
  std::vector<std::uint8_t> glyph;
  for (size_t i = 0; i < cps.size(); ++i) {
    int advance = 0, lsb = 0, x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    stbtt_GetCodepointHMetrics(&f, cps[i], &advance, &lsb);
    // The sub-pixel pen position keeps spacing even at small sizes.
    const float shift = static_cast<float>(pen - std::floor(pen));
    stbtt_GetCodepointBitmapBoxSubpixel(&f, cps[i], s, s, shift, 0, &x0, &y0, &x1, &y1);
    const int gw = x1 - x0, gh = y1 - y0;
    if (gw > 0 && gh > 0) {
      glyph.assign(static_cast<size_t>(gw) * gh, 0);
      stbtt_MakeCodepointBitmapSubpixel(&f, glyph.data(), gw, gh, gw, s, s, shift, 0, cps[i]);
      const int ox = static_cast<int>(std::floor(pen)) + x0, oy = baseline + y0;
      for (int y = 0; y < gh; ++y) {
        for (int x = 0; x < gw; ++x) {
          const int tx = ox + x, ty = oy + y;
          if (tx < 0 || ty < 0 || tx >= m.width || ty >= m.height) continue;
          std::uint8_t& dst = m.alpha[static_cast<size_t>(ty) * m.width + tx];
          dst = std::max(dst, glyph[static_cast<size_t>(y) * gw + x]);
        }
      }
    }
    pen += advance * scale_;
    if (i + 1 < cps.size()) pen += stbtt_GetCodepointKernAdvance(&f, cps[i], cps[i + 1]) * scale_;
  }
  return m;
}

void TextRaster::draw(Image* img, double x, double y, std::string_view utf8, Rgba color,
                      int halo_px, Rgba halo) const {
  const TextMask m = render(utf8);
  const int ox = static_cast<int>(std::lround(x)), oy = static_cast<int>(std::lround(y));
  if (halo_px > 0) {  // the mask grown by a disc of radius halo_px: its largest coverage nearby
    for (int my = -halo_px; my < m.height + halo_px; ++my) {
      for (int mx = -halo_px; mx < m.width + halo_px; ++mx) {
        int a = 0;
        for (int dy = -halo_px; dy <= halo_px && a < 255; ++dy) {
          for (int dx = -halo_px; dx <= halo_px; ++dx) {
            const int sx = mx + dx, sy = my + dy;
            if (dx * dx + dy * dy > halo_px * halo_px + halo_px || sx < 0 || sy < 0 ||
                sx >= m.width || sy >= m.height) {
              continue;
            }
            a = std::max(a, m.at(sx, sy));
          }
        }
        blend_pixel(img, ox + mx, oy + my, halo, a);
      }
    }
  }
  for (int my = 0; my < m.height; ++my) {
    for (int mx = 0; mx < m.width; ++mx) blend_pixel(img, ox + mx, oy + my, color, m.at(mx, my));
  }
}

}  // namespace geofield
