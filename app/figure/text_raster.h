// Text for figures: DejaVu Sans (built into the binary, assets/fonts) rasterised by
// stb_truetype and blended into an RGBA picture. No GL: figures are annotated on the CPU.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "gl/renderer.h"

namespace geofield {

using Rgba = std::array<std::uint8_t, 4>;

// A string's coverage, one byte a pixel (0 = none, 255 = full), row 0 at the top; the
// baseline lies `ascent` rows below the top.
struct TextMask {
  int width = 0, height = 0;
  std::vector<std::uint8_t> alpha;
  int at(int x, int y) const { return alpha[static_cast<size_t>(y) * width + x]; }
};

class TextRaster {
 public:
  // pixel_height: from the highest ascender to the lowest descender, in pixels (> 0).
  explicit TextRaster(double pixel_height);

  // The advance width of UTF-8 text in pixels (kerning included); grows with every character.
  double width(std::string_view utf8) const;
  // Pixels of a line: ascent above the baseline, descent below it (both >= 0), and their sum.
  double ascent() const { return ascent_; }
  double descent() const { return descent_; }
  double height() const { return ascent_ + descent_; }
  // The font's em in pixels at this height (the size a vector format sets the font at).
  double em_px() const { return em_px_; }

  // The text's coverage: width() rounded up by a pixel, height() rounded up.
  TextMask render(std::string_view utf8) const;

  // Blends the text into img with the mask's top-left at (x, y); pixels outside img are
  // skipped. halo_px > 0 first draws the text grown by that many pixels in halo: readable
  // over any colour.
  void draw(Image* img, double x, double y, std::string_view utf8, Rgba color, int halo_px = 0,
            Rgba halo = {255, 255, 255, 255}) const;

 private:
  double scale_ = 0, ascent_ = 0, descent_ = 0, em_px_ = 0;
};

// The built-in DejaVu Sans, whole (a TrueType file's bytes), for renderers of their own.
std::span<const std::uint8_t> builtin_font_bytes();

// Blends colour into the picture's pixel (x, y) with coverage a in [0, 255] (times colour's
// alpha); outside the picture: nothing.
void blend_pixel(Image* img, int x, int y, Rgba color, int a = 255);
// A filled rectangle [x0, x1) x [y0, y1), clipped to the picture, blended.
void fill_rect(Image* img, int x0, int y0, int x1, int y1, Rgba color);

}  // namespace geofield
